package org.bgml.generator.omniorb;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.Configuration;
import org.bgml.model.OptionCatalog;
import org.bgml.model.OptionDefinition;
import org.bgml.model.OptionSetting;
import org.bgml.model.Process;

/**
 * Where the configuration's omniORB options land for one process: ORB_init arguments, the omniORB
 * configuration file, the environment and compile-time macros. Settings from other middleware's catalogues
 * (a TAO configuration in the same model) are left out and listed, so that the generated files say so.
 */
public final class OmniOrbOptions {
    /** The endpoint every process gets unless the model sets one: loopback only. */
    public static final String DEFAULT_ENDPOINT = "giop:tcp:127.0.0.1:";

    /**
     * @param ignored settings of the configuration that belong to another middleware, as {@code name=value}
     */
    public record Settings(List<String> orbArgs, Map<String, String> configFile, Map<String, String> environment,
            Map<String, String> macros, List<String> ignored, boolean defaultEndpoint) {
    }

    private OmniOrbOptions() {
    }

    /**
     * @param configuration the configuration the plan chose (may be null)
     * @param process       the model's process element, or null when the model has no deployment
     */
    public static Settings of(BenchmarkModel model, String configuration, Process process) {
        List<String> orbArgs = new ArrayList<>();
        Map<String, String> configFile = new LinkedHashMap<>();
        Map<String, String> environment = new LinkedHashMap<>();
        Map<String, String> macros = new LinkedHashMap<>();
        List<String> ignored = new ArrayList<>();
        Configuration config = find(model, configuration);
        if (config != null && (config.getProcesses().isEmpty() || config.getProcesses().contains(process))) {
            for (OptionSetting s : config.getSettings()) {
                OptionDefinition o = s.getOption();
                if (o == null || o.eIsProxy()) {
                    continue;
                }
                String key = o.getKey() == null || o.getKey().isEmpty() ? o.getName() : o.getKey();
                if (!isOmniOrb(o)) {
                    ignored.add(key + "=" + s.getValue());
                    continue;
                }
                switch (o.getLanding()) {
                case ORB_ARGUMENT -> {
                    orbArgs.add(key.startsWith("-ORB") ? key : "-ORB" + key);
                    orbArgs.add(s.getValue());
                }
                case CONFIG_FILE, SVC_CONF -> configFile.put(key, s.getValue());
                case ENVIRONMENT -> environment.put(key, s.getValue());
                case COMPILE_MACRO -> macros.put(key, s.getValue());
                default -> throw new IllegalStateException("unknown landing " + o.getLanding());
                }
            }
        }
        boolean endpointSet = configFile.containsKey("endPoint") || orbArgs.contains("-ORBendPoint");
        if (!endpointSet) {
            orbArgs.add(0, "-ORBendPoint");
            orbArgs.add(1, DEFAULT_ENDPOINT);
        }
        return new Settings(List.copyOf(orbArgs), configFile, environment, macros, List.copyOf(ignored), !endpointSet);
    }

    private static boolean isOmniOrb(OptionDefinition o) {
        return o.eContainer() instanceof OptionCatalog c && new OmniOrbDescriptor().appliesSettingsOf(c.getMiddleware());
    }

    private static Configuration find(BenchmarkModel model, String name) {
        if (name == null) {
            return null;
        }
        return model.getConfigurations().stream().filter(c -> name.equals(c.getName())).findFirst().orElse(null);
    }
}
