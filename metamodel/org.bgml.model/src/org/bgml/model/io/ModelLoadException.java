package org.bgml.model.io;

import java.nio.file.Path;

/** A model file that cannot be used: it names the file, the line when known, and what was expected. */
public class ModelLoadException extends Exception {
    private static final long serialVersionUID = 1L;
    private final Path file;
    private final int line;
    private final int column;

    public ModelLoadException(Path file, int line, int column, String message) {
        super(message);
        this.file = file;
        this.line = line;
        this.column = column;
    }

    public Path file() {
        return file;
    }

    /** 1-based line, or 0 when the problem concerns the whole file. */
    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    /** Compiler-style: {@code file:line:column: message}. */
    public String describe() {
        StringBuilder s = new StringBuilder(file.toString());
        if (line > 0) {
            s.append(':').append(line);
            if (column > 0) {
                s.append(':').append(column);
            }
        }
        return s.append(": ").append(getMessage()).toString();
    }
}
