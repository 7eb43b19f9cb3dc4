package io.tracekb.trace;

import io.tracekb.signature.Signature;
import io.tracekb.signature.SignatureBuilder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Property / fuzz test: 100 000+ seeded inputs made by mutating real traces (delete, duplicate and swap lines, insert
 * random bytes and unicode, huge lines, deep nesting, long cause chains) and by generating garbage. Every input must
 * parse without an exception (the last-resort safety net must never fire), give a well-formed result, and build a
 * signature. Deterministic: the seed is fixed.
 */
class ParserFuzzTest {
    static final int INPUTS = 100_000;
    private static final List<String> CORPUS = new ArrayList<>();
    private final TraceParser parser = new TraceParser(64 * 1024);
    private final SignatureBuilder signatures = new SignatureBuilder();

    @BeforeAll
    static void loadCorpus() throws IOException {
        for (String p : List.of("000_", "002_", "004_")) CORPUS.add(TestFiles.seed(p));
        for (String dir : List.of("parser-corpus/defects4j/traces", "parser-corpus/fluent-detect-exceptions/traces",
                "parser-corpus/kotlinx-coroutines/traces", "parser-corpus/splitlog/traces",
                "parser-corpus/eclipse-console-format/cases", "parser-corpus/intellij-normalize-text/cases",
                "parser-corpus/thread-dumps/dumps")) {
            try (Stream<Path> s = Files.list(TestFiles.dir(dir))) {
                for (Path p : s.sorted().toList()) {
                    String text = Files.readString(p);
                    if (text.length() < 200_000) CORPUS.add(text);
                }
            }
        }
    }

    /**
     * The inputs are split into {@value #CHUNKS} deterministic chunks (each with its own seed) run on up to
     * {@value #CHUNKS} threads - which also exercises the parser and signature builder concurrently (both are
     * stateless and thread-safe).
     */
    static final int CHUNKS = 4;

    @Test
    void hundredThousandMutatedInputsNeverThrowAndAreWellFormed() throws Exception {
        long before = TraceParser.safetyNetUses.get();
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        java.util.concurrent.atomic.AtomicLong cpu = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicLong traces = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(
                Math.min(CHUNKS, Math.max(1, Runtime.getRuntime().availableProcessors())));
        long start = System.nanoTime();
        try {
            List<java.util.concurrent.Future<?>> jobs = new ArrayList<>();
            for (int c = 0; c < CHUNKS; c++) {
                long seed = 20261130L + c;
                jobs.add(pool.submit(() -> {
                    long cpuStart = threads.getCurrentThreadCpuTime();
                    SplittableRandom rnd = new SplittableRandom(seed);
                    for (int n = 0; n < INPUTS / CHUNKS; n++) {
                        String input = mutate(rnd);
                        ParseResult r = parser.parse(input);
                        assertWellFormed(r, input);
                        traces.addAndGet(r.traces().size());
                        if (r.primary() >= 0) {
                            Signature s = signatures.build(r.primaryTrace());
                            require(s.fingerprint().length() == 32 && !s.components().isEmpty(), "signature",
                                    s.fingerprint());
                        }
                    }
                    cpu.addAndGet(threads.getCurrentThreadCpuTime() - cpuStart);
                    return null;
                }));
            }
            for (var j : jobs) j.get(); // rethrows the first failure
        } finally {
            pool.shutdownNow();
        }
        long ms = (System.nanoTime() - start) / 1_000_000;
        System.out.println("[fuzz] " + INPUTS + " inputs, " + traces.get() + " traces, " + ms + " ms wall, "
                + cpu.get() / 1_000_000 + " ms cpu (sum over " + CHUNKS + " chunks)");
        assertThat(TraceParser.safetyNetUses.get()).as("safety net fired").isEqualTo(before);
    }

