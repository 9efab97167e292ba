package org.bgml.generator.tao;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.model.Configuration;
import org.bgml.model.Deployment;
import org.bgml.model.Node;
import org.bgml.model.OptionCatalog;
import org.bgml.model.OptionDefinition;
import org.bgml.model.OptionSetting;
import org.bgml.model.Process;

/**
 * Where each TAO option of a configuration lands for one process: svc.conf directives grouped by factory,
 * ORB_init arguments, compile-time macros and environment variables. Settings from another ORB's catalogue are
 * left out and listed, so the README can say so.
 */
public class TaoOptions {
    public static final String RESOURCE_FACTORY = "Resource_Factory";
    public static final String ADVANCED_RESOURCE_FACTORY = "Advanced_Resource_Factory";
    public static final String SERVER_STRATEGY_FACTORY = "Server_Strategy_Factory";
    public static final String CLIENT_STRATEGY_FACTORY = "Client_Strategy_Factory";
    /** The endpoint every process gets unless the model sets one: loopback only, any free port. */
    public static final String LOOPBACK_ENDPOINT = "iiop://127.0.0.1:";

    private static final List<String> FACTORY_ORDER = List.of(ADVANCED_RESOURCE_FACTORY, RESOURCE_FACTORY,
            SERVER_STRATEGY_FACTORY, CLIENT_STRATEGY_FACTORY);
    /** Purging strategies that only the Advanced_Resource_Factory (TAO_Strategies) knows. */
    private static final Set<String> ADVANCED_PURGING = Set.of("lfu", "fifo", "null");

    /** One {@code static Factory "args"} line of a svc.conf. */
    public record Directive(String factory, List<String> args) {
        public String line() {
            return "static " + factory + " \"" + String.join(" ", args) + "\"";
        }
    }

    /**
     * @param directives  svc.conf directives in the order TAO's documentation lists the factories
     * @param strategies  the process links TAO_Strategies and includes tao/Strategies/advanced_resource.h
     * @param modelArgs   ORB arguments from the model, in order
     * @param macros      compile-time macros
     * @param environment environment variables
     * @param ignored     settings left out, each with the reason
     */
    public record ProcessOptions(List<Directive> directives, boolean strategies, List<String> modelArgs,
            Map<String, String> macros, Map<String, String> environment, List<String> ignored) {

        /** The model sets the listen endpoint itself. */
        public boolean setsEndpoint() {
            for (String a : modelArgs) {
                if (a.equalsIgnoreCase("-ORBEndpoint") || a.equalsIgnoreCase("-ORBListenEndpoints")) {
                    return true;
                }
            }
            return false;
        }
    }

    /** The options of one process of the plan under the plan's configuration. */
    public ProcessOptions of(BenchmarkPlan plan, String processName) {
        Configuration configuration = configuration(plan);
        Map<String, List<String>> byFactory = new LinkedHashMap<>();
        List<String> args = new ArrayList<>();
        Map<String, String> macros = new LinkedHashMap<>();
        Map<String, String> environment = new LinkedHashMap<>();
        List<String> ignored = new ArrayList<>();
        if (configuration != null && applies(configuration, process(plan, processName))) {
            for (OptionSetting s : configuration.getSettings()) {
                OptionDefinition o = s.getOption();
                String key = o.getKey() == null || o.getKey().isEmpty() ? o.getName() : o.getKey();
                String value = s.getValue() == null ? "" : s.getValue();
                if (!isTaoOption(o)) {
                    ignored.add(key + " " + value + ": not a TAO option (catalogue " + catalogName(o) + ")");
                    continue;
                }
                switch (o.getLanding()) {
                case SVC_CONF -> {
                    checkSvcConfText(key, value);
                    String factory = o.getFactory() == null || o.getFactory().isEmpty() ? RESOURCE_FACTORY : o.getFactory();
                    List<String> list = byFactory.computeIfAbsent(factory, f -> new ArrayList<>());
                    list.add(key);
                    list.add(value);
                }
                case ORB_ARGUMENT -> {
                    if (key.equalsIgnoreCase("-ORBSvcConf")) {
                        ignored.add(key + " " + value + ": BGML passes the generated svc.conf of each process");
                    } else {
                        args.add(key);
                        args.add(value);
                    }
                }
                case COMPILE_MACRO -> macros.put(key, value);
                case ENVIRONMENT -> environment.put(key, value);
                case CONFIG_FILE -> ignored.add(key + " " + value + ": TAO reads no configuration file; use svc.conf or ORB arguments");
                default -> throw new IllegalStateException("unknown landing " + o.getLanding());
                }
            }
        }
        List<Directive> directives = directives(byFactory);
        boolean strategies = directives.stream().anyMatch(d -> d.factory().equals(ADVANCED_RESOURCE_FACTORY));
        return new ProcessOptions(directives, strategies, List.copyOf(args), macros, environment, List.copyOf(ignored));
    }

