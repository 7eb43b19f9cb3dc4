package io.tracekb.web;

import io.quarkus.security.identity.SecurityIdentity;
import io.tracekb.security.Identities;
import io.tracekb.security.Role;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;

/** Who is looking at a page, for templates ({@code inject:viewer}): signed in or not, and as what. */
@Named("viewer")
@RequestScoped
public class Viewer {

    @Inject
    SecurityIdentity identity;

    public boolean isSignedIn() {
        return role() != null;
    }

    public String getName() {
        return isSignedIn() ? identity.getPrincipal().getName() : null;
    }

    public boolean isEditor() {
        Role role = role();
        return role != null && role.includes(Role.EDITOR);
    }

    public boolean isAdmin() {
        return role() == Role.ADMIN;
    }

    Role role() {
        return Identities.roleOf(identity);
    }
}
