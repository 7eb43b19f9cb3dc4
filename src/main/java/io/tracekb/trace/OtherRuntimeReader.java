package io.tracekb.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * Recognises traces of other runtimes well enough to give type, message and frames: Go panics, .NET (and Mono)
 * exceptions with "---&gt;" inner exceptions, Node.js / V8, and - for grouping only - PHP, Ruby and Dart.
 */
final class OtherRuntimeReader {
    private final List<SourceLine> lines;
    private final JavaTraceReader java;

    OtherRuntimeReader(List<SourceLine> lines, JavaTraceReader java) {
        this.lines = lines;
        this.java = java;
    }

    /** A line that is a valid JVM frame is never the first frame of another runtime's trace. */
    private boolean javaFrame(int i) {
        return java.kind(i) == JavaTraceReader.LineKind.AT_FRAME;
    }

    private String t(int i) {
        return i < lines.size() ? lines.get(i).text().strip() : "";
    }

    private String raw(int i) {
        return i < lines.size() ? lines.get(i).text() : "";
    }

    ReadResult read(int i) {
        String t = t(i);
        if (t.isEmpty()) return null;
        String next = t(i + 1);
        ReadResult r;
        // cheap gates on this and the next line, so prose costs little
        if ((t.startsWith("panic: ") || t.startsWith("fatal error: ") || t.startsWith("goroutine ")
                || t.indexOf("panic") >= 0) && (r = readGo(i, t)) != null) return r;
        if (JavaSyntax.startsWithAt(next) || next.startsWith("eval at ")) {
            if ((r = readDotNet(i, t)) != null) return r;
            if ((r = readNode(i, t)) != null) return r;
        }
        if (next.startsWith("Stack trace:") && (r = readPhp(i, t)) != null) return r;
        if (t.equals("Unhandled exception:") && (r = readDart(i, t)) != null) return r;
        if (next.indexOf(":in ") > 0 || (next.isEmpty() && t(i + 2).indexOf(":in ") > 0)) return readRuby(i, t);
        return null;
    }

    private ReadResult trace(TraceLanguage lang, List<ParsedException> chain, List<ThreadInfo> threads, int first, int last) {
        ParsedTrace tr = new ParsedTrace(lang, TraceKind.EXCEPTION, chain, threads, lines.get(first).orig(),
                lines.get(last).orig(), -1);
        return new ReadResult(tr, last + 1);
    }

    // ------------------------------------------------------------------ Go

    static boolean isGoroutine(String t) {
        if (!t.startsWith("goroutine ")) return false;
        int k = 10;
        int d = k;
        while (d < t.length() && Character.isDigit(t.charAt(d))) d++;
        return d > k && t.startsWith(" [", d) && t.endsWith(":");
    }

