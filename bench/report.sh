#!/usr/bin/env bash
# Performance report in one command (issue 8): benchmarks, HTTP load with wrk, start-to-ready, baselines.
# Writes target/perf-report/REPORT.md and latency.png, assembled only from the REPORT lines the measurements
# print (all output is kept in target/perf-report/raw.log). See README, "Performance report".
#
#   bench/report.sh                      full report (match benchmark at 1k, 10k and 100k incidents)
#   SIZES=1000,10000 bench/report.sh     quick run without 100k
# Other settings: HTTP_INCIDENTS (10000), RATE (1000 requests/s), DURATION (30s), WARMUP (90s), CEILING_WARMUP (30s),
# RESTARTS (5: runs of each restart with the README's command), PORT (18080),
# STEPS (default "parse match baseline http start": run only some, e.g. while changing one),
# LOAD (jdbc: batched inserts, then the start-up index sync; content: content/ folders imported at start),
# APPEND=1 (keep the lines of the previous run and add this run's STEPS to them).
set -euo pipefail
cd "$(dirname "$0")/.."

SIZES=${SIZES:-1000,10000,100000}
HTTP_INCIDENTS=${HTTP_INCIDENTS:-10000}
RATE=${RATE:-1000}
DURATION=${DURATION:-30s}
# JIT warm-up before the measured wrk runs: on 2 cores C2 keeps compiling the match path for minutes (after 15 s of
# warm-up the runs gave 234/s then 281/s; after 90 s, 249/s then 404/s: later runs are faster still)
WARMUP=${WARMUP:-90s}
CEILING_WARMUP=${CEILING_WARMUP:-30s}  # the same for the trivial endpoint, before its measured run
# restarts measured per setup with the README's command: one start on a shared 2-core machine varies by a second
# (3.1 to 4.3 s in eight runs in a row), so the report gives the median and the range
RESTARTS=${RESTARTS:-5}
PORT=${PORT:-18080}
STEPS=${STEPS:-parse match baseline http start}
LOAD=${LOAD:-jdbc}
OUT=target/perf-report
WORK=$OUT/work
RAW=$OUT/raw.log
JAR=target/quarkus-app/quarkus-run.jar
JVM_OPTIONS=target/quarkus-app/jvm.options  # written by mvn package: the archive, compiler and collector settings (README)
CDS_ARCHIVE=target/quarkus-app/tracekb.jsa  # written by mvn package (pom.xml, execution cds-archive)
SERVER_PID=
PG_PID=
JUL=-Djava.util.logging.manager=org.jboss.logmanager.LogManager  # as in surefire: no warning from JBoss logging

log() { printf '\n=== %s: %s\n' "$(date -u +%H:%M:%S)" "$*" | tee -a "$RAW"; }
has_step() { [[ " $STEPS " == *" $1 "* ]]; }

cleanup() {
  stop_server
  if [[ -n $PG_PID ]] && kill -0 "$PG_PID" 2>/dev/null; then
    kill -TERM "$PG_PID"; wait "$PG_PID" 2>/dev/null || true
  fi
  PG_PID=
}
trap cleanup EXIT

install_wrk() {
  if command -v wrk >/dev/null; then return; fi
  log "installing wrk (Debian package)"
  if [[ $(id -u) == 0 ]]; then apt-get install -y wrk; else sudo apt-get install -y wrk; fi
}

