package io.tracekb.signature;

import java.util.Set;

/** Frames that occur in nearly every trace and so say almost nothing about the failure. */
public final class UbiquitousFrames {
    private static final Set<String> EXACT = Set.of(
            "java.lang.Thread.run", "java.lang.Thread.runWith", "java.lang.VirtualThread.run",
            "java.util.concurrent.ThreadPoolExecutor.runWorker", "java.util.concurrent.ThreadPoolExecutor$Worker.run",
            "java.util.concurrent.FutureTask.run", "java.util.concurrent.FutureTask.runAndReset",
            "java.util.concurrent.Executors$RunnableAdapter.call",
            "java.util.concurrent.ScheduledThreadPoolExecutor$ScheduledFutureTask.run",
            "java.util.concurrent.ScheduledThreadPoolExecutor$ScheduledFutureTask.access$",
            "java.util.concurrent.ForkJoinTask.doExec", "java.util.concurrent.ForkJoinPool.runWorker",
            "java.util.concurrent.ForkJoinPool$WorkQueue.runTask", "java.util.concurrent.ForkJoinPool.scan",
            "java.util.concurrent.ForkJoinWorkerThread.run", "java.lang.reflect.Method.invoke",
            "java.lang.reflect.Constructor.newInstance", "java.lang.reflect.Constructor.newInstanceWithCaller",
            "kotlin.coroutines.jvm.internal.BaseContinuationImpl.resumeWith", "kotlinx.coroutines.DispatchedTask.run",
            "io.netty.util.concurrent.FastThreadLocalRunnable.run",
            "io.netty.util.internal.ThreadExecutorMap$2.run",
            "io.netty.util.concurrent.SingleThreadEventExecutor$4.run");
    private static final String[] PREFIXES = {"sun.reflect.", "java.lang.invoke.", "$Proxy.", "_COROUTINE.",
            "org.junit.", "junit.framework.", "junit.textui.", "org.apache.maven.surefire.",
            "org.apache.maven.plugin.surefire.", "org.gradle.", "com.intellij.rt.", "org.testng.",
            "kotlinx.coroutines.scheduling.", "kotlinx.coroutines.EventLoop", "org.eclipse.jdt.internal.junit"};

    private UbiquitousFrames() {
    }

    private static final String[][] PREFIXES_BY_CHAR = FrameClassifier.byFirstChar(PREFIXES);

    public static boolean isUbiquitous(String key) {
        if (FrameClassifier.startsWithAny(key, PREFIXES_BY_CHAR)) return true;
        if (key.indexOf("$$") >= 0) {
            int dot = key.lastIndexOf('.');
            String cls = dot > 0 ? key.substring(0, dot) : key;
            if (cls.endsWith("$$Lambda") || cls.contains("$$Lambda$") || cls.endsWith("$$FastClassBySpringCGLIB")) {
                return true;
            }
        }
        return EXACT.contains(key);
    }
}
