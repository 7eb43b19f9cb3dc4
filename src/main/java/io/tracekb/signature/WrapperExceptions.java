package io.tracekb.signature;

import io.tracekb.trace.ParsedException;

import java.util.List;
import java.util.Map;
import java.util.Set;

/** Exceptions that wrap their cause and rarely name the failure themselves. */
public final class WrapperExceptions {
    private static final Set<String> ALWAYS = Set.of(
            "java.util.concurrent.ExecutionException",
            "java.util.concurrent.CompletionException",
            "java.lang.reflect.InvocationTargetException",
            "java.lang.reflect.UndeclaredThrowableException",
            "java.security.PrivilegedActionException",
            "org.apache.flink.runtime.taskmanager.AsynchronousException",
            "org.apache.flink.util.WrappingRuntimeException",
            "org.apache.flink.util.SerializedThrowable",
            "org.apache.flink.runtime.rpc.exceptions.RpcException",
            "com.google.common.util.concurrent.UncheckedExecutionException",
            "com.google.common.util.concurrent.ExecutionError",
            "org.junit.platform.commons.PreconditionViolationException",
            "py4j.protocol.Py4JJavaError",
            "System.AggregateException",
            "System.Reflection.TargetInvocationException");
    /** Generic types that are wrappers when they have a cause. */
    private static final Set<String> WITH_CAUSE = Set.of(
            "org.apache.flink.util.FlinkException",
            "org.apache.flink.util.FlinkRuntimeException",
            "org.apache.flink.runtime.JobException",
            "org.apache.flink.runtime.client.JobExecutionException",
            "org.apache.flink.runtime.checkpoint.CheckpointException",
            "java.lang.RuntimeException",
            "java.lang.Exception",
            "java.lang.Error",
            "java.lang.IllegalStateException",
            "java.io.UncheckedIOException",
            "javax.servlet.ServletException",
            "jakarta.servlet.ServletException");

    /**
     * Exceptions that only ever report another failure, by type and the start of their message ("" = any): when
     * one of them is the last of a paste's chain, the cause that names the failure was cut off. A table, so that
     * each entry is one reviewed decision.
     */
    private static final List<Map.Entry<String, String>> ONLY_REPORT_A_CAUSE = List.of(
            Map.entry("org.apache.flink.runtime.JobException", "Recovery is suppressed by"),
            Map.entry("org.apache.flink.runtime.client.JobExecutionException", "Job execution failed"),
            Map.entry("org.apache.flink.table.api.TableException", "Failed to execute sql"),
            Map.entry("org.apache.flink.util.FlinkException", "Global failure triggered by OperatorCoordinator"),
            Map.entry("org.apache.flink.streaming.runtime.tasks.ExceptionInChainedOperatorException",
                    "Could not forward element to next operator"),
            Map.entry("java.util.concurrent.ExecutionException", ""),
            Map.entry("java.util.concurrent.CompletionException", ""),
            Map.entry("java.lang.reflect.InvocationTargetException", ""),
            Map.entry("java.lang.reflect.UndeclaredThrowableException", ""));

    private WrapperExceptions() {
    }

    /**
     * Why the cause of {@code last}, the last exception of a chain, must have been cut off (null when nothing says
     * so): it is one of the exceptions that only report another failure, and its message does not name that
     * failure (an empty-prefix entry counts only with an empty message; one naming "x.Y: msg" carries its cause).
     */
    public static String causeCutOff(ParsedException last) {
        return last == null ? null : causeCutOff(last.type(), last.message());
    }

    /**
     * The same for an exception known by its type and message (or message template). A message that is the
     * toString of such an exception ("java.lang.Exception: …ExceptionInChainedOperatorException: Could not forward
     * …") counts as that exception: it is all the trace says.
     */
    public static String causeCutOff(String type, String message) {
        if (type == null) return null;
        String msg = message == null ? "" : message.strip();
        for (Map.Entry<String, String> e : ONLY_REPORT_A_CAUSE) {
            boolean reports = e.getValue().isEmpty() ? msg.isEmpty() : msg.startsWith(e.getValue());
            if (e.getKey().equals(type) && reports) {
                return type + " only reports a failure whose cause is not in the paste";
            }
            if (!e.getValue().isEmpty() && msg.startsWith(e.getKey() + ": " + e.getValue())) {
                return type + " only repeats " + e.getKey() + ", which reports a failure whose cause is not in the paste";
            }
        }
        return null;
    }

    /**
     * Why {@code e} is a wrapper of {@code cause} (null when it is not, or when there is no cause). A type from the
     * always-list, a generic type that has a cause and whose message is empty or repeats the cause, or any exception
     * whose message is the cause's toString ("x.Y: msg").
     */
    public static String reason(ParsedException e, ParsedException cause) {
        if (e == null || e.type() == null || cause == null) return null;
        if (ALWAYS.contains(e.type())) return "wrapper exception";
        String msg = e.message() == null ? "" : e.message().strip();
        if (cause.type() != null && (msg.startsWith(cause.type() + ":") || msg.equals(cause.type()))) {
            return "wrapper exception (message is the cause's toString)";
        }
        if (WITH_CAUSE.contains(e.type())) {
            if (msg.isEmpty()) return "wrapper exception";
            if (cause.message() != null && msg.equals(cause.message().strip())) return "wrapper exception (repeats cause)";
            if (e.type().startsWith("org.apache.flink.")) return "wrapper exception";
        }
        return null;
    }
}
