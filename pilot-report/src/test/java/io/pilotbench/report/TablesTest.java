package io.pilotbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TablesTest {
    @Test
    void markdownHeaderHasOneDelimiterPerColumn() {
        String[] lines = Tables.markdownHeader("lrc", "name", "a|b", "ok").split(System.lineSeparator());
        assertThat(lines).containsExactly("| name | a\\|b | ok |", "|---|---:|:---:|");
    }

    @Test
    void markdownHeaderRefusesAMismatch() {
        // the bug it prevents: pilot simulate's 12-column table had a 10-column delimiter row, so no table rendered
        assertThatThrownBy(() -> Tables.markdownHeader("lr", "a", "b", "c"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("3 columns but 2 alignments");
        assertThatThrownBy(() -> Tables.markdownHeader("x", "a")).hasMessageContaining("'x'");
    }

    /**
     * The finding: the comparison and decision reports' CSV quoted a cell holding a comma or a quote but not one holding
     * a line break, so a contender named after {@code sh -c 'a<newline>b'} split its row in two.
     */
    @Test
    void aCsvCellWithALineBreakIsQuoted() {
        assertThat(Tables.csvCell("sh -c 'make\nrun'")).isEqualTo("\"sh -c 'make\nrun'\"");
        assertThat(Tables.csvCell("a \"b\", c")).isEqualTo("\"a \"\"b\"\", c\"");
        assertThat(Tables.csvCell("plain")).isEqualTo("plain");
    }
}
