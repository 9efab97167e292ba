package org.bgml.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.RunRecord;
import org.bgml.testing.RepositoryRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bgml run examples/roundtrip.bgml --target tao}: the run applies and stores the model's TAO configuration,
 * not its first one (omniORB's); a configuration of another middleware named with {@code --config} is applied with
 * a warning that names its settings, printed and stored with the run. Where TAO is not installed the build fails,
 * and the failed run is stored with the same configuration and warnings, which is what is checked here.
 */
class RunConfigurationTest {
    @TempDir
    Path dir;

    @Test
    void aTaoRunWithoutConfigTakesTheTaoConfiguration() throws Exception {
        RunRecord run = run("--target", "tao");
        assertEquals("tao", run.target());
        assertEquals("taoLoopback", run.configuration());
        assertEquals(List.of(), run.warnings());
        assertEquals(List.of("ORBEndpoint", "ORBDottedDecimalAddresses"), run.settings().stream().map(s -> s.option()).toList());
    }

    @Test
    void aConfigurationOfAnotherMiddlewareIsWarnedAboutAndTheWarningIsStored() throws Exception {
        String warning = "configuration 'omniorbLoopback' holds omniorb settings that the tao target ignores: endPoint";
        Cli.Result r = cli("--target", "tao", "--config", "omniorbLoopback");
        assertTrue(r.errLines().stream().anyMatch(l -> l.matches(".*warning +" + java.util.regex.Pattern.quote(warning))), r.toString());
        RunRecord run = stored();
        assertEquals("omniorbLoopback", run.configuration());
        assertEquals(List.of(warning), run.warnings());

        Cli.Result shown = Cli.run("results", "--store", dir.resolve("results.db").toString(), "--run", run.runId());
        assertTrue(shown.out().contains("warning: " + warning), shown.toString());
    }

    private RunRecord run(String... args) throws Exception {
        cli(args);
        return stored();
    }

    private Cli.Result cli(String... args) throws Exception {
        Path model = dir.resolve("roundtrip.bgml");
        Files.copy(RepositoryRoot.example("roundtrip.bgml"), model);
        List<String> all = new java.util.ArrayList<>(List.of("run", model.toString(), "--out", dir.resolve("out").toString(),
                "--store", dir.resolve("results.db").toString(), "--report", dir.resolve("report.html").toString()));
        all.addAll(List.of(args));
        // no build or run assertion: where TAO is not installed the build fails, and that run is stored too
        return Cli.run(all.toArray(String[]::new));
    }

    private RunRecord stored() throws Exception {
        try (ResultsStore store = ResultsStore.open(dir.resolve("results.db"))) {
            long id = store.runs(null, 1).get(0).id();
            return store.run(id).orElseThrow().record();
        }
    }
}
