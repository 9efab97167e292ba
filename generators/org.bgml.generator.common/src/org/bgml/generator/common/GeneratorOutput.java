package org.bgml.generator.common;

import java.util.Map;

/** Where a generator writes. Paths are relative, with '/' separators; writing outside the root is refused. */
public interface GeneratorOutput {
    /** Writes a text file (UTF-8, LF line endings), keeping any user code regions of the file it replaces. */
    void writeText(String relativePath, CharSequence content);

    /** Writes a binary file verbatim. */
    void writeBytes(String relativePath, byte[] content);

    /** Marks a generated file as executable (scripts). */
    void markExecutable(String relativePath);

    /** Every file written so far, by relative path, in the order first written. */
    Map<String, byte[]> files();
}
