package io.tracekb.signature;

import java.util.Locale;

/** Whose code a frame runs: the language runtime's, a known framework's, or the application's own. */
public enum FrameKind {
    JDK, FRAMEWORK, APP;

    /** The lower-case name the parse API sends ("jdk", "framework", "app"). */
    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }
}
