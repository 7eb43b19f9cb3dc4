package io.tracekb.trace;

import java.util.Locale;

/** The runtime that printed a trace; JAVA covers every JVM language (Scala, Kotlin). */
public enum TraceLanguage {
    JAVA, PYTHON, GO, DOTNET, NODE, PHP, RUBY, DART;

    /** The lower-case name the parse API sends ("java", "python", …). */
    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }
}
