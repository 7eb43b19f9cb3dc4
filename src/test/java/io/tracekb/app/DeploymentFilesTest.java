package io.tracekb.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** No Docker engine runs here, so the compose file and Dockerfile are checked for structure. */
class DeploymentFilesTest {

    @Test
    void composeRunsPostgres16AndTraceKbWithAVolumeAndHealthChecks() throws IOException {
        JsonNode compose = new YAMLMapper().readTree(Path.of("docker-compose.yml").toFile());
        JsonNode db = compose.at("/services/postgres");
        JsonNode app = compose.at("/services/tracekb");

        assertThat(db.path("image").asText()).startsWith("postgres:16");
        assertThat(db.at("/healthcheck/test").toString()).contains("pg_isready");
        assertThat(db.path("volumes").get(0).asText()).endsWith(":/var/lib/postgresql/data");
        assertThat(compose.at("/volumes").has(db.path("volumes").get(0).asText().split(":")[0])).isTrue();

        assertThat(app.at("/build/dockerfile").asText()).isEqualTo("src/main/docker/Dockerfile.jvm");
        assertThat(app.at("/depends_on/postgres/condition").asText()).isEqualTo("service_healthy");
        assertThat(app.at("/environment/QUARKUS_DATASOURCE_JDBC_URL").asText())
                .isEqualTo("jdbc:postgresql://postgres:5432/" + db.at("/environment/POSTGRES_DB").asText());
        assertThat(app.at("/environment/QUARKUS_DATASOURCE_USERNAME").asText())
                .isEqualTo(db.at("/environment/POSTGRES_USER").asText());
        assertThat(app.at("/healthcheck/test").toString()).contains("/q/health/ready");
        assertThat(app.path("ports").get(0).asText()).endsWith(":8080");
    }

    /**
     * The README's run command reads the JVM options file the build writes, and that file names the archive where
     * the build's training run writes it.
     */
    @Test
    void theReadmeRunsWithTheJvmOptionsTheBuildWrites() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        String pom = Files.readString(Path.of("pom.xml"));
        String options = Files.readString(Path.of("src/main/jvm/jvm.options"));

        assertThat(readme).contains("mvn -B package -DskipTests && java @target/quarkus-app/jvm.options "
                + "-jar target/quarkus-app/quarkus-run.jar")
                .contains("-Dquarkus.http.port=9090"); // how to change the port
        assertThat(pom).contains("-XX:ArchiveClassesAtExit=${project.build.directory}/quarkus-app/tracekb.jsa")
                .contains("<argument>${project.build.directory}/quarkus-app/quarkus-run.jar</argument>")
                .contains("<argument>cds-training</argument>")
                // the training's own server keeps quiet (issue 21, item 14: its port and admin user misled)
                .contains("<argument>-Dquarkus.log.level=WARN</argument>")
                .contains("<directory>src/main/jvm</directory>")
                .contains("<outputDirectory>${project.build.directory}/quarkus-app</outputDirectory>");
        assertThat(options).contains("\n-XX:SharedArchiveFile=${project.build.directory}/quarkus-app/tracekb.jsa\n");
        assertThat(AppProcess.CDS_ARCHIVE.getFileName()).hasToString("tracekb.jsa");
        assertThat(AppProcess.JVM_OPTIONS.getFileName()).hasToString("jvm.options");
    }

    /** Every line of the options file is a comment or one option that this JDK accepts. */
    @Test
    void theJvmOptionsFileHoldsOnlyOptionsThisJdkAccepts() throws IOException, InterruptedException {
        List<String> options = Files.readAllLines(Path.of("src/main/jvm/jvm.options")).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#"))
                // an archive that is not there is ignored; the build's own would not fit "java -version" and warn
                .map(l -> l.replace("${project.build.directory}", "/no-such-build-directory")).toList();
        assertThat(options).allSatisfy(o -> assertThat(o).startsWith("-XX:").doesNotContain(" "));
        List<String> command = new java.util.ArrayList<>();
        command.add(AppProcess.JAVA);
        command.addAll(options);
        command.add("-version");
        Process java = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(java.getInputStream().readAllBytes());
        assertThat(java.waitFor()).as(output).isZero();
        assertThat(output).doesNotContain("Unrecognized").doesNotContain("warning");
    }

    @Test
    void theDockerfileRunsThePackagedApp() throws IOException {
        String dockerfile = Files.readString(Path.of("src/main/docker/Dockerfile.jvm"));
        assertThat(dockerfile).contains("target/quarkus-app/").contains("quarkus-run.jar").contains("EXPOSE 8080");
    }

    /** The image's JVM gets every setting of the options file but the archive, which cannot fit another JDK. */
    @Test
    void theDockerfileUsesTheSettingsOfTheJvmOptionsFileButTheArchive() throws IOException {
        String dockerfile = Files.readString(Path.of("src/main/docker/Dockerfile.jvm"));
        List<String> settings = Files.readAllLines(Path.of("src/main/jvm/jvm.options")).stream()
                .filter(l -> l.startsWith("-XX:") && !l.startsWith("-XX:SharedArchiveFile=")).toList();
        assertThat(settings).contains("-XX:+UseParallelGC", "-XX:Tier4InvocationThreshold=50000").hasSize(5);
        String javaOptions = dockerfile.lines().filter(l -> l.contains("JAVA_OPTS_APPEND=")).findFirst().orElseThrow();
        assertThat(javaOptions).contains(settings).doesNotContain("SharedArchiveFile");
    }
}
