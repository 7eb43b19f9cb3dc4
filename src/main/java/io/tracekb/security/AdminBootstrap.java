package io.tracekb.security;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * On a start with no users at all, creates {@code admin} with the password of {@code kb.admin-password}
 * ({@code KB_ADMIN_PASSWORD}), or with a generated one that is logged exactly this once.
 */
@Singleton
public class AdminBootstrap {

    private static final Logger LOG = Logger.getLogger(AdminBootstrap.class);

    @ConfigProperty(name = "kb.admin-password")
    Optional<String> adminPassword;

    @Inject
    UserService users;

    void onStart(@Observes StartupEvent event) {
        if (users.count() > 0) {
            return;
        }
        boolean generated = adminPassword.filter(p -> !p.isBlank()).isEmpty();
        String password = generated ? generatePassword() : adminPassword.get();
        boolean created;
        try {
            created = users.createFirstAdmin(password);
        } catch (RuntimeException e) {
            // Another instance on the same database was first (unique user name); its admin stands.
            LOG.debugf(e, "The first admin was created concurrently by another instance");
            created = false;
        }
        if (!created) {
            return;
        }
        if (generated) {
            LOG.warnf("%n%n===================== TraceKB first start =====================%n"
                    + "Created user 'admin' with the generated password:%n%n    %s%n%n"
                    + "It is shown only this once. Sign in and change it: on the admin page (/admin, \"Set password\"%n"
                    + "in the admin's row) or with PATCH /api/v1/admin/users/admin;%n"
                    + "or set KB_ADMIN_PASSWORD before the first start next time.%n"
                    + "==============================================================%n", password);
        } else {
            if (password.length() < 8) {
                LOG.warn("KB_ADMIN_PASSWORD is shorter than 8 characters; change the admin password soon");
            }
            LOG.info("Created user 'admin' with the password from KB_ADMIN_PASSWORD (kb.admin-password)");
        }
    }

    private static String generatePassword() {
        byte[] bytes = new byte[18];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
