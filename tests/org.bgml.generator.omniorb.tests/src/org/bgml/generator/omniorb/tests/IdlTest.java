package org.bgml.generator.omniorb.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every IDL file generated for every example passes omniidl, with the flags the generated CMakeLists uses. */
class IdlTest {

    static List<Path> models() {
        return Fixtures.allModels();
    }

    @ParameterizedTest
    @MethodSource("models")
    void omniidlAcceptsTheIdl(Path model, @TempDir Path dir) throws Exception {
        assumeTrue(Tools.available("omniidl"), "omniidl is not installed (Debian package omniidl)");
        Fixtures.generate(model, dir);
        List<String> idl = new ArrayList<>();
        try (var files = java.nio.file.Files.list(dir.resolve("idl"))) {
            files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".idl")).sorted().forEach(idl::add);
        }
        assertTrue(!idl.isEmpty(), "no IDL generated");
        boolean events = idl.size() > 1;
        Path out = java.nio.file.Files.createDirectories(dir.resolve("stubs"));
        for (String file : idl) {
            List<String> command = new ArrayList<>(List.of("omniidl", "-bcxx", "-Wbh=.hh", "-Wbs=SK.cc"));
            if (events) {
                command.addAll(List.of("-Wba", "-Wbd=DynSK.cc"));
            }
            command.addAll(List.of("-I" + dir.resolve("idl"), "-C" + out, dir.resolve("idl/" + file).toString()));
            Tools.Outcome o = Tools.run(dir, 60, command);
            assertTrue(o.ok(), "omniidl refuses " + file + " of " + Fixtures.name(model) + ":\n" + o.output());
        }
    }
}
