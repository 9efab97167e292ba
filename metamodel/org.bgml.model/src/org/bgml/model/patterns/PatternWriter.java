package org.bgml.model.patterns;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Connection;
import org.bgml.model.Deployment;
import org.bgml.model.Entity;
import org.bgml.model.EventChannel;
import org.bgml.model.Metric;
import org.bgml.model.Module;
import org.bgml.model.Node;
import org.bgml.model.ParameterBlock;
import org.bgml.model.Process;
import org.bgml.model.io.ElementPaths;
import org.bgml.model.io.ModelFiles;
import org.eclipse.emf.common.util.TreeIterator;
import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.util.EcoreUtil;

/**
 * Saves entities of a model as a pattern file ({@link FilePattern}): the entities, the connections among them, the
 * metrics that measure those connections or their ports, the IDL modules, parameter blocks and event channels they use,
 * and their processes in the model's first deployment. Chosen numeric values become parameters: the file holds
 * {@code ${name}} in their place, and the header declares each with its default and bounds. Instantiating the saved
 * pattern with its defaults adds the same elements again, under a prefix.
 */
public final class PatternWriter {
    private static final Pattern PATTERN_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");
    private static final Pattern PARAMETER_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");
    /** Stand-ins written in place of a parameter's value, then replaced by its placeholder: no model holds them. */
    private static final long SENTINEL = 1_987_000_000L;

    private PatternWriter() {
    }

    /** A value the user may turn into a parameter: {@code key} names it in {@link #write}. */
    public record Candidate(String key, EObject owner, EAttribute attribute, String label, String value, String suggestedName,
            boolean whole) {
    }

    /** A chosen parameter: the candidate's key, the parameter's name, default, bounds and description. */
    public record Choice(String key, String name, String defaultValue, double min, double max, String description) {
    }

    /** What a selection saves: the top-level elements (in model order) and the processes of the selected entities. */
    private record Selection(List<EObject> tops, Deployment deployment, List<Process> processes, Set<Entity> entities) {
    }

    /**
     * The values of the saved elements that can become parameters: every whole or decimal number that is set, on the
     * entities and their contents, connections, metrics (their workload and requirement too), parameter blocks and
     * processes. In model order.
     */
    public static List<Candidate> candidates(BenchmarkModel model, Collection<Entity> entities) throws PatternException {
        Selection s = select(model, entities);
        List<EObject> owners = new ArrayList<>();
        for (EObject top : s.tops()) {
            if (top instanceof Module) {
                continue; // IDL has no numbers worth a parameter (bounds of sequences aside)
            }
            owners.add(top);
            for (TreeIterator<EObject> it = top.eAllContents(); it.hasNext();) {
                owners.add(it.next());
            }
        }
        owners.addAll(s.processes());
        List<Candidate> candidates = new ArrayList<>();
        Map<String, Integer> used = new LinkedHashMap<>();
        for (EObject owner : owners) {
            for (EAttribute a : owner.eClass().getEAllAttributes()) {
                Class<?> type = a.getEAttributeType().getInstanceClass();
                boolean whole = type == int.class || type == Integer.class || type == long.class || type == Long.class;
                boolean decimal = type == double.class || type == Double.class || type == float.class || type == Float.class;
                if (a.isMany() || !a.isChangeable() || a.isDerived() || a.isTransient() || !(whole || decimal) || !owner.eIsSet(a)) {
                    continue;
                }
                String value = String.valueOf(owner.eGet(a));
                if (decimal) {
                    value = PatternParameter.format(((Number) owner.eGet(a)).doubleValue());
                }
                String path = ElementPaths.pathOf(owner);
                String base = a.getName();
                int n = used.merge(base, 1, Integer::sum);
                candidates.add(new Candidate(path + "@" + a.getName(), owner, a, displayOf(owner) + " " + a.getName(), value,
                        n == 1 ? base : base + n, whole));
            }
        }
        return candidates;
    }

    /** A name for an element in a list of choices: its path, or its nearest named container's path and its feature. */
    private static String displayOf(EObject o) {
        String path = ElementPaths.pathOf(o);
        return path.isEmpty() ? "model" : path;
    }

