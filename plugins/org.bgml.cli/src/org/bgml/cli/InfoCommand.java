package org.bgml.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

import org.bgml.model.Assembly;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Component;
import org.bgml.model.Configuration;
import org.bgml.model.Connection;
import org.bgml.model.Deployment;
import org.bgml.model.Entity;
import org.bgml.model.EventSink;
import org.bgml.model.EventSource;
import org.bgml.model.Experiment;
import org.bgml.model.Metric;
import org.bgml.model.Node;
import org.bgml.model.OptionCatalog;
import org.bgml.model.Port;
import org.bgml.model.Process;
import org.bgml.model.Receptacle;
import org.bgml.model.ResultSet;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.bgml.validation.ModelValidator;
import org.bgml.validation.Severity;
import org.eclipse.emf.ecore.EObject;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code bgml info FILE}: what a model holds, viewpoint by viewpoint. */
@Command(name = "info", description = "summarise a model: entities, ports, connections, metrics, options, experiments",
        footer = "  bgml info examples/roundtrip.bgml")
final class InfoCommand implements Subcommand {
    @Parameters(paramLabel = "FILE", description = "model or option catalogue files (.bgml)")
    List<String> files = new ArrayList<>();

    @Override
    public String synopsis() {
        return "FILE...";
    }

    @Override
    public int run(Invocation in) throws UsageException {
        PrintStream out = in.out();
        PrintStream err = in.err();
        if (files.isEmpty()) {
            throw new UsageException("no model file given");
        }
        int code = Bgml.OK;
        for (String arg : files) {
            EObject root;
            try {
                root = ModelFiles.loadRoot(ModelFiles.newResourceSet(), in.path(arg));
            } catch (ModelLoadException e) {
                err.println(e.describe());
                code = Bgml.UNUSABLE;
                continue;
            }
            var diagnostics = new ModelValidator().validate(root);
            if (root instanceof BenchmarkModel model) {
                describe(model, arg, out);
            } else if (root instanceof OptionCatalog catalog) {
                describe(catalog, arg, out);
            }
            long errors = diagnostics.stream().filter(d -> d.severity() == Severity.ERROR).count();
            long warnings = diagnostics.stream().filter(d -> d.severity() == Severity.WARNING).count();
            out.println("  validation:   " + (errors == 0 ? "clean" : Plural.of(errors, "error")) + ", " + Plural.of(warnings, "warning"));
            out.println();
            if (errors > 0 && code == Bgml.OK) {
                code = Bgml.MODEL_ERRORS;
            }
        }
        return code;
    }

    private static void describe(BenchmarkModel model, String file, PrintStream out) {
        out.println(file + ": model " + model.getName());
        Map<String, Integer> entities = new TreeMap<>();
        Map<String, Integer> ports = new TreeMap<>();
        for (Entity e : model.getEntities()) {
            count(entities, e);
            e.getPorts().forEach(p -> count(ports, p));
            if (e instanceof Assembly a) {
                for (Component c : a.getComponents()) {
                    count(entities, c);
                    c.getPorts().forEach(p -> count(ports, p));
                }
            }
        }
        int invocations = 0;
        int events = 0;
        int channelled = 0;
        for (Connection c : model.getConnections()) {
            if (c.getSource() instanceof Receptacle) {
                invocations++;
            } else if (c.getSource() instanceof EventSource || c.getTarget() instanceof EventSink) {
                events++;
                if (c.getChannel() != null) {
                    channelled++;
                }
            }
        }
        Map<String, Integer> metrics = new TreeMap<>();
        long samples = 0;
        for (Metric m : model.getMetrics()) {
            count(metrics, m);
            samples += m.getSamples();
        }
        out.println("  entities:     " + total(entities) + summary(entities));
        out.println("  ports:        " + total(ports) + summary(ports));
        out.println("  connections:  " + model.getConnections().size() + " (" + invocations + " invocation, " + events + " event"
                + (channelled > 0 ? ", " + channelled + " through channels" : "") + ")");
        out.println("  metrics:      " + total(metrics) + summary(metrics) + (samples > 0 ? ", " + samples + " samples in all" : ""));
        int options = 0;
        for (OptionCatalog c : model.getCatalogs()) {
            options += c.getOptions().size();
        }
        int settings = 0;
        for (Configuration c : model.getConfigurations()) {
            settings += c.getSettings().size();
        }
        out.println("  options:      " + Plural.of(model.getConfigurations().size(), "configuration") + " with "
                + Plural.of(settings, "setting") + (options > 0 ? ", " + options + " options in local catalogues" : ""));
        for (Deployment d : model.getDeployments()) {
            int processes = 0;
            for (Node n : d.getNodes()) {
                processes += n.getProcesses().size();
            }
            int pinned = 0;
            for (Node n : d.getNodes()) {
                for (Process p : n.getProcesses()) {
                    if (!p.getCpus().isEmpty()) {
                        pinned++;
                    }
                }
            }
            out.println("  deployment:   " + d.getName() + ": " + Plural.of(d.getNodes().size(), "node") + ", "
                    + Plural.of(processes, "process").replace("processs", "processes") + (pinned > 0 ? ", " + pinned + " pinned" : ""));
        }
        for (Experiment x : model.getExperiments()) {
            out.println("  experiment:   " + x.getName() + ": " + x.getDesign().getLiteral() + " over "
                    + Plural.of(x.getFactors().size(), "factor") + ", " + x.getRepetitions() + " repetition(s), seed " + x.getSeed());
        }
        if (!model.getResults().isEmpty()) {
            ResultSet last = model.getResults().get(model.getResults().size() - 1);
            out.println("  results:      " + Plural.of(model.getResults().size(), "run") + ", last " + last.getRunId()
                    + " (" + last.getStatus().getLiteral() + ")");
        }
    }

    private static void describe(OptionCatalog catalog, String file, PrintStream out) {
        out.println(file + ": option catalogue " + catalog.getName() + " for " + catalog.getMiddleware().getLiteral()
                + (catalog.getVersion() == null ? "" : " " + catalog.getVersion()));
        Map<String, Integer> landings = new TreeMap<>();
        catalog.getOptions().forEach(o -> landings.merge(o.getLanding().getLiteral(), 1, Integer::sum));
        out.println("  options:      " + catalog.getOptions().size() + summary(landings));
        out.println("  constraints:  " + catalog.getConstraints().size());
    }

    private static void count(Map<String, Integer> counts, EObject o) {
        counts.merge(kind.apply(o), 1, Integer::sum);
    }

    private static final Function<EObject, String> kind = o -> o.eClass().getName();

    private static int total(Map<String, Integer> counts) {
        return counts.values().stream().mapToInt(Integer::intValue).sum();
    }

    private static String summary(Map<String, Integer> counts) {
        if (counts.isEmpty()) {
            return "";
        }
        StringBuilder s = new StringBuilder(" (");
        counts.forEach((k, v) -> s.append(s.length() > 2 ? ", " : "").append(v).append(' ').append(k));
        return s.append(')').toString();
    }

}
