package io.tracekb.search.eval;

/**
 * One labelled query. {@code expectedSlug} null marks a negative (its failure is in no incident). For a
 * held-out query, {@code heldOutSlug}/{@code heldOutTrace} name the sample trace it was made from, which every
 * system must ignore while answering it.
 */
record EvalQuery(String name, String text, String expectedSlug, String heldOutSlug, int heldOutTrace) {

    boolean negative() {
        return expectedSlug == null;
    }
}
