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
public class SearchIndexHealthCheck implements HealthCheck {

    static final String NAME = "Search index";

    @Inject
    SearchIndex searchIndex;

    @Inject
    IndexCatchUp catchUp;

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder health = HealthCheckResponse.named(NAME);
        TraceIndex index = searchIndex.index();
        if (index == null) {
            return health.down().withData("reason", "not opened yet").build();
        }
        health.withData("path", index.path().toAbsolutePath().toString());
        boolean up = true;
        var failure = index.failure();
        if (failure.isPresent()) {
            up = false;
            health.withData("error", failure.get().message()).withData("failingSince", failure.get().since().toString());
        }
        Instant behind = catchUp.behindSince();
        if (behind != null) {
            up = false;
            health.withData("behindDatabaseSince", behind.toString());
        }
        if (up) {
            health.withData("documents", index.size());
        }
        return health.status(up).build();
    }
}
