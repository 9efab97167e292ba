package org.bgml.diagram.handler;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.bgml.diagram.actions.SetPropertiesAction.Entry;
import org.bgml.diagram.actions.SetPropertiesAction.Property;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Comparator;
import org.bgml.model.Configuration;
import org.bgml.model.Connection;
import org.bgml.model.Entity;
import org.bgml.model.EventSink;
import org.bgml.model.EventSource;
import org.bgml.model.EventSourceKind;
import org.bgml.model.EventType;
import org.bgml.model.Facet;
import org.bgml.model.Interface;
import org.bgml.model.Metric;
import org.bgml.model.Module;
import org.bgml.model.NamedElement;
import org.bgml.model.Operation;
import org.bgml.model.OptionCatalog;
import org.bgml.model.OptionDefinition;
import org.bgml.model.OptionSetting;
import org.bgml.model.OptionType;
import org.bgml.model.Port;
import org.bgml.model.RateKind;
import org.bgml.model.Receptacle;
import org.bgml.model.Requirement;
import org.bgml.model.Statistic;
import org.bgml.model.Unit;
import org.bgml.model.Workload;
import org.bgml.model.io.ElementPaths;
import org.bgml.model.io.ModelFiles;
import org.bgml.targets.Targets;
import org.eclipse.emf.common.util.Enumerator;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;

/**
 * The property sheet of PROTOCOL.md: what each kind of element shows, and how a typed-in value changes the model.
 * {@link #apply} checks the value and returns the change to run inside an undoable command, or throws
 * {@link IllegalArgumentException} with the reason.
 */
public final class PropertySheet {
    public static final List<String> METRIC_KINDS = List.of("Latency", "Throughput", "Jitter");

    private PropertySheet() {
    }

    public static String title(EObject o) {
        String kind = o instanceof BenchmarkModel ? "Model" : o.eClass().getName();
        return o instanceof NamedElement n && n.getName() != null ? kind + " " + n.getName() : kind;
    }

    public static List<Property> of(BenchmarkModel model, EObject o) {
        List<Property> p = new ArrayList<>();
        p.add(ro("kind", "Kind", o.eClass().getName()));
        if (o instanceof NamedElement n) {
            p.add(text("name", "Name", n.getName()));
            p.add(text("description", "Description", n.getDescription()));
        }
        if (o instanceof Facet f) {
            interfaceRows(model, f.getInterface(), p);
        } else if (o instanceof Receptacle r) {
            interfaceRows(model, r.getInterface(), p);
            p.add(new Property("multiplex", "Multiplex", String.valueOf(r.isMultiplex()), "boolean", null));
        } else if (o instanceof EventSource s) {
            p.add(combo("eventType", "Event type", path(s.getEventType()), IdlTypes.paths(model, EventType.class)));
            p.add(choice("sourceKind", "Source kind", s.getKind().getLiteral(), literals(EventSourceKind.VALUES)));
        } else if (o instanceof EventSink s) {
            p.add(combo("eventType", "Event type", path(s.getEventType()), IdlTypes.paths(model, EventType.class)));
        } else if (o instanceof Connection c) {
            p.add(ro("source", "From", path(c.getSource())));
            p.add(ro("target", "To", path(c.getTarget())));
            metricRows(model, m -> m.getConnection() == c, p);
        } else if (o instanceof Metric m) {
            metricRows(m, p);
        } else if (o instanceof Configuration c) {
            configurationRows(model, c, p);
        } else if (o instanceof BenchmarkModel) {
            p.add(links("configurations", "Configurations", model.getConfigurations().stream().map(ElementPaths::pathOf).toList()));
            p.add(text("addConfiguration", "Add configuration (name)", ""));
            p.add(ro("entities", "Entities", String.valueOf(model.getEntities().size())));
            p.add(ro("connections", "Connections", String.valueOf(model.getConnections().size())));
            p.add(links("metricList", "Metrics", model.getMetrics().stream().map(ElementPaths::pathOf).toList()));
        }
        if (o instanceof Port port) {
            metricRows(model, m -> m.getPort() == port, p);
        }
        return p;
    }

