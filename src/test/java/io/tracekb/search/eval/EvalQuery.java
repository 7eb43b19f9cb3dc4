package io.tracekb.search.eval;

import java.util.Set;

/**
 * One labelled query. {@code expectedSlug} null marks a negative (its failure is in no incident); {@code alsoRight}
 * names other incidents whose fix serves it as well (a survey family served by two incidents). For a held-out
 * query, {@code heldOutSlug}/{@code heldOutTrace} name the sample trace it was made from, which every system must
 * ignore while answering it.
 */
record EvalQuery(String name, String text, String expectedSlug, String heldOutSlug, int heldOutTrace,
        Set<String> alsoRight) {

    EvalQuery(String name, String text, String expectedSlug, String heldOutSlug, int heldOutTrace) {
        this(name, text, expectedSlug, heldOutSlug, heldOutTrace, Set.of());
    }

    boolean negative() {
        return expectedSlug == null;
    }

    /** Whether answering {@code slug} is right. */
    boolean accepts(String slug) {
        return slug != null && (slug.equals(expectedSlug) || alsoRight.contains(slug));
    }

    /** The rank (0-based) of the first right answer among {@code slugs}, or -1. */
    int rankIn(java.util.List<String> slugs) {
        for (int i = 0; i < slugs.size(); i++) {
            if (accepts(slugs.get(i))) {
                return i;
            }
        }
        return -1;
    }
}
