package io.tracekb.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The first start creates 'admin'; a generated password is logged exactly once, a configured one never. */
class AdminBootstrapTest {

    /** Stands in for the database: remembers the users created. */
    static class FakeUsers extends UserService {
        final List<String> passwords = new ArrayList<>();

        @Override
        public long count() {
            return passwords.size();
        }

        @Override
        boolean createFirstAdmin(String password) {
            if (!passwords.isEmpty()) {
                return false;
            }
            passwords.add(password);
            return true;
        }
    }

    final List<String> logged = new ArrayList<>();
    final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            String message = record.getMessage();
            if (record.getParameters() != null && record.getParameters().length > 0) {
                message = String.format(message.replace("%n", "\n"), record.getParameters());
            }
            logged.add(message);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    final Logger logger = Logger.getLogger(AdminBootstrap.class.getName());

    @BeforeEach
    void listen() {
        logger.addHandler(capture);
    }

    @AfterEach
    void stopListening() {
        logger.removeHandler(capture);
    }

    static AdminBootstrap bootstrap(FakeUsers users, String configured) {
        AdminBootstrap b = new AdminBootstrap();
        b.users = users;
        b.adminPassword = Optional.ofNullable(configured);
        return b;
    }

    @Test
    void aGeneratedPasswordIsLoggedOnceAndNeverAgain() {
        FakeUsers users = new FakeUsers();

        bootstrap(users, null).onStart(null);
        bootstrap(users, null).onStart(null);

        assertThat(users.passwords).hasSize(1);
        String password = users.passwords.get(0);
        assertThat(password).hasSizeGreaterThanOrEqualTo(20);
        assertThat(logged.stream().filter(m -> m.contains(password))).hasSize(1);
        assertThat(String.join("\n", logged)).contains("shown only this once")
                // issue 21, item 14: the page where it is changed, not only the API
                .contains("on the admin page (/admin, \"Set password\"");
    }

    @Test
    void aConfiguredPasswordIsUsedAndNeverLogged() {
        FakeUsers users = new FakeUsers();

        bootstrap(users, "from-the-environment").onStart(null);

        assertThat(users.passwords).containsExactly("from-the-environment");
        assertThat(String.join("\n", logged)).doesNotContain("from-the-environment").contains("KB_ADMIN_PASSWORD");
    }

    @Test
    void nothingHappensWhenUsersExist() {
        FakeUsers users = new FakeUsers();
        users.passwords.add("someone");

        bootstrap(users, "ignored-now").onStart(null);

        assertThat(users.passwords).containsExactly("someone");
        assertThat(logged).isEmpty();
    }
}