    private static void configurationRows(BenchmarkModel model, Configuration c, List<Property> p) {
        for (OptionSetting s : c.getSettings()) {
            OptionDefinition d = s.getOption();
            String name = d == null ? "?" : d.getName();
            if (d != null && (d.getType() == OptionType.ENUM || d.getType() == OptionType.BOOL)) {
                // a boolean option spells its values as its catalogue does (omniORB: 0/1), else true/false
                List<String> values = d.getType() == OptionType.BOOL && d.getValues().isEmpty() ? List.of("true", "false", "")
                        : with(d.getValues(), "");
                p.add(choice("setting:" + name, name, s.getValue(), values));
            } else {
                p.add(text("setting:" + name, name, s.getValue()));
            }
            p.add(action("removeSetting", "Remove " + name, name));
        }
        p.add(choice("addSetting", "Add option", "", with(optionNames(model), "")));
        List<String> processes = processPaths(model);
        if (processes.isEmpty() && model.getDeployments().isEmpty()) {
            // what the planner and the option generators do without a deployment
            p.add(ro("processes", "Applies to processes", "The model has no process yet: without a deployment each entity runs in a"
                    + " process of its own, and this configuration applies to all of them."));
        } else if (processes.isEmpty()) {
            p.add(ro("processes", "Applies to processes", "The model's deployments have no process yet: this configuration applies"
                    + " to every process; add processes to a deployment to choose among them."));
        } else {
            p.add(new Property("processes", "Applies to processes (none ticked: all)",
                    String.join(",", c.getProcesses().stream().map(ElementPaths::pathOf).toList()), "multichoice", processes));
        }
        p.add(action("removeConfiguration", "Remove configuration", c.getName()));
    }

    private static void interfaceRows(BenchmarkModel model, Interface i, List<Property> p) {
        p.add(combo("interface", "Interface", path(i), IdlTypes.paths(model, Interface.class)));
        if (i != null) {
            List<Entry> entries = new ArrayList<>();
            for (Operation op : i.getOperations()) {
                List<String> by = model.getMetrics().stream().filter(m -> measures(m, op)).map(Metric::getName).toList();
                entries.add(new Entry(OperationSignature.format(op), "removeOperation", ElementPaths.pathOf(op),
                        by.isEmpty() ? null : "measured by " + String.join(", ", by)));
            }
            p.add(new Property("operations", "Operations of " + i.getName(),
                    String.join("\n", entries.stream().map(Entry::text).toList()), "list", null, entries));
            p.add(text("addOperation", "Add operation, e.g. ping(in sequence<octet> payload)", ""));
        }
    }

    private static void metricRows(BenchmarkModel model, java.util.function.Predicate<Metric> measures, List<Property> p) {
        List<String> names = model.getMetrics().stream().filter(measures).map(ElementPaths::pathOf).toList();
        p.add(links("metrics", "Metrics", names));
        p.add(choice("addMetric", "Add metric", "", with(METRIC_KINDS, "")));
    }

    /** The interface a metric's invocation or port uses, or null. */
    private static Interface interfaceOf(Metric m) {
        Port port = m.getConnection() != null ? m.getConnection().getTarget() : m.getPort();
        return port instanceof Facet f ? f.getInterface() : port instanceof Receptacle r ? r.getInterface() : null;
    }

