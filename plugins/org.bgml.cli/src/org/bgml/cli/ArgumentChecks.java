package org.bgml.cli;

import java.util.List;

/**
 * Checks the commands make after parsing, in the words of their usage errors. Required options are checked here
 * too, not by picocli, so that a misspelt option is reported before the option it was meant to be.
 */
final class ArgumentChecks {
    private ArgumentChecks() {
    }

    /** The one argument given: "no model file given" or "expected one model file, got 2" otherwise. */
    static String single(List<String> given, String what) throws UsageException {
        if (given.size() != 1) {
            throw new UsageException(given.isEmpty() ? "no " + what + " given" : "expected one " + what + ", got " + given.size());
        }
        return given.get(0);
    }

    /** Nothing given: "unexpected argument X" otherwise. */
    static void none(List<String> given) throws UsageException {
        if (!given.isEmpty()) {
            throw new UsageException("unexpected argument " + given.get(0));
        }
    }

    /** The value of a required option: "--run is required" when it was not given. */
    static String required(String value, String option) throws UsageException {
        if (value == null) {
            throw new UsageException(option + " is required");
        }
        return value;
    }
}
