package org.bgml.reproduce.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.io.ModelFiles;
import org.bgml.reproduce.ReproductionModels;
import org.bgml.testing.GoldenFiles;
import org.bgml.testing.RepositoryRoot;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.ModelValidator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped reproductions that fit a pattern are the patterns' output: {@code reproductions/proxy-penalty.bgml} is,
 * byte for byte, what {@link ReproductionModels#proxyPenalty} builds from the clientServer and proxy patterns (with
 * {@code -Dbgml.updateGoldens=true} the test writes it).
 */
class ShippedReproductionsTest {
    @TempDir
    Path temp;

    @Test
    void theProxyPenaltyIsTheClientServerAndProxyPatternsAsShipped() throws Exception {
        Path file = temp.resolve("proxy-penalty.bgml");
        BenchmarkModel model = ReproductionModels.proxyPenalty(file);
        List<ModelDiagnostic> errors = new ModelValidator().validate(model).stream().filter(d -> ModelValidator.hasErrors(List.of(d))).toList();
        assertEquals(List.of(), errors.stream().map(ModelDiagnostic::format).toList(), "the model validates clean");
        ModelFiles.save(model.eResource(), file);
        Path shipped = RepositoryRoot.get().resolve("reproductions").resolve(ReproductionModels.PROXY);
        if (GoldenFiles.updating()) {
            Files.copy(file, shipped, StandardCopyOption.REPLACE_EXISTING);
        }
        assertEquals(Files.readString(shipped), Files.readString(file), "reproductions/proxy-penalty.bgml is the patterns' output"
                + " (refresh with -Dbgml.updateGoldens=true and read the diff)");
        BenchmarkModel again = ReproductionModels.proxyPenalty(temp.resolve("again.bgml"));
        ModelFiles.save(again.eResource(), temp.resolve("again.bgml"));
        assertEquals(Files.readString(file), Files.readString(temp.resolve("again.bgml")), "the same bytes every time");
    }
}
