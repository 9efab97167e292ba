package org.bgml.model.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Client;
import org.bgml.model.Interface;
import org.bgml.model.Module;
import org.bgml.model.Operation;
import org.bgml.model.Receptacle;
import org.bgml.model.NamedElement;
import org.bgml.model.io.ElementPaths;
import org.bgml.model.io.ModelFiles;
import org.eclipse.emf.ecore.EObject;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class ElementPathsTest {
    private final BgmlFactory f = BgmlFactory.eINSTANCE;

    @Test
    void idlElementsUseScopedNamesAndOthersUseSlashes() {
        BenchmarkModel model = f.createBenchmarkModel();
        Module test = f.createModule();
        test.setName("Test");
        Interface rt = f.createInterface();
        rt.setName("RoundTrip");
        Operation op = f.createOperation();
        op.setName("test_method");
        rt.getOperations().add(op);
        test.getDefinitions().add(rt);
        model.getModules().add(test);
        Client client = f.createClient();
        client.setName("Client1");
        Receptacle r = f.createReceptacle();
        r.setName("rt");
        client.getPorts().add(r);
        model.getEntities().add(client);

        assertEquals("Test::RoundTrip::test_method", ElementPaths.pathOf(op));
        assertEquals("Client1/rt", ElementPaths.pathOf(r));
        assertSame(op, ElementPaths.resolve(model, "Test::RoundTrip::test_method"));
        assertSame(r, ElementPaths.resolve(model, "Client1/rt"));
        assertNull(ElementPaths.resolve(model, "Client1/missing"));
    }

    @Test
    void duplicateNamesHaveNoUniquePath() {
        BenchmarkModel model = f.createBenchmarkModel();
        Client a = f.createClient();
        a.setName("Same");
        Client b = f.createClient();
        b.setName("Same");
        model.getEntities().add(a);
        model.getEntities().add(b);
        assertNull(ElementPaths.uniquePathOf(a));
        assertNull(ElementPaths.resolve(model, "Same"));
    }

    /** Every named element of every example (and shipped catalogue) is found again by its path. */
    @TestFactory
    Stream<DynamicTest> everyNamedElementOfTheExamplesResolvesByItsPath() {
        return Repo.shippedModelFiles().stream().map(file -> DynamicTest.dynamicTest(
                Repo.root().relativize(file).toString(),
                () -> assertEveryNamedElementResolves(ModelFiles.loadRoot(ModelFiles.newResourceSet(), file))));
    }

    @Test
    void everyNamedElementOfTheEveryClassModelResolvesByItsPath() {
        assertEveryNamedElementResolves(EveryClassModel.build());
    }

    private static void assertEveryNamedElementResolves(EObject root) {
        int checked = 0;
        for (var it = root.eAllContents(); it.hasNext();) {
            EObject element = it.next();
            if (element instanceof NamedElement named && named.getName() != null && !named.getName().isEmpty()) {
                String path = ElementPaths.pathOf(element);
                assertSame(element, ElementPaths.resolve(root, path), "'" + path + "' does not lead back to its element");
                assertNotNull(ElementPaths.uniquePathOf(element), "'" + path + "' is not unique");
                checked++;
            }
        }
        assertTrue(checked > 0, "no named elements");
    }
}
