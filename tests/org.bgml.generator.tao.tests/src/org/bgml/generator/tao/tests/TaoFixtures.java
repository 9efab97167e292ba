package org.bgml.generator.tao.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.bgml.targets.GenerationService;
import org.bgml.generator.common.InvalidModelException;
import org.bgml.generator.common.MemoryOutput;
import org.bgml.generator.common.RuntimeHeaders;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.OptionDefinition;
import org.bgml.model.Configuration;
import org.bgml.model.Middleware;
import org.bgml.model.OptionCatalog;
import org.bgml.model.OptionSetting;
import org.bgml.model.io.ModelFiles;
import org.bgml.testing.RepositoryRoot;

/** The repository, its examples, and generation through the one GenerationService, as the CLI does it. */
final class TaoFixtures {
    static final String TARGET = "tao";

    private TaoFixtures() {
    }

    /** The checkout the tests run from (passed by the build as -Dbgml.repo). */
    static Path repo() {
        return RepositoryRoot.get();
    }

    static Path example(String name) {
        return repo().resolve("examples").resolve(name + ".bgml");
    }

    /** A model kept with these tests (models/), for what examples/ does not cover yet. */
    static Path fixture(String name) {
        return repo().resolve("tests/org.bgml.generator.tao.tests/models").resolve(name + ".bgml");
    }

    static List<Path> examples() {
        try (Stream<Path> files = Files.list(repo().resolve("examples"))) {
            return files.filter(f -> f.getFileName().toString().endsWith(".bgml")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static BenchmarkModel load(Path file) {
        try {
            return ModelFiles.loadModel(file);
        } catch (Exception e) {
            throw new IllegalStateException("cannot load " + file + ": " + e.getMessage(), e);
        }
    }

    /** The first configuration with a TAO setting, as a user would pick it for this target; null if none. */
    static String taoConfiguration(BenchmarkModel model) {
        for (Configuration c : model.getConfigurations()) {
            for (OptionSetting s : c.getSettings()) {
                if (s.getOption().eContainer() instanceof OptionCatalog cat && cat.getMiddleware() == Middleware.TAO) {
                    return c.getName();
                }
            }
        }
        return null;
    }

    static GenerationService.Request request(BenchmarkModel model, String deployment) {
        return new GenerationService.Request(model, TARGET, deployment, taoConfiguration(model));
    }

    /** Every generated file in memory, the copied runtime headers included. */
    static MemoryOutput generate(BenchmarkModel model, String deployment) throws InvalidModelException {
        MemoryOutput out = new MemoryOutput();
        new GenerationService().generate(request(model, deployment), out);
        return out;
    }

    /** The generated files a golden covers: everything but the runtime headers copied verbatim. */
    static Map<String, byte[]> ownFiles(MemoryOutput out) {
        Map<String, byte[]> files = new TreeMap<>();
        out.files().forEach((path, bytes) -> {
            if (!path.startsWith(RuntimeHeaders.INCLUDE_DIR + "/")) {
                files.put(path, bytes);
            }
        });
        return files;
    }

    /** Adds a configuration of TAO catalogue options (by key, as TAO spells them; in catalogue order) to the model. */
    static Configuration addConfiguration(BenchmarkModel model, String name, Map<String, String> settings) {
        OptionCatalog catalog = (OptionCatalog) model.eResource().getResourceSet()
                .getResource(ModelFiles.CATALOGS.appendSegment("tao.bgml"), true).getContents().get(0);
        Configuration c = BgmlFactory.eINSTANCE.createConfiguration();
        c.setName(name);
        for (OptionDefinition o : catalog.getOptions()) {
            if (settings.containsKey(o.getKey())) {
                OptionSetting s = BgmlFactory.eINSTANCE.createOptionSetting();
                s.setOption(o);
                s.setValue(settings.get(o.getKey()));
                c.getSettings().add(s);
            }
        }
        if (c.getSettings().size() != settings.size()) {
            throw new IllegalArgumentException("not every option of " + settings.keySet() + " is in the TAO catalogue");
        }
        model.getConfigurations().add(c);
        return c;
    }

    /** The ACE+TAO installation to check against, or null when ACE_ROOT/TAO_ROOT are not set. */
    static Path aceRoot() {
        String ace = System.getenv("ACE_ROOT");
        String tao = System.getenv("TAO_ROOT");
        if (ace == null || ace.isBlank() || tao == null || tao.isBlank()) {
            return null;
        }
        return Path.of(ace);
    }
}
