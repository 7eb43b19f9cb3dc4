package io.tracekb.api;

import java.util.List;

/** A page of {@code GET /api/v1/articles}: {@code page} counts from 0; {@code total} counts every match. */
public record ArticlePage(List<ArticleSummary> items, int page, int size, long total) {
}
