package org.bgml.ui.preferences;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.generator.common.descriptor.Toolchain.Location;
import org.bgml.generator.common.descriptor.ToolchainVariable;
import org.bgml.ide.core.BgmlIde;
import org.bgml.ide.core.toolchain.Toolchains;
import org.bgml.targets.Targets;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.jface.preference.DirectoryFieldEditor;
import org.eclipse.jface.preference.FieldEditorPreferencePage;
import org.eclipse.jface.preference.FileFieldEditor;
import org.eclipse.jface.preference.StringFieldEditor;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPreferencePage;
import org.eclipse.ui.preferences.ScopedPreferenceStore;

/**
 * Toolchain locations: one field for each location a registered target needs (ACE_ROOT, TAO_ROOT, ..., omniidl).
 * Empty fields fall back to the environment the IDE was started with, then to detection; the box below says what each run will use and what is
 * missing. Build commands and benchmark processes get these as environment variables.
 */
public final class ToolchainPreferencePage extends FieldEditorPreferencePage implements IWorkbenchPreferencePage {
    private Text found;
    private final Map<String, StringFieldEditor> fields = new LinkedHashMap<>();

    public ToolchainPreferencePage() {
        super(GRID);
        setDescription("Where the middleware toolchains are. Leave a field empty to use the environment the IDE was started with, "
                + "or what is detected. A field's tooltip says what it is and which targets need it.");
    }

    @Override
    public void init(IWorkbench workbench) {
        setPreferenceStore(new ScopedPreferenceStore(InstanceScope.INSTANCE, BgmlIde.PLUGIN_ID));
    }

    @Override
    protected void createFieldEditors() {
        for (ToolchainVariable v : Toolchains.variables()) {
            String label = v.name() + ":";
            StringFieldEditor editor = v.kind() == ToolchainVariable.Kind.PROGRAM
                    ? new FileFieldEditor(v.name(), label, true, getFieldEditorParent())
                    : new DirectoryFieldEditor(v.name(), label, getFieldEditorParent());
            editor.getLabelControl(getFieldEditorParent())
                    .setToolTipText(v.purpose() + " (targets: " + String.join(", ", Targets.neededBy(v.name())) + ")");
            addField(editor);
            fields.put(v.name(), editor);
        }
        Composite parent = getFieldEditorParent();
        Button detect = new Button(parent, SWT.PUSH);
        detect.setText("Detect");
        detect.setToolTipText("Show what each location resolves to with the values above (before they are applied)");
        detect.addListener(SWT.Selection, e -> showFound());
        new Label(parent, SWT.NONE).setText("What runs will use:");
        found = new Text(parent, SWT.MULTI | SWT.READ_ONLY | SWT.WRAP | SWT.BORDER | SWT.V_SCROLL);
        GridData gd = new GridData(SWT.FILL, SWT.FILL, true, true, 3, 1);
        gd.heightHint = 140;
        gd.widthHint = 500;
        found.setLayoutData(gd);
        showFound();
    }

    private void showFound() {
        if (found == null || found.isDisposed()) {
            return;
        }
        List<Location> locations = Toolchains.detect(this::value, System.getenv(), System.getenv("PATH"));
        found.setText(Toolchains.describe(locations));
    }

    /** What the field shows now (typed, not yet applied), else the stored preference. */
    private String value(String name) {
        StringFieldEditor editor = fields.get(name);
        return editor != null ? editor.getStringValue() : getPreferenceStore().getString(name);
    }

    /** The fields have their stored values now: show what they resolve to. */
    @Override
    protected void initialize() {
        super.initialize();
        showFound();
    }

    @Override
    protected void performDefaults() {
        super.performDefaults();
        showFound();
    }

    @Override
    public boolean performOk() {
        boolean ok = super.performOk();
        showFound();
        return ok;
    }

    @Override
    protected void performApply() {
        super.performApply();
        showFound();
    }
}
