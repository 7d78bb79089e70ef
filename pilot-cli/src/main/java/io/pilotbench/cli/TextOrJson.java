package io.pilotbench.cli;

import io.pilotbench.report.Format;

/**
 * The {@code --format} of a command whose reports are text or JSON only ({@code changepoints}, {@code history
 * detect}): its own type, so that a refused value is told the two it can be ("'xml' is not one of text, json"), not
 * every report format, two of which the command then refused.
 */
enum TextOrJson {
    TEXT,
    JSON;

    Format format() {
        return this == TEXT ? Format.TEXT : Format.JSON;
    }
}