    /**
     * The text of a pattern file for {@code entities} of {@code model}, with {@code choices} as its parameters.
     *
     * @throws PatternException when a choice names no candidate, two choices share a name, a name is not an
     *                          identifier, a default does not fit its bounds, or the entities use an element that is not
     *                          saved with them (a connection to an entity outside them is left out, not refused)
     */
    public static String write(BenchmarkModel model, Collection<Entity> entities, String description, List<Choice> choices)
            throws PatternException {
        Selection s = select(model, entities);
        Map<String, Candidate> byKey = new LinkedHashMap<>();
        for (Candidate c : candidates(model, entities)) {
            byKey.put(c.key(), c);
        }
        List<PatternParameter> parameters = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (Choice choice : choices) {
            Candidate c = byKey.get(choice.key());
            if (c == null) {
                throw new PatternException("no value '" + choice.key() + "' among the saved elements");
            }
            if (choice.name() == null || !PARAMETER_NAME.matcher(choice.name()).matches()) {
                throw new PatternException("parameter name '" + choice.name() + "' (for " + c.label()
                        + ") is not an identifier: a letter, then letters, digits and underscores");
            }
            if (!names.add(choice.name())) {
                throw new PatternException("two parameters are named '" + choice.name() + "'; give each its own name");
            }
            if (!(choice.min() <= choice.max())) {
                throw new PatternException("parameter " + choice.name() + ": the lower bound " + PatternParameter.format(choice.min())
                        + " is above the upper bound " + PatternParameter.format(choice.max()));
            }
            String text = choice.description() == null || choice.description().isBlank() ? c.label() + "." : choice.description().strip();
            PatternParameter p = new PatternParameter(choice.name(), c.whole() ? PatternParameter.Type.INT : PatternParameter.Type.NUMBER,
                    choice.defaultValue() == null ? "" : choice.defaultValue().trim(), choice.min(), choice.max(), List.of(),
                    text.replaceAll("\\s+", " "));
            p.parse(p.defaultValue());
            parameters.add(p);
        }

        // the fragment: copies of the saved elements, references among them kept
        EcoreUtil.Copier copier = new EcoreUtil.Copier();
        BenchmarkModel fragment = BgmlFactory.eINSTANCE.createBenchmarkModel();
        fragment.setName(model.getName() == null ? "pattern" : model.getName());
        for (EObject top : s.tops()) {
            EObject copy = copier.copy(top);
            @SuppressWarnings("unchecked")
            List<EObject> list = (List<EObject>) fragment.eGet(top.eContainmentFeature());
            list.add(copy);
        }
        Deployment deployment = null;
        if (s.deployment() != null) {
            deployment = BgmlFactory.eINSTANCE.createDeployment();
            deployment.setName(s.deployment().getName());
            deployment.setDescription(s.deployment().getDescription());
            deployment.setClients(s.deployment().getClients());
            for (Node node : s.deployment().getNodes()) {
                List<Process> mine = node.getProcesses().stream().filter(s.processes()::contains).toList();
                if (mine.isEmpty()) {
                    continue;
                }
                Node n = BgmlFactory.eINSTANCE.createNode();
                n.setName(node.getName());
                n.setHost(node.getHost());
                n.setCpuCount(node.getCpuCount());
                for (Process p : mine) {
                    n.getProcesses().add((Process) copier.copy(p));
                }
                deployment.getNodes().add(n);
            }
            fragment.getDeployments().add(deployment);
        }
        copier.copyReferences();
        if (deployment != null) {
            for (Node n : deployment.getNodes()) {
                for (Process p : n.getProcesses()) {
                    p.getEntities().removeIf(e -> !s.entities().contains(e) && !copier.containsValue(e));
                    p.getEntities().replaceAll(e -> copier.containsKey(e) ? (Entity) copier.get(e) : e);
                }
            }
        }
        Map<EObject, Collection<EStructuralFeature.Setting>> outside = EcoreUtil.ExternalCrossReferencer.find(List.of(fragment));
        for (Map.Entry<EObject, Collection<EStructuralFeature.Setting>> e : outside.entrySet()) {
            EStructuralFeature.Setting setting = e.getValue().iterator().next();
            throw new PatternException(displayOf(original(copier, setting.getEObject())) + " refers through '"
                    + setting.getEStructuralFeature().getName() + "' to " + displayOf(e.getKey())
                    + ", which is not saved with the selection; select it too");
        }

        // each parameter's value becomes a stand-in, and the stand-in becomes its placeholder in the text
        Map<String, String> placeholders = new LinkedHashMap<>();
        for (int i = 0; i < choices.size(); i++) {
            Candidate c = byKey.get(choices.get(i).key());
            EObject copy = copier.get(c.owner());
            Class<?> type = c.attribute().getEAttributeType().getInstanceClass();
            long stand = SENTINEL + i;
            Object value = type == int.class || type == Integer.class ? (Object) (int) stand
                    : type == long.class || type == Long.class ? (Object) stand
                    : type == float.class || type == Float.class ? (Object) (float) stand : (Object) (double) stand;
            copy.eSet(c.attribute(), value);
            placeholders.put("=\"" + EcoreUtil.convertToString(c.attribute().getEAttributeType(), value) + "\"",
                    "=\"${" + choices.get(i).name() + "}\"");
        }
        String xml = serialize(fragment);
        for (Map.Entry<String, String> p : placeholders.entrySet()) {
            int first = xml.indexOf(p.getKey());
            if (first < 0 || xml.indexOf(p.getKey(), first + 1) >= 0) {
                throw new IllegalStateException("the stand-in " + p.getKey() + " is not in the saved text exactly once");
            }
            xml = xml.replace(p.getKey(), p.getValue());
        }
        return withHeader(xml, description, parameters);
    }

