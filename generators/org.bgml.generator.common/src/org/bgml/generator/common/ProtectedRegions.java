package org.bgml.generator.common;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Hand-written code inside generated files. A region runs from {@code // BEGIN USER CODE <id>} to
 * {@code // END USER CODE <id>}; on regeneration the body found in the existing file replaces the body the
 * template produced for the same id. Ids are element paths, so they survive unrelated model edits.
 */
public final class ProtectedRegions {
    public static final String BEGIN = "// BEGIN USER CODE ";
    public static final String END = "// END USER CODE ";
    private static final Pattern REGION = Pattern.compile(
            "^[ \\t]*// BEGIN USER CODE (\\S+)[ \\t]*\\n(.*?)^[ \\t]*// END USER CODE \\1[ \\t]*$",
            Pattern.MULTILINE | Pattern.DOTALL);

    private ProtectedRegions() {
    }

    /** The bodies of every region in {@code text}, by id. */
    public static Map<String, String> read(CharSequence text) {
        Map<String, String> regions = new LinkedHashMap<>();
        Matcher m = REGION.matcher(text);
        while (m.find()) {
            if (regions.put(m.group(1), m.group(2)) != null) {
                throw new IllegalArgumentException("user code region " + m.group(1) + " appears twice");
            }
        }
        return regions;
    }

    /** {@code generated} with each region's body taken from {@code existing} where it has the same id. */
    public static String merge(CharSequence generated, CharSequence existing) {
        Map<String, String> kept = read(existing);
        if (kept.isEmpty()) {
            return generated.toString();
        }
        Matcher m = REGION.matcher(generated);
        StringBuilder out = new StringBuilder(generated.length() + 256);
        int last = 0;
        while (m.find()) {
            String body = kept.get(m.group(1));
            if (body == null) {
                continue;
            }
            out.append(generated, last, m.start(2)).append(body);
            last = m.end(2);
        }
        out.append(generated, last, generated.length());
        return out.toString();
    }
}
