package io.tracekb.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.tracekb.signature.FrameClassifier;
import io.tracekb.signature.FrameKeys;
import io.tracekb.signature.MessageTemplater;
import io.tracekb.signature.Signature;
import io.tracekb.search.PasteAnalysis;
import io.tracekb.trace.ExceptionChain;
import io.tracekb.trace.ParsedException;
import io.tracekb.trace.ParsedTrace;
import io.tracekb.trace.StackFrame;
import java.util.ArrayList;
import java.util.List;

/** {@code POST /api/v1/parse}: every trace found in the text, as the contract describes. */
public record ParseResponse(List<TraceJson> traces, Integer primary, List<HintJson> hints) {

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record TraceJson(String language, String kind, String fingerprint, Integer rootCause,
            List<ExceptionJson> exceptions, Integer threads, int firstLine, int lastLine, Integer linkedTo) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ExceptionJson(String type, String message, String messageTemplate, int omittedFrames,
            Boolean circularReference, Boolean truncated, List<FrameJson> frames, List<List<ExceptionJson>> suppressed) {
    }

    public record FrameJson(String className, String method, String file, Integer line, String module, String jar,
            String version, String kind) {
    }

    public record HintJson(String code, String message) {
    }

    static ParseResponse of(PasteAnalysis paste, String lang) {
        List<TraceJson> traces = new ArrayList<>();
        for (int i = 0; i < paste.parse().traces().size(); i++) {
            ParsedTrace t = paste.parse().traces().get(i);
            Signature s = paste.signatures().get(i);
            traces.add(new TraceJson(t.language().code(), t.kind().name().toLowerCase(java.util.Locale.ROOT), s.fingerprint(),
                    t.rootCause() < 0 ? null : t.rootCause(), exceptions(t.exceptions()),
                    t.threads().isEmpty() ? null : t.threads().size(), t.firstLine(), t.lastLine(),
                    t.linkedTo() < 0 ? null : t.linkedTo()));
        }
        return new ParseResponse(traces, paste.parse().primary() < 0 ? null : paste.parse().primary(),
                hints(paste, lang));
    }

    static List<HintJson> hints(PasteAnalysis paste, String lang) {
        ApiMessages wording = ApiBundle.in(lang);
        return paste.parse().hints().stream().map(h -> new HintJson(h.code().name(), HintMessages.message(h, wording)))
                .toList();
    }

    private static List<ExceptionJson> exceptions(List<ParsedException> chain) {
        List<ExceptionJson> out = new ArrayList<>();
        for (ParsedException e : chain) {
            List<FrameJson> frames = new ArrayList<>();
            for (StackFrame f : e.frames()) {
                frames.add(new FrameJson(f.className(), f.method(), f.file(), f.line(), f.module(), f.jar(),
                        f.version(), FrameClassifier.classify(FrameKeys.key(f).key()).code()));
            }
            List<List<ExceptionJson>> suppressed = new ArrayList<>();
            for (ExceptionChain c : e.suppressed()) {
                suppressed.add(exceptions(c.exceptions()));
            }
            out.add(new ExceptionJson(e.type(), e.message(),
                    e.message() == null ? null : MessageTemplater.template(e.message()).template(), e.omittedFrames(),
                    e.circularReference() ? Boolean.TRUE : null, e.truncated() ? Boolean.TRUE : null, frames,
                    suppressed.isEmpty() ? null : suppressed));
        }
        return out;
    }
}
