package org.bgml.model.io;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.bgml.model.BgmlPackage;

/** The file format version, carried by the namespace URI {@code http://bgml.org/bgml/MAJOR.MINOR}. */
public record FormatVersion(int major, int minor) implements Comparable<FormatVersion> {
    private static final Pattern NAMESPACE = Pattern.compile("http://bgml\\.org/bgml/(\\d{1,9})\\.(\\d{1,9})");

    /** The version this build reads and writes. */
    public static final FormatVersion CURRENT = parse(BgmlPackage.eNS_URI);

    /** The version a namespace URI names, or null when it is not a BGML namespace (numbers are at most 9 digits). */
    public static FormatVersion parse(String namespace) {
        Matcher m = namespace == null ? null : NAMESPACE.matcher(namespace);
        if (m == null || !m.matches()) {
            return null;
        }
        return new FormatVersion(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }

    @Override
    public int compareTo(FormatVersion o) {
        return major != o.major ? Integer.compare(major, o.major) : Integer.compare(minor, o.minor);
    }

    @Override
    public String toString() {
        return major + "." + minor;
    }
}
