package org.bgml.generator.omniorb.tests;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** External commands the tests run (omniidl, cmake), with a time limit and their output kept. */
final class Tools {
    private Tools() {
    }

    record Outcome(int exitCode, String output) {
        boolean ok() {
            return exitCode == 0;
        }

        /** The last lines of the output, for failure messages. */
        String tail(int lines) {
            String[] all = output.split("\n");
            return String.join("\n", java.util.Arrays.asList(all).subList(Math.max(0, all.length - lines), all.length));
        }
    }

    /** Runs {@code command} in {@code dir}; a command still running after {@code seconds} is killed and fails. */
    static Outcome run(Path dir, long seconds, List<String> command) throws IOException, InterruptedException {
        Path log = Files.createTempFile("bgml-omniorb-tool", ".log");
        try {
            Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor();
                return new Outcome(-1, String.join(" ", command) + ": no result after " + seconds + " s\n"
                        + Files.readString(log, StandardCharsets.UTF_8));
            }
            return new Outcome(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** Whether a program is on the PATH. */
    static boolean available(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            if (Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }
}
