package org.bgml.ui.wizards;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.patterns.NewModelFile;
import org.bgml.model.patterns.PatternDefinition;
import org.bgml.model.patterns.PatternException;
import org.bgml.model.patterns.PatternLibrary;
import org.bgml.model.patterns.PatternParameter;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.ModelValidator;
import org.eclipse.jface.wizard.WizardPage;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;

/**
 * The New BGML Model wizard's pattern page: which pattern (the shipped ones and the project's own {@code .bgmlpattern}
 * files beside the new model), its parameters (typed, with their defaults and bounds) and the names' prefix. A value
 * that does not fit its parameter is named on the page, next to its field and in the page's message, and the page is
 * incomplete, so Finish stays disabled. The file it makes is what {@code bgml new FILE --pattern NAME --set P=V ...}
 * writes ({@link NewModelFile}).
 */
public final class PatternPage extends WizardPage {
    /** One parameter's row: its field and the hint under it that turns into the error when the value does not fit. */
    private record Row(PatternParameter parameter, Control field, Label hint) {
        String text() {
            return field instanceof Combo c ? c.getText() : ((Text) field).getText();
        }
    }

    private Path folder;
    private PatternLibrary library = PatternLibrary.ofShipped();
    private Combo patterns;
    private Label description;
    private Composite parameters;
    private Text prefix;
    private final Map<String, Row> rows = new LinkedHashMap<>();
    private boolean wanted;

    PatternPage() {
        super("pattern");
        setTitle("Pattern");
        setDescription("Start from a pattern: choose it and set its parameters.");
        setPageComplete(true);
    }

