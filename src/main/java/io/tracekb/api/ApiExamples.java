package io.tracekb.api;

/** JSON examples for the OpenAPI document (shown in Swagger UI). */
final class ApiExamples {

    private ApiExamples() {
    }

    static final String ARTICLE_WRITE = """
            {
              "slug": "flink-memory-state-too-large",
              "product": "flink",
              "tags": ["checkpointing", "state"],
              "affectedVersions": "1.5-1.13",
              "status": "published",
              "translations": {
                "en": { "title": "Checkpoint fails: state larger than the MemoryStateBackend allows",
                        "summary": "The JobManager heap state backend caps state at 5 MiB.",
                        "body": "Switch to the filesystem or RocksDB backend.", "original": true },
                "ja": { "title": "MemoryStateBackend の上限を超えてチェックポイントが失敗する",
                        "summary": "状態が 5 MiB を超えています。", "body": "filesystem か RocksDB を使います。" }
              },
              "fixes": [ { "snippet": "state.backend: filesystem", "snippetLanguage": "yaml", "file": "flink-conf.yaml",
                           "texts": { "en": { "title": "Use the filesystem state backend",
                                              "description": "Then restart the job." } } } ],
              "sampleTraces": [ { "text": "java.io.IOException: Size of the state is larger than the maximum permitted memory-backed state. Size=5244975 , maxSize=5242880\\n\\tat org.apache.flink.runtime.state.memory.MemCheckpointStreamFactory.checkSize(MemCheckpointStreamFactory.java:61)" } ]
            }""";

    static final String ARTICLE_PUT = """
            {
              "version": 3,
              "message": "clarified the fix",
              "slug": "flink-memory-state-too-large",
              "product": "flink",
              "tags": ["checkpointing"],
              "status": "published",
              "translations": { "en": { "title": "Checkpoint fails: state too large", "body": "Use RocksDB." } },
              "fixes": [],
              "sampleTraces": [ { "text": "java.io.IOException: Size of the state is larger than the maximum permitted memory-backed state." } ]
            }""";

    static final String ARTICLE = """
            {
              "id": 3, "slug": "flink-memory-state-too-large", "product": "flink", "tags": ["checkpointing"],
              "affectedVersions": "1.5-1.13", "status": "published",
              "translations": { "en": { "title": "Checkpoint fails: state too large", "summary": "…",
                                        "body": "markdown", "original": true } },
              "fixes": [ { "snippet": "state.backend: filesystem", "snippetLanguage": "yaml", "file": "flink-conf.yaml",
                           "texts": { "en": { "title": "Use the filesystem state backend", "description": "…" } } } ],
              "sampleTraces": [ { "id": 9, "text": "java.io.IOException: Size of the state is larger than …" } ],
              "version": 7, "updatedAt": "2026-11-30T10:00:00Z"
            }""";

    static final String PAGE = """
            {
              "items": [ { "id": 3, "slug": "flink-memory-state-too-large", "product": "flink", "tags": ["checkpointing"],
                           "status": "published", "lang": "en", "title": "Checkpoint fails: state too large",
                           "summary": "…", "languages": ["en", "ja", "zh"], "version": 7,
                           "updatedAt": "2026-11-30T10:00:00Z", "url": "/articles/flink-memory-state-too-large?lang=en" } ],
              "page": 0, "size": 20, "total": 1
            }""";

    static final String REVISIONS = """
            [ { "number": 1, "version": 0, "author": "alice", "message": "created", "createdAt": "2026-11-30T09:00:00Z" },
              { "number": 2, "version": 1, "author": "bob", "message": "updated", "createdAt": "2026-11-30T10:00:00Z" } ]""";

    static final String REVISION = """
            { "number": 1, "version": 0, "author": "alice", "message": "created", "createdAt": "2026-11-30T09:00:00Z",
              "snapshot": { "slug": "flink-memory-state-too-large", "product": "flink", "tags": ["checkpointing"],
                            "status": "published", "translations": { "en": { "title": "…", "body": "…" } },
                            "fixes": [], "sampleTraces": [ { "text": "java.io.IOException: …" } ] } }""";

    static final String VERSION = """
            { "version": 7 }""";

    static final String INVALID = """
            { "type": "https://tracekb.io/problems/invalid-incident", "title": "The incident is not valid", "status": 400,
              "detail": "2 field(s) are invalid",
              "errors": [ { "field": "slug", "message": "is required" },
                          { "field": "translations.en.title", "message": "is required" } ] }""";

    static final String CONFLICT = """
            { "type": "https://tracekb.io/problems/stale-version", "title": "Edited by someone else in the meantime",
              "status": 409, "detail": "… based on version 6 but the current version is 7 …", "currentVersion": 7 }""";

    static final String NOT_FOUND = """
            { "type": "https://tracekb.io/problems/not-found", "title": "Not found", "status": 404,
              "detail": "No incident with slug 'no-such-incident'" }""";

    static final String UNAUTHORIZED = """
            { "type": "https://tracekb.io/problems/unauthorized", "title": "Unauthorized", "status": 401,
              "detail": "Sign in with HTTP Basic or send Authorization: Bearer <token>" }""";

    static final String FORBIDDEN = """
            { "type": "https://tracekb.io/problems/forbidden", "title": "Forbidden", "status": 403,
              "detail": "This needs the role editor" }""";

    static final String DATABASE_UNAVAILABLE = """
            { "type": "https://tracekb.io/problems/database-unavailable", "title": "Database unavailable",
              "status": 503, "detail": "The database cannot be reached right now, so this request could not be \
            completed. Matching still works. Retry in a few seconds.", "retryAfter": 5 }""";

    static final String USER_CREATE = """
            { "username": "alice", "password": "a long passphrase", "role": "editor" }""";

    static final String USER_PATCH = """
            { "role": "admin", "password": "another long passphrase", "disabled": false }""";

    static final String USER = """
            { "id": 2, "username": "alice", "role": "editor", "disabled": false, "createdAt": "2026-11-30T09:00:00Z" }""";

    static final String USERS = "[ " + USER + " ]";

    static final String TOKEN_CREATE = """
            { "name": "slack bot", "role": "reader", "username": "alice" }""";

    static final String MY_TOKEN_CREATE = """
            { "name": "import script", "role": "editor" }""";

    static final String TOKEN_CREATED = """
            { "id": 5, "name": "slack bot", "role": "reader", "username": "alice", "createdAt": "2026-11-30T09:00:00Z",
              "token": "tkb_q3Jx0cV0Hk8dW2yq1sZ6p4o7nYb9fT5aL0eRgUiMv2w" }""";

    static final String TOKEN = """
            { "id": 5, "name": "slack bot", "role": "reader", "username": "alice", "createdAt": "2026-11-30T09:00:00Z",
              "lastUsedAt": "2026-11-30T09:30:00Z", "revokedAt": null }""";

    static final String TOKENS = "[ " + TOKEN + " ]";

    static final String ME = """
            { "username": "alice", "role": "editor", "via": "password" }""";
}
