package org.bgml.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.bgml.ide.core.toolchain.Toolchains;
import org.bgml.generator.common.descriptor.Toolchain.Location;
import org.bgml.generator.common.descriptor.ToolchainVariable;
import org.bgml.ui.preferences.ToolchainPreferencePage;
import org.eclipse.jface.preference.PreferenceDialog;
import org.eclipse.jface.preference.PreferenceManager;
import org.eclipse.jface.preference.PreferenceNode;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Preferences &gt; BGML: typing toolchain locations and pressing Detect says what each resolves to, and what is
 * missing in words a user can act on; OK stores them for the runs.
 */
class ToolchainPreferencePageTest {
    @TempDir
    Path tmp;
    private PreferenceDialog dialog;

    @AfterEach
    void restore() throws Exception {
        Ui.run(() -> {
            if (dialog != null && dialog.getShell() != null && !dialog.getShell().isDisposed()) {
                dialog.close();
            }
        });
        for (ToolchainVariable v : Toolchains.variables()) {
            Toolchains.preferences().remove(v.name());
        }
        Toolchains.preferences().flush();
    }

    @Test
    void detectReportsFoundAndMissingToolchainsAndOkStoresThem() throws Exception {
        Path ace = tmp.resolve("ACE_wrappers");
        Files.createDirectories(ace.resolve("ace"));
        Files.writeString(ace.resolve("ace/ACE.h"), "// ACE\n");
        Files.createDirectories(ace.resolve("TAO/tao"));
        Files.writeString(ace.resolve("TAO/tao/ORB.h"), "// TAO\n");
        Path noCiao = tmp.resolve("no-such-ciao");
        Path empty = Files.createDirectories(tmp.resolve("empty"));

        Composite page = Ui.sync(() -> {
            ToolchainPreferencePage p = new ToolchainPreferencePage();
            p.init(PlatformUI.getWorkbench());
            PreferenceManager manager = new PreferenceManager();
            manager.addToRoot(new PreferenceNode("org.bgml.ui.preferences", p));
            dialog = new PreferenceDialog(Ui.window().getShell(), manager);
            dialog.setBlockOnOpen(false);
            dialog.open();
            return (Composite) p.getControl();
        });

        String found = Ui.sync(() -> {
            Ui.after(page, "ACE_ROOT:", Text.class).setText(ace.toString());
            Ui.after(page, "TAO_ROOT:", Text.class).setText("");
            Ui.after(page, "CIAO_ROOT:", Text.class).setText(noCiao.toString());
            Ui.after(page, "DANCE_ROOT:", Text.class).setText(empty.toString());
            press(page, "Detect");
            return report(page);
        });
        assertTrue(found.contains("ACE_ROOT: " + ace + " (preference)"), found);
        if (System.getenv("TAO_ROOT") == null) {
            assertTrue(found.contains("TAO_ROOT: " + ace.resolve("TAO") + " (detected)"), "TAO is found inside ACE: " + found);
        }
        assertTrue(found.contains("CIAO_ROOT: " + noCiao + " is not a folder: the CIAO source tree"), found);
        assertTrue(found.contains("DANCE_ROOT: " + empty + " has no dance, so it is not the DAnCE source tree"), found);
        assertEquals(List.of(), Ui.sync(() -> stored()), "Detect does not store anything");

        boolean ok = Ui.sync(() -> ((ToolchainPreferencePage) dialog.getSelectedPage()).performOk());
        assertTrue(ok);
        Location ciao = Toolchains.detect().stream().filter(l -> l.variable().name().equals("CIAO_ROOT")).findFirst().orElseThrow();
        assertEquals("preference", ciao.source());
        assertTrue(ciao.problem().contains("is not a folder"), ciao.problem());
        Location aceLocation = Toolchains.detect().stream().filter(l -> l.variable().name().equals("ACE_ROOT")).findFirst().orElseThrow();
        assertTrue(aceLocation.ok(), aceLocation.toString());
        assertEquals(ace.toString(), Toolchains.environment().get("ACE_ROOT"), "runs get the stored ACE_ROOT");
        assertTrue(!Toolchains.environment().containsKey("CIAO_ROOT"), "runs do not get a CIAO_ROOT that is not there");
    }

    private static List<String> stored() {
        List<String> set = new ArrayList<>();
        for (ToolchainVariable v : Toolchains.variables()) {
            if (!Toolchains.preferences().get(v.name(), "").isEmpty()) {
                set.add(v.name());
            }
        }
        return set;
    }

    private static void press(Composite root, String label) {
        List<Control> all = new ArrayList<>();
        Ui.collect(root, all);
        Button button = all.stream().filter(c -> c instanceof Button b && label.equals(b.getText())).map(Button.class::cast).findFirst()
                .orElseThrow(() -> new AssertionError("no button " + label));
        button.notifyListeners(SWT.Selection, new Event());
    }

    /** The read-only report under "What runs will use:". */
    private static String report(Composite root) {
        List<Control> all = new ArrayList<>();
        Ui.collect(root, all);
        return all.stream().filter(c -> c instanceof Text t && (t.getStyle() & SWT.READ_ONLY) != 0 && (t.getStyle() & SWT.MULTI) != 0)
                .map(c -> ((Text) c).getText()).findFirst().orElseThrow(() -> new AssertionError("no report"));
    }
}
