package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.core.model.WorkAmountRange;
import io.pilotbench.process.CommandWorkload;
import io.pilotbench.report.Format;
import io.pilotbench.report.plot.PlotData;
import io.pilotbench.report.plot.PlotSpec;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

/**
 * Durations, percentages, levels, sizes, work amounts and enums are typed options, converted by picocli with one
 * converter each (registered once for every command) instead of Strings parsed by hand in each command. A bad value
 * is still one line that names the option, exit code 2, whichever command it was given to.
 */
class ConvertersTest {

    @Test
    void eachTypeIsParsedOnceTheWayTheHelpSaysIt() {
        assertThat(Converters.duration("1.5s")).isEqualTo(Duration.ofMillis(1500));
        assertThat(Converters.duration("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(Converters.duration("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(Converters.duration("90")).isEqualTo(Duration.ofSeconds(90));
        assertThat(Converters.percent("5%").fraction()).isEqualTo(0.05);
        assertThat(Converters.percent("0.05").fraction()).isEqualTo(0.05);
        assertThat(Converters.byteSize("64KiB").bytes()).isEqualTo(65_536);
        assertThat(Converters.byteSize("2g").bytes()).isEqualTo(2L << 30);
        assertThat(Converters.workAmount("1000:100000").range()).isEqualTo(new WorkAmountRange(1000, 100_000));
        assertThat(Converters.workAmount("250")).isEqualTo(new Converters.WorkAmount(null, 250));
        assertThatThrownBy(() -> Converters.duration("0.1ms"))
                .isInstanceOf(TypeConversionException.class)
                .hasMessage("'0.1ms' must be at least 1ms");
        assertThatThrownBy(() -> Converters.percent("100%")).hasMessage("'100%' must be from 0% to below 100%");
        // "--fail-if-slower 5" meant 5%; it said only "must be between 0% and 100%", which 5 is, in percent
        assertThatThrownBy(() -> Converters.percent("5"))
                .hasMessage("'5' must be from 0% to below 100%: for 5%, write 5% (or 0.05)");
        assertThatThrownBy(() -> Converters.byteSize("2PiB")).hasMessageContaining("is not a size");
        assertThatThrownBy(() -> Converters.workAmount("-5")).hasMessage("-5 must be 0 or more");
    }

    @Test
    void aBadValueOfAnyTypedOptionIsOneLineNamingTheOption() {
        MillCommandTest.oneLine(
                CliRun.run("run", "--max-time", "soon", "--", "true"),
                "--max-time: 'soon' is not a " + "duration (e.g. 500ms, 30s, 5m, 1h)",
                "(see 'pilot run --help')");
        MillCommandTest.oneLine(CliRun.run("run", "--round-timeout", "5x", "--", "true"), "--round-timeout: '5x'");
        MillCommandTest.oneLine(
                CliRun.run("run", "--work-amount", "1000:x", "--", "true"), "--work-amount: ", "is not MIN:MAX");
        MillCommandTest.oneLine(
                CliRun.run("compare", "--equivalence", "150%", "--", "true", ":::", "false"),
                "--equivalence: '150%' must be from 0% to below 100%");
        MillCommandTest.oneLine(
                CliRun.run("compare", "--fail-if-slower", "lots", "--", "true", ":::", "false"),
                "--fail-if-slower: 'lots' is not a percentage");
        MillCommandTest.oneLine(
                CliRun.run("mill", "worker", "--master", "http://localhost:1/", "--poll", "often"),
                "--poll: 'often' is not a duration");
        MillCommandTest.oneLine(
                CliRun.run("mill", "worker", "--master", "http://localhost:1/", "--memory-limit", "4 apples"),
                "--memory-limit: '4 apples' is not a size");
        MillCommandTest.oneLine(CliRun.run("experiment", "run", "--time-limit", "-1s", "e.yaml"), "--time-limit: ");
        MillCommandTest.oneLine(CliRun.run("simulate", "evaluate", "--shared-load", "much"), "--shared-load: 'much'");
    }

    /**
     * --confidence 0.95% was taken as a level of 0.95%: the "CI" then excluded its own mean and a session converged on
     * it; --alpha 5% was "not a double" to getstats and --alpha 0 got a confidence level's example. A confidence level
     * is from 50% to below 100%, a significance level above 0 up to 50%, each with its own example.
     */
    @Test
    void aConfidenceBelowFiftyPercentIsATypoAndAlphaAndExitCodesHaveTheirRanges() {
        assertThatThrownBy(() -> Converters.fraction("0.95%"))
                .hasMessage("'0.95%' must be a confidence level from 50% to below 100% (e.g. 0.95 or 95%)");
        assertThat(Converters.fraction("50%").value()).isEqualTo(0.5);
        assertThat(Converters.alpha("5%").value()).isEqualTo(0.05);
        assertThatThrownBy(() -> Converters.alpha("0"))
                .hasMessage("'0' must be a significance level above 0 and at most 50% (e.g. 0.01 or 1%)");
        assertThatThrownBy(() -> Converters.alpha("0.95"))
                .hasMessage("'0.95' must be a significance level above 0 and at most 50% (e.g. 0.01 or 1%)");
        CliRun run = CliRun.run("run", "--max-rounds", "3", "--confidence", "0.95%", "--", "true");
        assertThat(run.code()).isEqualTo(ExitCode.USAGE.code());
        assertThat(run.err()).contains("must be a confidence level from 50%").hasLineCount(1);
        // an exit code a process cannot have made every round fail (exit 4) instead of a usage error
        for (String code : new String[] {"300", "-1"}) {
            CliRun codes = CliRun.run("run", "--max-rounds", "3", "--valid-exit-codes", code, "--", "true");
            assertThat(codes.code()).isEqualTo(ExitCode.USAGE.code());
            assertThat(codes.err())
                    .isEqualTo("pilot: --valid-exit-codes: " + code + " is not an exit code; a process "
                            + "exits with 0 to 255\n");
        }
        CliRun getstats = CliRun.run("getstats", "--alpha=5%", "nosuch.csv");
        assertThat(getstats.err()).doesNotContain("is not a double").doesNotContain("--alpha");
    }

    @Test
    void levelsSizesAnglesAndWhatOutputToKeepAreParsedAsTheHelpSaysThem() {
        assertThat(Converters.fraction("95%").value()).isEqualTo(0.95);
        assertThat(Converters.fraction(" 0.99 ").value()).isEqualTo(0.99);
        assertThatThrownBy(() -> Converters.fraction("1"))
                .isInstanceOf(TypeConversionException.class)
                .hasMessage("'1' must be a confidence level from 50% to below 100% (e.g. 0.95 or 95%)");
        assertThatThrownBy(() -> Converters.fraction("0%"))
                .hasMessage("'0%' must be a confidence level from 50% to below 100% (e.g. 0.95 or 95%)");
        assertThatThrownBy(() -> Converters.fraction("high")).hasMessage("'high' is not a number (e.g. 0.95 or 95%)");
        assertThat(Converters.plotSize("640X400")).isEqualTo(new Converters.PlotSize(640, 400));
        assertThatThrownBy(() -> Converters.plotSize("640"))
                .hasMessage("'640': give width x height in pixels, e.g. " + "800x500");
        assertThat(Converters.labelAngle("Auto").degrees()).isEqualTo(PlotSpec.AUTO_ANGLE);
        assertThat(Converters.labelAngle("45").degrees()).isEqualTo(45);
        assertThatThrownBy(() -> Converters.labelAngle("steep")).hasMessageContaining("from 0 to 90, or auto");
        assertThat(Converters.keepOutput("failed"))
                .isEqualTo(new Converters.KeepOutput(CommandWorkload.DEFAULT_KEEP_OUTPUT_BYTES, false));
        assertThat(Converters.keepOutput("ALL")).isEqualTo(new Converters.KeepOutput(-1, true));
        assertThat(Converters.keepOutput("1MiB")).isEqualTo(new Converters.KeepOutput(1 << 20, true));
        assertThatThrownBy(() -> Converters.keepOutput("2GiB"))
                .hasMessage("'2GiB' is more than the most allowed, " + "2GiB");
    }

    @Test
    void enumsAreReadWhateverTheCaseAndABadOneListsTheChoices() {
        assertThat(Converters.enumValue(Format.class, " Markdown")).isEqualTo(Format.MARKDOWN);
        assertThat(Converters.enumValue(PlotData.ErrorBars.class, "minmax")).isEqualTo(PlotData.ErrorBars.MINMAX);
        assertThatThrownBy(() -> Converters.enumValue(Format.class, "xml"))
                .isInstanceOf(TypeConversionException.class)
                .hasMessage("'xml' is not one of text, json, csv, markdown");
        // registered for every enum an option takes, in every command
        MillCommandTest.oneLine(
                CliRun.run("analyze", "--format", "xml", "-"),
                "--format: 'xml' is not one of text, " + "json, csv, markdown (see 'pilot analyze --help')");
        MillCommandTest.oneLine(
                CliRun.run("changepoints", "--mode", "fast", "-"),
                "--mode: 'fast' is not one of " + "exact, scalable, auto");
        MillCommandTest.oneLine(CliRun.run("graph", "--format", "csv"), "--format: 'csv' is not one of text, json");
        MillCommandTest.oneLine(CliRun.run("getstats", "--format", "html", "x.csv"), "--format: 'html' is not one of");
        MillCommandTest.oneLine(CliRun.run("run", "--format", "xml", "--", "true"), "--format: 'xml' is not one of");
        MillCommandTest.oneLine(CliRun.run("plot", "--error-bars", "iqr", "x.csv"), "--error-bars: 'iqr'");
    }

    @Test
    void aBadLevelSizeOrAmountToKeepIsOneLineNamingTheOption() {
        MillCommandTest.oneLine(
                CliRun.run("plot", "--confidence", "95", "x.csv"),
                "--confidence: '95' must be a confidence level from 50% to below 100% (e.g. 0.95 or 95%)",
                "(see 'pilot plot --help')");
        MillCommandTest.oneLine(
                CliRun.run("plot", "--size", "800y500", "x.csv"),
                "--size: '800y500': give width x " + "height in pixels, e.g. 800x500");
        MillCommandTest.oneLine(CliRun.run("plot", "--rotate-labels", "steep", "x.csv"), "--rotate-labels: 'steep'");
        MillCommandTest.oneLine(
                CliRun.run("simulate", "evaluate", "--alpha", "5"),
                "--alpha: '5' must be a significance level above 0 and at most 50%");
        MillCommandTest.oneLine(CliRun.run("simulate", "evaluate", "--ci-width", "ten"), "--ci-width: ");
        MillCommandTest.oneLine(
                CliRun.run("run", "--keep-output", "lots", "--", "true"),
                "--keep-output: 'lots' is " + "not a size (e.g. 0, 64KiB, 1MiB)");
    }

    @Test
    void thePrecisionOptionsAreTypedInEveryCommandThatTakesThem() {
        for (String[] cmd : new String[][] {{"run"}, {"compare"}, {"analyze"}}) {
            String[] tail = cmd[0].equals("analyze") ? new String[] {"-"} : new String[] {"--", "true"};
            String see = "(see 'pilot " + cmd[0] + " --help')";
            MillCommandTest.oneLine(
                    CliRun.run(concat(cmd, new String[] {"--confidence", "1.5"}, tail)),
                    "--confidence: '1.5' must be a confidence level from 50% to below 100% (e.g. 0.95 or 95%)",
                    see);
            MillCommandTest.oneLine(
                    CliRun.run(concat(cmd, new String[] {"--ci-width", "abc"}, tail)), "--ci-width: ", see);
            MillCommandTest.oneLine(
                    CliRun.run(concat(cmd, new String[] {"--method", "bootstrap"}, tail)),
                    "--method: 'bootstrap' is not a CI method: use ar (default) or pilot",
                    see);
            MillCommandTest.oneLine(
                    CliRun.run(concat(cmd, new String[] {"--preset", "fast"}, tail)),
                    "--preset: 'fast' is not one of quick, normal, strict",
                    see);
            MillCommandTest.oneLine(
                    CliRun.run(concat(cmd, new String[] {"--warmup-removal", "fixed:x"}, tail)),
                    "--warmup-removal: 'fixed:x' is not auto, mser, none, edm or fixed:P%",
                    see);
            MillCommandTest.oneLine(
                    CliRun.run(concat(cmd, new String[] {"--warmup-removal", "fixed:150%"}, tail)),
                    "--warmup-removal: fixed warm-up removal takes a fraction in [0%, 100%)",
                    see);
        }
        MillCommandTest.oneLine(
                CliRun.run("run", "--wps", "sometimes", "--", "true"),
                "--wps: 'sometimes' is not one " + "of off, report, required");
    }

    @Test
    void theColumnAndDelimiterOfAnInputAreTypedInAnalyzeAndCompare() {
        // the forms accepted: a 0-based index or a header name; auto, comma, tab, semicolon or whitespace, any case
        CliRun tabs = CliRun.runWithStdin(
                "1\t10\n2\t20\n3\t30\n", "analyze", "--delimiter", "Tab", "--column", "1", "--format", "json", "-");
        assertThat(tabs.out()).as(tabs.err()).contains("\"mean\" : 20");
        for (String cmd : new String[] {"analyze", "compare"}) {
            String[] inputs = cmd.equals("analyze") ? new String[] {"-"} : new String[] {"a.csv", "b.csv"};
            MillCommandTest.oneLine(
                    CliRun.run(concat(new String[] {cmd, "--delimiter", "pipe"}, inputs)),
                    "--delimiter: 'pipe' is not one of auto, comma, tab, semicolon, whitespace",
                    "(see 'pilot " + cmd + " --help')");
            MillCommandTest.oneLine(
                    CliRun.run(concat(new String[] {cmd, "--column=-1"}, inputs)),
                    "--column: column index must be 0 or more (0 is the first column), got -1");
            MillCommandTest.oneLine(
                    CliRun.run(concat(new String[] {cmd, "--column", " "}, inputs)),
                    "--column: empty column: give a 0-based index (e.g. 1) or a header name");
        }
    }

    @Test
    void aMonitorRateIsANumberOfHertzOrAuto() {
        assertThat(Converters.monitorRate(" AUTO").auto()).isTrue();
        assertThat(Converters.monitorRate("50")).isEqualTo(new Converters.MonitorRate(50));
        assertThat(Converters.monitorRate("0.5").auto()).isFalse();
        for (String bad : new String[] {"0", "-3", "often", "Infinity", "NaN"}) {
            assertThatThrownBy(() -> Converters.monitorRate(bad))
                    .isInstanceOf(TypeConversionException.class)
                    .hasMessage("'" + bad + "' is not a number > 0");
        }
        MillCommandTest.oneLine(
                CliRun.run("run", "--monitor", "--monitor-rate", "often", "--", "true"),
                "--monitor-rate: 'often' is not a number > 0",
                "(see 'pilot run --help')");
    }

    @Test
    void compareTakesItsLevelAndTestTypedAndHistoryItsFormat() {
        MillCommandTest.oneLine(
                CliRun.run("compare", "--alpha", "high", "--", "true", ":::", "false"),
                "--alpha: 'high' is not a number (e.g. 0.01 or 1%)",
                "(see 'pilot compare --help')");
        MillCommandTest.oneLine(
                CliRun.run("compare", "--alpha", "1.5", "--", "true", ":::", "false"),
                "--alpha: '1.5' must be a significance level above 0 and at most 50%");
        MillCommandTest.oneLine(
                CliRun.run("compare", "--alpha", "60%", "--", "true", ":::", "false"),
                "--alpha: '60%' must be a significance level above 0 and at most 50% (e.g. 0.01 or 1%)");
        MillCommandTest.oneLine(
                CliRun.run("compare", "--test", "wilcoxon", "--", "true", ":::", "false"),
                "--test: 'wilcoxon' is not one of welch, pooled",
                "(see 'pilot compare --help')");
        MillCommandTest.oneLine(
                CliRun.run("history", "detect", "--format", "xml"),
                "--format: 'xml' is not one of text, json (see 'pilot history detect --help')"); // TextOrJsonFormatTest
    }

    @Test
    void theProgressLineAndTheBackEndAreEnumsAsEveryOtherChoice() {
        assertThat(Converters.enumValue(ProgressLine.When.class, "Never")).isEqualTo(ProgressLine.When.NEVER);
        MillCommandTest.oneLine(
                CliRun.run("run", "--progress", "sometimes", "--", "true"),
                "--progress: 'sometimes' " + "is not one of auto, always, never",
                "(see 'pilot run --help')");
        MillCommandTest.oneLine(
                CliRun.run("compare", "--progress", "often", "--", "true", ":::", "false"),
                "--progress: 'often' is not one of auto, always, never");
        assertThat(Converters.enumValue(ExperimentCommand.Backend.class, "SLURM"))
                .isEqualTo(ExperimentCommand.Backend.SLURM);
        assertThat(ExperimentCommand.Backend.recorded("kubernetes")).isEqualTo(ExperimentCommand.Backend.KUBERNETES);
        assertThatThrownBy(() -> ExperimentCommand.Backend.recorded("local"))
                .hasMessage("--backend must be local, slurm or kubernetes, got 'local'");
        MillCommandTest.oneLine(
                CliRun.run("experiment", "run", "--backend", "pbs", "e.yaml"),
                "--backend: 'pbs' is " + "not one of local, slurm, kubernetes",
                "(see 'pilot experiment run --help')");
        MillCommandTest.oneLine(CliRun.run("experiment", "resume", "--backend", "pbs", "dir"), "--backend: 'pbs'");
    }

    private static String[] concat(String[]... parts) {
        return Arrays.stream(parts).flatMap(Arrays::stream).toArray(String[]::new);
    }
}
