package io.tracekb.trace.repair;

import java.util.ArrayList;
import java.util.List;

/** A trace inside a JSON string ("…\n\tat a.B.c(B.java:1)\n…") on one line: decoded and cut at its newlines. */
final class JsonEscapes implements LineRepair {
    @Override
    public Repair repair() {
        return Repair.JSON_ESCAPES;
    }

    @Override
    public List<String> undo(String line) {
        if (line.indexOf('\\') < 0 || !looksJsonEscaped(line)) return null;
        return split(decode(line));
    }

    /** An escaped newline and, after one, the start of a frame, a cause or a Python traceback. */
    static boolean looksJsonEscaped(String line) {
        if (!line.contains("\\n") && !line.contains("\\u000a") && !line.contains("\\u000A")) return false;
        return line.contains("\\tat ") || line.contains("\\u0009at ") || line.contains("\\nat ")
                || line.contains("\\n at ") || line.contains("\\n  at ") || line.contains("\\n    at ")
                || line.contains("\\nCaused by:") || line.contains("\\n\\tCaused by:") || line.contains("\\nTraceback")
                || line.contains("\\n  File \"");
    }

    /** JSON string escapes; an escaped CR is dropped, as the line-ending repair would have done. */
    static String decode(String s) {
        StringBuilder b = new StringBuilder(s.length());
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < n) {
                char d = s.charAt(i + 1);
                switch (d) {
                    case 'n': b.append('\n'); i++; continue;
                    case 'r': i++; continue;
                    case 't': b.append('\t'); i++; continue;
                    case '"': b.append('"'); i++; continue;
                    case '\\': b.append('\\'); i++; continue;
                    case '/': b.append('/'); i++; continue;
                    case 'u':
                        if (i + 6 <= n) {
                            try {
                                int cp = Integer.parseInt(s.substring(i + 2, i + 6), 16);
                                if (cp != '\r') b.append(cp == 0x0a ? '\n' : (char) cp);
                                i += 5;
                                continue;
                            } catch (NumberFormatException ignored) {
                                // not an escape
                            }
                        }
                        break;
                    default:
                        break;
                }
            }
            b.append(c);
        }
        return b.toString();
    }

    private static List<String> split(String s) {
        if (s.indexOf('\n') < 0) return List.of(s);
        List<String> out = new ArrayList<>();
        int st = 0;
        while (true) {
            int i = s.indexOf('\n', st);
            if (i < 0) {
                out.add(s.substring(st));
                return out;
            }
            out.add(s.substring(st, i));
            st = i + 1;
        }
    }
}
