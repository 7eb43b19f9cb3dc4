package io.tracekb.bench;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.layout.PatternLayout;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Keeps the WARN/ERROR events Flink logs (JobManager and TaskManager run in this JVM) so a scenario can take a log
 * line with its exception as the JobManager log would show it. The text is rendered by log4j with Flink's default
 * pattern ({@code conf/log4j.properties}: {@code %d{yyyy-MM-dd HH:mm:ss,SSS} %-5p %-60c %x - %m%n}); the throwable
 * is appended by log4j itself. Nothing is edited. {@link #await} only looks at events with an exception;
 * {@link #renderFrom} returns all WARN/ERROR events in log order (e.g. ZooKeeper connection state changes, which
 * Flink logs without one).
 */
final class LogCapture extends AbstractAppender {

    static final String FLINK_PATTERN = "%d{yyyy-MM-dd HH:mm:ss,SSS} %-5p %-60c %x - %m%n";

    private static LogCapture instance;
    private final List<LogEvent> events = new ArrayList<>();

    private LogCapture() {
        super("tracekb-capture", null, PatternLayout.newBuilder().withPattern(FLINK_PATTERN).build(), true,
                Property.EMPTY_ARRAY);
    }

    static synchronized void install() {
        if (instance != null) {
            return;
        }
        LoggerContext ctx = (LoggerContext) LogManager.getContext(false);
        instance = new LogCapture();
        instance.start();
        ctx.getConfiguration().getRootLogger().addAppender(instance, Level.WARN, null);
        ctx.updateLoggers();
    }

    @Override
    public void append(LogEvent event) {
        synchronized (events) {
            events.add(event.toImmutable());
        }
    }

    static void clear() {
        synchronized (instance.events) {
            instance.events.clear();
        }
    }

    /** The number of events kept so far (a mark for {@link #renderFrom}). */
    static int mark() {
        synchronized (instance.events) {
            return instance.events.size();
        }
    }

    /** All events kept since {@code mark}, with or without an exception, rendered in log order. */
    static String renderFrom(int mark) {
        StringBuilder sb = new StringBuilder();
        synchronized (instance.events) {
            for (LogEvent e : instance.events.subList(Math.min(mark, instance.events.size()),
                    instance.events.size())) {
                sb.append(instance.getLayout().toSerializable(e));
            }
        }
        return sb.toString();
    }

    /** Waits up to {@code timeoutMs} for an event whose rendered text matches; returns the rendering or null. */
    static String await(Predicate<String> match, long timeoutMs) throws InterruptedException {
        long end = System.currentTimeMillis() + timeoutMs;
        while (System.currentTimeMillis() < end) {
            synchronized (instance.events) {
                for (LogEvent e : instance.events) {
                    if (e.getThrown() == null) {
                        continue;
                    }
                    String text = instance.getLayout().toSerializable(e).toString();
                    if (match.test(text)) {
                        return text;
                    }
                }
            }
            Thread.sleep(100);
        }
        return null;
    }
}
