package org.bgml.generator.common.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.bgml.generator.common.descriptor.TargetDescriptor;
import org.bgml.generator.common.descriptor.Toolchain;
import org.bgml.generator.common.descriptor.Toolchain.Location;
import org.bgml.model.OptionCatalog;
import org.bgml.model.io.ModelFiles;
import org.bgml.targets.GenerationService;
import org.bgml.targets.Targets;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

/**
 * The target registry: what it finds at run time, and everything derived from it. Checked against the four
 * targets shipped here; a fifth target bundle in the runtime must not break these tests (generators/README.md).
 */
class TargetsTest {
    private static final List<String> SHIPPED = List.of("omniorb", "ace", "ciao", "tao");

    @TempDir
    Path tmp;

    /** Each target comes from its own bundle's service entry; the registry bundle requires none of them. */
    @Test
    void theRegistryFindsEveryTargetInItsOwnBundle() {
        List<String> ids = Targets.ids();
        assertTrue(ids.containsAll(SHIPPED), ids.toString());
        assertEquals("omniorb", ids.get(0), "the default first");
        assertEquals(ids.subList(1, ids.size()).stream().sorted().toList(), ids.subList(1, ids.size()), "then by id");
        for (TargetDescriptor t : Targets.all()) {
            Bundle from = FrameworkUtil.getBundle(t.getClass());
            assertNotNull(from, t.id() + " was not loaded from a bundle");
            assertEquals("org.bgml.generator." + t.id(), from.getSymbolicName());
            assertEquals(t.id(), t.generator().id(), "the descriptor's generator is the same target");
            assertFalse(t.label().isBlank());
        }
        assertEquals(List.of(), Targets.problems(), "every named descriptor loads");
        String required = FrameworkUtil.getBundle(Targets.class).getHeaders().get("Require-Bundle");
        for (String id : Targets.ids()) {
            assertFalse(required.contains("org.bgml.generator." + id), "org.bgml.targets requires the " + id + " bundle: " + required);
        }
    }

    @Test
    void omniorbIsTheOneDefault() {
        assertEquals("omniorb", Targets.defaultTarget());
        assertEquals(1, Targets.all().stream().filter(TargetDescriptor::isDefault).count());
    }

    @Test
    void anUnknownTargetIsRefusedNamingTheRegisteredOnes() {
        String message = Targets.unknownTargetMessage("orbix");
        assertTrue(message.startsWith("unknown target 'orbix'; choose one of omniorb, "), message);
        assertEquals(List.of(message.substring(message.indexOf("of ") + 3).split(", ")), Targets.ids(), "every registered id, once");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GenerationService.target("orbix"));
        assertEquals(Targets.unknownTargetMessage("orbix"), e.getMessage());
        assertFalse(Targets.isKnown("orbix"));
        assertFalse(Targets.isKnown(null));
        assertTrue(Targets.isKnown("ciao"));
        assertEquals(String.join("|", Targets.ids()), Targets.choices());
    }

    /** The shipped catalogues each target names load, and hold options of a middleware that target applies. */
    @Test
    void everyNamedCatalogueLoadsAndBelongsToItsTarget() {
        assertTrue(Targets.catalogs().containsAll(List.of("omniorb.bgml", "ace.bgml", "tao.bgml")), Targets.catalogs().toString());
        assertEquals(Targets.catalogs().stream().distinct().toList(), Targets.catalogs());
        ResourceSet set = ModelFiles.newResourceSet();
        for (TargetDescriptor t : Targets.all()) {
            if (t.catalog() == null) {
                continue;
            }
            OptionCatalog catalog = (OptionCatalog) set.getResource(URI.createURI(ModelFiles.CATALOGS + t.catalog()), true).getContents().get(0);
            assertTrue(t.appliesSettingsOf(catalog.getMiddleware()), t.id() + " does not apply " + catalog.getMiddleware());
        }
        assertTrue(Targets.applyingSettingsOf(org.bgml.model.Middleware.TAO).stream().map(TargetDescriptor::id).toList()
                .containsAll(List.of("ciao", "tao")));
        assertFalse(Targets.applyingSettingsOf(org.bgml.model.Middleware.TAO).contains(Targets.get("omniorb")));
    }

    /** Locations shared by targets (ACE_ROOT for tao and ciao) are listed once, each after those it is guessed from. */
    @Test
    void toolchainLocationsAreListedOnceWithTheTargetsThatNeedThem() {
        List<String> names = Targets.toolchain().stream().map(v -> v.name()).toList();
        assertEquals(names.stream().distinct().toList(), names, "each once");
        assertTrue(names.containsAll(List.of("OMNIORB_IDL", "OMNIORB_INCLUDE", "ACE_INCLUDE", "ACE_ROOT", "TAO_ROOT", "CIAO_ROOT", "DANCE_ROOT")),
                names.toString());
        assertTrue(names.indexOf("ACE_ROOT") < names.indexOf("TAO_ROOT") && names.indexOf("TAO_ROOT") < names.indexOf("CIAO_ROOT"), names.toString());
        assertTrue(Targets.neededBy("TAO_ROOT").containsAll(List.of("ciao", "tao")));
        assertFalse(Targets.neededBy("TAO_ROOT").contains("omniorb"));
        assertEquals(List.of("ciao"), Targets.neededBy("DANCE_ROOT"));
    }

    /** TAO inside an ACE tree is found from ACE_ROOT alone; a CIAO that is not there keeps the ciao target from running here. */
    @Test
    void runsHereFollowsTheDetectedToolchain() throws Exception {
        Path ace = tmp.resolve("ACE_wrappers");
        Files.createDirectories(ace.resolve("ace"));
        Files.writeString(ace.resolve("ace/ACE.h"), "// ACE\n");
        Files.createDirectories(ace.resolve("TAO/tao"));
        Files.writeString(ace.resolve("TAO/tao/ORB.h"), "// TAO\n");
        Map<String, String> env = Map.of("ACE_ROOT", ace.toString());

        List<Location> found = Toolchain.detect(Targets.get("ciao").toolchain(), name -> null, env, "");
        assertEquals("environment", found.get(0).source());
        assertEquals(ace.resolve("TAO").toString(), found.get(1).value());
        assertEquals("detected", found.get(1).source());
        assertTrue(found.get(2).problem().startsWith("not set and not found: the CIAO source tree"), found.get(2).problem());

        assertTrue(Targets.get("tao").runsHere(env, ""), "ACE_ROOT with TAO inside is all the tao target needs");
        assertFalse(Targets.get("ciao").runsHere(env, ""), "ciao needs CIAO and DAnCE too");
        assertFalse(Targets.get("tao").runsHere(Map.of(), ""), "no ACE_ROOT, no tao");
    }
}