    private static void metricRows(Metric m, List<Property> p) {
        p.add(ro("measures", "Measures", m.getConnection() != null ? path(m.getConnection()) : path(m.getPort())));
        Interface measured = interfaceOf(m);
        if (measured != null) {
            p.add(choice("operation", "Operation (empty: the first)", path(m.getOperation()),
                    with(measured.getOperations().stream().map(ElementPaths::pathOf).toList(), "")));
        }
        p.add(num("warmupIterations", "Warm-up iterations", m.getWarmupIterations()));
        p.add(num("samples", "Samples", m.getSamples()));
        Requirement r = m.getRequirement();
        p.add(choice("requirement.statistic", "Requirement: statistic", r == null ? "" : r.getStatistic().getLiteral(),
                with(literals(Statistic.VALUES), "")));
        p.add(choice("requirement.comparator", "Requirement: comparison", r == null ? "" : r.getComparator().getLiteral(),
                literals(Comparator.VALUES)));
        p.add(new Property("requirement.value", "Requirement: value", r == null ? "" : String.valueOf(r.getValue()), "number", null));
        p.add(choice("requirement.unit", "Requirement: unit", r == null || r.getUnit() == null ? "" : r.getUnit().getLiteral(),
                literals(Unit.VALUES)));
        Workload w = m.getWorkload();
        p.add(choice("workload.rate", "Workload: rate", w == null ? "" : w.getRate().getLiteral(), literals(RateKind.VALUES)));
        p.add(new Property("workload.rateHz", "Workload: rate (Hz)", w == null ? "" : String.valueOf(w.getRateHz()), "number", null));
        p.add(new Property("workload.threads", "Workload: threads", w == null ? "" : String.valueOf(w.getThreads()), "number", null));
        p.add(new Property("workload.iterations", "Workload: iterations", w == null ? "" : String.valueOf(w.getIterations()), "number", null));
        p.add(new Property("workload.payloadBytes", "Workload: payload (bytes)", w == null ? "" : String.valueOf(w.getPayloadBytes()), "number", null));
        p.add(new Property("workload.durationMillis", "Workload: duration (ms)", w == null ? "" : String.valueOf(w.getDurationMillis()), "number", null));
    }

