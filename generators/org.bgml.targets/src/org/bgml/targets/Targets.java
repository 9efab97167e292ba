package org.bgml.targets;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

import org.bgml.generator.common.descriptor.TargetDescriptor;
import org.bgml.generator.common.descriptor.ToolchainVariable;
import org.bgml.model.Middleware;

/**
 * Every target BGML can generate for, found at run time: each target bundle names its {@link TargetDescriptor} in
 * {@value TargetDescriptor#SERVICE_FILE}. Inside OSGi the registry reads that file from every installed bundle
 * (resolving it if needed) and loads the class through the bundle, so target bundles need not be started and this
 * bundle requires none of them; a bundle installed or removed later is seen on the next call. Outside OSGi it is a
 * plain {@link ServiceLoader} over the class path. The default target comes first, then the others by id.
 */
public final class Targets {
    private static volatile List<TargetDescriptor> cache;
    private static volatile List<String> problems = List.of();

    private Targets() {
    }

    /** Every registered target: the default first, then by id. */
    public static List<TargetDescriptor> all() {
        List<TargetDescriptor> targets = cache;
        if (targets == null) {
            targets = discover();
            cache = targets;
        }
        return targets;
    }

    /** The targets by id, in the order of {@link #all()}. */
    public static Map<String, TargetDescriptor> byId() {
        Map<String, TargetDescriptor> targets = new LinkedHashMap<>();
        all().forEach(t -> targets.put(t.id(), t));
        return targets;
    }

    /** The registered ids, in the order of {@link #all()}. */
    public static List<String> ids() {
        return all().stream().map(TargetDescriptor::id).toList();
    }

    /** Whether a target of that id is registered. */
    public static boolean isKnown(String id) {
        return id != null && byId().containsKey(id);
    }

    /** The target of that id. */
    public static TargetDescriptor get(String id) {
        TargetDescriptor target = id == null ? null : byId().get(id);
        if (target == null) {
            throw new IllegalArgumentException(unknownTargetMessage(id));
        }
        return target;
    }

    /** The id of the target used when none is named: the one descriptor that says it is the default. */
    public static String defaultTarget() {
        return all().stream().filter(TargetDescriptor::isDefault).map(TargetDescriptor::id).findFirst()
                .orElseThrow(() -> new IllegalStateException(all().isEmpty() ? "no target is registered"
                        : "no registered target is the default (" + String.join(", ", ids()) + ")"));
    }

    /** The one wording of a refused target id, naming the registered ones (and any target that failed to load). */
    public static String unknownTargetMessage(String id) {
        List<String> ids = ids();
        List<String> broken = problems;
        return "unknown target '" + id + "'; choose one of " + String.join(", ", ids)
                + (broken.isEmpty() ? "" : " (not loaded: " + String.join("; ", broken) + ")");
    }

    /** The target bundles that name a descriptor which could not be loaded, each with the reason. */
    public static List<String> problems() {
        all();
        return problems;
    }

    /** For usage lines: {@code omniorb|ace|...}. */
    public static String choices() {
        return String.join("|", ids());
    }

    /** The shipped option catalogue files (under {@code bgml:/catalogs/}) of every target, without repeats. */
    public static List<String> catalogs() {
        return all().stream().map(TargetDescriptor::catalog).filter(c -> c != null).distinct().toList();
    }

    /** The targets that apply settings of that middleware's catalogues. */
    public static List<TargetDescriptor> applyingSettingsOf(Middleware m) {
        return all().stream().filter(t -> t.appliesSettingsOf(m)).toList();
    }

    /**
     * Every toolchain location any target needs, each once (as the first target to name it declares it), in an
     * order where a location comes after those it is guessed from.
     */
    public static List<ToolchainVariable> toolchain() {
        Map<String, ToolchainVariable> variables = new LinkedHashMap<>();
        for (TargetDescriptor t : all()) {
            t.toolchain().forEach(v -> variables.putIfAbsent(v.name(), v));
        }
        return new ArrayList<>(variables.values());
    }

    /** The ids of the targets that need a toolchain location, e.g. {@code tao, ciao} for TAO_ROOT. */
    public static List<String> neededBy(String variable) {
        return all().stream().filter(t -> t.toolchain().stream().anyMatch(v -> v.name().equals(variable)))
                .map(TargetDescriptor::id).toList();
    }

    private static List<TargetDescriptor> discover() {
        Map<String, TargetDescriptor> found = new LinkedHashMap<>();
        List<String> broken = new ArrayList<>();
        List<TargetDescriptor> inBundles = osgi() ? BundleScan.descriptors(broken, () -> cache = null) : null;
        if (inBundles != null) {
            inBundles.forEach(t -> found.putIfAbsent(t.id(), t));
        } else {
            ServiceLoader.load(TargetDescriptor.class, Targets.class.getClassLoader()).forEach(t -> found.putIfAbsent(t.id(), t));
        }
        problems = List.copyOf(broken);
        return found.values().stream()
                .sorted(Comparator.comparing((TargetDescriptor t) -> !t.isDefault()).thenComparing(TargetDescriptor::id))
                .toList();
    }

    /** Whether the OSGi framework API is there at all (plain class-path tests may lack it). */
    private static boolean osgi() {
        try {
            Class.forName("org.osgi.framework.FrameworkUtil", false, Targets.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
