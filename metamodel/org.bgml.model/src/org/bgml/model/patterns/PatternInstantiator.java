package org.bgml.model.patterns;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.BgmlPackage;
import org.bgml.model.Deployment;
import org.bgml.model.NamedElement;
import org.bgml.model.Node;
import org.bgml.model.Process;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;

/**
 * Instantiates a pattern into a model. The pattern is built into a model of its own first, so that its names can be
 * checked against the target's; then its top-level elements move into the target, and its processes into the target's
 * first deployment (created when there is none), onto the nodes of the same name. Without a prefix the first free one
 * of {@code P}, {@code P2}, {@code P3}, ... is taken, where {@code P} is the pattern's default prefix; with one, a clash is
 * an error. The same model, pattern and arguments give the same elements in the same order.
 */
public final class PatternInstantiator {
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z](?:_?[A-Za-z0-9])*");
    private static final int MAX_INSTANCES = 1000;

    private PatternInstantiator() {
    }

    /** What was added: the prefix used and the checked arguments. */
    public record Instance(String prefix, PatternArguments arguments) {
    }

    /**
     * @param given  parameter values as text, by name; missing ones take their defaults
     * @param prefix the names' prefix, or null for the first free one
     * @throws PatternException for unknown parameters, values out of bounds, or a prefix whose names are taken
     */
    public static Instance instantiate(BenchmarkModel target, PatternDefinition pattern, Map<String, String> given, String prefix)
            throws PatternException {
        PatternArguments arguments = PatternArguments.of(pattern, given);
        Set<String> taken = names(target);
        if (prefix != null) {
            if (!IDENTIFIER.matcher(prefix).matches()) {
                throw new PatternException("prefix '" + prefix + "' is not an identifier (a letter, then letters, digits and single underscores)");
            }
            BenchmarkModel built = build(pattern, arguments, prefix);
            Set<String> clash = new TreeSet<>(names(built));
            clash.retainAll(taken);
            if (!clash.isEmpty()) {
                throw new PatternException("prefix '" + prefix + "' gives names the model already has: " + String.join(", ", clash)
                        + "; choose another prefix");
            }
            merge(built, target);
            return new Instance(prefix, arguments);
        }
        for (int i = 1; i <= MAX_INSTANCES; i++) {
            String candidate = pattern.defaultPrefix() + (i == 1 ? "" : Integer.toString(i));
            BenchmarkModel built = build(pattern, arguments, candidate);
            Set<String> names = names(built);
            names.retainAll(taken);
            if (names.isEmpty()) {
                merge(built, target);
                return new Instance(candidate, arguments);
            }
        }
        throw new PatternException("no free prefix for pattern " + pattern.name() + " after " + MAX_INSTANCES + " tries");
    }

    private static BenchmarkModel build(PatternDefinition pattern, PatternArguments arguments, String prefix) throws PatternException {
        BenchmarkModel scratch = BgmlFactory.eINSTANCE.createBenchmarkModel();
        pattern.build(new PatternBuilder(scratch, prefix), arguments);
        return scratch;
    }

    /** The names a new element must not take: those of the top-level elements (deployments aside) and of the processes. */
    private static Set<String> names(BenchmarkModel model) {
        Set<String> names = new LinkedHashSet<>();
        for (EObject child : model.eContents()) {
            if (child instanceof NamedElement n && n.getName() != null && !(child instanceof Deployment)
                    && !(child instanceof org.bgml.model.ResultSet)) { // deployments merge; results are not names of the model
                names.add(n.getName());
            }
        }
        for (Deployment d : model.getDeployments()) {
            for (Node n : d.getNodes()) {
                n.getProcesses().forEach(p -> names.add(p.getName()));
            }
        }
        return names;
    }

    @SuppressWarnings("unchecked")
    private static void merge(BenchmarkModel from, BenchmarkModel into) {
        for (EReference feature : BgmlPackage.Literals.BENCHMARK_MODEL.getEAllContainments()) {
            if (feature == BgmlPackage.Literals.BENCHMARK_MODEL__DEPLOYMENTS || feature == BgmlPackage.Literals.BENCHMARK_MODEL__RESULTS) {
                continue;
            }
            List<EObject> moving = new ArrayList<>((List<EObject>) from.eGet(feature));
            ((List<EObject>) into.eGet(feature)).addAll(moving);
        }
        if (from.getDeployments().isEmpty()) {
            return;
        }
        Deployment source = from.getDeployments().get(0);
        Deployment deployment;
        if (into.getDeployments().isEmpty()) {
            deployment = BgmlFactory.eINSTANCE.createDeployment();
            deployment.setName(source.getName());
            deployment.setDescription(source.getDescription());
            deployment.setClients(source.getClients());
            into.getDeployments().add(deployment);
        } else {
            deployment = into.getDeployments().get(0);
        }
        for (Node node : source.getNodes()) {
            Node at = deployment.getNodes().stream().filter(n -> n.getName().equals(node.getName())).findFirst().orElse(null);
            if (at == null) {
                at = BgmlFactory.eINSTANCE.createNode();
                at.setName(node.getName());
                at.setHost(node.getHost());
                at.setCpuCount(node.getCpuCount());
                deployment.getNodes().add(at);
            } else if (node.getCpuCount() > at.getCpuCount()) {
                at.setCpuCount(node.getCpuCount()); // a pinned instance needs the CPUs it pins to
            }
            List<Process> processes = new ArrayList<>(node.getProcesses());
            at.getProcesses().addAll(processes);
        }
    }
}
