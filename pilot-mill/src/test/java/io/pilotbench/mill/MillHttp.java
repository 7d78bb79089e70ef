package io.pilotbench.mill;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import tools.jackson.core.type.TypeReference;

/** A test's HTTP client for the master's API: real requests over loopback. */
final class MillHttp {
    private final HttpClient http = HttpClient.newHttpClient();
    private final URI base;

    MillHttp(int port) {
        this.base = URI.create("http://127.0.0.1:" + port + "/");
    }

    URI base() {
        return base;
    }

    record Reply(int status, String body) {
        Map<String, Object> json() {
            return Json.MAPPER.readValue(body, new TypeReference<Map<String, Object>>() {});
        }

        List<Map<String, Object>> list() {
            return Json.MAPPER.readValue(body, new TypeReference<List<Map<String, Object>>>() {});
        }

        String error() {
            return (String) json().get("error");
        }
    }

    Reply post(String path, String bearer, Object body) throws IOException, InterruptedException {
        return send(builder(path, bearer)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body instanceof String s ? s : Json.write(body)))
                .build());
    }

    Reply postBytes(String path, String bearer, byte[] body) throws IOException, InterruptedException {
        return send(builder(path, bearer)
                .header("Content-Type", "application/gzip")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build());
    }

    Reply delete(String path, String bearer) throws IOException, InterruptedException {
        return send(builder(path, bearer).DELETE().build());
    }

    Reply get(String path, String bearer) throws IOException, InterruptedException {
        return send(builder(path, bearer).GET().build());
    }

    private HttpRequest.Builder builder(String path, String bearer) {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path));
        if (bearer != null) {
            b.header("Authorization", "Bearer " + bearer);
        }
        return b;
    }

    private Reply send(HttpRequest r) throws IOException, InterruptedException {
        HttpResponse<String> resp = http.send(r, HttpResponse.BodyHandlers.ofString());
        return new Reply(resp.statusCode(), resp.body());
    }

    /** Creates a user and logs in; returns the session token. */
    String user(String name, String password) throws IOException, InterruptedException {
        Reply c = post("api/users", null, Map.of("name", name, "password", password));
        if (c.status() != 201) {
            throw new AssertionError("create user: " + c);
        }
        return (String) post("api/login", null, Map.of("name", name, "password", password))
                .json()
                .get("token");
    }

    String enrolmentToken(String session) throws IOException, InterruptedException {
        return (String) post("api/tokens", session, Map.of()).json().get("token");
    }
}
