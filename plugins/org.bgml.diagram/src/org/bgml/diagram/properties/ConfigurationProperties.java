package org.bgml.diagram.properties;

import java.util.ArrayList;
import java.util.List;

import org.bgml.diagram.actions.SetPropertiesAction.Property;
import org.bgml.diagram.handler.ModelElements;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Configuration;
import org.bgml.model.OptionDefinition;
import org.bgml.model.OptionSetting;
import org.bgml.model.OptionType;
import org.bgml.model.io.ElementPaths;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;

/**
 * A configuration: one row per option setting (a choice for enumerated and boolean options), adding and removing
 * settings, the processes it applies to, and removing it.
 */
final class ConfigurationProperties implements PropertyProvider {
    private static final String SETTING = "setting:";

    @Override
    public boolean appliesTo(EObject element) {
        return element instanceof Configuration;
    }

    @Override
    public void rows(BenchmarkModel model, EObject element, List<Property> rows) {
        Configuration c = (Configuration) element;
        for (OptionSetting s : c.getSettings()) {
            OptionDefinition d = s.getOption();
            String name = d == null ? "?" : d.getName();
            if (d != null && (d.getType() == OptionType.ENUM || d.getType() == OptionType.BOOL)) {
                // a boolean option spells its values as its catalogue does (omniORB: 0/1), else true/false
                List<String> values = d.getType() == OptionType.BOOL && d.getValues().isEmpty() ? List.of("true", "false", "")
                        : Rows.with(d.getValues(), "");
                rows.add(Rows.choice(SETTING + name, name, s.getValue(), values));
            } else {
                rows.add(Rows.text(SETTING + name, name, s.getValue()));
            }
            rows.add(Rows.action("removeSetting", "Remove " + name, name));
        }
        rows.add(Rows.choice("addSetting", "Add option", "", Rows.with(OptionCatalogues.optionNames(model), "")));
        List<String> processes = processPaths(model);
        if (processes.isEmpty() && model.getDeployments().isEmpty()) {
            // what the planner and the option generators do without a deployment
            rows.add(Rows.readOnly("processes", "Applies to processes", "The model has no process yet: without a deployment each entity runs in a"
                    + " process of its own, and this configuration applies to all of them."));
        } else if (processes.isEmpty()) {
            rows.add(Rows.readOnly("processes", "Applies to processes", "The model's deployments have no process yet: this configuration applies"
                    + " to every process; add processes to a deployment to choose among them."));
        } else {
            rows.add(new Property("processes", "Applies to processes (none ticked: all)",
                    String.join(",", c.getProcesses().stream().map(ElementPaths::pathOf).toList()), "multichoice", processes));
        }
        rows.add(Rows.action("removeConfiguration", "Remove configuration", c.getName()));
    }

    @Override
    public Runnable apply(BenchmarkModel model, EObject element, String property, String value) {
        Configuration c = (Configuration) element;
        switch (property) {
            case "removeSetting" -> {
                OptionSetting s = setting(c, value);
                return () -> c.getSettings().remove(s);
            }
            case "removeConfiguration" -> {
                return () -> EcoreUtil.delete(c, true);
            }
            case "processes" -> {
                return processes(model, c, value);
            }
            case "addSetting" -> {
                if (value.isEmpty()) {
                    return () -> {
                    };
                }
                OptionDefinition d = OptionCatalogues.find(model, value);
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
        if (property.startsWith(SETTING)) {
            OptionSetting s = setting(c, property.substring(SETTING.length()));
            return value.isEmpty() ? () -> c.getSettings().remove(s) : () -> s.setValue(value);
        }
        return null;
    }

    private static OptionSetting setting(Configuration c, String option) {
        OptionSetting s = ModelElements.first(c.getSettings(), OptionSetting.class,
                x -> x.getOption() != null && option.equals(x.getOption().getName()));
        if (s == null) {
            throw new IllegalArgumentException("configuration '" + c.getName() + "' has no setting of " + option);
        }
        return s;
    }

    private static Runnable processes(BenchmarkModel model, Configuration c, String value) {
        List<org.bgml.model.Process> chosen = new ArrayList<>();
        for (String part : value.split("[,\\s]+")) {
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
}
