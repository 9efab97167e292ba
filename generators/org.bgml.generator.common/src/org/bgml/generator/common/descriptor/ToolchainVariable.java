package org.bgml.generator.common.descriptor;

import java.util.List;

/**
 * One toolchain location a target needs, such as {@code ACE_ROOT} or the omniidl compiler: how to recognise it and
 * where to look for it when it is not set.
 *
 * @param name     the variable's name, e.g. {@code TAO_ROOT}; also the preference key
 * @param label    a short human name, e.g. {@code TAO}
 * @param kind     a folder, or a program to run
 * @param marker   for a folder, a file relative to it that proves it is the right one (empty: any folder)
 * @param purpose  what it is and who needs it, in words a user can act on
 * @param exported whether builds and benchmark processes get it as an environment variable
 * @param guesses  where to look, in order, when neither a preference nor the environment sets it
 */
public record ToolchainVariable(String name, String label, Kind kind, String marker, String purpose, boolean exported,
        List<Guess> guesses) {

    public enum Kind {
        FOLDER, PROGRAM
    }

    /** Where to look for a location that is not set. */
    public sealed interface Guess {
    }

    /** A child folder of another location found before, e.g. {@code $ACE_ROOT/TAO}. */
    public record Under(String variable, String child) implements Guess {
    }

    /** A program of that name on the PATH. */
    public record OnPath(String program) implements Guess {
    }

    /** A fixed place, e.g. {@code /usr/include} for a Debian package's headers. */
    public record At(String path) implements Guess {
    }

    public ToolchainVariable {
        guesses = List.copyOf(guesses);
    }

    /** A source tree given as an environment variable, such as {@code ACE_ROOT}. */
    public static ToolchainVariable sourceTree(String name, String label, String marker, String purpose, Guess... guesses) {
        return new ToolchainVariable(name, label, Kind.FOLDER, marker, purpose, true, List.of(guesses));
    }
}
