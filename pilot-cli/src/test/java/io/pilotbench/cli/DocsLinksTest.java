package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of the documentation resolves: in README.md, CONTRIBUTING.md, CHANGELOG.md, bench/*.md and
 * docs/*.md each linked file exists and each {@code #anchor} names a heading of the linked page (GitHub's slugs: lower
 * case, punctuation removed, spaces to '-', "-1", "-2" for repeats) or an explicit {@code <a id="...">} or
 * {@code {#...}} anchor. The Java sources' pointers into the documentation ("docs/original.md#planner",
 * "bench/README.md") are held to the same rule, so that moving a section cannot orphan a comment or a help text.
 */
class DocsLinksTest {
    /** The repository's root, seen from the module directory the tests run in. */
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static final Pattern LINK =
            Pattern.compile("!?\\[(?:[^\\]\\[]|\\[[^\\]]*\\])*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern EXPLICIT_ANCHOR =
            Pattern.compile("<a\\s+(?:id|name)=\"([^\"]+)\"|\\{#([A-Za-z0-9_-]+)\\}");
    private static final Pattern CODE_POINTER =
            Pattern.compile("(?<![\\w/.-])((?:docs|bench)/[\\w./-]*\\.md|README\\.md)(#[\\w-]+)?");

    private final Map<Path, Set<String>> anchorsByPage = new HashMap<>();

    @Test
    void everyRelativeLinkOfTheDocumentationResolves() throws IOException {
        List<Path> pages = documentationPages();
        assertThat(pages)
                .contains(ROOT.resolve("README.md"), ROOT.resolve("docs/design.md"), ROOT.resolve("bench/README.md"));
        List<String> broken = new ArrayList<>();
        for (Path page : pages) {
            List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
            boolean inFence = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.stripLeading().startsWith("```")) {
                    inFence = !inFence;
                    continue;
                }
                if (inFence) {
                    continue;
                }
                Matcher m = LINK.matcher(withoutCodeSpans(line));
                while (m.find()) {
                    String problem = check(page, m.group(1));
                    if (problem != null) {
                        broken.add(ROOT.relativize(page) + ":" + (i + 1) + ": " + m.group(1) + ": " + problem);
                    }
                }
            }
        }
        assertThat(broken).as("broken links").isEmpty();
    }

    @Test
    void theJavaSourcesPointOnlyAtSectionsThatExist() throws IOException {
        List<String> broken = new ArrayList<>();
        try (Stream<Path> files = Files.walk(ROOT)) {
            List<Path> sources = files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> ROOT.relativize(p).toString().matches("pilot-[^/]+/src/.*"))
                    .sorted()
                    .toList();
            assertThat(sources).isNotEmpty();
            for (Path source : sources) {
                List<String> lines = Files.readAllLines(source, StandardCharsets.UTF_8);
                for (int i = 0; i < lines.size(); i++) {
                    Matcher m = CODE_POINTER.matcher(lines.get(i));
                    while (m.find()) {
                        String target = m.group(1) + (m.group(2) == null ? "" : m.group(2));
                        String problem = check(ROOT.resolve("README.md"), target);
                        if (problem != null) {
                            broken.add(ROOT.relativize(source) + ":" + (i + 1) + ": " + target + ": " + problem);
                        }
                    }
                }
            }
        }
        assertThat(broken)
                .as("pointers into the documentation that lead nowhere")
                .isEmpty();
    }

    @Test
    void slugsFollowGitHubsRules() {
        assertThat(slug("`pilot compare`: which is faster, by how much, how sure"))
                .isEqualTo("pilot-compare-which-is-faster-by-how-much-how-sure");
        assertThat(slug("Reference: `pilot run --help`")).isEqualTo("reference-pilot-run---help");
        assertThat(slug("`pilot jmh` against JMH's own 5 × 5")).isEqualTo("pilot-jmh-against-jmhs-own-5--5");
        assertThat(slug("`pilot report`: a 10⁶-reading session")).isEqualTo("pilot-report-a-10⁶-reading-session");
        assertThat(slug("See [the design](docs/design.md) **now**")).isEqualTo("see-the-design-now");
    }

    /** The reason a link does not resolve, or null when it does. */
    private String check(Path page, String target) {
        if (target.matches("[A-Za-z][A-Za-z0-9+.-]*:.*")) {
            return null; // http:, https:, mailto: and the like are not checked here
        }
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path linked = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        if (!linked.startsWith(ROOT)) {
            return "points outside the repository";
        }
        if (!Files.exists(linked)) {
            return "no such file";
        }
        if (anchor == null || anchor.isEmpty()) {
            return null;
        }
        if (!linked.toString().endsWith(".md")) {
            return anchor.matches("L\\d+(-L\\d+)?") ? null : "an anchor into a file that is not Markdown";
        }
        return anchors(linked).contains(anchor)
                ? null
                : "no heading or anchor '" + anchor + "' in " + ROOT.relativize(linked);
    }

    private Set<String> anchors(Path page) {
        return anchorsByPage.computeIfAbsent(page, p -> {
            try {
                Set<String> anchors = new HashSet<>();
                Map<String, Integer> seen = new HashMap<>();
                boolean inFence = false;
                for (String line : Files.readAllLines(p, StandardCharsets.UTF_8)) {
                    if (line.stripLeading().startsWith("```")) {
                        inFence = !inFence;
                        continue;
                    }
                    if (inFence) {
                        continue;
                    }
                    Matcher explicit = EXPLICIT_ANCHOR.matcher(line);
                    while (explicit.find()) {
                        anchors.add(explicit.group(1) != null ? explicit.group(1) : explicit.group(2));
                    }
                    Matcher heading = HEADING.matcher(line);
                    if (heading.matches()) {
                        String base = slug(heading.group(2).replaceAll("\\{#[A-Za-z0-9_-]+\\}", ""));
                        int n = seen.merge(base, 1, Integer::sum) - 1;
                        anchors.add(n == 0 ? base : base + "-" + n);
                    }
                }
                return anchors;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** What a slug keeps besides '-': letters, marks, numbers and connectors such as '_' (\p{L}, \p{M}, \p{N}, \p{Pc}). */
    private static final Set<Integer> KEPT = Set.of(
            (int) Character.UPPERCASE_LETTER,
            (int) Character.LOWERCASE_LETTER,
            (int) Character.TITLECASE_LETTER,
            (int) Character.MODIFIER_LETTER,
            (int) Character.OTHER_LETTER,
            (int) Character.NON_SPACING_MARK,
            (int) Character.ENCLOSING_MARK,
            (int) Character.COMBINING_SPACING_MARK,
            (int) Character.DECIMAL_DIGIT_NUMBER,
            (int) Character.LETTER_NUMBER,
            (int) Character.OTHER_NUMBER,
            (int) Character.CONNECTOR_PUNCTUATION);

    /** GitHub's anchor of a heading: its text without markup, lower case, punctuation removed, spaces to '-'. */
    static String slug(String heading) {
        String text = heading.replaceAll("!?\\[([^\\]]*)\\]\\([^)]*\\)", "$1") // a link's text only
                .replaceAll("<[^>]+>", "") // inline HTML
                .toLowerCase(Locale.ROOT);
        StringBuilder slug = new StringBuilder();
        text.codePoints().forEach(c -> {
            if (c == ' ') {
                slug.append('-');
            } else if (c == '-' || KEPT.contains(Character.getType(c))) {
                slug.appendCodePoint(c);
            }
        });
        return slug.toString();
    }

    private static String withoutCodeSpans(String line) {
        return line.replaceAll("`[^`]*`", "``");
    }

    private static List<Path> documentationPages() throws IOException {
        List<Path> pages = new ArrayList<>();
        for (String top : List.of("README.md", "CONTRIBUTING.md", "CHANGELOG.md")) {
            if (Files.exists(ROOT.resolve(top))) {
                pages.add(ROOT.resolve(top));
            }
        }
        for (String dir : List.of("docs", "bench")) {
            try (Stream<Path> files = Files.list(ROOT.resolve(dir))) {
                files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
            }
        }
        return pages;
    }
}
