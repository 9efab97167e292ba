package org.bgml.model.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Interface;
import org.bgml.model.Latency;
import org.bgml.model.Module;
import org.bgml.model.OptionCatalog;
import org.bgml.model.Receptacle;
import org.bgml.model.Requirement;
import org.bgml.model.Statistic;
import org.bgml.model.Server;
import org.bgml.model.Client;
import org.bgml.model.Facet;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged, foreign and future files fail with one {@link ModelLoadException} (never another exception) whose
 * {@code describe()} names the file, gives the line when the problem has one, and says what was expected.
 */
class MalformedInputTest {
    private static final BgmlFactory F = BgmlFactory.eINSTANCE;

    @TempDir
    Path temp;

    /** A small, valid model as the serialiser writes it; the cases below damage it one way each. */
    private String small;

    @BeforeEach
    void writeSmallModel() throws Exception {
        BenchmarkModel model = F.createBenchmarkModel();
        model.setName("Small");
        Module test = F.createModule();
        test.setName("Test");
        Interface rt = F.createInterface();
        rt.setName("RoundTrip");
        test.getDefinitions().add(rt);
        model.getModules().add(test);
        Server server = F.createServer();
        server.setName("S");
        Facet facet = F.createFacet();
        facet.setName("rt");
        facet.setInterface(rt);
        server.getPorts().add(facet);
        Client client = F.createClient();
        client.setName("C");
        Receptacle receptacle = F.createReceptacle();
        receptacle.setName("rt");
        receptacle.setInterface(rt);
        client.getPorts().add(receptacle);
        model.getEntities().add(server);
        model.getEntities().add(client);
        Latency latency = F.createLatency();
        latency.setName("lat");
        latency.setSamples(250_000);
        latency.setPort(facet);
        Requirement requirement = F.createRequirement();
        requirement.setStatistic(Statistic.P90);
        requirement.setValue(150);
        latency.setRequirement(requirement);
        model.getMetrics().add(latency);
        Path file = temp.resolve("small.bgml");
        ModelFiles.save(ModelBytes.resourceFor(model, file), file);
        small = Files.readString(file, StandardCharsets.UTF_8);
        ModelFiles.loadModel(file); // the undamaged file loads
    }

    @Test
    void emptyFile() throws Exception {
        ModelLoadException e = refused("empty.bgml", new byte[0]);
        assertEquals(0, e.line(), "an empty file has no line");
        assertMentions(e, "empty", "expected");
    }

    @Test
    void missingFile() {
        Path file = temp.resolve("nowhere.bgml");
        ModelLoadException e = assertThrows(ModelLoadException.class, () -> ModelFiles.loadModel(file));
        assertEquals(file + ": no such file", e.describe());
    }

    @Test
    void plainText() throws Exception {
        ModelLoadException e = refused("notes.bgml", "These are my notes,\nnot a model.\n".getBytes(StandardCharsets.UTF_8));
        assertLine(e, 1);
        assertMentions(e, "not a BGML model", "expected");
    }

    @Test
    void garbageBytes() throws Exception {
        byte[] garbage = new byte[4096];
        new Random(42).nextBytes(garbage);
        garbage[0] = (byte) 0x9c; // not '<' and not a byte-order mark: the classic binary file
        ModelLoadException e = refused("garbage.bgml", garbage);
        assertLine(e, 1);
        assertMentions(e, "expected");
    }

    @Test
    void garbageInTheMiddleOfAModel() throws Exception {
        byte[] bytes = small.getBytes(StandardCharsets.UTF_8);
        int at = small.indexOf("<entities");
        byte[] noise = new byte[64];
        new Random(7).nextBytes(noise);
        for (int i = 0; i < noise.length; i++) {
            noise[i] = (byte) (noise[i] | 0x80); // bytes that are never valid UTF-8 on their own
        }
        System.arraycopy(noise, 0, bytes, at, noise.length);
        ModelLoadException e = refused("damaged.bgml", bytes);
        assertLine(e, lineOf(small, at));
        assertMentions(e, "expected");
    }

    @Test
    void foreignXml() throws Exception {
        ModelLoadException html = refused("page.bgml", "<html>\n<body>hello</body>\n</html>\n".getBytes(StandardCharsets.UTF_8));
        assertLine(html, 1);
        assertMentions(html, "<html>", "not a BGML model", "expected", "bgml:BenchmarkModel");

        Path ecore = Repo.root().resolve("metamodel/org.bgml.model/model/bgml.ecore");
        ModelLoadException e = assertThrows(ModelLoadException.class, () -> ModelFiles.loadModel(ecore));
        check(e, ecore);
        assertLineInTag(e, Files.readString(ecore), Files.readString(ecore).indexOf("<ecore:EPackage"));
        assertMentions(e, "ecore:EPackage", "http://www.eclipse.org/emf/2002/Ecore", "expected");
    }