    private ReadResult readGo(int i, String t) {
        boolean header = t.startsWith("panic: ") || t.startsWith("fatal error: ") || t.contains(": panic ")
                || t.startsWith("http: panic");
        int g = -1;
        if (isGoroutine(t)) g = i;
        else if (header) {
            for (int k = i + 1; k <= i + 4 && k < lines.size(); k++) if (isGoroutine(t(k))) { g = k; break; }
        }
        if (g < 0) return null;
        String type = null;
        String message = null;
        if (header) {
            int p = t.indexOf("panic: ");
            if (t.startsWith("fatal error: ")) {
                type = "fatal error";
                message = t.substring(13);
            } else if (p >= 0) {
                type = "panic";
                message = t.substring(p + 7);
            } else {
                type = "panic";
                message = t;
            }
        }
        List<ThreadInfo> goroutines = new ArrayList<>();
        List<StackFrame> frames = null;
        String gname = null;
        int gline = -1;
        int j = g;
        int last = g;
        int n = lines.size();
        while (j < n) {
            String r = raw(j);
            String s = r.strip();
            if (s.isEmpty() || s.startsWith("[signal ") || s.startsWith("exit status ") || s.startsWith("...")) {
                j++;
                continue;
            }
            if (isGoroutine(s)) {
                if (gname != null) goroutines.add(new ThreadInfo(gname, null, false, false, frames, gline));
                gname = s.substring(0, s.length() - 1);
                gline = lines.get(j).orig();
                frames = new ArrayList<>();
            } else if (Character.isWhitespace(r.charAt(0)) && frames != null && !frames.isEmpty()
                    && frames.get(frames.size() - 1).file() == null) {
                // the source location of the function above (also when cut off: "\t/tmp/ap")
                StackFrame f = frames.remove(frames.size() - 1);
                int sp = s.indexOf(' ');
                String loc = sp > 0 ? s.substring(0, sp) : s;
                int colon = loc.lastIndexOf(':');
                Integer line = null;
                if (colon > 0 && JavaSyntax.allDigits(loc.substring(colon + 1)) && loc.length() - colon < 10) {
                    line = Integer.parseInt(loc.substring(colon + 1));
                    loc = loc.substring(0, colon);
                }
                frames.add(new StackFrame(f.className(), f.method(), loc, line, null, null, null, false, false,
                        f.raw() + " " + s));
            } else if (frames != null && !Character.isWhitespace(r.charAt(0))
                    && (s.startsWith("created by ") || (s.endsWith(")") && s.indexOf('(') > 0
                    && s.substring(0, s.indexOf('(')).indexOf(' ') < 0))) {
                String name = s.startsWith("created by ") ? s.substring(11) : s.substring(0, s.lastIndexOf('('));
                int sp = name.indexOf(' ');
                if (sp > 0) name = name.substring(0, sp);
                int dot = name.lastIndexOf('.');
                frames.add(new StackFrame(dot > 0 ? name.substring(0, dot) : "", dot > 0 ? name.substring(dot + 1) : name,
                        null, null, null, null, null, false, false, s));
            } else {
                break;
            }
            last = j;
            j++;
        }
        if (gname != null) goroutines.add(new ThreadInfo(gname, null, false, false, frames, gline));
        List<StackFrame> top = goroutines.isEmpty() ? List.of() : goroutines.get(0).frames();
        List<ParsedException> chain = List.of(new ParsedException(type, message, top, 0, 0, List.of(), false, false,
                header ? lines.get(i).orig() : -1));
        return trace(TraceLanguage.GO, chain, goroutines, i, last);
    }

    // ------------------------------------------------------------------ .NET

    /** "at Ns.Cls.M(Type arg) in C:\x\F.cs:line 12", "at Ns.Cls.M()", Mono "at Ns.Cls.M (Type arg) [0x0001] in f.cs:9". */
    static StackFrame parseDotNetFrame(String t) {
        if (!JavaSyntax.startsWithAt(t) || JavaSyntax.parseAtFrame(t) != null) return null;
        String body = t.substring(3).strip();
        int open = body.indexOf('(');
        if (open <= 0) return null;
        String name = body.substring(0, open);
        boolean mono = name.endsWith(" ");
        name = name.strip();
        if (name.indexOf(' ') >= 0 || name.indexOf('.') < 0) return null;
        int close = body.indexOf(')', open);
        if (close < 0) return null;
        String rest = body.substring(close + 1).strip();
        if (mono && !(rest.startsWith("[0x") || rest.startsWith("in "))) return null;
        if (!mono && !(rest.isEmpty() || rest.startsWith("in ") || rest.startsWith("[0x"))) return null;
        String file = null;
        Integer line = null;
        int in = rest.indexOf("in ");
        if (in >= 0) {
            String loc = rest.substring(in + 3).strip();
            int ln = loc.lastIndexOf(":line ");
            if (ln > 0 && JavaSyntax.allDigits(loc.substring(ln + 6)) && loc.length() - ln < 16) {
                line = Integer.parseInt(loc.substring(ln + 6));
                loc = loc.substring(0, ln);
            } else {
                int c = loc.lastIndexOf(':');
                if (c > 0 && JavaSyntax.allDigits(loc.substring(c + 1)) && loc.length() - c < 10) {
                    line = Integer.parseInt(loc.substring(c + 1));
                    loc = loc.substring(0, c);
                }
            }
            file = loc.equals("<filename unknown>") ? null : loc;
        }
        int dot = name.lastIndexOf('.');
        return new StackFrame(name.substring(0, dot), name.substring(dot + 1), file, line, null, null, null, false, false, t);
    }

