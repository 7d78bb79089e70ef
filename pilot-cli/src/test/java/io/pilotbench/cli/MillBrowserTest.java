package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pilotbench.mill.MillServer;
import io.pilotbench.testing.SystemTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The mill's web page in headless Chromium, against a real master and a real worker: create an account, make an
 * enrolment token (a worker registers with it), create an experiment with its files, preview and submit it, watch
 * its progress to the end, open its results, its analysis and its figures.
 */
@SystemTest
class MillBrowserTest {
    static final String EXPERIMENT = "name: web\nseed: 3\nreplications: 2\npackages:\n  fast: packages/fast\n"
            + "  slow: packages/slow.tar.gz\nmetrics: [size]\nprecision: {ci-width: 10%, max-rounds: 3}\n"
            + "factors:\n  package: 100%\n  env-padding: {levels: [0, 4096]}\n";

    @TempDir
    Path tmp;

    static String tarGz(int size) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (TarArchiveOutputStream tar = new TarArchiveOutputStream(new GzipCompressorOutputStream(bytes))) {
            for (Map.Entry<String, String> e : Map.of(
                            "run.sh", "sleep 0.01\n", "collect.sh", "echo size " + size + "\n")
                    .entrySet()) {
                byte[] b = e.getValue().getBytes(StandardCharsets.UTF_8);
                TarArchiveEntry t = new TarArchiveEntry(e.getKey());
                t.setSize(b.length);
                t.setMode(0755);
                tar.putArchiveEntry(t);
                tar.write(b);
                tar.closeArchiveEntry();
            }
        }
        return Base64.getEncoder().encodeToString(bytes.toByteArray());
    }

    static void await(String what, Supplier<Boolean> condition) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (!condition.get()) {
            assertThat(System.nanoTime()).as(what).isLessThan(end);
            Thread.sleep(100);
        }
    }

    @Test
    void createWatchAndOpenAnExperiment() throws Exception {
        try (Browser browser = Browser.open();
                MillServer master = MillServer.start(
                        new MillServer.Options(
                                "127.0.0.1", 0, tmp.resolve("master"), null, null, null, Duration.ofSeconds(30)),
                        Clock.systemUTC(),
                        null)) {
            String url = "http://127.0.0.1:" + master.port() + "/";
            browser.open(URI.create(url));
            browser.js("document.getElementById('name').value = 'ann';"
                    + "document.getElementById('password').value = 'ann-password';"
                    + "document.getElementById('signup').click();");
            await("logged in", () ->
                    (Boolean) browser.js("return !document.getElementById('main').classList" + ".contains('hidden');"));
            browser.js("document.getElementById('new-token').click();");
            await("a token", () -> !((String) browser.js("return document.getElementById('token').textContent;"))
                    .isEmpty());
            String token = (String) browser.js("return document.getElementById('token').textContent;");
            Thread worker = new Thread(() -> PilotCommand.run(
                    new String[] {
                        "mill",
                        "worker",
                        "--master",
                        url,
                        "--token",
                        token,
                        "--data",
                        tmp.resolve("w").toString(),
                        "--name",
                        "browser-worker",
                        "--run-as",
                        System.getProperty("user.name"),
                        "--poll",
                        "200ms"
                    },
                    new PrintWriter(new StringWriter()),
                    new PrintWriter(new StringWriter()),
                    new ByteArrayInputStream(new byte[0])));
            worker.start();
            try {
                await(
                        "the worker listed",
                        () -> ((Number) browser.js("return document.querySelectorAll(" + "'#workers tr').length;"))
                                        .intValue()
                                == 1);
                browser.js(
                        "document.getElementById('file-name').value = 'web.yaml';"
                                + "document.getElementById('experiment').value = arguments[0];"
                                + "document.getElementById('add-file').click();"
                                + "const rows = document.querySelectorAll('.file-row');"
                                + "const files = [['packages/fast', arguments[1]], ['packages/slow.tar.gz', arguments[2]]];"
                                + "files.forEach(([path, b64], i) => {"
                                + "  rows[i].querySelector('.path').value = path;"
                                + "  const bytes = Uint8Array.from(atob(b64), c => c.charCodeAt(0));"
                                + "  const dt = new DataTransfer();"
                                + "  dt.items.add(new File([bytes], 'p' + i + '.tar.gz'));"
                                + "  rows[i].querySelector('.file').files = dt.files; });"
                                + "document.getElementById('preview').click();",
                        EXPERIMENT,
                        tarGz(1),
                        tarGz(2));
                await("the plan preview", () -> ((String)
                                browser.js("return document.getElementById('plan-msg')" + ".textContent;"))
                        .contains("8 jobs on 1 worker(s)"));
                assertThat((Number) browser.js("return document.querySelectorAll('#experiments li').length;"))
                        .as("a preview stores nothing")
                        .isEqualTo(0L);
                browser.js("document.getElementById('submit').click();");
                await("submitted", () -> ((String)
                                browser.js("return document.getElementById('plan-msg')" + ".textContent;"))
                        .contains("submitted as experiment 1"));
                await("every job done", () -> ((String)
                                browser.js("return document.getElementById('states')" + ".textContent;"))
                        .startsWith("8 done, 0 failed, 0 running, 0 queued"));
                await("the analysis", () -> ((String)
                                browser.js("return document.getElementById('analysis')" + ".textContent;"))
                        .contains("metric time: 8 jobs"));
                // the figures of pilot experiment analyze --figures: a box plot per factor and metric, drawn
                await(
                        "the figures",
                        () -> ((Number) browser.js("return [...document.querySelectorAll('#figures "
                                                + "img')].filter(i => i.complete && i.naturalWidth > 0).length;"))
                                        .intValue()
                                >= 4);
                assertThat((String) browser.js("return [...document.querySelectorAll('#figures img')].map(i => "
                                + "i.alt).join(' ');"))
                        .contains("box-time-package")
                        .contains("box-size-env-padding");
                assertThat((String) browser.js("return document.getElementById('per-worker').textContent;"))
                        .contains("browser-worker");
                await(
                        "the jobs table",
                        () -> ((Number) browser.js(
                                                "return document.querySelectorAll('#jobs tr.job " + "button').length;"))
                                        .intValue()
                                == 8);
                assertThat((String) browser.js("return document.querySelector('#jobs tr.job').textContent;"))
                        .contains("done")
                        .contains("browser-worker")
                        .contains("job-1.tar.gz");
                browser.js("document.querySelector('#jobs tr.job button').click();");
                String csv = (String) browser.js("return fetch('/api/experiments/1/results.csv', {headers: "
                        + "{Authorization: 'Bearer ' + sessionStorage.getItem('pilot-mill-token')}})"
                        + ".then(r => r.text());");
                assertThat(csv.lines()).hasSize(9);
                assertThat(csv).startsWith("job,worker,replication,package,env-padding,");
                browser.js("document.getElementById('results').click();");
                browser.screenshot(Path.of("target", "mill-web.png")); // for humans
                assertThat(browser.errors()).isEmpty();
            } finally {
                worker.interrupt();
                worker.join(30_000);
            }
        }
    }
}