    @Override
    public void createControl(Composite parent) {
        Composite c = new Composite(parent, SWT.NONE);
        c.setLayout(new GridLayout(2, false));
        new Label(c, SWT.NONE).setText("Pattern:");
        patterns = new Combo(c, SWT.READ_ONLY | SWT.DROP_DOWN);
        patterns.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        patterns.addListener(SWT.Selection, e -> showParameters());
        description = new Label(c, SWT.WRAP);
        description.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false, 2, 1));
        parameters = new Composite(c, SWT.NONE);
        parameters.setLayout(new GridLayout(3, false));
        parameters.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 2, 1));
        new Label(c, SWT.NONE).setText("Prefix of the names:");
        prefix = new Text(c, SWT.BORDER);
        prefix.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        prefix.setMessage("the pattern's own, e.g. Proxy (then Proxy2, ...)");
        prefix.addListener(SWT.Modify, e -> check());
        fillPatterns();
        setControl(c);
    }

    /** Whether the new model starts from a pattern at all; when not, this page has nothing to say. */
    void setWanted(boolean wanted) {
        this.wanted = wanted;
        check();
    }

    boolean wanted() {
        return wanted;
    }

    /** The folder of the new model: its pattern files join the library. */
    void setFolder(Path folder) {
        if (folder == null ? this.folder == null : folder.equals(this.folder)) {
            return;
        }
        this.folder = folder;
        library = PatternLibrary.of(folder);
        if (patterns != null) {
            fillPatterns();
        }
    }

    private void fillPatterns() {
        String chosen = patterns.getText();
        patterns.removeAll();
        for (PatternDefinition p : library.patterns()) {
            patterns.add(p.name());
        }
        int index = patterns.indexOf(chosen);
        patterns.select(index < 0 ? 0 : index);
        showParameters();
    }

    /** The pattern chosen, or null. */
    public PatternDefinition pattern() {
        int i = patterns == null ? -1 : patterns.getSelectionIndex();
        return i < 0 ? null : library.patterns().get(i);
    }

    /** Chooses a pattern by name; its parameters start at their defaults. */
    public void selectPattern(String name) {
        int i = patterns.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("no pattern " + name + " among " + List.of(patterns.getItems()));
        }
        patterns.select(i);
        showParameters();
    }

    /** The field of a parameter of the chosen pattern (a {@link Text}, or a {@link Combo} for a choice). */
    public Control field(String parameter) {
        Row r = rows.get(parameter);
        return r == null ? null : r.field();
    }

    /** What the page says under a parameter's field: its domain and meaning, or why its value does not fit. */
    public String hint(String parameter) {
        Row r = rows.get(parameter);
        return r == null ? null : r.hint().getText();
    }

    public Text prefixField() {
        return prefix;
    }

    private void showParameters() {
        for (Control child : parameters.getChildren()) {
            child.dispose();
        }
        rows.clear();
        PatternDefinition p = pattern();
        description.setText(p == null ? "" : p.description() + (p.origin().equals("shipped") ? "" : " (" + p.origin() + ")"));
        if (p != null) {
            for (PatternParameter parameter : p.parameters()) {
                new Label(parameters, SWT.NONE).setText(parameter.name() + ":");
                Control field;
                if (parameter.type() == PatternParameter.Type.CHOICE) {
                    Combo combo = new Combo(parameters, SWT.READ_ONLY | SWT.DROP_DOWN);
                    parameter.choices().forEach(combo::add);
                    combo.setText(parameter.defaultValue());
                    combo.addListener(SWT.Selection, e -> check());
                    field = combo;
                } else {
                    Text text = new Text(parameters, SWT.BORDER);
                    text.setText(parameter.defaultValue());
                    text.addListener(SWT.Modify, e -> check());
                    field = text;
                }
                field.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
                Label hint = new Label(parameters, SWT.WRAP);
                hint.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
                rows.put(parameter.name(), new Row(parameter, field, hint));
            }
        }
        parameters.getParent().layout(true, true);
        check();
    }

    /** The parameters as {@code bgml new} takes them from {@code --set}: only the values that differ from the defaults. */
    public Map<String, String> values() {
        Map<String, String> given = new LinkedHashMap<>();
        rows.forEach((name, row) -> {
            if (!row.text().equals(row.parameter().defaultValue())) {
                given.put(name, row.text());
            }
        });
        return given;
    }

    private String prefixOrNull() {
        return prefix == null || prefix.getText().isBlank() ? null : prefix.getText().strip();
    }

    /** Checks every value; names each that does not fit beside its field; the first problem is the page's message. */
    private void check() {
        if (patterns == null || prefix == null) {
            return;
        }
        String problem = null;
        for (Row row : rows.values()) {
            String hint = row.parameter().describe().substring(row.parameter().name().length() + 2);
            try {
                row.parameter().parse(row.text());
                row.hint().setForeground(null);
            } catch (PatternException e) {
                hint = e.getMessage();
                row.hint().setForeground(row.hint().getDisplay().getSystemColor(SWT.COLOR_RED));
                problem = problem == null ? e.getMessage() : problem;
            }
            row.hint().setText(hint);
        }
        if (problem == null && pattern() != null) {
            try {
                NewModelFile.addPattern(NewModelFile.empty(Path.of("check.bgml")), pattern(), values(), prefixOrNull());
            } catch (PatternException e) {
                problem = e.getMessage();
            }
        }
        if (pattern() == null) {
            problem = "no pattern to choose";
        }
        parameters.layout(true, true);
        setErrorMessage(wanted ? problem : null);
        setPageComplete(!wanted || problem == null);
    }

    /**
     * The bytes of the new model file {@code file}, as {@code bgml new FILE --pattern ... --set ...} writes them.
     *
     * @throws IOException with the reason when the pattern cannot be instantiated or the result has errors
     */
    byte[] contents(Path file) throws IOException {
        PatternDefinition p = pattern();
        if (p == null) {
            throw new IOException("no pattern was chosen");
        }
        BenchmarkModel model = NewModelFile.empty(file);
        try {
            NewModelFile.addPattern(model, p, values(), prefixOrNull());
        } catch (PatternException e) {
            throw new IOException(e.getMessage(), e);
        }
        List<ModelDiagnostic> diagnostics = new ModelValidator().validate(model);
        if (ModelValidator.hasErrors(diagnostics)) {
            throw new IOException("the pattern gives a model with errors: " + String.join("; ",
                    diagnostics.stream().filter(d -> d.severity() == org.bgml.validation.Severity.ERROR).map(ModelDiagnostic::format).toList()));
        }
        return NewModelFile.bytes(model);
    }
}
