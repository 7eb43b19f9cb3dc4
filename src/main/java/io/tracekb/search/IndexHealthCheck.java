package io.tracekb.search;

import jakarta.inject.Inject;
import java.time.Instant;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness of the search index: DOWN while it cannot be written or misses saves of the database, with the
 * reason, so that a full disk under the index shows up where operators look (matching still answers meanwhile).
 */
@Readiness
public class IndexHealthCheck implements HealthCheck {

    static final String NAME = "Search index";

    @Inject
    IndexSynchronizer searchIndex;

    @Inject
    IndexCatchUp catchUp;

    /**
     * Readiness is open to load balancers: by default it says only up or down and, when down, why in a few words.
     * The index path, size and error text are for operators who turn this on (kb.monitoring.details).
     */
    @org.eclipse.microprofile.config.inject.ConfigProperty(name = "kb.monitoring.details", defaultValue = "false")
    boolean details;

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder health = HealthCheckResponse.named(NAME);
        LuceneIndex index = searchIndex.index();
        if (index == null) {
            return health.down().withData("reason", "not opened yet").build();
        }
        if (details) {
            health.withData("path", index.path().toAbsolutePath().toString());
        }
        boolean up = true;
        var failure = index.failure();
        if (failure.isPresent()) {
            up = false;
            health.withData("reason", "writing the index fails");
            if (details) {
                health.withData("error", failure.get().message()).withData("failingSince", failure.get().since().toString());
            }
        }
        Instant behind = catchUp.behindSince();
        if (behind != null) {
            up = false;
            health.withData("reason", "behind the database");
            if (details) {
                health.withData("behindDatabaseSince", behind.toString());
            }
        }
        if (up && details) {
            health.withData("documents", index.size());
        }
        return health.status(up).build();
    }
}