    /** The change that sets {@code property} of {@code o} to {@code value}; throws with the reason when it cannot. */
    public static Runnable apply(BenchmarkModel model, EObject o, String property, String value) {
        String v = value == null ? "" : value.trim();
        switch (property) {
            case "name" -> throw new IllegalArgumentException("rename in place or through the rename operation");
            case "description" -> {
                NamedElement n = (NamedElement) o;
                return () -> n.setDescription(v.isEmpty() ? null : v);
            }
            case "interface" -> {
                List<Runnable> changes = new ArrayList<>();
                Interface i = idlType(model, v, Interface.class, changes);
                changes.add(() -> {
                    if (o instanceof Facet f) {
                        f.setInterface(i);
                    } else if (o instanceof Receptacle r) {
                        r.setInterface(i);
                    }
                });
                return all(changes);
            }
            case "eventType" -> {
                List<Runnable> changes = new ArrayList<>();
                EventType t = idlType(model, v, EventType.class, changes);
                changes.add(() -> {
                    if (o instanceof EventSource s) {
                        s.setEventType(t);
                    } else if (o instanceof EventSink s) {
                        s.setEventType(t);
                    }
                });
                return all(changes);
            }
            case "multiplex" -> {
                Receptacle r = (Receptacle) o;
                boolean b = Boolean.parseBoolean(v);
                return () -> r.setMultiplex(b);
            }
            case "sourceKind" -> {
                EventSourceKind k = EventSourceKind.get(v);
                if (k == null) {
                    throw new IllegalArgumentException("source kind is publishes or emits");
                }
                return () -> ((EventSource) o).setKind(k);
            }
            case "addMetric" -> {
                return addMetric(model, o, v);
            }
            case "addConfiguration" -> {
                String problem = ModelElements.nameProblem(model, null, v);
                if (problem != null) {
                    throw new IllegalArgumentException(problem);
                }
                Configuration c = BgmlFactory.eINSTANCE.createConfiguration();
                c.setName(v);
                return () -> model.getConfigurations().add(c);
            }
            case "addOperation" -> {
                Interface i = o instanceof Facet f ? f.getInterface() : o instanceof Receptacle r ? r.getInterface() : null;
                if (i == null) {
                    throw new IllegalArgumentException("choose or type an interface first");
                }
                if (!(i.eContainer() instanceof Module)) {
                    throw new IllegalArgumentException("interface " + i.getName() + " is not in a module");
                }
                List<Runnable> changes = new ArrayList<>();
                Operation op = OperationSignature.parse(model, i, v, changes);
                changes.add(() -> i.getOperations().add(op));
                return all(changes);
            }
            case "removeOperation" -> {
                return removeOperation(model, o, v);
            }
            case "removeSetting" -> {
                Configuration c = (Configuration) o;
                OptionSetting s = ModelElements.first(c.getSettings(), OptionSetting.class,
                        x -> x.getOption() != null && v.equals(x.getOption().getName()));
                if (s == null) {
                    throw new IllegalArgumentException("configuration '" + c.getName() + "' has no setting of " + v);
                }
                return () -> c.getSettings().remove(s);
            }
            case "removeConfiguration" -> {
                Configuration c = (Configuration) o;
                return () -> org.eclipse.emf.ecore.util.EcoreUtil.delete(c, true);
            }
            case "processes" -> {
                Configuration c = (Configuration) o;
                List<org.bgml.model.Process> chosen = new ArrayList<>();
                for (String part : v.split("[,\\s]+")) {
                    if (part.isEmpty()) {
                        continue;
                    }
                    if (!(ModelElements.resolve(model, part) instanceof org.bgml.model.Process process)) {
                        throw new IllegalArgumentException("no process '" + part + "' in the model's deployments");
                    }
                    if (!chosen.contains(process)) {
                        chosen.add(process);
                    }
                }
                return () -> {
                    c.getProcesses().clear();
                    c.getProcesses().addAll(chosen);
                };
            }
            case "addSetting" -> {
                Configuration c = (Configuration) o;
                if (v.isEmpty()) {
                    return () -> {
                    };
                }
                OptionDefinition d = findOption(model, v);
                if (c.getSettings().stream().anyMatch(x -> x.getOption() == d)) {
                    throw new IllegalArgumentException("configuration '" + c.getName() + "' sets " + d.getName() + " already");
                }
                OptionSetting s = BgmlFactory.eINSTANCE.createOptionSetting();
                s.setOption(d);
                s.setValue(d.getDefault() != null ? d.getDefault() : d.getValues().isEmpty() ? "" : d.getValues().get(0));
                return () -> c.getSettings().add(s);
            }
            default -> {
            }
        }
        if (property.startsWith("setting:") && o instanceof Configuration c) {
            String name = property.substring("setting:".length());
            OptionSetting s = ModelElements.first(c.getSettings(), OptionSetting.class,
                    x -> x.getOption() != null && name.equals(x.getOption().getName()));
            if (s == null) {
                throw new IllegalArgumentException("configuration '" + c.getName() + "' has no setting of " + name);
            }
            return v.isEmpty() ? () -> c.getSettings().remove(s) : () -> s.setValue(v);
        }
        if (o instanceof Metric m && property.equals("operation")) {
            if (v.isEmpty()) {
                return () -> m.setOperation(null);
            }
            Interface measured = interfaceOf(m);
            if (!(ModelElements.resolve(model, v) instanceof Operation op) || measured == null || op.eContainer() != measured) {
                throw new IllegalArgumentException("'" + v + "' is not an operation of the measured interface");
            }
            return () -> m.setOperation(op);
        }
        if (o instanceof Metric m) {
            return metric(m, property, v);
        }
        throw new IllegalArgumentException(title(o) + " has no property '" + property + "'");
    }

    private static Runnable all(List<Runnable> changes) {
        return () -> changes.forEach(Runnable::run);
    }

