package org.bgml.cli;

/** "1 error", "3 errors". */
final class Plural {
    private Plural() {
    }

    static String of(long count, String noun) {
        return count + " " + noun + (count == 1 ? "" : "s");
    }
}