    private String mutate(SplittableRandom rnd) {
        int kind = rnd.nextInt(20);
        if (kind == 0) return garbage(rnd, rnd.nextInt(2000));
        String base = CORPUS.get(rnd.nextInt(CORPUS.size()));
        if (base.length() > 900) {
            int from = rnd.nextInt(base.length() - 600);
            base = base.substring(from, from + 600);
        }
        List<String> lines = new ArrayList<>(List.of(base.split("\n", -1)));
        int ops = 1 + rnd.nextInt(6);
        for (int k = 0; k < ops && !lines.isEmpty(); k++) {
            int i = rnd.nextInt(lines.size());
            switch (rnd.nextInt(14)) {
                case 0 -> lines.remove(i);
                case 1 -> lines.add(i, lines.get(i));
                case 2 -> {
                    int j = rnd.nextInt(lines.size());
                    String t = lines.get(i);
                    lines.set(i, lines.get(j));
                    lines.set(j, t);
                }
                case 3 -> lines.set(i, insert(lines.get(i), garbage(rnd, 1 + rnd.nextInt(20)), rnd));
                case 4 -> lines.set(i, insert(lines.get(i), unicode(rnd), rnd));
                case 5 -> lines.set(i, lines.get(i).strip());
                case 6 -> lines.set(i, cut(lines.get(i), rnd));
                case 7 -> lines.add(i, "Caused by: java.lang.IllegalStateException: nested " + rnd.nextInt());
                case 8 -> lines.add(i, "\t".repeat(rnd.nextInt(40)) + "Suppressed: java.io.IOException: s");
                case 9 -> lines.add(i, "\t... " + rnd.nextInt(100_000) + " more");
                case 10 -> lines.add(i, "[CIRCULAR REFERENCE:" + lines.get(rnd.nextInt(lines.size())) + "]");
                case 11 -> lines.set(i, lines.get(i).repeat(1 + rnd.nextInt(8)));
                case 12 -> lines.add(i, "AException{BException{CException{" + lines.get(i));
                default -> lines.add(i, "");
            }
        }
        String out = String.join("\n", lines);
        switch (kind) {
            case 1: return Damage.flatten(out);
            case 2: return Damage.jsonEscape(out);
            case 3: return Damage.htmlEscape(out);
            case 4: return Damage.crlf(out);
            case 5: return Damage.wrapAt(out, 7 + rnd.nextInt(90));
            case 6: return Damage.logPrefixEveryLine(out);
            case 7: return out.replace('\n', '\r');
            default: return out;
        }
    }

    private static String insert(String s, String what, SplittableRandom rnd) {
        int at = s.isEmpty() ? 0 : rnd.nextInt(s.length() + 1);
        return s.substring(0, at) + what + s.substring(at);
    }

    private static String cut(String s, SplittableRandom rnd) {
        return s.isEmpty() ? s : s.substring(0, rnd.nextInt(s.length())) + (rnd.nextBoolean() ? "..." : "");
    }

    private static final String SPECIAL = "()[]{}<>:.$/\\\"'`#@~-_ \t\n\r*&;=,";

