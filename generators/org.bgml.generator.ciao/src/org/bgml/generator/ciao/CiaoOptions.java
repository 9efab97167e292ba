package org.bgml.generator.ciao;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.model.Configuration;
import org.bgml.model.Deployment;
import org.bgml.model.Node;
import org.bgml.model.OptionCatalog;
import org.bgml.model.OptionDefinition;
import org.bgml.model.OptionSetting;
import org.bgml.model.Process;

/**
 * The TAO and CIAO options of one process. Only settings from TAO or CIAO catalogues apply (a model's
 * configuration may be meant for another ORB), and every ORB listens on 127.0.0.1, on a port the kernel picks,
 * with addresses, not host names, in its IORs unless the configuration says otherwise:
 * {@code -ORBEndpoint iiop://127.0.0.1 -ORBDottedDecimalAddresses 1}.
 */
public final class CiaoOptions {

    /** Options of one process: ORB arguments, svc.conf directives by factory, environment, compile macros. */
    public record Options(List<String> orbArgs, Map<String, List<String>> svcConf, Map<String, String> environment,
            Map<String, String> macros) {
        public boolean hasSvcConf() {
            return !svcConf.isEmpty();
        }
    }

    private final BenchmarkPlan plan;

    public CiaoOptions(BenchmarkPlan plan) {
        this.plan = plan;
    }

    /** The options of a deployment process by name (a split TAO process has its origin's). */
    public Options of(String processName) {
        Configuration configuration = configuration();
        Process process = process(processName);
        List<String> orbArgs = new ArrayList<>();
        Map<String, List<String>> svcConf = new LinkedHashMap<>();
        Map<String, String> environment = new LinkedHashMap<>();
        Map<String, String> macros = new LinkedHashMap<>();
        boolean endpoint = false;
        boolean dotted = false;
        if (configuration != null && (configuration.getProcesses().isEmpty() || configuration.getProcesses().contains(process))) {
            for (OptionSetting s : configuration.getSettings()) {
                OptionDefinition o = s.getOption();
                if (!(o.eContainer() instanceof OptionCatalog catalog)
                        || !new CiaoDescriptor().appliesSettingsOf(catalog.getMiddleware())) {
                    continue;
                }
                String key = o.getKey() == null || o.getKey().isEmpty() ? o.getName() : o.getKey();
                switch (o.getLanding()) {
                case ORB_ARGUMENT -> {
                    endpoint |= key.equals("-ORBEndpoint") || key.equals("-ORBListenEndpoints");
                    dotted |= key.equals("-ORBDottedDecimalAddresses");
                    orbArgs.add(key);
                    orbArgs.add(s.getValue());
                }
                case SVC_CONF -> {
                    List<String> args = svcConf.computeIfAbsent(o.getFactory() == null ? "Resource_Factory" : o.getFactory(),
                            f -> new ArrayList<>());
                    args.add(key);
                    args.add(s.getValue());
                }
                case ENVIRONMENT -> environment.put(key, s.getValue());
                case COMPILE_MACRO -> macros.put(key, s.getValue());
                default -> {
                }
                }
            }
        }
        List<String> args = new ArrayList<>();
        if (!endpoint) {
            args.add("-ORBEndpoint");
            args.add("iiop://127.0.0.1");
        }
        if (!dotted) {
            args.add("-ORBDottedDecimalAddresses");
            args.add("1");
        }
        args.addAll(orbArgs);
        return new Options(List.copyOf(args), svcConf, environment, macros);
    }

    /** Compile macros of every process: MPC applies them to all projects. */
    public Map<String, String> macros() {
        Map<String, String> all = new LinkedHashMap<>();
        for (Process p : processes()) {
            all.putAll(of(p.getName()).macros());
        }
        if (processes().isEmpty()) {
            all.putAll(of("").macros());
        }
        return all;
    }

    private Configuration configuration() {
        if (plan.configuration() == null) {
            return null;
        }
        return plan.model().getConfigurations().stream().filter(c -> c.getName().equals(plan.configuration())).findFirst()
                .orElse(null);
    }

    private List<Process> processes() {
        List<Process> processes = new ArrayList<>();
        for (Deployment d : plan.model().getDeployments()) {
            if (d.getName().equals(plan.deployment())) {
                for (Node n : d.getNodes()) {
                    processes.addAll(n.getProcesses());
                }
            }
        }
        return processes;
    }

    private Process process(String name) {
        return processes().stream().filter(p -> p.getName().equals(name)).findFirst().orElse(null);
    }
}
