package io.tracekb.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.qute.i18n.Message;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every page label exists in every language: the English texts (the {@link Messages} interface) and each
 * messages/msg*.properties file must have exactly the same keys, so no page shows a missing-key marker or
 * falls back to English in the middle of a Japanese or Chinese page.
 */
class MessageBundlesTest {

    static final Path BUNDLES = Path.of("src/main/resources/messages");

    @Test
    void everyBundleHasExactlyTheKeysOfEveryOther() throws IOException {
        Map<String, Set<String>> keysByFile = new TreeMap<>();
        try (Stream<Path> files = Files.list(BUNDLES)) {
            for (Path f : files.filter(p -> p.getFileName().toString().matches("msg.*\\.properties")).toList()) {
                keysByFile.put(f.getFileName().toString(), keys(f));
            }
        }
        assertThat(keysByFile).containsKeys("msg_ja.properties", "msg_zh.properties");
        Set<String> english = Arrays.stream(Messages.class.getDeclaredMethods())
                .filter(m -> m.isAnnotationPresent(Message.class))
                .map(java.lang.reflect.Method::getName)
                .collect(Collectors.toCollection(TreeSet::new));
        for (Map.Entry<String, Set<String>> e : keysByFile.entrySet()) {
            Set<String> missing = new TreeSet<>(english);
            missing.removeAll(e.getValue());
            Set<String> extra = new TreeSet<>(e.getValue());
            extra.removeAll(english);
            assertThat(missing).as("keys missing from " + e.getKey()).isEmpty();
            assertThat(extra).as("keys in " + e.getKey() + " that Messages does not define").isEmpty();
        }
    }

    /** The API's bundle likewise: io.tracekb.api.ApiMessages and messages/api_ja/zh.properties, the same keys. */
    @Test
    void theApiBundleHasTheSameKeysInEveryLanguage() throws IOException {
        Set<String> english = Arrays.stream(io.tracekb.api.ApiMessages.class.getDeclaredMethods())
                .filter(m -> m.isAnnotationPresent(Message.class))
                .map(java.lang.reflect.Method::getName)
                .collect(Collectors.toCollection(TreeSet::new));
        for (String file : new String[] { "api_ja.properties", "api_zh.properties" }) {
            Set<String> keys = keys(BUNDLES.resolve(file));
            assertThat(keys).as(file).isEqualTo(english);
            Properties p = load(BUNDLES.resolve(file));
            for (String key : p.stringPropertyNames()) {
                assertThat(p.getProperty(key)).as(file + " " + key).isNotBlank();
            }
        }
    }

    @Test
    void noTranslationIsLeftEmptyOrInEnglish() throws IOException {
        for (String file : new String[] { "msg_ja.properties", "msg_zh.properties" }) {
            Properties p = load(BUNDLES.resolve(file));
            for (String key : p.stringPropertyNames()) {
                String value = p.getProperty(key);
                assertThat(value).as(file + " " + key).isNotBlank();
                // a label without a single CJK character is almost certainly untranslated (brand names excepted)
                if (!key.equals("app_name")) {
                    assertThat(value.codePoints().anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN
                            || Character.UnicodeScript.of(c) == Character.UnicodeScript.HIRAGANA
                            || Character.UnicodeScript.of(c) == Character.UnicodeScript.KATAKANA))
                            .as(file + " " + key + " = " + value).isTrue();
                }
            }
        }
    }

    private static Set<String> keys(Path file) throws IOException {
        return new TreeSet<>(load(file).stringPropertyNames());
    }

    private static Properties load(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        return p;
    }
}