    /**
     * Groups options by factory. Loading TAO_Strategies makes the ORB use the Advanced_Resource_Factory instead
     * of the Resource_Factory (TAO_Resource_Factory_Changer), and the advanced factory parses every
     * Resource_Factory option, so when it is needed the two become one directive.
     */
    public static List<Directive> directives(Map<String, List<String>> byFactory) {
        Map<String, List<String>> groups = new LinkedHashMap<>();
        byFactory.forEach((f, a) -> groups.put(f, new ArrayList<>(a)));
        List<String> resource = groups.get(RESOURCE_FACTORY);
        boolean advanced = groups.containsKey(ADVANCED_RESOURCE_FACTORY) || needsAdvanced(resource);
        if (advanced && resource != null) {
            List<String> merged = new ArrayList<>(resource);
            merged.addAll(groups.getOrDefault(ADVANCED_RESOURCE_FACTORY, List.of()));
            groups.remove(RESOURCE_FACTORY);
            groups.put(ADVANCED_RESOURCE_FACTORY, merged);
        }
        List<Directive> out = new ArrayList<>();
        for (String f : FACTORY_ORDER) {
            if (groups.containsKey(f)) {
                out.add(new Directive(f, List.copyOf(groups.get(f))));
            }
        }
        groups.forEach((f, a) -> {
            if (!FACTORY_ORDER.contains(f)) {
                out.add(new Directive(f, List.copyOf(a)));
            }
        });
        return out;
    }

    private static boolean needsAdvanced(List<String> resourceArgs) {
        if (resourceArgs == null) {
            return false;
        }
        for (int i = 0; i + 1 < resourceArgs.size(); i += 2) {
            if (resourceArgs.get(i).equalsIgnoreCase("-ORBConnectionPurgingStrategy")
                    && ADVANCED_PURGING.contains(resourceArgs.get(i + 1).toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }

    private static void checkSvcConfText(String key, String value) {
        if ((key + value).contains("\"") || (key + value).contains("\n")) {
            throw new IllegalArgumentException("tao: the svc.conf option " + key + " " + value
                    + " contains a quote or a line break, which a svc.conf directive cannot carry");
        }
    }

    /** Options of TAO's own catalogue, or of CIAO's (which runs on TAO). */
    static boolean isTaoOption(OptionDefinition o) {
        if (o.eContainer() instanceof OptionCatalog c) {
            return new TaoDescriptor().appliesSettingsOf(c.getMiddleware());
        }
        return false;
    }

    private static String catalogName(OptionDefinition o) {
        return o.eContainer() instanceof OptionCatalog c ? c.getName() : "?";
    }

    static Configuration configuration(BenchmarkPlan plan) {
        if (plan.configuration() == null) {
            return null;
        }
        for (Configuration c : plan.model().getConfigurations()) {
            if (plan.configuration().equals(c.getName())) {
                return c;
            }
        }
        return null;
    }

    /** The deployment's process element of that name, or null when the model has no deployment. */
    static Process process(BenchmarkPlan plan, String name) {
        for (Deployment d : plan.model().getDeployments()) {
            if (d.getName().equals(plan.deployment())) {
                for (Node n : d.getNodes()) {
                    for (Process p : n.getProcesses()) {
                        if (p.getName().equals(name)) {
                            return p;
                        }
                    }
                }
            }
        }
        return null;
    }

    private static boolean applies(Configuration c, Process p) {
        return c.getProcesses().isEmpty() || (p != null && c.getProcesses().contains(p));
    }
}