    private static <T extends NamedElement> T idlType(BenchmarkModel model, String scoped, Class<T> type, List<Runnable> changes) {
        if (scoped.isEmpty()) {
            return null;
        }
        EObject found = ModelElements.resolve(model, scoped);
        if (type.isInstance(found)) {
            return type.cast(found);
        }
        if (found != null) {
            throw new IllegalArgumentException("'" + scoped + "' is a " + found.eClass().getName() + ", not a " + type.getSimpleName());
        }
        for (String part : scoped.split("::")) {
            String problem = ModelElements.nameProblem(model, null, part);
            if (problem != null && !problem.contains("already used")) {
                throw new IllegalArgumentException(problem);
            }
        }
        Module module = IdlTypes.moduleFor(model, scoped, changes);
        String name = IdlTypes.simpleName(scoped);
        String problem = ModelElements.nameProblem(module, null, name);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        T created = type.cast(BgmlFactory.eINSTANCE.create(type == Interface.class ? org.bgml.model.BgmlPackage.Literals.INTERFACE
                : org.bgml.model.BgmlPackage.Literals.EVENT_TYPE));
        created.setName(name);
        changes.add(() -> module.getDefinitions().add((org.bgml.model.IdlDefinition) created));
        return created;
    }

    /**
     * Removes an operation of the port's interface. Refused while a metric measures it (named, or as the interface's
     * first operation when the metric names none): the metric would silently measure another call.
     */
    private static Runnable removeOperation(BenchmarkModel model, EObject o, String path) {
        Interface i = o instanceof Facet f ? f.getInterface() : o instanceof Receptacle r ? r.getInterface() : null;
        if (i == null) {
            throw new IllegalArgumentException("the port has no interface");
        }
        if (!(ModelElements.resolve(model, path) instanceof Operation op) || op.eContainer() != i) {
            throw new IllegalArgumentException("'" + path + "' is not an operation of " + i.getName());
        }
        List<String> by = model.getMetrics().stream().filter(m -> measures(m, op)).map(Metric::getName).toList();
        if (!by.isEmpty()) {
            throw new IllegalArgumentException((by.size() == 1 ? "metric " : "metrics ") + String.join(", ", by) + " measure"
                    + (by.size() == 1 ? "s " : " ") + op.getName() + ": choose another operation in "
                    + (by.size() == 1 ? "its" : "their") + " sheet or delete " + (by.size() == 1 ? "it" : "them") + " first");
        }
        return () -> i.getOperations().remove(op);
    }

    /** Whether metric {@code m} measures {@code op}: it names it, or names none and op is its interface's first. */
    private static boolean measures(Metric m, Operation op) {
        if (m.getOperation() != null) {
            return m.getOperation() == op;
        }
        Interface measured = interfaceOf(m);
        return measured != null && !measured.getOperations().isEmpty() && measured.getOperations().get(0) == op;
    }

    /** The element paths of the processes of the model's deployments. */
    private static List<String> processPaths(BenchmarkModel model) {
        List<String> processes = new ArrayList<>();
        model.getDeployments().forEach(d -> d.eAllContents().forEachRemaining(x -> {
            if (x instanceof org.bgml.model.Process process) {
                processes.add(ElementPaths.pathOf(process));
            }
        }));
        return processes;
    }

    private static Runnable addMetric(BenchmarkModel model, EObject o, String kind) {
        Metric m = newMetric(model, o, kind);
        return () -> model.getMetrics().add(m);
    }

    /**
     * A new metric of {@code kind} ({@code Latency}, {@code Throughput}, {@code Jitter}) measuring connection or port
     * {@code o}, named after it, with 1,000 warm-up iterations and 10,000 samples; not yet in the model.
     */
    public static Metric newMetric(BenchmarkModel model, EObject o, String kind) {
        if (!METRIC_KINDS.contains(kind)) {
            throw new IllegalArgumentException("choose one of " + String.join(", ", METRIC_KINDS));
        }
        Metric m = switch (kind) {
            case "Throughput" -> BgmlFactory.eINSTANCE.createThroughput();
            case "Jitter" -> BgmlFactory.eINSTANCE.createJitter();
            default -> BgmlFactory.eINSTANCE.createLatency();
        };
        String base = (o instanceof NamedElement n ? n.getName() : "metric") + kind;
        if (o instanceof Connection c) {
            m.setConnection(c);
        } else if (o instanceof Port p) {
            m.setPort(p);
            base = ((Entity) p.eContainer()).getName() + "_" + p.getName() + kind;
        } else {
            throw new IllegalArgumentException("metrics measure connections and ports");
        }
        m.setName(ModelElements.freshName(model, base));
        m.setWarmupIterations(1000);
        m.setSamples(10000);
        // a call needs an operation to measure: the interface's first, which the sheet can change
        Interface measured = interfaceOf(m);
        if (measured != null && !measured.getOperations().isEmpty()) {
            m.setOperation(measured.getOperations().get(0));
        }
        return m;
    }