    private ReadResult readDotNet(int i, String t) {
        if (javaFrame(i + 1) || parseDotNetFrame(t(i + 1)) == null || parseDotNetFrame(t) != null) return null;
        // header, possibly "Outer: msg ---> Inner: msg ---> …"
        List<String[]> chainHeads = new ArrayList<>();
        String h = t;
        if (h.startsWith("Unhandled exception. ")) h = h.substring(21);
        if (h.startsWith("Unhandled Exception: ")) h = h.substring(21);
        for (String part : splitArrow(h)) {
            JavaSyntax.Header ph = JavaSyntax.parseHeader(part, false);
            chainHeads.add(ph != null ? new String[]{ph.type(), ph.message()} : new String[]{null, part.strip()});
        }
        List<List<StackFrame>> blocks = new ArrayList<>();
        List<StackFrame> cur = new ArrayList<>();
        blocks.add(cur);
        int j = i + 1;
        int last = i;
        while (j < lines.size()) {
            String s = t(j);
            StackFrame f = parseDotNetFrame(s);
            if (f != null) cur.add(f);
            else if (s.startsWith("--- End of inner exception stack trace")) {
                cur = new ArrayList<>();
                blocks.add(cur);
            } else if (!s.startsWith("--- End of stack trace from previous location")) break;
            last = j;
            j++;
        }
        // inner exception frames are printed first: the last block belongs to the outermost exception
        List<ParsedException> chain = new ArrayList<>();
        for (int k = 0; k < chainHeads.size(); k++) {
            int b = blocks.size() - 1 - k;
            List<StackFrame> fs = b >= 0 ? blocks.get(b) : List.of();
            chain.add(new ParsedException(chainHeads.get(k)[0], chainHeads.get(k)[1], fs, 0, 0, List.of(), false, false,
                    lines.get(i).orig()));
        }
        return trace(TraceLanguage.DOTNET, chain, List.of(), i, last);
    }

    private static List<String> splitArrow(String h) {
        List<String> out = new ArrayList<>();
        int st = 0;
        while (true) {
            int a = h.indexOf(" ---> ", st);
            if (a < 0 || out.size() > 50) {
                out.add(h.substring(st));
                return out;
            }
            out.add(h.substring(st, a));
            st = a + 6;
        }
    }

    // ------------------------------------------------------------------ Node / V8

    static StackFrame parseNodeFrame(String t) {
        return parseNodeFrame(t, false);
    }

    /** @param inTrace inside a Node trace already: accept frames that would also parse as Java / .NET frames */
    static StackFrame parseNodeFrame(String t, boolean inTrace) {
        boolean eval = t.startsWith("eval at ");
        if (!eval && !JavaSyntax.startsWithAt(t)) return null;
        if (!eval && !inTrace && (JavaSyntax.parseAtFrame(t) != null || parseDotNetFrame(t) != null)) return null;
        String body = eval ? t : t.substring(3).strip();
        String fn;
        String loc;
        if (body.endsWith(")") && body.indexOf(" (") > 0) {
            int p = body.indexOf(" (");
            fn = body.substring(0, p);
            loc = body.substring(p + 2, body.length() - 1);
        } else if (inTrace && body.endsWith(")") && body.indexOf('(') > 0) {
            int p = body.indexOf('(');
            fn = body.substring(0, p);
            loc = body.substring(p + 1, body.length() - 1);
        } else {
            fn = null;
            loc = body;
        }
        boolean ok = loc.equals("native") || loc.equals("<anonymous>") || loc.equals("unknown location")
                || eval || lineCol(loc) != null;
        if (!ok && fn == null && !loc.isEmpty() && PythonTraceReader.isTypeName(loc) && loc.indexOf('.') < 0) {
            fn = loc; // "at a_function_name"
            loc = null;
            ok = true;
        }
        if (!ok) return null;
        String file = null;
        Integer line = null;
        if (loc != null) {
            int[] lc = lineCol(loc);
            if (lc != null) {
                line = lc[0];
                file = loc.substring(0, lc[1]);
            }
        }
        // JavaScript receivers ("Object.", "Layer.") say little: the key is file + function (see FrameKeys)
        String method = fn == null ? "<anonymous>" : fn;
        return new StackFrame("", method, file, line, null, null, null, false, false, t);
    }