    private static EObject original(EcoreUtil.Copier copier, EObject copy) {
        for (Map.Entry<EObject, EObject> e : copier.entrySet()) {
            if (e.getValue() == copy) {
                return e.getKey();
            }
        }
        return copy;
    }

    /**
     * Writes {@code text} as the pattern {@code name} into {@code folder} and reads it back as the library does.
     *
     * @throws PatternException when the name is not one a file and a pattern can have, a shipped pattern or a file has
     *                          it already, or the text does not instantiate (nothing is written then)
     */
    public static Path save(Path folder, String name, String text) throws PatternException, IOException {
        if (name == null || !PATTERN_NAME.matcher(name).matches()) {
            throw new PatternException("pattern name '" + name + "' is not a name: a letter, then letters, digits and underscores");
        }
        if (PatternLibrary.shipped().stream().anyMatch(p -> p.name().equals(name))) {
            throw new PatternException("a shipped pattern is named " + name + "; choose another name");
        }
        Path file = folder.resolve(name + "." + FilePattern.EXTENSION);
        if (Files.exists(file)) {
            throw new PatternException(file + " exists already; choose another name or delete that file first");
        }
        Path dir = Files.createTempDirectory("bgml-pattern");
        try {
            Path trial = dir.resolve(file.getFileName());
            Files.writeString(trial, text, StandardCharsets.UTF_8);
            FilePattern pattern = FilePattern.read(trial);
            PatternInstantiator.instantiate(BgmlFactory.eINSTANCE.createBenchmarkModel(), pattern, Map.of(), null);
            Files.delete(trial);
        } finally {
            try (var left = Files.list(dir)) {
                for (Path p : left.toList()) {
                    Files.deleteIfExists(p);
                }
            }
            Files.deleteIfExists(dir);
        }
        ModelFiles.writeAtomically(file, text.getBytes(StandardCharsets.UTF_8));
        return file;
    }

    private static String serialize(BenchmarkModel fragment) {
        Resource resource = ModelFiles.newResourceSet().createResource(ModelFiles.uriOf(Path.of("pattern." + ModelFiles.FILE_EXTENSION)));
        resource.getContents().add(fragment);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            resource.save(out, Map.of());
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the pattern's elements: " + e.getMessage(), e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String withHeader(String xml, String description, List<PatternParameter> parameters) {
        StringBuilder h = new StringBuilder("<!-- bgml-pattern\n");
        h.append("description: ").append(description == null || description.isBlank() ? "Saved from a diagram." : description.strip().replaceAll("\\s+", " ").replace("--", "- -"))
                .append('\n');
        for (PatternParameter p : parameters) {
            h.append("param ").append(p.name()).append(' ').append(p.type().word()).append(' ').append(p.defaultValue()).append(' ')
                    .append(PatternParameter.format(p.min())).append("..").append(PatternParameter.format(p.max())).append(' ')
                    .append(p.description().replace("--", "- -")).append('\n');
        }
        h.append("-->\n");
        int declaration = xml.startsWith("<?xml") ? xml.indexOf("?>") + 2 : 0;
        String head = xml.substring(0, declaration);
        String rest = xml.substring(declaration).replaceFirst("^\\r?\\n", "");
        return head.isEmpty() ? h + rest : head + "\n" + h + rest;
    }

