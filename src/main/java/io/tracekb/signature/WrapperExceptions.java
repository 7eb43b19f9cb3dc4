package io.tracekb.signature;

import io.tracekb.trace.ParsedException;

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

    private WrapperExceptions() {
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
