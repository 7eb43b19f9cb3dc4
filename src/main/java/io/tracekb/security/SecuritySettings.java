package io.tracekb.security;

import jakarta.annotation.PostConstruct;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Security switches read at start. */
@Singleton
public class SecuritySettings {

    @ConfigProperty(name = "kb.security.require-auth-for-reads", defaultValue = "false")
    boolean configuredRequireAuthForReads;

    private volatile boolean requireAuthForReads;

    @PostConstruct
    void init() {
        requireAuthForReads = configuredRequireAuthForReads;
    }

    /** When true, reads and match under /api/ need a reader (user or token); anonymous callers get 401. */
    public boolean requireAuthForReads() {
        return requireAuthForReads;
    }

    /** For tests, which share one application start and cannot restart it with another setting. */
    public void setRequireAuthForReads(boolean value) {
        this.requireAuthForReads = value;
    }
}
