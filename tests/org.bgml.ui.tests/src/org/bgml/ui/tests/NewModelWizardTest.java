package org.bgml.ui.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.bgml.cli.Bgml;
import org.bgml.ui.wizards.ModelTemplates;
import org.bgml.ui.wizards.NewModelWizard;
import org.bgml.ui.wizards.PatternPage;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * File &gt; New &gt; BGML Model from a pattern: the pattern page offers the library's patterns with their typed
 * parameters at their defaults; a value out of bounds or of the wrong type is named beside its field and in the
 * page's message, and Finish is disabled until it is fixed; the file the wizard makes is byte for byte the one
 * {@code bgml new FILE --pattern proxy --set pairs=5 --set mode=connectOnly} writes.
 */
class NewModelWizardTest {
    private Shell shell;
    private WizardDialog dialog;

    @TempDir
    Path dir;

    /** A wizard dialog whose Finish button the test can read. */
    private static final class Dialog extends WizardDialog {
        Dialog(Shell parent, NewModelWizard wizard) {
            super(parent, wizard);
        }

        Button finish() {
            return getButton(IDialogConstants.FINISH_ID);
        }
    }

    @AfterEach
    void close() {
        Ui.run(() -> {
            if (dialog != null && dialog.getShell() != null && !dialog.getShell().isDisposed()) {
                dialog.getShell().dispose();
            }
            if (shell != null && !shell.isDisposed()) {
                shell.dispose();
            }
        });
    }

    /** A pattern file beside the models, with one parameter; only the server's name uses it. */
    private static final String PATTERN_FILE = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- bgml-pattern
            description: One server on its own.
            param calls int 100 1..1000 Calls per client.
            param tag identifier Lonely Name of the server.
            -->
            <bgml:BenchmarkModel xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bgml="http://bgml.org/bgml/1.0" name="Fragment">
              <entities xsi:type="bgml:Server" name="${tag}"/>
            </bgml:BenchmarkModel>
            """;

    @Test
    void theProjectsOwnPatternFileIsOfferedWithItsParameters() throws Exception {
        IProject project = Workspace.project("wizardOwnPattern");
        Workspace.write(project, "single.bgmlpattern", PATTERN_FILE);
        NewModelWizard wizard = new NewModelWizard();
        Dialog d = Ui.sync(() -> {
            shell = new Shell(Ui.display());
            wizard.init(null, new StructuredSelection(project));
            Dialog created = new Dialog(shell, wizard);
            created.create();
            return created;
        });
        dialog = d;
        PatternPage patterns = wizard.patternPage();
        Ui.run(() -> {
            wizard.page().setFileName("own.bgml");
            wizard.page().setTemplate(ModelTemplates.PATTERN);
            d.showPage(wizard.getNextPage(wizard.page()));
            patterns.selectPattern("single");
            Text tag = (Text) patterns.field("tag");
            assertEquals("Lonely", tag.getText());
            tag.setText("not an identifier");
            assertTrue(patterns.hint("tag").contains("is not an identifier"), patterns.hint("tag"));
            assertFalse(d.finish().isEnabled());
            tag.setText("Alone");
            assertTrue(d.finish().isEnabled(), String.valueOf(patterns.getErrorMessage()));
            assertTrue(wizard.performFinish());
        });
        byte[] fromWizard = Files.readAllBytes(wizard.created().getLocation().toFile().toPath());

        Path byCli = dir.resolve("own.bgml");
        Files.writeString(dir.resolve("single.bgmlpattern"), PATTERN_FILE);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = new Bgml(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(out, true, StandardCharsets.UTF_8))
                .run("new", byCli.toString(), "--pattern", "single", "--set", "tag=Alone");
        assertEquals(0, code, out.toString(StandardCharsets.UTF_8));
        assertArrayEquals(Files.readAllBytes(byCli), fromWizard, new String(fromWizard, StandardCharsets.UTF_8));
        assertTrue(new String(fromWizard, StandardCharsets.UTF_8).contains("Alone"), "the parameter reached the model");
    }

    @Test
    void aPatternWithItsParametersMakesTheFileBgmlNewWrites() throws Exception {
        IProject project = Workspace.project("wizardPatterns");
        NewModelWizard wizard = new NewModelWizard();
        Dialog d = Ui.sync(() -> {
            shell = new Shell(Ui.display());
            wizard.init(null, new StructuredSelection(project)); // no workbench: the new file is not opened in an editor
            Dialog created = new Dialog(shell, wizard);
            created.create();
            return created;
        });
        dialog = d;
        PatternPage patterns = wizard.patternPage();
        Ui.run(() -> {
            wizard.page().setFileName("proxy5.bgml");
            assertNull(wizard.getNextPage(wizard.page()), "an empty model has no pattern page");
            wizard.page().setTemplate(ModelTemplates.PATTERN);
            assertSame(patterns, wizard.getNextPage(wizard.page()), "a pattern's parameters come next");
            d.showPage(patterns);
        });

        Ui.run(() -> {
            patterns.selectPattern("proxy");
            Text pairs = (Text) patterns.field("pairs");
            assertEquals("3", pairs.getText(), "the default");
            assertTrue(patterns.hint("pairs").startsWith("int 1..64"), patterns.hint("pairs"));
            assertTrue(d.finish().isEnabled(), "the defaults are valid");

            pairs.setText("0");
            assertEquals("parameter pairs=0 is out of bounds: it must be from 1 to 64", patterns.hint("pairs"));
            assertEquals("parameter pairs=0 is out of bounds: it must be from 1 to 64", patterns.getErrorMessage());
            assertFalse(wizard.canFinish());
            assertFalse(d.finish().isEnabled(), "Finish is disabled while a value does not fit");

            pairs.setText("five");
            assertEquals("parameter pairs=five is not a whole number", patterns.hint("pairs"));
            assertFalse(d.finish().isEnabled());

            pairs.setText("5");
            Combo mode = (Combo) patterns.field("mode");
            mode.select(mode.indexOf("connectOnly"));
            mode.notifyListeners(org.eclipse.swt.SWT.Selection, new org.eclipse.swt.widgets.Event());
            assertNull(patterns.getErrorMessage());
            assertTrue(d.finish().isEnabled());

            patterns.prefixField().setText("9lives");
            assertNotNull(patterns.getErrorMessage(), "a prefix that is no identifier is refused");
            assertFalse(d.finish().isEnabled());
            patterns.prefixField().setText("");
            assertTrue(d.finish().isEnabled());

            assertTrue(wizard.performFinish());
        });

        IFile created = wizard.created();
        assertNotNull(created);
        assertEquals("/wizardPatterns/proxy5.bgml", created.getFullPath().toString());
        byte[] fromWizard = Files.readAllBytes(created.getLocation().toFile().toPath());

        Path byCli = dir.resolve("proxy5.bgml");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Bgml(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8))
                .run("new", byCli.toString(), "--pattern", "proxy", "--set", "pairs=5", "--set", "mode=connectOnly");
        assertEquals(0, code, out + "\n" + err);
        assertArrayEquals(Files.readAllBytes(byCli), fromWizard,
                "the wizard's file:\n" + new String(fromWizard, StandardCharsets.UTF_8));
    }
}
