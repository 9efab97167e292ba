package org.bgml.cli;

/**
 * Keeps SLF4J's own start-up notes off the terminal. Libraries bgml uses (SQLite's JDBC driver among them) log through
 * the SLF4J 2 API; inside OSGi it finds its providers only through the service-loader extender, which the headless
 * product does not run, so it falls back to its no-operation logger, which is what bgml wants (the commands report
 * everything the user asked for themselves), but first prints three {@code SLF4J(W)} lines on every run. Its
 * internal verbosity set to errors before its first use keeps the fallback and drops the notes. A value set by
 * the user ({@code -Dslf4j.internal.verbosity=...} in {@code BGML_JAVA_OPTS}) wins.
 */
final class LoggingQuiet {
    static final String VERBOSITY = "slf4j.internal.verbosity";

    private LoggingQuiet() {
    }

    static void apply() {
        if (System.getProperty(VERBOSITY) == null) {
            System.setProperty(VERBOSITY, "ERROR");
        }
    }
}