# --- servers -------------------------------------------------------------------------------------------------
# start_server DB PHASE INCIDENTS [VAR=value ...]: runs the jar with the given environment, prints
# REPORT start ... with the milliseconds from process start to /q/health/ready answering 200.
# As the README runs it: with the build's JVM options file, start-up archive included (OPTIONS=none before the
# call: plain java -jar). The line says options=jvm.options only when the archive was there and used (-Xshare:on).
start_server() {
  local db=$1 phase=$2 incidents=$3; shift 3
  local options=${OPTIONS:-jvm.options} jvm=()
  [[ -f $CDS_ARCHIVE && -f $JVM_OPTIONS ]] || options=none
  [[ $options == none ]] || jvm=("@$JVM_OPTIONS" -Xshare:on)
  local logfile=$WORK/server-$db-$phase-options-$options.log
  local t0 ms
  t0=$(date +%s%N)
  env -u QUARKUS_DATASOURCE_JDBC_URL QUARKUS_HTTP_PORT="$PORT" KB_CONTENT_DIR="$PWD/content" \
      KB_MATCH_RATE_LIMIT_PER_MINUTE=0 KB_ADMIN_PASSWORD=bench-only-password "$@" java "${jvm[@]}" -jar "$JAR" \
      >"$logfile" 2>&1 &
  SERVER_PID=$!
  until [[ $(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/q/health/ready" || true) == 200 ]]; do
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
      echo "server exited; log $logfile:" >&2; tail -50 "$logfile" >&2; SERVER_PID=; exit 1
    fi
    # generous: indexing 10k incidents at start took 16 min on a 2-core machine with a load average of 20
    if (( ($(date +%s%N) - t0) / 1000000000 > 3600 )); then echo "not ready in an hour" >&2; exit 1; fi
    sleep 0.05
  done
  ms=$(( ($(date +%s%N) - t0) / 1000000 ))
  echo "REPORT start db=$db phase=$phase incidents=$incidents options=$options ms=$ms" | tee -a "$RAW"
}

# restart_runs DB INCIDENTS [VAR=value ...]: the README's restart (index on disk reused), RESTARTS times
restart_runs() {
  local db=$1 incidents=$2 i; shift 2
  for ((i = 1; i <= RESTARTS; i++)); do
    start_server "$db" restart-index-reused "$incidents" "$@"
    stop_server
  done
}

stop_server() {
  if [[ -n $SERVER_PID ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true
  fi
  SERVER_PID=
}

run_wrk() { # RUN RATE CONNECTIONS ENDPOINT BODIES_LIST DURATION
  local run=$1 rate=$2 connections=$3 endpoint=$4 bodies=$5 duration=$6
  sleep 5 # requests still queued from the previous run finish first
  RUN=$run RATE=$rate THREADS=2 CONNECTIONS=$connections BODIES_LIST=$bodies INCIDENTS=$TOTAL_INCIDENTS \
    wrk -t2 -c"$connections" -d"$duration" --timeout 10s -s bench/wrk-load.lua "http://127.0.0.1:$PORT$endpoint" \
    2>&1 | tee -a "$RAW"
}

# --- steps -----------------------------------------------------------------------------------------------------
http_step() {
  log "external PostgreSQL (a separate process: ExternalPostgres)"
  java $JUL -cp "$CP" io.tracekb.bench.ExternalPostgres "$WORK/external-pg" 0 >"$WORK/external-pg.log" 2>&1 &
  PG_PID=$!
  until grep -qs EXTERNAL_POSTGRES_READY "$WORK/external-pg.log"; do
    kill -0 "$PG_PID" 2>/dev/null || { cat "$WORK/external-pg.log" >&2; exit 1; }
    sleep 0.2
  done
  local url
  url=$(awk '/EXTERNAL_POSTGRES_READY/ {print $2}' "$WORK/external-pg.log")
  local external=(QUARKUS_DATASOURCE_JDBC_URL="$url" QUARKUS_DATASOURCE_USERNAME=postgres
                  KB_DATA_DIR="$WORK/external-data")

  log "external database: first start (schema, shipped content), then a restart"
  start_server external first-start-empty-database "$SHIPPED" "${external[@]}"
  stop_server
  restart_runs external "$SHIPPED" "${external[@]}"

  TOTAL_INCIDENTS=$((HTTP_INCIDENTS + SHIPPED))
  if [[ $LOAD == content ]]; then
    log "writing $HTTP_INCIDENTS synthetic incidents as content/ folders; the server imports them at start"
    mkdir -p "$WORK/content"
    cp -r content/. "$WORK/content/"
    java $JUL -Xmx2g -cp "$CP" io.tracekb.bench.SyntheticContent "$WORK/content/synthetic" "$HTTP_INCIDENTS" 2>&1 | tee -a "$RAW"
    external+=(KB_CONTENT_DIR="$WORK/content")
    start_server external start-content-import "$TOTAL_INCIDENTS" "${external[@]}"
    awk -v n="$HTTP_INCIDENTS" '/^REPORT load_files / {for (i = 1; i <= NF; i++) if ($i ~ /^seconds=/) {sub("seconds=", "", $i); f = $i}}
      /^REPORT start .*phase=start-content-import/ {for (i = 1; i <= NF; i++) if ($i ~ /^ms=/) {sub("ms=", "", $i); m = $i}}
      END {printf "REPORT load method=content-files-imported-at-start incidents=%d seconds=%.2f\n", n, f + m / 1000}' \
      "$RAW" | tee -a "$RAW"
  else
    log "loading $HTTP_INCIDENTS synthetic incidents into the external database"
    java $JUL -Xmx2g -cp "$CP" io.tracekb.bench.SyntheticLoader "$url" postgres "$HTTP_INCIDENTS" 2>&1 | tee -a "$RAW"
    log "start with the loaded incidents (the start-up synchronisation indexes them)"
    start_server external start-index-built "$TOTAL_INCIDENTS" "${external[@]}"
  fi

  find src/test/resources/eval/queries -name '*.txt' | sort >"$WORK/bodies.txt"
  log "wrk: warm-up $WARMUP (not reported), then the measured runs, $DURATION each"
  RUN=warmup RATE=0 THREADS=2 BODIES_LIST=$WORK/bodies.txt wrk -t2 -c16 -d"$WARMUP" --timeout 10s -s bench/wrk-load.lua \
    "http://127.0.0.1:$PORT/api/v1/match" >/dev/null
  run_wrk saturation 0 32 /api/v1/match "$WORK/bodies.txt" "$DURATION"
  local saturation half
  saturation=$(awk '/^REPORT http run=saturation .*endpoint=\/api\/v1\/match/ {for (i = 1; i <= NF; i++) if ($i ~ /^rps=/) {sub("rps=", "", $i); r = $i}} END {print int(r)}' "$RAW")
  run_wrk fixed "$RATE" 64 /api/v1/match "$WORK/bodies.txt" "$DURATION"
  half=$(( saturation / 2 ))
  if (( half > 0 )); then
    run_wrk fixed-half-saturation "$half" 64 /api/v1/match "$WORK/bodies.txt" "$DURATION"
  fi
  # the ceiling's own warm-up: its code paths (the health handler, Vert.x's routing of it) are not the match's, and
  # with the compiler settings of jvm.options they take tens of seconds to be compiled (a fresh server: 5,500/s in
  # the first 10 s, 13,900/s in the next, 28,600/s in the third)
  RUN=warmup RATE=0 THREADS=2 wrk -t2 -c32 -d"$CEILING_WARMUP" --timeout 10s -s bench/wrk-load.lua \
    "http://127.0.0.1:$PORT/q/health/live" >/dev/null 2>&1
  run_wrk saturation 0 32 /q/health/live "" "$DURATION"
  stop_server

  log "restart with the loaded incidents (index on disk reused), with the JVM options file and without it"
  restart_runs external "$TOTAL_INCIDENTS" "${external[@]}"
  OPTIONS=none start_server external restart-index-reused "$TOTAL_INCIDENTS" "${external[@]}"
  stop_server
  kill -TERM "$PG_PID"; wait "$PG_PID" 2>/dev/null || true
  PG_PID=
}

start_step() {
  log "embedded database: first start in a fresh data directory, then a restart"
  start_server embedded first-start-empty-database "$SHIPPED" KB_DATA_DIR="$WORK/embedded-data"
  stop_server
  restart_runs embedded "$SHIPPED" KB_DATA_DIR="$WORK/embedded-data"
  OPTIONS=none start_server embedded restart-index-reused "$SHIPPED" KB_DATA_DIR="$WORK/embedded-data"
  stop_server
}

# --- main ------------------------------------------------------------------------------------------------------
if [[ ${APPEND:-} == 1 ]]; then # add the STEPS run now to the lines of an earlier run
  rm -rf "$WORK"
else
  rm -rf "$OUT"
fi
mkdir -p "$WORK"
touch "$RAW"
LOAD1=$(cut -d' ' -f1 /proc/loadavg)
QUIET=$(awk -v l="$LOAD1" 'BEGIN {print (l < 0.5) ? "true" : "false"}')
COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
[[ -z $(git status --porcelain 2>/dev/null) ]] || COMMIT="$COMMIT+changes"
COMMAND="SIZES=$SIZES bench/report.sh"
[[ $LOAD == jdbc ]] || COMMAND="LOAD=$LOAD $COMMAND"
[[ $WARMUP == 90s ]] || COMMAND="WARMUP=$WARMUP $COMMAND"
[[ $CEILING_WARMUP == 30s ]] || COMMAND="CEILING_WARMUP=$CEILING_WARMUP $COMMAND"
[[ ${APPEND:-} != 1 ]] || COMMAND="APPEND=1 $COMMAND"
[[ $STEPS == "parse match baseline http start" ]] || COMMAND="STEPS='$STEPS' $COMMAND"

has_step http && install_wrk
log "building the jar and the benchmarks (tests not run)"
mvn -B -q package -DskipTests -DskipITs
mvn -B -q dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$WORK/classpath.txt"
CP="target/test-classes:target/classes:$(cat "$WORK/classpath.txt")"
SHIPPED=$(find content -name incident.yaml | wc -l)
TOTAL_INCIDENTS=$SHIPPED
echo "REPORT env date=$(date -u +%Y-%m-%dT%H:%MZ) commit=$COMMIT cores=$(nproc) java=$(java -version 2>&1 | awk -F'"' '/version/ {print $2}') load1=$LOAD1 quiet=$QUIET sizes=$SIZES command=${COMMAND// /+}" | tee -a "$RAW"

if has_step parse; then
  log "parse + signature throughput"
  java $JUL -Xmx1g -XX:+UseParallelGC -cp "$CP" io.tracekb.bench.ParserBenchmark 2>&1 | tee -a "$RAW"
fi
if has_step match; then
  log "in-process matching at $SIZES incidents"
  java $JUL -Xmx2g -XX:+UseParallelGC -Dbench.sizes="$SIZES" -cp "$CP" io.tracekb.bench.MatchBenchmark 2>&1 | tee -a "$RAW"
fi
if has_step baseline; then
  log "TraceKB and the two baselines, shipped incidents and $HTTP_INCIDENTS synthetic"
  java $JUL -Xmx2g -XX:+UseParallelGC -Dbench.baselineSizes="$HTTP_INCIDENTS" -cp "$CP" \
    io.tracekb.search.eval.BaselineBenchmark 2>&1 | tee -a "$RAW"
fi
has_step http && http_step
has_step start && start_step

echo "REPORT env_end load1=$(cut -d' ' -f1 /proc/loadavg)" | tee -a "$RAW"
java -cp "$CP" io.tracekb.bench.PerfReport "$RAW" "$OUT"
rm -rf "$WORK/external-pg" "$WORK/external-data" "$WORK/embedded-data"
