package org.bgml.generator.common.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.bgml.generator.common.MemoryOutput;
import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.MetricPlan;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.patterns.PatternInstantiator;
import org.bgml.model.patterns.PatternLibrary;
import org.bgml.targets.GenerationService;
import org.eclipse.emf.ecore.resource.Resource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Patterns through the one generation path: every shipped pattern, at the ends of its structural parameters, generates
 * for the default target (omniorb) and deterministically; and parameter blocks reach the generated benchmark: changing
 * one block changes every metric that uses it, and a metric's own setting overrides the block's.
 */
class PatternGenerationTest {
    @TempDir
    Path dir;

    static Stream<Arguments> instances() {
        return Stream.of(Arguments.of("clientServer", "testType=both", "behaviour=busyWork"),
                Arguments.of("clientServer", "testType=latency", "behaviour=cubit"),
                Arguments.of("proxy", "pairs=1", "mode=route"), Arguments.of("proxy", "pairs=64", "mode=route"),
                Arguments.of("proxy", "pairs=1", "mode=connectOnly"), Arguments.of("proxy", "pairs=64", "mode=connectOnly"),
                Arguments.of("pipeline", "stages=1", "eventType=Tick"), Arguments.of("pipeline", "stages=32", "rate=1000"),
                Arguments.of("fanOut", "subscribers=1", "channel=none"), Arguments.of("fanOut", "subscribers=64", "channel=cosEvent"),
                Arguments.of("mesh", "rows=1", "cols=2"), Arguments.of("mesh", "rows=20", "cols=20"));
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("instances")
    void everyPatternGeneratesForTheDefaultTarget(String pattern, String a, String b) throws Exception {
        Path file = write(pattern, a, b);
        MemoryOutput first = generate(file, "omniorb");
        assertTrue(first.files().containsKey("manifest.json"), pattern + ": no manifest");
        assertEquals(names(first), names(generate(file, "omniorb")), "the same file list twice");
        MemoryOutput again = generate(file, "omniorb");
        for (Map.Entry<String, byte[]> e : first.files().entrySet()) {
            assertTrue(Arrays.equals(e.getValue(), again.files().get(e.getKey())), e.getKey() + " differs between two generations");
        }
    }

    @Test
    void changingABlockMovesEveryMetricThatUsesIt() throws Exception {
        Path file = write("proxy", "pairs=3", "rate=0");
        BenchmarkPlan before = GenerationService.plan(new GenerationService.Request(ModelFiles.loadModel(file), "omniorb", null, null));
        assertEquals(List.of(0.0, 0.0, 0.0), rates(before));
        MemoryOutput generatedBefore = generate(file, "omniorb");

        String text = Files.readString(file, StandardCharsets.UTF_8);
        String block = "<parameterBlocks name=\"ProxyClientTest\" description=\"How every client calls: its rate.\"/>";
        assertTrue(text.contains(block), text);
        Files.writeString(file, text.replace(block, "<parameterBlocks name=\"ProxyClientTest\" description=\"How every client calls: its rate.\">"
                + "<workload rate=\"fixed\" rateHz=\"250.0\" threads=\"2\"/></parameterBlocks>"), StandardCharsets.UTF_8);
        BenchmarkPlan after = GenerationService.plan(new GenerationService.Request(ModelFiles.loadModel(file), "omniorb", null, null));
        assertEquals(List.of(250.0, 250.0, 250.0), rates(after), "one block, three metrics");
        assertEquals(List.of(2, 2, 2), threads(after));
        MemoryOutput generatedAfter = generate(file, "omniorb");
        List<String> changed = new ArrayList<>();
        generatedBefore.files().forEach((k, v) -> {
            if (!Arrays.equals(v, generatedAfter.files().get(k))) {
                changed.add(k);
            }
        });
        assertTrue(changed.stream().filter(f -> f.contains("Client")).count() >= 3, "each client's generated code follows the block: " + changed);

        // the second metric overrides the thread count and keeps the block's rate
        text = Files.readString(file, StandardCharsets.UTF_8);
        String metric = "connection=\"#ProxyToRouter2\" operation=\"#Proxy::Cubit::cube_long\" parameters=\"#ProxyClientTest\"/>";
        assertTrue(text.contains(metric), text);
        Files.writeString(file, text.replace(metric, metric.replace("/>", "><workload threads=\"4\"/></metrics>")), StandardCharsets.UTF_8);
        BenchmarkPlan overridden = GenerationService.plan(new GenerationService.Request(ModelFiles.loadModel(file), "omniorb", null, null));
        assertEquals(List.of(250.0, 250.0, 250.0), rates(overridden));
        assertEquals(List.of(2, 4, 2), threads(overridden));
    }

    private static List<Double> rates(BenchmarkPlan plan) {
        return metrics(plan).stream().map(MetricPlan::rateHz).toList();
    }

    private static List<Integer> threads(BenchmarkPlan plan) {
        return metrics(plan).stream().map(MetricPlan::threads).toList();
    }

    private static List<MetricPlan> metrics(BenchmarkPlan plan) {
        List<MetricPlan> all = new ArrayList<>();
        for (InvocationPlan i : plan.invocations()) {
            all.addAll(i.metrics());
        }
        return all;
    }

    private Path write(String pattern, String... sets) throws Exception {
        Map<String, String> args = new TreeMap<>();
        for (String s : sets) {
            args.put(s.substring(0, s.indexOf('=')), s.substring(s.indexOf('=') + 1));
        }
        BenchmarkModel model = BgmlFactory.eINSTANCE.createBenchmarkModel();
        model.setName("Patterned");
        PatternInstantiator.instantiate(model, PatternLibrary.ofShipped().find(pattern), args, null);
        Path file = dir.resolve(pattern + ".bgml");
        Resource r = ModelFiles.newResourceSet().createResource(ModelFiles.uriOf(file));
        r.getContents().add(model);
        ModelFiles.save(r, file);
        return file;
    }

    private static MemoryOutput generate(Path file, String target) throws Exception {
        MemoryOutput out = new MemoryOutput();
        new GenerationService().generate(new GenerationService.Request(ModelFiles.loadModel(file), target, null, null), out);
        return out;
    }

    private static List<String> names(MemoryOutput out) {
        return out.files().keySet().stream().sorted().toList();
    }
}
