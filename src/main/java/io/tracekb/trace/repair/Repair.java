package io.tracekb.trace.repair;

/**
 * The kinds of damage that pasting does to a trace, in the order {@link PasteRepair} undoes them; their names are
 * reported in {@code ParseResult.repairs()} and in the REST API's {@code REPAIRED_DAMAGE} hint.
 */
public enum Repair {
    /** CRLF or CR line ends ({@link LineEndings}). */
    LINE_ENDINGS,
    /** A web page's or JIRA export's {@code <p>}, {@code <br/>}, {@code <span>} tags ({@link HtmlMarkup}). */
    HTML_MARKUP,
    /** {@code &lt;init&gt;} ({@link HtmlEntities}). */
    HTML_ENTITIES,
    /** "\n\tat " inside a JSON string ({@link JsonEscapes}). */
    JSON_ESCAPES,
    /** A mail reply's "> " or a Markdown "#### " before trace lines ({@link QuoteMarkers}). */
    QUOTE_MARKERS,
    /** Timestamp / level / thread / logger before each line ({@link LogLinePrefixes}); normal in logs, not damage. */
    LOG_PREFIXES,
    /** A whole trace on one line ({@link FlattenedTrace}). */
    FLATTENED,
    /** Frame, header, thread-header and lock lines broken by a chat client or a narrow window ({@link WrappedLines}). */
    WRAPPED_LINES,
    /** Empty lines between frames ({@link BlankLinesInTrace}). */
    BLANK_LINES_IN_TRACE
}
