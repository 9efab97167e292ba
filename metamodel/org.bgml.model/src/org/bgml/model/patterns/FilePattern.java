package org.bgml.model.patterns;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.Deployment;
import org.bgml.model.NamedElement;
import org.bgml.model.Node;
import org.bgml.model.Process;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.eclipse.emf.ecore.EObject;

/**
 * A pattern the user saved next to the models: a file {@code NAME.bgmlpattern} holding a BGML model fragment whose first
 * XML comment declares the parameters, and whose attribute values may use them as {@code ${name}}:
 *
 * <pre>
 * &lt;?xml version="1.0" encoding="UTF-8"?&gt;
 * &lt;!-- bgml-pattern
 * description: Two sensors and a monitor.
 * param payload int 64 0..65536 Payload bytes of each reading.
 * param mode choice direct direct|channel How readings travel.
 * param tag identifier Kit Name of the module.
 * --&gt;
 * &lt;bgml:BenchmarkModel ...&gt; ... payloadBytes="${payload}" ... &lt;/bgml:BenchmarkModel&gt;
 * </pre>
 *
 * A {@code param} line gives name, type ({@code int}, {@code number}, {@code choice}, {@code identifier}), default,
 * bounds ({@code MIN..MAX}) or choices ({@code a|b}) except for identifiers, and a description. Instantiation replaces
 * the placeholders, loads the fragment and prefixes its top-level names and process names.
 */
public final class FilePattern implements PatternDefinition {
    public static final String EXTENSION = "bgmlpattern";
    private static final String HEADER = "<!-- bgml-pattern";
    private static final java.util.regex.Pattern PLACEHOLDER = java.util.regex.Pattern.compile("\\$\\{([A-Za-z0-9_]+)\\}");

    private final Path file;
    private final String name;
    private final String description;
    private final List<PatternParameter> parameters;
    private final String text;

    private FilePattern(Path file, String name, String description, List<PatternParameter> parameters, String text) {
        this.file = file;
        this.name = name;
        this.description = description;
        this.parameters = List.copyOf(parameters);
        this.text = text;
    }

    /** Reads the header of a pattern file. */
    public static FilePattern read(Path file) throws PatternException, IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        String fileName = file.getFileName().toString();
        String name = fileName.substring(0, fileName.length() - EXTENSION.length() - 1);
        int start = text.indexOf(HEADER);
        int end = start < 0 ? -1 : text.indexOf("-->", start);
        if (start < 0 || end < 0) {
            throw new PatternException(file + ": no '" + HEADER + " ... -->' comment declaring the parameters");
        }
        String description = "";
        List<PatternParameter> parameters = new ArrayList<>();
        int lineNo = (int) text.substring(0, start).chars().filter(c -> c == '\n').count() + 1;
        for (String line : text.substring(start + HEADER.length(), end).split("\n", -1)) {
            String l = line.strip();
            if (l.startsWith("description:")) {
                description = l.substring("description:".length()).strip();
            } else if (l.startsWith("param ")) {
                parameters.add(parameter(file, lineNo, l));
            } else if (!l.isEmpty()) {
                throw new PatternException(file + ":" + lineNo + ": expected 'description: ...' or 'param NAME TYPE DEFAULT ...', found '" + l + "'");
            }
            lineNo++;
        }
        for (PatternParameter p : parameters) {
            p.parse(p.defaultValue()); // a default outside its own bounds is the file's mistake
        }
        Matcher m = PLACEHOLDER.matcher(text);
        while (m.find()) {
            String used = m.group(1);
            if (parameters.stream().noneMatch(p -> p.name().equals(used))) {
                throw new PatternException(file + ": uses ${" + used + "}, which its header does not declare");
            }
        }
        return new FilePattern(file, name, description, parameters, text);
    }

    private static PatternParameter parameter(Path file, int lineNo, String line) throws PatternException {
        String[] t = line.split("\\s+");
        String where = file + ":" + lineNo + ": ";
        if (t.length < 4) {
            throw new PatternException(where + "a param line needs at least a name, a type and a default: '" + line + "'");
        }
        PatternParameter.Type type;
        try {
            type = PatternParameter.Type.valueOf(t[2].toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new PatternException(where + "unknown parameter type '" + t[2] + "'; types are int, number, choice, identifier");
        }
        int rest = 4;
        double min = 0;
        double max = 0;
        List<String> choices = List.of();
        if (type != PatternParameter.Type.IDENTIFIER) {
            if (t.length < 5) {
                throw new PatternException(where + "a " + t[2] + " parameter needs " + (type == PatternParameter.Type.CHOICE ? "its choices (a|b)" : "bounds (MIN..MAX)"));
            }
            if (type == PatternParameter.Type.CHOICE) {
                choices = Arrays.asList(t[4].split("\\|"));
            } else {
                String[] b = t[4].split("\\.\\.", -1);
                try {
                    min = Double.parseDouble(b[0]);
                    max = Double.parseDouble(b[1]);
                } catch (RuntimeException e) {
                    throw new PatternException(where + "bounds '" + t[4] + "' are not MIN..MAX");
                }
            }
            rest = 5;
        }
        String description = String.join(" ", Arrays.asList(t).subList(Math.min(rest, t.length), t.length));
        return new PatternParameter(t[1], type, t[3], min, max, choices, description);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public List<PatternParameter> parameters() {
        return parameters;
    }

    @Override
    public String defaultPrefix() {
        String p = name.replaceAll("[^A-Za-z0-9]", "");
        if (p.isEmpty() || !Character.isLetter(p.charAt(0))) {
            p = "P" + p;
        }
        return Character.toUpperCase(p.charAt(0)) + p.substring(1);
    }

    @Override
    public String origin() {
        return file.toString();
    }

    @Override
    public void build(PatternBuilder builder, PatternArguments arguments) throws PatternException {
        Map<String, String> values = arguments.asText();
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder filled = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(filled, Matcher.quoteReplacement(values.get(m.group(1))));
        }
        m.appendTail(filled);
        Path asModel = file.resolveSibling(file.getFileName() + "." + ModelFiles.FILE_EXTENSION);
        BenchmarkModel fragment;
        try {
            fragment = ModelFiles.loadModelFromText(asModel, filled.toString());
        } catch (ModelLoadException e) {
            throw new PatternException(e.describe().replace(asModel.toString(), file.toString()));
        } catch (IOException e) {
            throw new PatternException(file + ": " + e.getMessage());
        }
        for (EObject child : fragment.eContents()) {
            if (child instanceof NamedElement n && !(child instanceof Deployment) && n.getName() != null) {
                n.setName(builder.name(n.getName()));
            }
        }
        BenchmarkModel into = builder.model();
        List<EObject> tops = new ArrayList<>(fragment.eContents());
        for (EObject child : tops) {
            if (child instanceof Deployment d) {
                for (Node node : d.getNodes()) {
                    Node at = builder.node(node.getName());
                    at.setHost(node.getHost());
                    at.setCpuCount(node.getCpuCount());
                    for (Process p : new ArrayList<>(node.getProcesses())) {
                        p.setName(builder.name(p.getName()));
                        at.getProcesses().add(p);
                    }
                }
            } else if (!(child instanceof org.bgml.model.ResultSet)) {
                @SuppressWarnings("unchecked")
                List<EObject> list = (List<EObject>) into.eGet(child.eContainmentFeature());
                list.add(child);
            }
        }
    }
}
