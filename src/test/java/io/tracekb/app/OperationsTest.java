package io.tracekb.app;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.tracekb.testing.EmbeddedPostgresResource;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class OperationsTest {

    @Test
    void readinessIsUpAndIncludesTheDatabase() {
        given().when().get("/q/health/ready").then()
                .statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItem("Database connections health check"));
    }

    @Test
    void livenessIsUp() {
        given().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void prometheusMetricsAreForAdmins() {
        // issue 19, item 14: request counts per endpoint (admin ones included) were open to anyone
        given().when().get("/q/metrics").then().statusCode(401);
        io.tracekb.testing.TestUsers.reader().when().get("/q/metrics").then().statusCode(403);
        io.tracekb.testing.TestUsers.admin().when().get("/q/metrics").then().statusCode(200)
                .body(containsString("jvm_memory_used_bytes"));
    }

    @Test
    void readinessSaysUpOrDownWithoutTheDataDirectory() {
        String body = given().when().get("/q/health/ready").then().statusCode(200).extract().asString();
        org.assertj.core.api.Assertions.assertThat(body).contains("Search index").doesNotContain("\"path\"")
                .doesNotContain(System.getProperty("user.dir"));
    }

    @Test
    void theOpenApiDocumentAndSwaggerUiAreServed() {
        given().when().get("/q/openapi").then().statusCode(200).body(containsString("TraceKB API"));
        given().when().get("/q/swagger-ui/").then().statusCode(200);
    }
}