    /** The entities, then what they need, in model order; connections and metrics that reach outside are left out. */
    private static Selection select(BenchmarkModel model, Collection<Entity> chosen) throws PatternException {
        Set<Entity> entities = new LinkedHashSet<>();
        for (Entity e : chosen) {
            if (e.eContainer() != model) {
                throw new PatternException(displayOf(e) + " is inside an assembly; select the assembly instead");
            }
            entities.add(e);
        }
        if (entities.isEmpty()) {
            throw new PatternException("nothing to save: select at least one server, client, component or assembly");
        }
        Set<EObject> kept = new LinkedHashSet<>(entities);
        for (Connection c : model.getConnections()) {
            if (reachesOnly(c, kept, true)) {
                kept.add(c);
            }
        }
        for (Metric m : model.getMetrics()) {
            if ((m.getConnection() != null || m.getPort() != null) && reachesOnly(m, kept, true)) {
                kept.add(m);
            }
        }
        // what they use: modules, parameter blocks and event channels, until nothing new is needed
        boolean grew = true;
        while (grew) {
            grew = false;
            for (EObject o : List.copyOf(kept)) {
                for (EObject target : referencedTops(o)) {
                    if (!kept.contains(target) && (target instanceof Module || target instanceof ParameterBlock || target instanceof EventChannel)) {
                        kept.add(target);
                        grew = true;
                    }
                }
            }
        }
        for (EObject o : kept) {
            if (o instanceof Entity || o instanceof Module || o instanceof ParameterBlock || o instanceof EventChannel) {
                for (EObject target : referencedTops(o)) {
                    if (!kept.contains(target) && target != model) {
                        throw new PatternException(displayOf(o) + " uses " + displayOf(target) + ", which is not saved with the selection; select it too");
                    }
                }
            }
        }
        List<EObject> tops = model.eContents().stream().filter(kept::contains).toList();
        Deployment deployment = model.getDeployments().isEmpty() ? null : model.getDeployments().get(0);
        List<Process> processes = new ArrayList<>();
        if (deployment != null) {
            for (Node n : deployment.getNodes()) {
                for (Process p : n.getProcesses()) {
                    if (p.getEntities().stream().anyMatch(entities::contains)) {
                        processes.add(p);
                    }
                }
            }
        }
        return new Selection(tops, processes.isEmpty() ? null : deployment, processes, entities);
    }

    /** Whether every element {@code o} (and its contents) refers to is inside {@code kept} or one of the needed kinds. */
    private static boolean reachesOnly(EObject o, Set<EObject> kept, boolean allowNeeded) {
        for (EObject target : referencedTops(o)) {
            boolean needed = target instanceof Module || target instanceof ParameterBlock || target instanceof EventChannel;
            if (!kept.contains(target) && !(allowNeeded && needed)) {
                return false;
            }
        }
        return true;
    }

    /** The top-level elements (children of the model) that {@code o} or its contents refer to. */
    private static Set<EObject> referencedTops(EObject o) {
        Set<EObject> tops = new LinkedHashSet<>();
        List<EObject> all = new ArrayList<>();
        all.add(o);
        o.eAllContents().forEachRemaining(all::add);
        for (EObject x : all) {
            for (EReference r : x.eClass().getEAllReferences()) {
                if (r.isContainment() || r.isContainer() || r.isDerived() || r.isTransient()) {
                    continue;
                }
                Object v = x.eGet(r);
                List<?> values = v instanceof List<?> l ? l : v == null ? List.of() : List.of(v);
                for (Object t : values) {
                    EObject top = topOf((EObject) t);
                    if (top != null && !isInside(top, o)) {
                        tops.add(top);
                    }
                }
            }
        }
        return tops;
    }

    private static boolean isInside(EObject x, EObject container) {
        return EcoreUtil.isAncestor(container, x);
    }

    private static EObject topOf(EObject o) {
        EObject x = o;
        while (x.eContainer() != null && !(x.eContainer() instanceof BenchmarkModel)) {
            x = x.eContainer();
        }
        return x.eContainer() instanceof BenchmarkModel ? x : null;
    }
}