    @Test
    void newerFormat() throws Exception {
        String text = small.replace("http://bgml.org/bgml/1.0", "http://bgml.org/bgml/2.0");
        ModelLoadException e = refused("future.bgml", text);
        assertLineInTag(e, text, text.indexOf("bgml/2.0"));
        assertMentions(e, "2.0", "1.0", "newer");
    }

    @Test
    void absurdFormatNumber() throws Exception {
        ModelLoadException e = refused("absurd.bgml", small.replace("http://bgml.org/bgml/1.0", "http://bgml.org/bgml/99999999999.0"));
        assertMentions(e, "not a BGML model", "99999999999.0", "expected");
    }

    @Test
    void olderFormat() throws Exception {
        ModelLoadException e = refused("past.bgml", small.replace("http://bgml.org/bgml/1.0", "http://bgml.org/bgml/0.9"));
        assertMentions(e, "0.9", "1.0");
    }

    @Test
    void unknownAttribute() throws Exception {
        String text = small.replace("name=\"S\"", "name=\"S\" colour=\"red\"");
        ModelLoadException e = refused("attribute.bgml", text);
        assertLineInTag(e, text, text.indexOf("colour="));
        assertMentions(e, "colour", "Server 'S'", "expected", "ports");
    }

    @Test
    void unknownElement() throws Exception {
        String text = small.replace("<ports xsi:type=\"bgml:Facet\"", "<gadgets/>\n    <ports xsi:type=\"bgml:Facet\"");
        ModelLoadException e = refused("element.bgml", text);
        assertLineInTag(e, text, text.indexOf("<gadgets"));
        assertMentions(e, "gadgets", "expected");
    }

    @Test
    void unknownElementType() throws Exception {
        String text = small.replace("xsi:type=\"bgml:Server\"", "xsi:type=\"bgml:Nonsense\"");
        ModelLoadException e = refused("type.bgml", text);
        assertLineInTag(e, text, text.indexOf("bgml:Nonsense"));
        assertMentions(e, "Nonsense", "expected", "bgml:Server", "bgml:Component");
    }

    @Test
    void danglingReference() throws Exception {
        String text = small.replaceFirst("interface=\"#Test::RoundTrip\"", "interface=\"#Test::Missing\"");
        ModelLoadException e = refused("dangling.bgml", text);
        assertLineInTag(e, text, text.indexOf("Test::Missing"));
        assertMentions(e, "Test::Missing", "S/rt", "expected");
    }

    @Test
    void nonNumericCount() throws Exception {
        String text = small.replace("samples=\"250000\"", "samples=\"abc\"");
        ModelLoadException e = refused("samples.bgml", text);
        assertLineInTag(e, text, text.indexOf("samples="));
        assertMentions(e, "'abc'", "samples", "lat", "expected", "whole number");
    }

    @Test
    void unknownEnumLiteral() throws Exception {
        String text = small.replace("statistic=\"p90\"", "statistic=\"p97\"");
        ModelLoadException e = refused("enum.bgml", text);
        assertLineInTag(e, text, text.indexOf("p97"));
        assertMentions(e, "'p97'", "statistic", "expected one of", "p99.9");
    }

    @Test
    void notABoolean() throws Exception {
        String text = small.replace("bgml:Receptacle\" name=\"rt\"", "bgml:Receptacle\" name=\"rt\" multiplex=\"sometimes\"");
        ModelLoadException e = refused("boolean.bgml", text);
        assertLineInTag(e, text, text.indexOf("sometimes"));
        assertMentions(e, "'sometimes'", "multiplex", "expected true or false");
    }

    @Test
    void wrongRootForAModel() throws Exception {
        OptionCatalog catalog = F.createOptionCatalog();
        catalog.setName("Cat");
        Path file = temp.resolve("catalog.bgml");
        ModelFiles.save(ModelBytes.resourceFor(catalog, file), file);
        ModelLoadException e = assertThrows(ModelLoadException.class, () -> ModelFiles.loadModel(file));
        check(e, file);
        assertMentions(e, "BenchmarkModel", "OptionCatalog", "expected");
        ModelFiles.loadRoot(ModelFiles.newResourceSet(), file); // as a catalogue it is fine
    }

