package io.tracekb.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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

    /** The README's run command names the archive where the build's training run writes it. */
    @Test
    void theReadmeRunsWithTheStartupArchiveTheBuildWrites() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        String pom = Files.readString(Path.of("pom.xml"));

        assertThat(readme).contains("mvn -B package -DskipTests && java -XX:SharedArchiveFile="
                + "target/quarkus-app/tracekb.jsa -jar target/quarkus-app/quarkus-run.jar");
        assertThat(pom).contains("-XX:ArchiveClassesAtExit=${project.build.directory}/quarkus-app/tracekb.jsa")
                .contains("<argument>${project.build.directory}/quarkus-app/quarkus-run.jar</argument>")
                .contains("<argument>cds-training</argument>");
        assertThat(AppProcess.CDS_ARCHIVE.getFileName()).hasToString("tracekb.jsa");
    }

    @Test
    void theDockerfileRunsThePackagedApp() throws IOException {
        String dockerfile = Files.readString(Path.of("src/main/docker/Dockerfile.jvm"));
        assertThat(dockerfile).contains("target/quarkus-app/").contains("quarkus-run.jar").contains("EXPOSE 8080");
    }
}
