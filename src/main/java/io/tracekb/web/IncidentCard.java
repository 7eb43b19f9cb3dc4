package io.tracekb.web;

import java.util.List;

/** One line of the incident list: title and summary in the chosen language, and the languages it exists in. */
public record IncidentCard(String slug, String product, String lang, String title, String summary,
        List<String> languages, List<String> tags) {
}