    /** Cut at many offsets, including inside the XML declaration, a tag, an escape and a multi-byte character. */
    @Test
    void truncatedFiles() throws Exception {
        List<byte[]> sources = new ArrayList<>();
        sources.add(small.getBytes(StandardCharsets.UTF_8));
        Path every = temp.resolve("every.bgml");
        ModelFiles.save(ModelBytes.resourceFor(EveryClassModel.build(), every), every);
        sources.add(Files.readAllBytes(every));
        if (!Repo.exampleFiles().isEmpty()) {
            sources.add(Files.readAllBytes(Repo.exampleFiles().get(0)));
        }
        for (byte[] source : sources) {
            String text = new String(source, StandardCharsets.UTF_8);
            int end = text.lastIndexOf("</bgml:");
            TreeSet<Integer> cuts = new TreeSet<>(List.of(1, 5, 20, 60, 150, end / 3, end / 2, 2 * end / 3, end - 1, end, end + 4));
            int escape = text.indexOf("&quot;");
            if (escape > 0) {
                cuts.add(byteOffset(text, escape) + 3);
            }
            int multiByte = text.indexOf('\u00e9');
            if (multiByte > 0) {
                cuts.add(byteOffset(text, multiByte) + 1);
            }
            Random random = new Random(source.length);
            for (int i = 0; i < 5; i++) {
                cuts.add(1 + random.nextInt(byteOffset(text, end)));
            }
            for (int cut : cuts) {
                if (cut >= byteOffset(text, end) + "</bgml:".length() + 5) {
                    continue;
                }
                byte[] truncated = java.util.Arrays.copyOf(source, cut);
                ModelLoadException e = refused("cut-" + cut + ".bgml", truncated);
                assertTrue(e.line() > 0, "no line for a file cut at byte " + cut + ": " + e.describe());
                assertTrue(e.line() <= new String(truncated, StandardCharsets.UTF_8).lines().count() + 1,
                        "line beyond the end for a cut at byte " + cut + ": " + e.describe());
                assertMentions(e, "expected");
            }
        }
    }

    // ------------------------------------------------------------------ helpers

    private ModelLoadException refused(String name, String text) throws Exception {
        return refused(name, text.getBytes(StandardCharsets.UTF_8));
    }

    private ModelLoadException refused(String name, byte[] bytes) throws Exception {
        Path file = temp.resolve(name);
        Files.write(file, bytes);
        ModelLoadException e = assertThrows(ModelLoadException.class, () -> ModelFiles.loadModel(file));
        check(e, file);
        ModelLoadException again = assertThrows(ModelLoadException.class,
                () -> ModelFiles.loadRoot(ModelFiles.newResourceSet(), file));
        assertEquals(e.describe(), again.describe(), "loadModel and loadRoot report the same problem");
        return e;
    }

    private static void check(ModelLoadException e, Path file) {
        assertEquals(file, e.file());
        String prefix = e.line() > 0 ? file + ":" + e.line() + (e.column() > 0 ? ":" + e.column() : "") + ": " : file + ": ";
        assertTrue(e.describe().startsWith(prefix), "'" + e.describe() + "' should start with '" + prefix + "'");
        assertTrue(e.getMessage() != null && !e.getMessage().isBlank(), "a message");
        assertTrue(!e.getMessage().contains("Exception") && !e.getMessage().contains("\tat "),
                "plain words, no exception names or stack traces: " + e.getMessage());
        assertEquals(1, e.describe().lines().count(), "one line: " + e.describe());
    }

    private static void assertLine(ModelLoadException e, int line) {
        assertEquals(line, e.line(), e.describe());
    }

    private static void assertMentions(ModelLoadException e, String... words) {
        for (String word : words) {
            assertTrue(e.getMessage().toLowerCase().contains(word.toLowerCase()), "'" + e.describe() + "' should mention " + word);
        }
    }

    /** The parser reports an element's problems where its start tag ends; accept any line of that tag. */
    private static void assertLineInTag(ModelLoadException e, String text, int marker) {
        int first = lineOf(text, text.lastIndexOf('<', marker));
        int last = lineOf(text, text.indexOf('>', marker));
        assertTrue(e.line() >= first && e.line() <= last, "line " + e.line() + " is not in lines " + first + "-" + last + ": " + e.describe());
    }

    /** The 1-based line of a character index. */
    private static int lineOf(String text, int index) {
        assertTrue(index >= 0, "marker not found");
        return (int) text.substring(0, index).chars().filter(c -> c == '\n').count() + 1;
    }

    private static int byteOffset(String text, int charIndex) {
        return text.substring(0, charIndex).getBytes(StandardCharsets.UTF_8).length;
    }
}