    static String garbage(SplittableRandom rnd, int n) {
        StringBuilder b = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            int r = rnd.nextInt(10);
            if (r < 4) b.append(SPECIAL.charAt(rnd.nextInt(SPECIAL.length())));
            else if (r < 6) b.append((char) ('a' + rnd.nextInt(26)));
            else if (r < 7) b.append((char) ('0' + rnd.nextInt(10)));
            else if (r < 8) b.append((char) rnd.nextInt(0x20));
            else if (r < 9) b.append(" at ");
            else b.append((char) rnd.nextInt(0xD800));
        }
        return b.toString();
    }

    private static String unicode(SplittableRandom rnd) {
        String[] s = {"系统找不到指定的文件。", "そのようなファイル", "\uD83D\uDE00", "\u0000", "\uFEFF", "\u202E", "\uD800",
                "e\u0301", "ß", "İ", "\u2028"};
        return s[rnd.nextInt(s.length)];
    }

    /** Plain checks (AssertJ per frame would dominate the run time of 100 000 inputs). */
    private static void require(boolean ok, String what, Object detail) {
        if (!ok) throw new AssertionError(what + ": " + detail);
    }

    /** Indices in range, nulls only where the model allows them, lines inside the input, traces in text order. */
    static void assertWellFormed(ParseResult r, String input) {
        require(r.traces() != null && r.hints() != null, "lists", r); // List.copyOf: no null elements
        require(r.primary() >= -1 && r.primary() < r.traces().size(), "primary in range", r.primary());
        require(r.traces().isEmpty() || r.primary() >= 0, "primary chosen", r.primary());
        long lineCount = 1;
        for (int i = 0; i < input.length(); i++) if (input.charAt(i) == '\n' || input.charAt(i) == '\r') lineCount++;
        int lastFirst = -1;
        for (ParsedTrace t : r.traces()) {
            require(t.language() != null && t.kind() != null, "language and kind", t);
            require(t.firstLine() >= 0 && t.firstLine() < lineCount, "firstLine in input", t.firstLine());
            require(t.lastLine() >= t.firstLine() && t.lastLine() < lineCount, "lastLine in input", t.lastLine());
            require(t.firstLine() >= lastFirst, "text order", t.firstLine());
            lastFirst = t.firstLine();
            require(t.linkedTo() >= -1 && t.linkedTo() < r.traces().size(), "linkedTo in range", t.linkedTo());
            if (t.kind() == TraceKind.THREAD_DUMP) require(t.exceptions().isEmpty(), "dump has no exceptions", t);
            else require(!t.exceptions().isEmpty(), "exception trace has exceptions", t.kind());
            require(t.rootCause() == t.exceptions().size() - 1, "root cause index", t.rootCause());
            for (ParsedException e : t.exceptions()) assertException(e, 0);
            for (ThreadInfo th : t.threads()) {
                require(th.name() != null, "thread name", th);
                th.frames().forEach(ParserFuzzTest::assertFrame);
            }
        }
    }

    private static void assertException(ParsedException e, int depth) {
        require(depth < 100, "suppressed depth", depth);
        require(e.frames() != null, "frames", e);
        require(e.restoredFrames() >= 0 && e.restoredFrames() <= e.frames().size(), "restored", e.restoredFrames());
        require(e.omittedFrames() >= 0, "omitted", e.omittedFrames());
        e.frames().forEach(ParserFuzzTest::assertFrame);
        for (ExceptionChain c : e.suppressed()) {
            require(!c.exceptions().isEmpty(), "suppressed chain not empty", c);
            for (ParsedException s : c.exceptions()) assertException(s, depth + 1);
        }
    }

    private static void assertFrame(StackFrame f) {
        require(f != null && f.className() != null && f.method() != null && f.raw() != null, "frame", f);
    }

    // ------------------------------------------------------------------ pathological, 1 MiB each

    static List<String> pathological() {
        int mib = TraceParser.DEFAULT_MAX_CHARS;
        List<String> out = new ArrayList<>();
        out.add("a".repeat(mib));                                              // one 1 MiB line, no newline
        out.add("at ".repeat(mib / 3));                                        // "at at at …"
        out.add(" at a.b(".repeat(mib / 8));                                   // flattened-looking, never closed
        out.add(" at a.B.c(C.java:1)".repeat(mib / 19));                       // a flattened trace of 55k frames
        out.add("(".repeat(mib));
        out.add("A: ".repeat(mib / 3));                                        // header inside header inside …
        out.add("AException{".repeat(mib / 11));                               // nested toString headers
        out.add("x.YException: m\n" + "Caused by: x.YException: m\n\t... 1000 more\n".repeat(20_000));
        out.add("x.YException: m\n" + "\tat a.B.c(B.java:1)\n".repeat(1000)
                + "Caused by: x.ZException: z\n\t... 1000 more\n".repeat(15_000)); // restoring 1000 frames 15k times
        StringBuilder deep = new StringBuilder("x.YException: m\n");
        for (int i = 0; i < 10_000 && deep.length() < mib - 100; i++) {
            deep.append("\t".repeat(Math.min(i, 40))).append("Suppressed: x.S").append(i).append("Exception: s\n");
        }
        out.add(deep.toString());
        out.add("[CIRCULAR REFERENCE:x.YException: m]\n".repeat(mib / 38));
        out.add("\\n\\tat a.B.c(B.java:1)".repeat(mib / 22));                  // JSON-escaped, one line
        out.add("&lt;init&gt;&amp;&#36;".repeat(mib / 20));
        out.add("\"t\" #1 prio=5 tid=0x1 nid=0x2 runnable\n".repeat(mib / 40)); // thread headers only
        out.add("Traceback (most recent call last):\n  File \"a.py\", line 1, in f\n".repeat(mib / 64));
        out.add("panic: x\n\ngoroutine 1 [running]:\nmain.main()\n\t/a.go:1 +0x1\n".repeat(mib / 60));
        out.add("2021-12-05 07:22:05,369 WARN  a.B [] - ".repeat(mib / 40));
        out.add("'".repeat(mib));
        out.add("0x".repeat(mib / 2));
        out.add("- locked <0x1> (a\n".repeat(mib / 18));
        out.add("Unhandled exception:\n".repeat(mib / 21));
        out.add(ParserFuzzTest.garbage(new SplittableRandom(7), mib));
        return out;
    }

    @Test
    void pathologicalInputsOfOneMebibyteParseInBoundedTime() {
        long before = TraceParser.safetyNetUses.get();
        TraceParser big = new TraceParser();
        SignatureBuilder sb = new SignatureBuilder();
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            for (String input : pathological()) {
                ParseResult r = big.parse(input);
                assertWellFormed(r, input.length() > big.maxChars() ? input.substring(0, big.maxChars()) : input);
                if (r.primary() >= 0) assertThat(sb.build(r.primaryTrace()).fingerprint()).hasSize(32);
            }
        });
        assertThat(TraceParser.safetyNetUses.get()).as("safety net fired").isEqualTo(before);
    }
}
