package io.tracekb.incident;

/** A save was based on an older version than the stored one: someone saved in between. Nothing was written. */
public class StaleVersionException extends RuntimeException {
    private final long currentVersion;

    public StaleVersionException(String slug, long basedOn, long currentVersion) {
        super("Incident '" + slug + "' was saved by someone else in the meantime: this edit is based on version "
                + basedOn + " but the current version is " + currentVersion + ". Reload, merge and save again.");
        this.currentVersion = currentVersion;
    }

    public long currentVersion() {
        return currentVersion;
    }
}
