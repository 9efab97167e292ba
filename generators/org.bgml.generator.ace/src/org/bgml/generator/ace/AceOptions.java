package org.bgml.generator.ace;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.model.Configuration;
import org.bgml.model.OptionCatalog;
import org.bgml.model.OptionDefinition;
import org.bgml.model.OptionLanding;
import org.bgml.model.OptionSetting;
import org.bgml.model.Process;

/**
 * The settings of the chosen configuration that belong to the ACE catalogue (catalogs/ace.bgml): program
 * arguments ({@code --concurrency thread-per-connection}), environment variables and compile-time macros.
 * Settings of other middleware (an omniORB endpoint, a TAO svc.conf directive) do not apply to the ACE
 * baseline and are left out.
 */
public final class AceOptions {
    private final BenchmarkPlan plan;

    public AceOptions(BenchmarkPlan plan) {
        this.plan = plan;
    }

    /** Program arguments of one process, in the configuration's order. */
    public List<String> arguments(String process) {
        List<String> args = new ArrayList<>();
        for (OptionSetting s : settings(process)) {
            if (s.getOption().getLanding() == OptionLanding.ORB_ARGUMENT) {
                args.add(key(s.getOption()));
                args.add(s.getValue());
            }
        }
        return args;
    }

    public Map<String, String> environment(String process) {
        Map<String, String> env = new LinkedHashMap<>();
        for (OptionSetting s : settings(process)) {
            if (s.getOption().getLanding() == OptionLanding.ENVIRONMENT) {
                env.put(key(s.getOption()), s.getValue());
            }
        }
        return env;
    }

    /** Compile-time macros; they apply to the whole build (every process shares one library). */
    public Map<String, String> macros() {
        Map<String, String> macros = new LinkedHashMap<>();
        for (OptionSetting s : settings(null)) {
            if (s.getOption().getLanding() == OptionLanding.COMPILE_MACRO) {
                macros.put(key(s.getOption()), s.getValue());
            }
        }
        return macros;
    }

    /** ACE settings that apply to {@code process} (or to any process, for null). */
    private List<OptionSetting> settings(String process) {
        Configuration configuration = configuration();
        List<OptionSetting> settings = new ArrayList<>();
        if (configuration == null) {
            return settings;
        }
        if (process != null && !configuration.getProcesses().isEmpty()
                && configuration.getProcesses().stream().map(Process::getName).noneMatch(process::equals)) {
            return settings;
        }
        for (OptionSetting s : configuration.getSettings()) {
            OptionDefinition o = s.getOption();
            if (o != null && o.eContainer() instanceof OptionCatalog c && new AceDescriptor().appliesSettingsOf(c.getMiddleware())) {
                settings.add(s);
            }
        }
        return settings;
    }

    private Configuration configuration() {
        if (plan.configuration() == null) {
            return null;
        }
        return plan.model().getConfigurations().stream().filter(c -> plan.configuration().equals(c.getName())).findFirst()
                .orElse(null);
    }

    private static String key(OptionDefinition o) {
        return o.getKey() == null || o.getKey().isEmpty() ? o.getName() : o.getKey();
    }
}
