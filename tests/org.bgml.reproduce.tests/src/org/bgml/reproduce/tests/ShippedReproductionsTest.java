package org.bgml.reproduce.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.Connection;
import org.bgml.model.Entity;
import org.bgml.model.FunctionalPath;
import org.bgml.model.Metric;
import org.bgml.model.io.ModelFiles;
import org.bgml.reproduce.ReproductionModels;
import org.bgml.testing.GoldenFiles;
import org.bgml.testing.RepositoryRoot;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.ModelValidator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped reproductions that fit a pattern are the patterns' output: {@code reproductions/proxy-penalty.bgml},
 * {@code dba-color.bgml} and {@code placement.bgml} are, byte for byte, what {@link ReproductionModels#proxyPenalty},
 * {@link ReproductionModels#dbaColor} and {@link ReproductionModels#placement} build from the clientServer, proxy and
 * mesh patterns (with {@code -Dbgml.updateGoldens=true} the test writes them).
 */
class ShippedReproductionsTest {
    @TempDir
    Path temp;

    /** Builds one reproduction model into a file. */
    interface Build {
        BenchmarkModel at(Path file) throws Exception;
    }

    @Test
    void theProxyPenaltyIsTheClientServerAndProxyPatternsAsShipped() throws Exception {
        shipped(ReproductionModels.PROXY, ReproductionModels::proxyPenalty);
    }

    @Test
    void dbaColorIsTheMeshPatternAsShippedAndNamesWhatTheFindingsRead() throws Exception {
        BenchmarkModel model = shipped(ReproductionModels.DBA_COLOR, ReproductionModels::dbaColor);
        Connection link = model.getConnections().stream().filter(c -> c.getName().equals(ReproductionModels.DBA_LINK)).findFirst().orElseThrow(
                () -> new AssertionError("finding 6 reads " + ReproductionModels.DBA_LINK + ", which the mesh instance must name"));
        Entity probed = (Entity) link.getTarget().eContainer();
        for (String metric : List.of(ReproductionModels.DBA_VALUE_CYCLE, ReproductionModels.DBA_IMPROVEMENT_CYCLE)) {
            FunctionalPath m = (FunctionalPath) model.getMetrics().stream().filter(x -> x.getName().equals(metric)).findFirst().orElseThrow();
            assertEquals(probed, m.getPort().eContainer(), metric + " probes the agent the finding's link delivers to");
        }
        assertEquals(List.of(List.of(0), List.of(0)), model.getDeployments().get(0).getNodes().get(0).getProcesses().stream()
                .map(p -> List.copyOf(p.getCpus())).toList(), "both agents on CPU 0, as the example pins them");
    }

    @Test
    void placementIsThreeClientServerInstancesWithTheirPlacements() throws Exception {
        BenchmarkModel model = shipped(ReproductionModels.PLACEMENT, ReproductionModels::placement);
        assertEquals(List.of("SameCpuLatency", "CrossCpuLatency", "UnpinnedLatency"), model.getMetrics().stream().map(Metric::getName).toList(),
                "the latencies finding 7 reads");
        Map<String, List<Integer>> cpus = new LinkedHashMap<>();
        model.getDeployments().get(0).getNodes().forEach(n -> n.getProcesses().forEach(p -> cpus.put(p.getName(), List.copyOf(p.getCpus()))));
        assertEquals(Map.of("SameCpuServerProcess", List.of(0), "SameCpuClientProcess", List.of(0), "CrossCpuServerProcess", List.of(0),
                "CrossCpuClientProcess", List.of(1), "UnpinnedServerProcess", List.of(), "UnpinnedClientProcess", List.of()), cpus);
        assertEquals(2, model.getDeployments().get(0).getNodes().get(0).getCpuCount(), "the node has the CPUs the pairs are pinned to");
    }

    /** Builds the model twice: it validates without errors, equals the shipped file and gives the same bytes both times. */
    private BenchmarkModel shipped(String name, Build build) throws Exception {
        Path file = temp.resolve(name);
        BenchmarkModel model = build.at(file);
        List<ModelDiagnostic> errors = new ModelValidator().validate(model).stream().filter(d -> ModelValidator.hasErrors(List.of(d))).toList();
        assertEquals(List.of(), errors.stream().map(ModelDiagnostic::format).toList(), "the model validates clean");
        ModelFiles.save(model.eResource(), file);
        Path shipped = RepositoryRoot.get().resolve("reproductions").resolve(name);
        if (GoldenFiles.updating()) {
            Files.copy(file, shipped, StandardCopyOption.REPLACE_EXISTING);
        }
        assertEquals(Files.readString(shipped), Files.readString(file), "reproductions/" + name + " is the patterns' output"
                + " (refresh with -Dbgml.updateGoldens=true and read the diff)");
        Path again = temp.resolve("again-" + name);
        BenchmarkModel second = build.at(again);
        ModelFiles.save(second.eResource(), again);
        assertEquals(Files.readString(file), Files.readString(again), "the same bytes every time");
        return model;
    }
}
