package io.tracekb.api;

/** What a caller sends to match or parse: the pasted text, the preferred language, how many results. */
public record TraceRequest(String text, String lang, int limit) {
    public static final int DEFAULT_LIMIT = 5;
    public static final int MAX_LIMIT = 50;
}
