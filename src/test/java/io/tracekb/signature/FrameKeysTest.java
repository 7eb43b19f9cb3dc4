package io.tracekb.signature;

import io.tracekb.trace.StackFrame;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class FrameKeysTest {
    private static StackFrame f(String cls, String method) {
        return new StackFrame(cls, method, "X.java", 12, null, "x-1.0.jar", "1.0", false, false, "at …");
    }

    @ParameterizedTest
    @CsvSource({
            "org.apache.flink.streaming.runtime.tasks.StreamTask$$Lambda$615/1465249724, runDefaultAction, org.apache.flink.streaming.runtime.tasks.StreamTask$$Lambda.runDefaultAction",
            "org.eclipse.ui.internal.JFaceUtil$$Lambda$107/0x00000008013c5c40, run, org.eclipse.ui.internal.JFaceUtil$$Lambda.run",
            "a.B$$Lambda/0x0000000800c3b1f8, apply, a.B$$Lambda.apply",
            "org.apache.flink.runtime.taskexecutor.TaskManagerRunner, lambda$runTaskManagerProcessSecurely$3, org.apache.flink.runtime.taskexecutor.TaskManagerRunner.lambda$runTaskManagerProcessSecurely",
            "sun.reflect.GeneratedMethodAccessor123, invoke, sun.reflect.GeneratedMethodAccessor.invoke",
            "jdk.internal.reflect.GeneratedConstructorAccessor45, newInstance, sun.reflect.GeneratedConstructorAccessor.newInstance",
            "sun.reflect.GeneratedSerializationConstructorAccessor7, newInstance, sun.reflect.GeneratedSerializationConstructorAccessor.newInstance",
            "com.sun.proxy.$Proxy34, switchTo, $Proxy.switchTo",
            "jdk.proxy2.$Proxy12, call, $Proxy.call",
            "com.acme.Service$$EnhancerBySpringCGLIB$$a1b2c3, save, com.acme.Service$$EnhancerBySpringCGLIB.save",
            "com.acme.Service$$FastClassBySpringCGLIB$$9f8e7d, invoke, com.acme.Service$$FastClassBySpringCGLIB.invoke",
            "com.acme.Entity_$$_javassist_12, getId, com.acme.Entity_$$_javassist.getId",
            "com.acme.Entity$$_jvst4a1_0, getId, com.acme.Entity$$_jvst.getId",
            "com.acme.Repo$ByteBuddy$abc, find, com.acme.Repo$ByteBuddy.find",
            "org.apache.flink.shaded.guava18.com.google.common.util.concurrent.Futures, get, com.google.common.util.concurrent.Futures.get",
            "org.apache.flink.shaded.guava31.com.google.common.util.concurrent.Futures, get, com.google.common.util.concurrent.Futures.get",
            "org.apache.flink.shaded.netty4.io.netty.buffer.AbstractReferenceCountedByteBuf, release, io.netty.buffer.AbstractReferenceCountedByteBuf.release",
            "org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper, readValue, com.fasterxml.jackson.databind.ObjectMapper.readValue",
            "org.apache.pekko.actor.ActorCell, invoke, akka.actor.ActorCell.invoke",
            "java.util.concurrent.ScheduledThreadPoolExecutor$ScheduledFutureTask, access$201, java.util.concurrent.ScheduledThreadPoolExecutor$ScheduledFutureTask.access$",
    })
    void normalisesGeneratedAndShadedNames(String cls, String method, String key) {
        assertThat(FrameKeys.key(f(cls, method)).key()).isEqualTo(key);
    }

    @Test
    void lineFileAndJarDoNotChangeTheKey() {
        StackFrame a = new StackFrame("a.B", "c", "B.java", 1, "java.base", "x-1.jar", "1", false, false, "r1");
        StackFrame b = new StackFrame("a.B", "c", null, null, null, null, null, false, false, "r2");
        assertThat(FrameKeys.key(a)).isEqualTo(FrameKeys.key(b));
        assertThat(FrameKeys.key(a).normalised()).isNull();
    }

    @Test
    void recursionIsCollapsed() {
        List<String> keys = List.of("a", "b", "b", "b", "c", "d", "c", "d", "c", "d", "e", "f", "g", "h", "e", "f",
                "g", "h", "z");
        assertThat(FrameKeys.collapseRecursion(keys)).extracting(keys::get)
                .containsExactly("a", "b", "c", "d", "e", "f", "g", "h", "z");
    }

    @Test
    void classifiesJdkFrameworkApp() {
        assertThat(FrameClassifier.classify("java.lang.Thread.run")).isEqualTo(FrameKind.JDK);
        assertThat(FrameClassifier.classify("sun.reflect.NativeMethodAccessorImpl.invoke0")).isEqualTo(FrameKind.JDK);
        assertThat(FrameClassifier.classify("kotlin.coroutines.jvm.internal.BaseContinuationImpl.resumeWith")).isEqualTo(FrameKind.JDK);
        assertThat(FrameClassifier.classify("javax.servlet.http.HttpServlet.service")).isEqualTo(FrameKind.FRAMEWORK);
        assertThat(FrameClassifier.classify("org.apache.flink.runtime.taskmanager.Task.run")).isEqualTo(FrameKind.FRAMEWORK);
        assertThat(FrameClassifier.classify("io.netty.buffer.AbstractReferenceCountedByteBuf.release")).isEqualTo(FrameKind.FRAMEWORK);
        assertThat(FrameClassifier.classify("com.example.myproject.MyServlet.doPost")).isEqualTo(FrameKind.APP);
    }

    @Test
    void ubiquitousFrames() {
        assertThat(UbiquitousFrames.isUbiquitous("java.lang.Thread.run")).isTrue();
        assertThat(UbiquitousFrames.isUbiquitous("java.util.concurrent.ThreadPoolExecutor$Worker.run")).isTrue();
        assertThat(UbiquitousFrames.isUbiquitous("sun.reflect.GeneratedMethodAccessor.invoke")).isTrue();
        assertThat(UbiquitousFrames.isUbiquitous("$Proxy.switchTo")).isTrue();
        assertThat(UbiquitousFrames.isUbiquitous("a.B$$Lambda.run")).isTrue();
        assertThat(UbiquitousFrames.isUbiquitous("org.junit.Assert.fail")).isTrue();
        assertThat(UbiquitousFrames.isUbiquitous("org.apache.flink.runtime.taskmanager.Task.run")).isFalse();
    }
}
