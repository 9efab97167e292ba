package org.bgml.launcher.run;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

import org.bgml.generator.common.manifest.Manifest.Readiness;

/** Checks a manifest readiness (or done) signal once; the runner polls it under a time limit. */
final class Signals {
    private Signals() {
    }

    static boolean reached(Readiness signal, Path runDir, Path log) {
        if (signal == null) {
            return true;
        }
        return switch (signal.kind()) {
        case "none" -> true;
        case "file" -> signal.paths().stream().allMatch(p -> nonEmpty(runDir.resolve(p)));
        case "logLine" -> logMatches(log, Pattern.compile(signal.pattern()));
        case "port" -> accepts(signal.port());
        default -> throw new IllegalArgumentException("unknown readiness kind '" + signal.kind() + "'");
        };
    }

    static String describe(Readiness signal) {
        return switch (signal.kind()) {
        case "file" -> "file(s) " + String.join(", ", signal.paths());
        case "logLine" -> "a log line matching '" + signal.pattern() + "'";
        case "port" -> "port " + signal.port() + " on 127.0.0.1";
        default -> signal.kind();
        };
    }

    private static boolean nonEmpty(Path file) {
        try {
            return Files.isRegularFile(file) && Files.size(file) > 0;
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean logMatches(Path log, Pattern pattern) {
        try {
            return Files.readAllLines(log, StandardCharsets.UTF_8).stream().anyMatch(l -> pattern.matcher(l).find());
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean accepts(Integer port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
