package io.tracekb.incident;

/** Fired inside the saving transaction; observers that act after commit see only saves that stuck. */
public record IncidentSaved(long id, long version, IncidentData data) {
}