    private static Runnable metric(Metric m, String property, String v) {
        try {
            switch (property) {
                case "warmupIterations" -> {
                    int n = nonNegative(v);
                    return () -> m.setWarmupIterations(n);
                }
                case "samples" -> {
                    int n = nonNegative(v);
                    return () -> m.setSamples(n);
                }
                default -> {
                }
            }
            if (property.startsWith("requirement.")) {
                Requirement r = m.getRequirement() != null ? m.getRequirement() : BgmlFactory.eINSTANCE.createRequirement();
                boolean fresh = m.getRequirement() == null;
                Runnable set = switch (property) {
                    case "requirement.statistic" -> {
                        if (v.isEmpty()) {
                            yield () -> m.setRequirement(null);
                        }
                        Statistic s = enumOf(Statistic.get(v), v, Statistic.VALUES);
                        yield () -> r.setStatistic(s);
                    }
                    case "requirement.comparator" -> {
                        Comparator c = enumOf(Comparator.get(v), v, Comparator.VALUES);
                        yield () -> r.setComparator(c);
                    }
                    case "requirement.value" -> {
                        double d = Double.parseDouble(v);
                        yield () -> r.setValue(d);
                    }
                    case "requirement.unit" -> {
                        Unit u = enumOf(Unit.get(v), v, Unit.VALUES);
                        yield () -> r.setUnit(u);
                    }
                    default -> throw new IllegalArgumentException("no property '" + property + "'");
                };
                return fresh && !v.isEmpty() ? () -> {
                    m.setRequirement(r);
                    set.run();
                } : set;
            }
            if (property.startsWith("workload.")) {
                Workload w = m.getWorkload() != null ? m.getWorkload() : BgmlFactory.eINSTANCE.createWorkload();
                boolean fresh = m.getWorkload() == null;
                Runnable set = switch (property) {
                    case "workload.rate" -> {
                        RateKind k = enumOf(RateKind.get(v), v, RateKind.VALUES);
                        yield () -> w.setRate(k);
                    }
                    case "workload.rateHz" -> {
                        double d = Double.parseDouble(v);
                        if (d < 0) {
                            throw new IllegalArgumentException("a rate is not negative");
                        }
                        yield () -> w.setRateHz(d);
                    }
                    case "workload.threads" -> {
                        int n = nonNegative(v);
                        yield () -> w.setThreads(n);
                    }
                    case "workload.iterations" -> {
                        int n = nonNegative(v);
                        yield () -> w.setIterations(n);
                    }
                    case "workload.payloadBytes" -> {
                        int n = nonNegative(v);
                        yield () -> w.setPayloadBytes(n);
                    }
                    case "workload.durationMillis" -> {
                        long n = nonNegative(v);
                        yield () -> w.setDurationMillis(n);
                    }
                    default -> throw new IllegalArgumentException("no property '" + property + "'");
                };
                return fresh ? () -> {
                    m.setWorkload(w);
                    set.run();
                } : set;
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + v + "' is not a number");
        }
        throw new IllegalArgumentException("metric '" + m.getName() + "' has no property '" + property + "'");
    }

    private static int nonNegative(String v) {
        int n = Integer.parseInt(v);
        if (n < 0) {
            throw new IllegalArgumentException("'" + v + "' is negative");
        }
        return n;
    }

