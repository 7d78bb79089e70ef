package io.pilotbench.core.store;

/** Names and headers of the files in a session directory (format version {@value #FORMAT_VERSION}). */
final class SessionFiles {
    /** Bumped only for changes old readers cannot ignore; readers accept every version up to theirs. */
    static final int FORMAT_VERSION = 1;

    static final String SESSION = "session.json";
    static final String ROUNDS = "rounds.csv";
    static final String READINGS = "readings.csv";
    static final String UNIT_READINGS = "unit_readings.csv";
    static final String RESULT = "result.json";

    static final String[] ROUNDS_HEADER = {
        "round",
        "work_amount",
        "start",
        "duration_ns",
        "status",
        "exit_code",
        "user_cpu_ns",
        "system_cpu_ns",
        "peak_rss_bytes",
        "message"
    };
    static final String[] READINGS_HEADER = {"round", "pi", "reading"};
    static final String[] UNIT_READINGS_HEADER = {"round", "pi", "index", "value"};

    private SessionFiles() {}
}
