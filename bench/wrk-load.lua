-- wrk script of bench/report.sh. Environment:
--   BODIES_LIST  file listing one query trace file per line: POST them (text/plain) in turn; unset = GET
--   RATE         requests/s for the whole run (0 = no delay, saturation); THREADS must then match wrk -t
--   RUN, INCIDENTS, THREADS, CONNECTIONS  copied into the REPORT line
-- Fixed rate: delay() holds each request until its slot in a per-thread schedule of RATE/THREADS per second.
-- wrk (not wrk2) times a request from its actual send, so queueing behind a slow server is not counted: the
-- report compares the achieved rate with the requested one.
local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_usec; } bench_timeval;
  int gettimeofday(bench_timeval *tv, void *tz);
]]
local tv = ffi.new("bench_timeval")
local function now_ms()
  ffi.C.gettimeofday(tv, nil)
  return tonumber(tv.tv_sec) * 1000 + tonumber(tv.tv_usec) / 1000
end

local threads_started = 0
local requests = {}
local next_request = 1
local interval_ms = 0
local next_slot = nil

function setup(thread)
  threads_started = threads_started + 1
  thread:set("thread_index", threads_started)
end

function init(args)
  local rate = tonumber(os.getenv("RATE") or "0")
  local threads = tonumber(os.getenv("THREADS") or "1")
  if rate > 0 then
    interval_ms = 1000 * threads / rate
  end
  local list = os.getenv("BODIES_LIST")
  if list == nil or list == "" then
    requests[1] = wrk.format("GET", wrk.path)
    return
  end
  local headers = { ["Content-Type"] = "text/plain; charset=UTF-8", ["Accept"] = "application/json" }
  for path in io.lines(list) do
    local f = assert(io.open(path, "rb"))
    local body = f:read("*a")
    f:close()
    requests[#requests + 1] = wrk.format("POST", wrk.path, headers, body)
  end
  -- threads start at different queries, so they do not send the same trace at the same time
  next_request = ((thread_index or 1) - 1) * math.floor(#requests / threads) % #requests + 1
end

function request()
  local r = requests[next_request]
  next_request = next_request % #requests + 1
  return r
end

if tonumber(os.getenv("RATE") or "0") > 0 then
  function delay()
    local now = now_ms()
    if next_slot == nil then
      next_slot = now
    end
    local wait = next_slot - now
    next_slot = next_slot + interval_ms
    if wait < 0 then
      return 0
    end
    return math.floor(wait)
  end
end

function done(summary, latency, requests_)
  local e = summary.errors
  local seconds = summary.duration / 1e6
  io.write(string.format("REPORT http run=%s method=%s endpoint=%s incidents=%s threads=%s connections=%s rate=%s "
      .. "duration_s=%.1f requests=%d rps=%.1f p50_ms=%.3f p90_ms=%.3f p99_ms=%.3f max_ms=%.3f non2xx=%d "
      .. "socket_errors=%d\n",
    os.getenv("RUN") or "run", (os.getenv("BODIES_LIST") or "") == "" and "GET" or "POST", wrk.path,
    os.getenv("INCIDENTS") or "0", os.getenv("THREADS") or "1", os.getenv("CONNECTIONS") or "1",
    os.getenv("RATE") or "0", seconds, summary.requests, summary.requests / seconds,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
    latency.max / 1000, e.status, e.connect + e.read + e.write + e.timeout))
end
