package org.bgml.targets;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.generator.common.descriptor.TargetDescriptor;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Configuration;
import org.bgml.model.Middleware;
import org.bgml.model.OptionCatalog;
import org.bgml.model.OptionSetting;

/**
 * Which configuration a target applies, and what in it the target ignores. Without a name, a target takes the
 * model's first configuration whose settings all belong to its middleware (none when no configuration does): a
 * TAO run of a model whose first configuration is for omniORB takes the TAO one. A configuration named on purpose
 * is applied as asked, with a warning for each other middleware whose settings it holds, naming them.
 *
 * @param name     the configuration to apply, or null for none
 * @param warnings what the target ignores of it, in words for a user; empty when it all applies
 */
public record ConfigurationChoice(String name, List<String> warnings) {

    public ConfigurationChoice {
        warnings = List.copyOf(warnings);
    }

    /** The choice for {@code target} when the user asked for {@code requested} (null: not asked). */
    public static ConfigurationChoice of(BenchmarkModel model, TargetDescriptor target, String requested) {
        if (requested == null) {
            for (Configuration c : model.getConfigurations()) {
                if (!c.getSettings().isEmpty() && foreignSettings(c, target).isEmpty()) {
                    return new ConfigurationChoice(c.getName(), List.of());
                }
            }
            return new ConfigurationChoice(null, List.of());
        }
        for (Configuration c : model.getConfigurations()) {
            if (requested.equals(c.getName())) {
                List<String> warnings = new ArrayList<>();
                foreignSettings(c, target).forEach((middleware, options) -> warnings.add("configuration '" + requested
                        + "' holds " + middleware.getLiteral() + " settings that the " + target.id() + " target ignores: "
                        + String.join(", ", options)));
                return new ConfigurationChoice(requested, warnings);
            }
        }
        // no such configuration: the planner refuses it with its usual message
        return new ConfigurationChoice(requested, List.of());
    }

    /** The option names of the settings the target does not apply, by the middleware of their catalogue. */
    private static Map<Middleware, List<String>> foreignSettings(Configuration c, TargetDescriptor target) {
        Map<Middleware, List<String>> foreign = new LinkedHashMap<>();
        for (OptionSetting s : c.getSettings()) {
            if (s.getOption() != null && s.getOption().eContainer() instanceof OptionCatalog catalog
                    && !target.appliesSettingsOf(catalog.getMiddleware())) {
                foreign.computeIfAbsent(catalog.getMiddleware(), m -> new ArrayList<>()).add(s.getOption().getName());
            }
        }
        return foreign;
    }
}
