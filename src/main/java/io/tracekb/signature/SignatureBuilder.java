package io.tracekb.signature;

import io.tracekb.trace.ParsedException;
import io.tracekb.trace.ParsedTrace;
import io.tracekb.trace.StackFrame;
import io.tracekb.trace.ThreadInfo;
import io.tracekb.trace.TraceKind;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds the {@link Signature} of a parsed trace. Pure function of its input; thread-safe.
 *
 * <p>Fingerprint = first 16 bytes (hex) of SHA-256 over: the trace kind, the root-cause type, the root cause's message
 * template with whitespace removed (so re-wrapped or re-indented messages agree), and the top
 * {@value #TOP_FRAMES} meaningful frame keys of the root cause (or of the nearest enclosing exception with frames) -
 * ubiquitous frames (thread pools, reflection, proxies, lambdas, test runners) and frames cut off by pasting skipped,
 * recursion collapsed. Line numbers, files, modules, jars and versions never enter it.
 */
public final class SignatureBuilder {
    static final int TOP_FRAMES = 5;
    /** Explanation components are listed for this many frames; the rest are summarised. */
    static final int MAX_FRAME_COMPONENTS = 50;
    /**
     * Frames kept per signature, from the top. Deeper frames carry almost no weight in a position-aware rerank
     * (weight 1/(i+1)) and only cost time on 1 000-frame StackOverflowErrors.
     */
    public static final int MAX_SIGNATURE_FRAMES = 128;
    /** The outermost exception's frames are context for the matcher, not its main signal: the top ones suffice. */
    public static final int MAX_OUTERMOST_FRAMES = 64;
    private static final String BEYOND_TOP = "beyond the top " + TOP_FRAMES + " meaningful frames";

    public Signature build(ParsedTrace trace) {
        List<ParsedException> chain = trace.exceptions();
        List<String> types = new ArrayList<>(chain.size());
        List<String> wrappers = new ArrayList<>(chain.size());
        for (int i = 0; i < chain.size(); i++) {
            types.add(chain.get(i).type());
            wrappers.add(i + 1 < chain.size() ? WrapperExceptions.reason(chain.get(i), chain.get(i + 1)) : null);
        }
        int root = trace.rootCause();
        ParsedException rootEx = root >= 0 ? chain.get(root) : null;
        boolean frameList = trace.kind() != TraceKind.EXCEPTION;
        String rootType = rootEx == null ? null : rootEx.type();
        String rootMessage = rootEx == null ? null : rootEx.message();
        // line breaks read as spaces: a token a chat client wrapped over two lines is masked like the whole one,
        // and one template serves display and fingerprint (templating is the costliest step of a signature)
        MessageTemplate tpl = frameList || rootMessage == null ? new MessageTemplate(null, List.of())
                : MessageTemplater.template(rootMessage.indexOf('\n') < 0 ? rootMessage : rootMessage.replace('\n', ' '));

        // frames: the root cause's, or the nearest enclosing exception that has some
        int source = root;
        while (source > 0 && chain.get(source).frames().isEmpty()) source--;
        List<StackFrame> raw;
        if (source >= 0) raw = chain.get(source).frames();
        else raw = dumpFrames(trace);
        Map<StackFrame, KeyedFrame> seen = new IdentityHashMap<>();
        List<SignatureFrame> frames = toSignatureFrames(raw, seen);
        List<StackFrame> outerRaw = source > 0 ? chain.get(0).frames() : List.of();
        if (outerRaw.size() > MAX_OUTERMOST_FRAMES) outerRaw = outerRaw.subList(0, MAX_OUTERMOST_FRAMES);
        List<SignatureFrame> outer = toSignatureFrames(outerRaw, seen);

        List<String> top = new ArrayList<>(TOP_FRAMES);
        Set<Integer> topPositions = new HashSet<>();
        boolean topAllJdk = true;
        for (SignatureFrame f : frames) {
            if (top.size() == TOP_FRAMES) break;
            if (f.ubiquitous() || f.partial()) continue;
            top.add(f.key());
            topPositions.add(f.position());
            topAllJdk &= f.kind() == FrameKind.JDK;
        }
        // JDK frames alone (a socket's connect, a stream's open) say how it failed, not where: every "Connection
        // refused" has the same ones. Then the enclosing exception's frames say where, and count too (as in-app frames
        // decide Sentry's grouping)
        List<String> outerTop = new ArrayList<>();
        if (!top.isEmpty() && topAllJdk) {
            for (SignatureFrame f : outer) {
                if (outerTop.size() == TOP_FRAMES) break;
                if (f.ubiquitous() || f.partial() || f.kind() == FrameKind.JDK) continue;
                outerTop.add(f.key());
            }
        }
        VersionHints.Versions versions = VersionHints.of(trace);
        String fpTemplate = tpl.template() == null ? "" : compactTemplate(tpl.template());
        String fingerprint = sha256Hex16("tracekb-signature-v1\n" + trace.kind() + "\n"
                + (frameList || rootType == null ? "" : rootType) + "\n" + fpTemplate + "\n" + String.join("\n", top)
                + (outerTop.isEmpty() ? "" : "\nouter\n" + String.join("\n", outerTop)));

        List<SignatureComponent> components = new ArrayList<>();
        components.add(chainComponent(chain, root, wrappers));
        if (!frameList && rootType != null) {
            components.add(SignatureComponent.leaf("root-cause-type", "root cause type", rootType, true, null));
        }
        components.add(templateComponent(tpl, frameList));
        components.add(framesComponent(frames, raw.size(), topPositions, source, root));
        if (!outerTop.isEmpty()) {
            components.add(SignatureComponent.leaf("outer-frames", "enclosing exception's frames",
                    String.join(", ", outerTop), true,
                    "the root cause's own frames are all JDK frames: where it failed is in the enclosing exception"));
        }
        components.add(new SignatureComponent("versions", "versions", new java.util.TreeMap<>(versions.components()).toString()
                + (versions.jdk() == null ? "" : " jdk " + versions.jdk()), false,
                "versions are shown, not matched on: the same failure happens across versions", List.of()));
        return new Signature(trace.language(), trace.kind(), types, wrappers, root, frameList ? null : rootType,
                rootMessage, tpl.template(), tpl.masked(), source, frames, outer, top, versions.components(),
                versions.jdk(), fingerprint, components,
                frameList || chain.isEmpty() ? null : WrapperExceptions.causeCutOff(chain.get(chain.size() - 1)));
    }

    /** For a thread dump: the first thread with a meaningful frame (a weak signal, documented as such). */
    private static List<StackFrame> dumpFrames(ParsedTrace trace) {
        for (ThreadInfo t : trace.threads()) {
            for (StackFrame f : t.frames()) {
                if (!UbiquitousFrames.isUbiquitous(FrameKeys.key(f).key())) return t.frames();
            }
        }
        return List.of();
    }

    static List<SignatureFrame> toSignatureFrames(List<StackFrame> all) {
        return toSignatureFrames(all, new IdentityHashMap<>());
    }

    /** What a frame contributes, computed once per distinct frame of a trace. */
    private record KeyedFrame(FrameKey key, FrameKind kind, boolean ubiquitous) {
    }

    /**
     * @param seen frames already keyed in this trace, by identity: the parser shares one {@link StackFrame} between
     *             the lines of a recursion and between an exception and the frames restored from it ("... N more")
     */
    private static List<SignatureFrame> toSignatureFrames(List<StackFrame> all, Map<StackFrame, KeyedFrame> seen) {
        List<StackFrame> raw = all.size() > MAX_SIGNATURE_FRAMES ? all.subList(0, MAX_SIGNATURE_FRAMES) : all;
        List<String> keys = new ArrayList<>(raw.size());
        List<KeyedFrame> keyed = new ArrayList<>(raw.size());
        for (StackFrame f : raw) {
            KeyedFrame k = seen.get(f);
            if (k == null) {
                FrameKey fk = FrameKeys.key(f);
                k = new KeyedFrame(fk, FrameClassifier.classify(fk.key()), UbiquitousFrames.isUbiquitous(fk.key()));
                seen.put(f, k);
            }
            keyed.add(k);
            keys.add(k.key().key());
        }
        List<Integer> kept = FrameKeys.collapseRecursion(keys);
        List<SignatureFrame> out = new ArrayList<>(kept.size());
        for (int idx : kept) {
            StackFrame f = raw.get(idx);
            KeyedFrame k = keyed.get(idx);
            out.add(new SignatureFrame(out.size(), k.key().key(), k.kind(), k.ubiquitous(), f.partial(),
                    k.key().normalised(), f.raw()));
        }
        return out;
    }

    private static SignatureComponent chainComponent(List<ParsedException> chain, int root, List<String> wrappers) {
        List<SignatureComponent> kids = new ArrayList<>();
        for (int i = 0; i < chain.size(); i++) {
            ParsedException e = chain.get(i);
            String reason;
            if (i == root) reason = e.circularReference() ? "root cause (from the circular reference)" : null;
            else if (wrappers.get(i) != null) reason = wrappers.get(i);
            else reason = "not the root cause";
            kids.add(SignatureComponent.leaf("exception[" + i + "]", "exception", e.type(), i == root && e.type() != null,
                    reason));
        }
        return new SignatureComponent("exception-chain", "exception chain (outermost first)", chain.size() + " exceptions",
                root >= 0, null, kids);
    }

    private static SignatureComponent templateComponent(MessageTemplate tpl, boolean frameList) {
        if (frameList) {
            return SignatureComponent.leaf("message-template", "message template", null, false,
                    "a frame list or thread dump has no exception message");
        }
        if (tpl.template() == null) {
            return SignatureComponent.leaf("message-template", "message template", null, false, "no message");
        }
        List<SignatureComponent> kids = new ArrayList<>();
        for (MaskedSpan s : tpl.masked()) {
            kids.add(SignatureComponent.leaf("masked", "masked " + s.pattern(), s.original(), false, "variable part masked"));
        }
        return new SignatureComponent("message-template", "message template", tpl.template(), true,
                "whitespace ignored", kids);
    }

    private static final String[] FRAME_IDS = new String[MAX_FRAME_COMPONENTS];

    static {
        for (int i = 0; i < FRAME_IDS.length; i++) FRAME_IDS[i] = "frame[" + i + "]";
    }

    private static SignatureComponent framesComponent(List<SignatureFrame> frames, int rawCount, Set<Integer> top,
                                                      int source, int root) {
        List<SignatureComponent> kids = new ArrayList<>();
        int limit = Math.min(frames.size(), MAX_FRAME_COMPONENTS);
        for (int i = 0; i < limit; i++) {
            SignatureFrame f = frames.get(i);
            boolean counts = top.contains(f.position());
            String reason;
            if (f.partial()) reason = "truncated frame";
            else if (f.ubiquitous()) reason = "ubiquitous frame";
            else if (!counts) reason = BEYOND_TOP;
            else reason = "line number, file and jar ignored";
            if (f.normalised() != null) reason = reason + "; " + f.normalised();
            String label = "frame (" + f.kind().code() + ")";
            kids.add(SignatureComponent.leaf(FRAME_IDS[i], label, f.key(), counts, reason));
        }
        if (frames.size() > limit) {
            kids.add(SignatureComponent.leaf("frames-rest", "frames", (frames.size() - limit) + " more frames", false,
                    "beyond the top " + TOP_FRAMES + " meaningful frames"));
        }
        String note = null;
        if (rawCount > frames.size()) note = (rawCount - frames.size()) + " recursive frames collapsed";
        if (source != root && source >= 0) {
            note = (note == null ? "" : note + "; ") + "the root cause has no frames: frames of exception[" + source + "]";
        }
        return new SignatureComponent("frames", "frames", frames.size() + " frames", !top.isEmpty(), note, kids);
    }

    /**
     * The template as the fingerprint sees it: line breaks read as spaces, whitespace then removed, and a repeated
     * mask ("&lt;num&gt; &lt;num&gt;", a number a chat client wrapped over two lines) read as one - so flattened,
     * re-wrapped and re-indented pastes of one message agree.
     */
    static String fingerprintTemplate(String message) {
        return compactTemplate(MessageTemplater.template(message.replace('\n', ' ')).template());
    }

    private static String compactTemplate(String t) {
        String compact = removeWhitespace(t);
        StringBuilder b = new StringBuilder(compact.length());
        String lastMask = null;
        int i = 0;
        while (i < compact.length()) {
            char c = compact.charAt(i);
            if (c == '<') {
                int e = compact.indexOf('>', i);
                if (e > i && e - i <= 16) {
                    String mask = compact.substring(i, e + 1);
                    if (!mask.equals(lastMask)) b.append(mask);
                    lastMask = mask;
                    i = e + 1;
                    continue;
                }
            }
            b.append(c);
            lastMask = null;
            i++;
        }
        return b.toString();
    }

    static String removeWhitespace(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) if (!Character.isWhitespace(s.charAt(i))) b.append(s.charAt(i));
        return b.toString();
    }

    /** Looking a digest up by name costs more than hashing a short string: one per thread, reset after use. */
    private static final ThreadLocal<MessageDigest> SHA256 = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    });

    static String sha256Hex16(String s) {
        {
            MessageDigest md = SHA256.get();
            md.reset();
            byte[] d = md.digest(s.getBytes(StandardCharsets.UTF_8));
            StringBuilder b = new StringBuilder(32);
            for (int i = 0; i < 16; i++) {
                b.append(Character.forDigit((d[i] >> 4) & 0xF, 16)).append(Character.forDigit(d[i] & 0xF, 16));
            }
            return b.toString();
        }
    }
}
