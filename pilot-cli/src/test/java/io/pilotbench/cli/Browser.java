package io.pilotbench.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Headless Chromium (Debian's {@code chromium} and {@code chromium-driver}, found on PATH) driven by Selenium, for
 * tests that open a report as a reader would. Tests are skipped, with the reason, where the browser is missing;
 * {@code .ci/run} installs it so that CI runs them. Errors are caught from the first script on: a hook installed
 * before the page loads records uncaught errors, rejected promises and {@code console.error} calls.
 */
final class Browser implements AutoCloseable {
    private static final String CAPTURE = "window.__pilotErrors = [];"
            + "window.addEventListener('error', function (e) { window.__pilotErrors.push('error: ' + e.message); });"
            + "window.addEventListener('unhandledrejection', function (e) {"
            + "  window.__pilotErrors.push('rejection: ' + e.reason); });"
            + "(function () { var original = console.error; console.error = function () {"
            + "  window.__pilotErrors.push('console.error: ' + Array.prototype.join.call(arguments, ' '));"
            + "  return original.apply(console, arguments); }; })();";

    private final ChromeDriver driver;

    private Browser(ChromeDriver driver) {
        this.driver = driver;
    }

    /** A headless browser; skips the calling test (JUnit assumption) when Chromium or its driver is not installed. */
    static Browser open() {
        Optional<Path> chromium = onPath("chromium", "chromium-browser");
        Optional<Path> chromedriver = onPath("chromedriver");
        assumeTrue(
                chromium.isPresent() && chromedriver.isPresent(),
                "headless browser tests skipped: chromium and "
                        + "chromedriver are not on PATH (apt-get install -y chromium chromium-driver; .ci/run does this)");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium.get().toFile());
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--window-size=1280,1800",
                "--allow-file-access-from-files");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(chromedriver.get().toFile())
                .withSilent(true)
                .build();
        ChromeDriver d = new ChromeDriver(service, options);
        d.executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", Map.of("source", CAPTURE));
        return new Browser(d);
    }

    /** Opens {@code file} and waits for its scripts to have run. */
    void load(Path file) {
        driver.get(file.toUri().toString());
    }

    /** Opens {@code uri} (a page served over HTTP) and waits for it to load. */
    void open(java.net.URI uri) {
        driver.get(uri.toString());
    }

    /** Runs {@code script} (a function body; {@code return} gives the result) in the page. */
    Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    /** Everything the page reported as an error since it was loaded. */
    @SuppressWarnings("unchecked")
    List<String> errors() {
        return (List<String>) js("return window.__pilotErrors || ['the error hook did not run'];");
    }

    /** Saves a full-page screenshot for a human to look at. */
    void screenshot(Path file) throws java.io.IOException {
        Files.createDirectories(file.getParent());
        long height = ((Number) js("return document.documentElement.scrollHeight;")).longValue();
        driver.manage().window().setSize(new org.openqa.selenium.Dimension(1280, (int) Math.min(height, 8000)));
        Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
    }

    private static Optional<Path> onPath(String... names) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String name : names) {
            Optional<Path> found = Stream.of(path.split(File.pathSeparator))
                    .map(d -> Path.of(d, name))
                    .filter(Files::isExecutable)
                    .findFirst();
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    @Override
    public void close() {
        driver.quit();
    }
}
