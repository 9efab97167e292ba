package org.bgml.ui.wizards;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

/** What a new model can start from: an empty model, or one of the examples that travel inside this bundle. */
public final class ModelTemplates {
    public static final String EMPTY = "Empty model";
    /** The choice whose parameters the wizard's pattern page asks for. */
    public static final String PATTERN = "A pattern (next page)";

    private ModelTemplates() {
    }

    /** "Empty model" first, then "A pattern (next page)", then the example file names (roundtrip.bgml, ...), sorted. */
    public static List<String> choices() {
        List<String> examples = new ArrayList<>();
        Bundle bundle = FrameworkUtil.getBundle(ModelTemplates.class);
        Enumeration<URL> entries = bundle == null ? null : bundle.findEntries("examples", "*.bgml", false);
        if (entries != null) {
            for (URL u : Collections.list(entries)) {
                String path = u.getPath();
                examples.add(path.substring(path.lastIndexOf('/') + 1));
            }
        }
        Collections.sort(examples);
        examples.add(0, PATTERN);
        examples.add(0, EMPTY);
        return examples;
    }

    /** The contents of a new file {@code fileName} started from {@code choice}. */
    public static String contents(String choice, String fileName) throws IOException {
        if (choice == null || EMPTY.equals(choice)) {
            return empty(modelName(fileName));
        }
        Bundle bundle = FrameworkUtil.getBundle(ModelTemplates.class);
        URL url = bundle.getEntry("examples/" + choice);
        if (url == null) {
            throw new IOException("the example " + choice + " is missing from the org.bgml.ui bundle");
        }
        try (InputStream in = url.openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** A model with nothing in it yet but its name. */
    public static String empty(String name) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <bgml:BenchmarkModel xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:bgml="http://bgml.org/bgml/1.0" name="%s"/>
                """.formatted(name);
    }

    /** An identifier made from a file name: {@code my-bench.bgml} becomes {@code my_bench}. */
    public static String modelName(String fileName) {
        String stem = fileName.replaceFirst("\\.bgml$", "").replaceAll("[^A-Za-z0-9_]", "_");
        if (stem.isEmpty() || !Character.isLetter(stem.charAt(0))) {
            stem = "Model" + stem;
        }
        return stem;
    }
}