    /** For "file.js:12:9" returns {12, index of the first ':'}; null otherwise. */
    private static int[] lineCol(String loc) {
        int c2 = loc.lastIndexOf(':');
        if (c2 <= 0 || !JavaSyntax.allDigits(loc.substring(c2 + 1)) || loc.length() - c2 > 9) return null;
        int c1 = loc.lastIndexOf(':', c2 - 1);
        if (c1 <= 0 || !JavaSyntax.allDigits(loc.substring(c1 + 1, c2)) || c2 - c1 > 9) return null;
        return new int[]{Integer.parseInt(loc.substring(c1 + 1, c2)), c1};
    }

    private ReadResult readNode(int i, String t) {
        if (javaFrame(i + 1) || parseNodeFrame(t(i + 1)) == null || parseNodeFrame(t) != null) return null;
        JavaSyntax.Header h = JavaSyntax.parseHeader(t, false);
        String type = h != null ? h.type() : null;
        String message = h != null ? h.message() : t;
        List<StackFrame> frames = new ArrayList<>();
        int j = i + 1;
        int last = i;
        while (j < lines.size()) {
            StackFrame f = parseNodeFrame(t(j), true);
            if (f == null) break;
            frames.add(f);
            last = j++;
        }
        return trace(TraceLanguage.NODE, List.of(new ParsedException(type, message, frames, 0, 0, List.of(), false, false,
                lines.get(i).orig())), List.of(), i, last);
    }

    // ------------------------------------------------------------------ PHP

    private ReadResult readPhp(int i, String t) {
        boolean head = (t.contains("exception '") && t.contains("' with message '")) || t.startsWith("PHP Fatal error:")
                || t.startsWith("PHP Warning:") || t.startsWith("Fatal error: Uncaught");
        if (!head || !t(i + 1).startsWith("Stack trace:")) return null;
        String type = between(t, "exception '", "'");
        String message = between(t, "with message '", "' in ");
        List<StackFrame> frames = new ArrayList<>();
        int j = i + 2;
        int last = i + 1;
        while (j < lines.size()) {
            String s = t(j);
            if (s.startsWith("#")) {
                int sp = s.indexOf(' ');
                String body = sp > 0 ? s.substring(sp + 1) : "";
                int colon = body.indexOf(": ");
                String where = colon > 0 ? body.substring(0, colon) : body;
                String call = colon > 0 ? body.substring(colon + 2) : body;
                String file = where;
                Integer line = null;
                int p = where.lastIndexOf('(');
                if (p > 0 && where.endsWith(")") && JavaSyntax.allDigits(where.substring(p + 1, where.length() - 1))
                        && where.length() - p < 12) {
                    line = Integer.parseInt(where.substring(p + 1, where.length() - 1));
                    file = where.substring(0, p);
                }
                int paren = call.indexOf('(');
                String fn = paren > 0 ? call.substring(0, paren) : call;
                int sep = Math.max(fn.lastIndexOf("->"), fn.lastIndexOf("::"));
                frames.add(new StackFrame(sep > 0 ? fn.substring(0, sep) : "", sep > 0 ? fn.substring(sep + 2) : fn,
                        file, line, null, null, null, false, false, s));
            } else if (!s.startsWith("thrown in")) break;
            last = j++;
        }
        return trace(TraceLanguage.PHP, List.of(new ParsedException(type, message, frames, 0, 0, List.of(), false, false,
                lines.get(i).orig())), List.of(), i, last);
    }

