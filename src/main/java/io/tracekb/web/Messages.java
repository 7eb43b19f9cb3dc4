package io.tracekb.web;

import io.quarkus.qute.i18n.Message;
import io.quarkus.qute.i18n.MessageBundle;

/** Page labels; translations in messages/msg_ja.properties and messages/msg_zh.properties. */
@MessageBundle(value = "msg", locale = "en")
public interface Messages {

    @Message("TraceKB")
    String app_name();

    @Message("Known incidents")
    String home_heading();

    @Message("Incidents written up from real failures, with their stack traces and fixes.")
    String home_intro();

    @Message("No incidents yet.")
    String home_empty();

    @Message("Languages")
    String languages();

    @Message("Affected versions")
    String affected_versions();

    @Message("Fixes")
    String fixes();

    @Message("Applies to")
    String applies_to();

    @Message("File")
    String file();

    @Message("Sample stack traces")
    String sample_traces();

    @Message("Source")
    String source();

    @Message("Not available in the requested language; showing {lang}.")
    String language_missing(String lang);

    @Message("All incidents")
    String back_to_list();

    @Message("API documentation")
    String api_docs();
}
