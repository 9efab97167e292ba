package org.bgml.diagram.layout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

import org.bgml.model.io.ModelFiles;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * Node positions and sizes by element path, kept in {@code NAME.bgml.layout.json} next to the model. Positions of
 * components inside an assembly are relative to the assembly. Written atomically on save, sorted, so the file diffs
 * well; a missing or unreadable file just means "lay out automatically".
 */
public final class LayoutStore {
    public static final String SUFFIX = ".layout.json";
    private static final int FORMAT = 1;

    /** Position and size of one node. */
    public record Bounds(double x, double y, double width, double height) {
    }

    private Map<String, Bounds> nodes = new TreeMap<>();

    public static Path fileFor(Path model) {
        return model.resolveSibling(model.getFileName() + SUFFIX);
    }

    public static LayoutStore load(Path model) {
        LayoutStore store = new LayoutStore();
        Path file = fileFor(model);
        if (!Files.isRegularFile(file)) {
            return store;
        }
        try {
            JsonObject root = JsonParser.parseString(Files.readString(file, StandardCharsets.UTF_8)).getAsJsonObject();
            JsonObject nodes = root.getAsJsonObject("nodes");
            if (nodes != null) {
                for (String id : nodes.keySet()) {
                    var a = nodes.getAsJsonArray(id);
                    store.nodes.put(id, new Bounds(a.get(0).getAsDouble(), a.get(1).getAsDouble(), a.get(2).getAsDouble(),
                            a.get(3).getAsDouble()));
                }
            }
        } catch (IOException | RuntimeException e) {
            store.nodes.clear(); // unreadable layout: fall back to automatic layout, never refuse the model
        }
        return store;
    }

    public void save(Path model) throws IOException {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("format", FORMAT);
        Map<String, double[]> out = new LinkedHashMap<>();
        nodes.forEach((id, b) -> out.put(id, new double[] { round(b.x()), round(b.y()), round(b.width()), round(b.height()) }));
        root.put("nodes", out);
        Gson gson = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();
        ModelFiles.writeAtomically(fileFor(model), (gson.toJson(root) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }

    public Bounds get(String id) {
        return nodes.get(id);
    }

    public void put(String id, Bounds bounds) {
        nodes.put(id, bounds);
    }

    public boolean isEmpty() {
        return nodes.isEmpty();
    }

    public int size() {
        return nodes.size();
    }

    /** Renames {@code oldId} and everything below it (after a rename changed element paths). */
    public void rename(String oldId, String newId) {
        Map<String, Bounds> renamed = new TreeMap<>();
        nodes.forEach((id, b) -> {
            if (id.equals(oldId)) {
                renamed.put(newId, b);
            } else if (id.startsWith(oldId + "/")) {
                renamed.put(newId + id.substring(oldId.length()), b);
            } else {
                renamed.put(id, b);
            }
        });
        nodes = renamed;
    }

    /** Forgets {@code id} and everything below it. */
    public void remove(String id) {
        nodes.keySet().removeIf(k -> k.equals(id) || k.startsWith(id + "/"));
    }

    public Map<String, Bounds> snapshot() {
        return new TreeMap<>(nodes);
    }

    public void restore(Map<String, Bounds> snapshot) {
        nodes = new TreeMap<>(snapshot);
    }
}