    private static <E extends Enumerator> E enumOf(E found, String v, List<E> values) {
        if (found == null) {
            throw new IllegalArgumentException("'" + v + "' is not one of " + String.join(", ", literals(values)));
        }
        return found;
    }

    private static List<String> literals(List<? extends Enumerator> values) {
        return values.stream().map(Enumerator::getLiteral).toList();
    }

    private static List<String> with(List<String> values, String extra) {
        List<String> all = new ArrayList<>(values);
        all.add(extra);
        return all;
    }

    private static String path(EObject o) {
        return o == null ? "" : ElementPaths.pathOf(o);
    }

    private static Property ro(String name, String label, String value) {
        return new Property(name, label, value == null ? "" : value, "readonly", null);
    }

    private static Property text(String name, String label, String value) {
        return new Property(name, label, value == null ? "" : value, "text", null);
    }

    private static Property num(String name, String label, long value) {
        return new Property(name, label, String.valueOf(value), "number", null);
    }

    private static Property choice(String name, String label, String value, List<String> choices) {
        return new Property(name, label, value == null ? "" : value, "choice", choices);
    }

    /** A text field that also offers {@code choices}; a value outside them is allowed (it may create something). */
    private static Property combo(String name, String label, String value, List<String> choices) {
        return new Property(name, label, value == null ? "" : value, "combo", choices);
    }

    /** A button: applies {@code name} with {@code value} when pressed. */
    private static Property action(String name, String label, String value) {
        return new Property(name, label, value == null ? "" : value, "action", null);
    }

    /** Element paths the user can open in the property panel (elements the diagram does not draw). */
    private static Property links(String name, String label, List<String> paths) {
        return new Property(name, label, String.join(", ", paths), "links", paths);
    }

    /** Options of the model's own catalogues and of the shipped ones, as {@code catalog/option}. */
    static List<String> optionNames(BenchmarkModel model) {
        List<String> names = new ArrayList<>();
        for (OptionCatalog c : catalogs(model)) {
            for (OptionDefinition d : c.getOptions()) {
                names.add(c.getName() + "/" + d.getName());
            }
        }
        return names;
    }

    private static List<OptionCatalog> catalogs(BenchmarkModel model) {
        List<OptionCatalog> all = new ArrayList<>(model.getCatalogs());
        ResourceSet set = model.eResource() == null ? null : model.eResource().getResourceSet();
        if (set != null) {
            for (String file : Targets.catalogs()) {
                try {
                    // bgml:/catalogs/FILE (appendSegment would add a second slash after the folder's), as hand-written models refer to it
                    Resource r = set.getResource(URI.createURI(ModelFiles.CATALOGS + file), true);
                    r.getContents().stream().filter(OptionCatalog.class::isInstance).map(OptionCatalog.class::cast)
                            .filter(c -> !all.contains(c)).forEach(all::add);
                } catch (RuntimeException e) {
                    // a catalogue that is not shipped in this installation is simply not offered
                }
            }
        }
        return all;
    }

    /** An option by {@code catalog/option}, or by its bare name when only one catalogue has it. */
    private static OptionDefinition findOption(BenchmarkModel model, String name) {
        List<OptionDefinition> bare = new ArrayList<>();
        for (OptionCatalog c : catalogs(model)) {
            for (OptionDefinition d : c.getOptions()) {
                if (name.equals(c.getName() + "/" + d.getName())) {
                    return d;
                }
                if (name.equals(d.getName())) {
                    bare.add(d);
                }
            }
        }
        if (bare.size() == 1) {
            return bare.get(0);
        }
        if (bare.size() > 1) {
            throw new IllegalArgumentException("option '" + name + "' is in several catalogues ("
                    + String.join(", ", bare.stream().map(d -> ((OptionCatalog) d.eContainer()).getName()).toList())
                    + "); write it as CATALOG/" + name);
        }
        throw new IllegalArgumentException("no option '" + name + "' in the catalogues (" + String.join(", ", Targets.catalogs()) + ")");
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }

    static List<String> split(String s) {
        return Arrays.asList(s.split(","));
    }
}
