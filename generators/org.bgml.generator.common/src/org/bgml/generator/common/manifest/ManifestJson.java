package org.bgml.generator.common.manifest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;

/** Reads and writes {@code manifest.json} with Gson; output is stable (declaration order, no timestamps). */
public final class ManifestJson {
    public static final String FILE = "manifest.json";
    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

    private ManifestJson() {
    }

    public static String write(Manifest manifest) {
        return GSON.toJson(manifest) + "\n";
    }

    public static Manifest read(Path file) throws IOException {
        try {
            Manifest m = GSON.fromJson(Files.readString(file, StandardCharsets.UTF_8), Manifest.class);
            if (m == null || m.processes() == null) {
                throw new IOException(file + ": not a BGML manifest (no processes)");
            }
            if (m.schemaVersion() > Manifest.SCHEMA_VERSION) {
                throw new IOException(file + ": manifest schema " + m.schemaVersion() + " is newer than this launcher reads ("
                        + Manifest.SCHEMA_VERSION + ")");
            }
            return m;
        } catch (JsonParseException e) {
            throw new IOException(file + ": malformed manifest: " + e.getMessage(), e);
        }
    }
}
