package io.pilotbench.report;

/** Output formats of reports. */
public enum Format {
    /** For people: aligned, with units and plain-language warnings. */
    TEXT,
    /** The machine contract: stable field names, numbers at full double precision, NaN as null. */
    JSON,
    /** One header line and one line per result, for spreadsheets. */
    CSV,
    /** A GitHub-flavoured Markdown table, for pull requests and issues. */
    MARKDOWN
}
