package org.bgml.launcher.results;

import java.util.List;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/** JSON forms of stored runs, for {@code bgml results --format json} and other tools. Every key is present; null means "does not apply". */
public final class ResultsJson {
    private static final Gson GSON = new GsonBuilder().serializeNulls().setPrettyPrinting().disableHtmlEscaping().create();

    private ResultsJson() {
    }

    /** A run listing: an array of run summaries. */
    public static String runs(List<RunSummary> runs) {
        return GSON.toJson(runs);
    }

    /** One complete run: its record with the store id, measurements included. */
    public static String run(StoredRun run) {
        JsonElement record = GSON.toJsonTree(run.record());
        JsonObject out = new JsonObject();
        out.addProperty("id", run.id());
        record.getAsJsonObject().entrySet().forEach(e -> out.add(e.getKey(), e.getValue()));
        return GSON.toJson(out);
    }
}
