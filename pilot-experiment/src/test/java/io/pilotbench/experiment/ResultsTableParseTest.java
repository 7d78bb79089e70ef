package io.pilotbench.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pilotbench.core.model.InputException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The results table's reader ({@link ResultsTable#parse}), FastCSV with the leniency the table's readers rely on: the
 * table is also the experiment's journal, so a row cut short by a kill must be left out, and a damaged row must be
 * skippable by width rather than fail the whole table.
 */
class ResultsTableParseTest {
    @Test
    void aQuotedCellKeepsItsCommaQuoteAndLineBreak() {
        String line = ResultsTable.line(List.of("1", "setup.sh said \"no\",\nthen exited 1"));
        assertThat(ResultsTable.parse("job,error\n" + line))
                .containsExactly(List.of("job", "error"), List.of("1", "setup.sh said \"no\",\nthen exited 1"));
    }

    @Test
    void aLastRowWithoutItsNewlineIsLeftOutAsCutShort() {
        assertThat(ResultsTable.parse("job,time\n1,0.5\n2,0."))
                .containsExactly(List.of("job", "time"), List.of("1", "0.5"));
    }

    /** The kill came inside a quoted multi-line cell, right after its line break: the row is cut, not finished. */
    @Test
    void aLastRowCutInsideAQuotedCellIsLeftOut() {
        assertThat(ResultsTable.parse("job,error\n1,ok\n2,\"setup.sh said\n"))
                .containsExactly(List.of("job", "error"), List.of("1", "ok"));
    }

    @Test
    void rowsOfAnotherWidthAreKeptForTheReaderToSkip() {
        assertThat(ResultsTable.parse("a,b\n1,2,3\n4\n5,6\n"))
                .containsExactly(List.of("a", "b"), List.of("1", "2", "3"), List.of("4"), List.of("5", "6"));
    }

    @Test
    void emptyLinesAreRowsOfOneEmptyCellAndCrlfEndsARow() {
        assertThat(ResultsTable.parse("a,b\r\n\r\n1,2\r\n"))
                .containsExactly(List.of("a", "b"), List.of(""), List.of("1", "2"));
    }

    @Test
    void textThatIsNotCsvIsOneLine() {
        assertThatThrownBy(() -> ResultsTable.parse("a,b\n\"x\"y,2\n"))
                .isInstanceOf(InputException.class)
                .hasMessageStartingWith("not an RFC 4180 table: ");
    }
}
