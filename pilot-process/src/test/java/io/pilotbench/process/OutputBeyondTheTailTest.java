package io.pilotbench.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A PI is read from the last 16 MiB of a round's standard output; a value printed before 20 MiB of other output was
 * reported as "the command printed nothing on standard output" or "no match for regex", without a word of the
 * limit. The message now says how much was searched of how much.
 */
class OutputBeyondTheTailTest {
    @TempDir
    Path tmp;

    @Test
    void aMessageAboutOutputLongerThanWhatIsSearchedSaysSo() throws Exception {
        Path big = tmp.resolve("stdout.txt");
        Files.write(big, new byte[17 << 20]);
        assertThat(RoundOutput.beyondTail(big)).contains("only the last 16 MiB of its 17 MiB of standard output");
        Path small = tmp.resolve("small.txt");
        Files.writeString(small, "v=5\n");
        assertThat(RoundOutput.beyondTail(small)).isEmpty();
        assertThat(RoundOutput.beyondTail(tmp.resolve("missing.txt"))).isEmpty();
    }
}
