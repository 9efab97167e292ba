package org.bgml.launcher.results;

import java.nio.file.Path;

/** A result file that cannot be used: missing, empty, truncated, not JSON, from a newer runtime or with bad values. */
public final class ResultFileException extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient Path file;
    private final String problem;

    public ResultFileException(Path file, String problem) {
        super(file + ": " + problem);
        this.file = file;
        this.problem = problem;
    }

    public Path file() {
        return file;
    }

    /** What is wrong, without the file name. */
    public String problem() {
        return problem;
    }
}
