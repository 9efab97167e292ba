package org.bgml.experiment.slurm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

import org.bgml.launcher.run.ProcessOutcome;
import org.bgml.launcher.run.RunOutcome;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * How the processes of a run inside a Slurm allocation ended, as the launcher on the first node saw them, carried to
 * the submitting bgml through the shared run folder ({@code slurm/outcome.json}), written atomically.
 */
public final class RunOutcomeFile {
    private RunOutcomeFile() {
    }

    public static void write(Path file, RunOutcome outcome) throws IOException {
        JsonObject o = new JsonObject();
        o.addProperty("failure", outcome.failure());
        o.addProperty("measuringNanos", outcome.measuringNanos());
        o.addProperty("clients", outcome.clients());
        JsonArray processes = new JsonArray();
        for (ProcessOutcome p : outcome.processes()) {
            JsonObject j = new JsonObject();
            j.addProperty("name", p.name());
            j.addProperty("role", p.role());
            j.addProperty("exitCode", p.exitCode());
            j.addProperty("problem", p.problem());
            j.addProperty("log", p.log() == null ? null : p.log().toString());
            JsonArray tail = new JsonArray();
            p.logTail().forEach(tail::add);
            j.add("logTail", tail);
            processes.add(j);
        }
        o.add("processes", processes);
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, new GsonBuilder().serializeNulls().setPrettyPrinting().create().toJson(o), StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    public static RunOutcome read(Path file, Path runDir) throws IOException {
        JsonObject o = JsonParser.parseString(Files.readString(file, StandardCharsets.UTF_8)).getAsJsonObject();
        List<ProcessOutcome> processes = new ArrayList<>();
        for (JsonElement e : o.getAsJsonArray("processes")) {
            JsonObject j = e.getAsJsonObject();
            List<String> tail = new ArrayList<>();
            j.getAsJsonArray("logTail").forEach(t -> tail.add(t.getAsString()));
            processes.add(new ProcessOutcome(text(j, "name"), text(j, "role"), j.get("exitCode").getAsInt(), text(j, "problem"),
                    text(j, "log") == null ? null : Path.of(text(j, "log")), List.copyOf(tail)));
        }
        return new RunOutcome(text(o, "failure"), List.copyOf(processes), runDir, o.get("measuringNanos").getAsLong(),
                text(o, "clients"));
    }

    private static String text(JsonObject o, String key) {
        JsonElement e = o.get(key);
        return e == null || e.isJsonNull() ? null : e.getAsString();
    }
}