    private static String between(String s, String a, String b) {
        int x = s.indexOf(a);
        if (x < 0) return null;
        int y = s.indexOf(b, x + a.length());
        return y < 0 ? null : s.substring(x + a.length(), y);
    }

    // ------------------------------------------------------------------ Dart

    private static boolean isDartFrame(String s) {
        if (!s.startsWith("#") || s.length() < 3) return false;
        int d = 1;
        while (d < s.length() && Character.isDigit(s.charAt(d))) d++;
        return d > 1 && d < s.length() && s.charAt(d) == ' ' && s.endsWith(")");
    }

    private ReadResult readDart(int i, String t) {
        if (!t.equals("Unhandled exception:")) return null;
        int j = i + 1;
        while (j < lines.size() && j - i < 20 && !isDartFrame(t(j))) j++;
        if (j >= lines.size() || !isDartFrame(t(j))) return null;
        String first = t(i + 1);
        JavaSyntax.Header h = JavaSyntax.parseHeader(first, false);
        List<StackFrame> frames = new ArrayList<>();
        int last = j;
        while (j < lines.size() && (isDartFrame(t(j)) || t(j).equals("<asynchronous suspension>"))) {
            String s = t(j);
            if (s.startsWith("#")) {
                String body = s.substring(s.indexOf(' ')).strip();
                int p = body.lastIndexOf(" (");
                String fn = p > 0 ? body.substring(0, p) : body;
                String loc = p > 0 ? body.substring(p + 2, body.length() - 1) : null;
                int dot = fn.indexOf('.');
                frames.add(new StackFrame(dot > 0 ? fn.substring(0, dot) : "", dot > 0 ? fn.substring(dot + 1) : fn, loc,
                        null, null, null, null, false, false, s));
            }
            last = j++;
        }
        return trace(TraceLanguage.DART, List.of(new ParsedException(h != null ? h.type() : null, h != null ? h.message() : first,
                frames, 0, 0, List.of(), false, false, lines.get(i).orig())), List.of(), i, last);
    }

    // ------------------------------------------------------------------ Ruby

    static boolean isRubyFrame(String s) {
        int in = s.indexOf(":in `");
        if (in < 0) in = s.indexOf(":in '");
        if (in <= 0) return false;
        int c = s.lastIndexOf(':', in - 1);
        return c > 0 && JavaSyntax.allDigits(s.substring(c + 1, in));
    }

    private ReadResult readRuby(int i, String t) {
        if (isRubyFrame(t)) return null;
        int j = i + 1;
        if (t(j).isEmpty() && j < lines.size() && !raw(j).isEmpty()) j++; // Rails prints a line of spaces
        if (!isRubyFrame(t(j))) return null;
        String type = t;
        String message = null;
        int p = t.indexOf(" (");
        if (p > 0) {
            type = t.substring(0, p);
            message = t.substring(p + 2);
            if (message.endsWith("):")) message = message.substring(0, message.length() - 2);
        } else {
            int c = t.indexOf(": ");
            if (c > 0) {
                type = t.substring(0, c);
                message = t.substring(c + 2);
            }
        }
        List<StackFrame> frames = new ArrayList<>();
        int last = j;
        while (j < lines.size() && (isRubyFrame(t(j)) || (t(j).isEmpty() && !raw(j).isEmpty()))) {
            String s = t(j);
            if (!s.isEmpty()) {
                int in = Math.max(s.indexOf(":in `"), s.indexOf(":in '"));
                int c = s.lastIndexOf(':', in - 1);
                String m = s.substring(in + 5);
                if (m.endsWith("'") || m.endsWith("`")) m = m.substring(0, m.length() - 1);
                frames.add(new StackFrame("", m, s.substring(0, c), Integer.parseInt(s.substring(c + 1, in).length() > 9
                        ? "0" : s.substring(c + 1, in)), null, null, null, false, false, s));
            }
            last = j++;
        }
        return trace(TraceLanguage.RUBY, List.of(new ParsedException(type, message, frames, 0, 0, List.of(), false, false,
                lines.get(i).orig())), List.of(), i, last);
    }
}
