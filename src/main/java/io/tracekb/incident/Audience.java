package io.tracekb.incident;

import java.util.EnumSet;
import java.util.Set;

/**
 * The one visibility rule, applied by every read path (API, pages, revisions, match): a draft is work in
 * progress that editors see; to anyone else it does not exist, so they get the same 404 as for an unknown slug.
 */
public enum Audience {
    EDITORS, PUBLIC;

    public static Audience of(boolean editor) {
        return editor ? EDITORS : PUBLIC;
    }

    public boolean sees(IncidentStatus status) {
        return this == EDITORS || status != IncidentStatus.DRAFT;
    }

    /** What a list shows this audience when it asks for no status: drafts too for editors, never archived. */
    public Set<IncidentStatus> listedByDefault() {
        return this == EDITORS ? EnumSet.of(IncidentStatus.DRAFT, IncidentStatus.PUBLISHED)
                : EnumSet.of(IncidentStatus.PUBLISHED);
    }
}
