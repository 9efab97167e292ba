package org.bgml.model.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Entity;
import org.bgml.model.Metric;
import org.bgml.model.patterns.PatternDefinition;
import org.bgml.model.patterns.PatternException;
import org.bgml.model.patterns.PatternInstantiator;
import org.bgml.model.patterns.PatternLibrary;
import org.bgml.model.patterns.PatternParameter;
import org.bgml.model.patterns.PatternWriter;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.ModelValidator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Saving entities of a model as a pattern file: the file joins the library with the parameters chosen, and
 * instantiating it with their defaults gives the saved elements again, byte for byte once the prefix is taken off;
 * other values of a parameter land where the value was; what is not selected stays out; bad choices are refused.
 */
class PatternWriterTest {
    @TempDir
    Path dir;

    /** A model with a proxy of two pairs (prefix Proxy) and, not to be saved, a client/server pair beside it. */
    private static BenchmarkModel twoPatterns() throws PatternException {
        BenchmarkModel m = proxyOnly();
        PatternInstantiator.instantiate(m, PatternLibrary.ofShipped().find("clientServer"), Map.of(), null);
        return m;
    }

    private static BenchmarkModel proxyOnly() throws PatternException {
        BenchmarkModel m = BgmlFactory.eINSTANCE.createBenchmarkModel();
        m.setName("m");
        PatternInstantiator.instantiate(m, PatternLibrary.ofShipped().find("proxy"), Map.of("pairs", "2", "samples", "300"), null);
        return m;
    }

    private static List<Entity> proxyEntities(BenchmarkModel m) {
        return m.getEntities().stream().filter(e -> e.getName().startsWith("Proxy")).toList();
    }

    private static PatternWriter.Choice samples(String metric, String name, String value) {
        return new PatternWriter.Choice(metric + "@samples", name, value, 1, 100_000, "Samples of " + metric + ".");
    }

    @Test
    void aSavedSelectionJoinsTheLibraryAndInstantiatesBackToTheSameElements() throws Exception {
        BenchmarkModel m = twoPatterns();
        List<PatternWriter.Candidate> candidates = PatternWriter.candidates(m, proxyEntities(m));
        assertTrue(candidates.stream().anyMatch(c -> c.key().equals("ProxyLatency1@samples") && c.value().equals("300")),
                candidates.stream().map(PatternWriter.Candidate::key).toList().toString());
        assertTrue(candidates.stream().noneMatch(c -> c.key().startsWith("ClientServer")), "nothing of the pair that is not selected");

        String text = PatternWriter.write(m, proxyEntities(m), "Two proxied pairs.",
                List.of(samples("ProxyLatency1", "samples", "300"), samples("ProxyLatency2", "samples2", "300")));
        assertFalse(text.contains("ClientServer"), "the unselected pair stays out");
        assertTrue(text.contains("samples=\"${samples}\""), text);
        Path file = PatternWriter.save(dir, "twoPairs", text);
        assertEquals(dir.resolve("twoPairs.bgmlpattern"), file);

        PatternLibrary library = PatternLibrary.of(dir);
        assertEquals(List.of(), library.problems());
        PatternDefinition saved = library.find("twoPairs");
        assertEquals("Two proxied pairs.", saved.description());
        assertEquals(List.of("samples", "samples2"), saved.parameters().stream().map(PatternParameter::name).toList());
        assertEquals(PatternParameter.Type.INT, saved.parameters().get(0).type());
        assertEquals("300", saved.parameters().get(0).defaultValue());

        // with its defaults it gives the proxy again: the same bytes once the instance's prefix is taken off
        BenchmarkModel copy = BgmlFactory.eINSTANCE.createBenchmarkModel();
        copy.setName("m");
        assertEquals("Copy", PatternInstantiator.instantiate(copy, saved, Map.of(), "Copy").prefix());
        String expected = new String(ModelBytes.serialise(ModelBytes.resourceFor(proxyOnly(), dir.resolve("a.bgml"))), StandardCharsets.UTF_8);
        String got = new String(ModelBytes.serialise(ModelBytes.resourceFor(copy, dir.resolve("a.bgml"))), StandardCharsets.UTF_8);
        assertEquals(expected, got.replace("CopyProxy", "Proxy"));
        assertEquals(List.of(), new ModelValidator().validate(copy).stream().map(ModelDiagnostic::format).toList());

        // another value lands where the parameter was; twice into one model, the instances do not clash
        BenchmarkModel two = BgmlFactory.eINSTANCE.createBenchmarkModel();
        PatternInstantiator.instantiate(two, saved, Map.of("samples", "7"), null);
        assertEquals("TwoPairs2", PatternInstantiator.instantiate(two, saved, Map.of(), null).prefix());
        assertEquals(7, metric(two, "TwoPairsProxyLatency1").getSamples());
        assertEquals(300, metric(two, "TwoPairsProxyLatency2").getSamples());
        assertEquals(300, metric(two, "TwoPairs2ProxyLatency1").getSamples());
        PatternException bad = assertThrows(PatternException.class, () -> PatternInstantiator.instantiate(two, saved, Map.of("samples", "0"), null));
        assertEquals("parameter samples=0 is out of bounds: it must be from 1 to 100000", bad.getMessage());
    }

    @Test
    void badChoicesAndNamesAreRefused() throws Exception {
        BenchmarkModel m = twoPatterns();
        List<Entity> entities = proxyEntities(m);
        assertRefused("parameter name '1x' (for ProxyLatency1 samples) is not an identifier",
                () -> PatternWriter.write(m, entities, "", List.of(samples("ProxyLatency1", "1x", "5"))));
        assertRefused("two parameters are named 'n'",
                () -> PatternWriter.write(m, entities, "", List.of(samples("ProxyLatency1", "n", "5"), samples("ProxyLatency2", "n", "5"))));
        assertRefused("parameter n=0 is out of bounds",
                () -> PatternWriter.write(m, entities, "", List.of(samples("ProxyLatency1", "n", "0"))));
        assertRefused("no value 'ClientServerLatency1@samples' among the saved elements",
                () -> PatternWriter.write(m, entities, "", List.of(samples("ClientServerLatency1", "n", "5"))));
        assertRefused("nothing to save", () -> PatternWriter.write(m, List.of(), "", List.of()));
        String text = PatternWriter.write(m, entities, "", List.of());
        assertRefused("a shipped pattern is named proxy", () -> PatternWriter.save(dir, "proxy", text));
        assertRefused("is not a name", () -> PatternWriter.save(dir, "../up", text));
        PatternWriter.save(dir, "mine", text);
        assertRefused("exists already", () -> PatternWriter.save(dir, "mine", text));
        assertTrue(Files.exists(dir.resolve("mine.bgmlpattern")));
    }

    private static Metric metric(BenchmarkModel m, String name) {
        return m.getMetrics().stream().filter(x -> x.getName().equals(name)).findFirst().orElseThrow();
    }

    private interface Call {
        void run() throws Exception;
    }

    private static void assertRefused(String part, Call call) {
        PatternException e = assertThrows(PatternException.class, call::run);
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }
}
