package io.tracekb.trace.repair;

/** A repair of the whole pasted text before it is cut into lines (what a Lucene CharFilter is to a tokenizer). */
interface TextRepair {
    Repair repair();

    /** Whether the text shows this damage; only then is {@link #undo} called and the repair reported. */
    boolean finds(String text);

    String undo(String text);
}
