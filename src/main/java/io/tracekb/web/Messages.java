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

    @Message("Skip to content")
    String skip_to_content();

    @Message("Account")
    String account();

    @Message("New incident")
    String new_incident();

    @Message("Administration")
    String admin();

    @Message("Sign in")
    String sign_in();

    @Message("Sign out")
    String sign_out();

    @Message("Paste a stack trace or describe the error")
    String paste_label();

    @Message("The whole trace works best, including every \"Caused by:\". Free text is searched too. Pastes are not stored.")
    String paste_help();

    @Message("Find matching incidents")
    String paste_submit();

    @Message("Matching incidents")
    String results_heading();

    @Message("What TraceKB understood")
    String understood_heading();

    @Message("Root cause")
    String root_cause();

    @Message("Message template")
    String message_template();

    @Message("Exception chain (outermost first)")
    String exception_chain();

    @Message("Versions")
    String versions();

    @Message("Frames")
    String frame_count();

    @Message("No confident match.")
    String no_confident_match();

    @Message("These are the closest possible ones:")
    String closest_possible();

    @Message("Start a new incident from this trace")
    String start_incident_from_trace();

    @Message("not yet translated")
    String not_yet_translated();

    @Message("Score")
    String score();

    @Message("confident")
    String confident();

    @Message("possible")
    String possible();

    @Message("Why it matched")
    String why_heading();

    @Message("Copy")
    String copy();

    @Message("Copied")
    String copied();

    @Message("Your trace, with the frames it shares with this incident's sample traces highlighted")
    String trace_shared_frames_highlighted();

    @Message("Your trace (it shares no frame with this incident's sample traces)")
    String trace_no_shared_frames();

    @Message("produced by a real Flink (a failing job on a MiniCluster, TraceKB's bench)")
    String source_generated();

    @Message("Only the title is translated into {lang} so far.")
    String only_title_translated(String lang);

    @Message("Read the full text ({lang})")
    String read_full_text(String lang);

    @Message("Not found")
    String error_not_found_heading();

    @Message("There is no page at this address: the incident may have been archived, or it is not published yet.")
    String error_not_found_text();

    @Message("Not a page to open")
    String error_method_heading();

    @Message("This address takes a form sent from another page; it cannot be opened by itself.")
    String error_method_text();

    @Message("Not for your role")
    String error_forbidden_heading();

    @Message("You are signed in, but this page is for editors (or, for the administration page, for admins). Ask an admin for the role.")
    String error_forbidden_text();

    @Message("{count} more reasons")
    String more_reasons(int count);

    @Message("Applies to (shared: languages without their own note)")
    String applies_to_shared();

    @Message("This translation may be out of date: the original ({original}) was changed on {date}, in revision #{revision}.")
    String translation_stale(String original, String date, int revision);

    @Message("Read the original ({lang})")
    String read_original(String lang);

    @Message("Stale translations")
    String stale_translations();

    @Message("Translations written before their original last changed. Writing a translation again makes it current.")
    String stale_translations_help();

    @Message("Every translation is up to date.")
    String stale_translations_none();

    @Message("Original")
    String original();

    @Message("Since")
    String since();

    @Message("These translations may be out of date: {langs}.")
    String stale_in_editor(String langs);

    @Message("Preview for editors: the unpublished incident {slug} competes here as if it were published. Readers do not see it, and their pastes are not matched against it, until it is published.")
    String draft_preview(String slug);

    @Message("Try a trace against this incident before publishing it")
    String try_unpublished();

    @Message("What failed")
    String what_failed();

    @Message("Component")
    String component();

    @Message("First frame of your own code")
    String own_code_frame();

    @Message("Not in the knowledge base yet? Search the public reports for this failure:")
    String search_elsewhere();

    @Message("Fixes and reasons")
    String fixes_and_reasons();

    @Message("The paste is empty: paste a stack trace or describe the error.")
    String error_empty_paste();

    @Message("The paste is larger than 1 MiB. Keep the part from the first exception line to the last \"Caused by:\" and its frames.")
    String error_paste_too_large();

    @Message("User name")
    String username();

    @Message("Password")
    String password();

    @Message("Wrong user name or password.")
    String login_failed();

    @Message("Too many failed sign-ins. Try again in {seconds} seconds.")
    String login_throttled(long seconds);

    @Message("Editors and admins sign in here. Scripts and bots use HTTP Basic or an API token on /api/.")
    String login_help();

    @Message("Edit")
    String edit_incident();

    @Message("Saved as revision #{revision}.")
    String saved_revision(Long revision);

    @Message("Draft: not matched and not visible to readers until it is published.")
    String state_draft();

    @Message("Published: readers see it and pastes are matched against it.")
    String state_published();

    @Message("Archived: not matched and not listed; restore a revision to bring it back.")
    String state_archived();

    @Message("Publish")
    String publish();

    @Message("translation added")
    String translation_added();

    @Message("translation removed")
    String translation_removed();

    @Message("Someone else saved this incident in the meantime")
    String conflict_heading();

    @Message("Your edit started from revision #{basedOn}; the stored revision is now #{current}. Their changes are shown below. Your input is kept in the form: merge what you need and save again (the next save replaces revision #{current}).")
    String conflict_explained(int basedOn, int current);

    @Message("Nothing was saved; please correct these fields:")
    String form_has_errors();

    @Message("Revision history")
    String revision_history();

    @Message("View page")
    String view_page();

    @Message("Save")
    String save();

    @Message("Incident")
    String incident();

    @Message("Slug (address)")
    String slug();

    @Message("Lower-case letters, digits and hyphens, e.g. flink-memory-state-too-large.")
    String slug_help();

    @Message("Product")
    String product();

    @Message("Tags")
    String tags();

    @Message("Separated by commas.")
    String tags_help();

    @Message("Status")
    String status();

    @Message("Draft (editors only)")
    String status_draft();

    @Message("Published")
    String status_published();

    @Message("Archived")
    String status_archived();

    @Message("Original language")
    String original_language();

    @Message("Translations")
    String translations();

    @Message("Title")
    String title();

    @Message("Summary")
    String summary();

    @Message("Body (Markdown)")
    String body_markdown();

    @Message("Description (Markdown)")
    String description();

    @Message("Snippet (configuration or code)")
    String snippet();

    @Message("Snippet language (yaml, java, shell...)")
    String snippet_language();

    @Message("Move up")
    String move_up();

    @Message("Move down")
    String move_down();

    @Message("Remove this fix")
    String remove_fix();

    @Message("Add a fix")
    String add_fix();

    @Message("Stack trace, as pasted")
    String trace_text();

    @Message("Parsed signature")
    String parsed_signature();

    @Message("No stack trace recognised in this text.")
    String no_trace_found();

    @Message("{count} frames")
    String frames_n(int count);

    @Message("Preview")
    String preview();

    @Message("Remove this trace")
    String remove_trace();

    @Message("Add a sample trace")
    String add_trace();

    @Message("Archive")
    String archive();

    @Message("It stops being listed and matched; every revision is kept and it can be restored.")
    String archive_help();

    @Message("Revisions, newest first. Pick two to compare.")
    String revisions_caption();

    @Message("From")
    String diff_from();

    @Message("To")
    String diff_to();

    @Message("Author")
    String author();

    @Message("When")
    String when();

    @Message("Change")
    String change();

    @Message("Restore")
    String restore();

    @Message("Compare")
    String compare();

    @Message("Changes from revision {from} to revision {to}")
    String diff_heading(int from, int to);

    @Message("Permalink")
    String permalink();

    @Message("Did this help?")
    String did_this_help();

    @Message("Yes")
    String feedback_yes();

    @Message("No")
    String feedback_no();

    @Message("Thank you for your feedback.")
    String feedback_thanks();

    @Message("Readers' answers (editors only): {helpful} helpful, {notHelpful} not helpful.")
    String feedback_counts(long helpful, long notHelpful);

    @Message("Users")
    String users();

    @Message("Users and their roles")
    String users_caption();

    @Message("Role")
    String role();

    @Message("State")
    String state();

    @Message("disabled")
    String disabled();

    @Message("enabled")
    String enabled();

    @Message("Change role")
    String change_role();

    @Message("Enable")
    String enable();

    @Message("Disable")
    String disable();

    @Message("New password")
    String new_password();

    @Message("Set password")
    String set_password();

    @Message("Create user")
    String create_user();

    @Message("API tokens")
    String api_tokens();

    @Message("API tokens, newest first")
    String tokens_caption();

    @Message("Name")
    String token_name();

    @Message("Acts as user")
    String token_owner();

    @Message("The new token is shown only this once; copy it now. TraceKB keeps only its hash.")
    String token_created();

    @Message("revoked")
    String revoked();

    @Message("active")
    String active();

    @Message("Revoke")
    String revoke();

    @Message("Create token")
    String create_token();

    @Message("Unmatched pastes (what to write next)")
    String backlog();

    @Message("Signatures of pastes without a confident match, grouped by root cause, most frequent first. Pastes themselves are never stored.")
    String backlog_help();

    @Message("Nothing yet: every paste so far found a confident match.")
    String backlog_empty();

    @Message("Pastes")
    String pastes();

    @Message("{count} pastes")
    String pastes_n(long count);

    @Message("Last seen")
    String last_seen();

    @Message("The form has expired")
    String form_expired_heading();

    @Message("This form was open too long or came from another site, so it was not accepted. Go back (your input is still there), reload the page if needed, and submit again.")
    String form_expired_text();

    @Message("frames")
    String frames_unit();

    @Message("Too many searches from your address in the last minute. Your paste is kept: wait a moment and submit again.")
    String error_rate_limited();
}
