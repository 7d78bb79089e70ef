package io.pilotbench.mill;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/**
 * A worker's side of the API: outbound HTTP only (DataMill's lesson, §4.4: workers behind firewalls reach the
 * master, never the reverse), one request at a time. A status is returned as is; an unreachable master is an
 * {@link IOException} the worker retries.
 */
final class MasterClient {
    private final HttpClient http;
    private final URI master;
    private volatile String credentials;

    MasterClient(URI master) {
        this.master = master;
        this.http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    }

    void credentials(long workerId, String secret) {
        this.credentials = workerId + "." + secret;
    }

    /** A response: its status and body. */
    record Reply(int status, byte[] body) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        /** The master's one-line reason, from {"error": ...}. */
        String error() {
            try {
                return Json.strings(text()).getOrDefault("error", text());
            } catch (RuntimeException e) {
                return "HTTP " + status;
            }
        }

        boolean ok() {
            return status / 100 == 2;
        }
    }

    Reply post(String path, Object body) throws IOException, InterruptedException {
        HttpRequest.Builder b = request(path)
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(body == null ? Map.of() : body)));
        return send(b.build());
    }

    Reply postBytes(String path, byte[] body) throws IOException, InterruptedException {
        return send(request(path)
                .timeout(Duration.ofMinutes(5))
                .header("Content-Type", "application/gzip")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build());
    }

    Reply get(String path, Map<String, String> query) throws IOException, InterruptedException {
        StringBuilder q = new StringBuilder();
        query.forEach((k, v) -> q.append(q.length() == 0 ? "?" : "&")
                .append(k)
                .append('=')
                .append(URLEncoder.encode(v, StandardCharsets.UTF_8)));
        return send(request(path + q).timeout(Duration.ofMinutes(5)).GET().build());
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(master.resolve(path));
        if (credentials != null) {
            b.header("Authorization", "Bearer " + credentials);
        }
        return b;
    }

    private Reply send(HttpRequest r) throws IOException, InterruptedException {
        HttpResponse<byte[]> resp = http.send(r, HttpResponse.BodyHandlers.ofByteArray());
        return new Reply(resp.statusCode(), resp.body());
    }

    /**
     * Why the master did not answer, in words an operator reads ("connection refused"), not Java's class names:
     * the HTTP client's ConnectException has no message at all.
     */
    static String unreachable(IOException e) {
        String m = e.getMessage() == null || e.getMessage().isBlank() ? null : e.getMessage();
        if (e instanceof java.net.http.HttpTimeoutException) {
            return "no answer in time";
        }
        if (e instanceof java.net.ConnectException) {
            return m == null ? "connection refused" : "cannot connect: " + m;
        }
        if (e instanceof java.net.UnknownHostException || e.getCause() instanceof java.net.UnknownHostException) {
            return "unknown host" + (m == null ? "" : " (" + m + ")");
        }
        return m == null ? "the connection failed (" + e.getClass().getSimpleName() + ")" : m;
    }
}
