package org.bgml.experiment.execute;

import java.util.List;
import java.util.Map;

import org.bgml.experiment.plan.Planner;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Configuration;
import org.bgml.model.Experiment;
import org.bgml.model.Factor;
import org.bgml.model.Metric;
import org.bgml.model.OptionDefinition;
import org.bgml.model.OptionSetting;
import org.bgml.model.RateKind;
import org.bgml.model.Workload;

/**
 * Applies one run's factor levels to a freshly loaded model: option factors override the experiment
 * configuration's settings (added when it has none for that option), workload factors set the workload of the
 * experiment's metrics. The configuration keeps its name, so that two runs differing only in run-time options
 * generate the same sources.
 */
public final class ConfiguredModel {
    /** What to generate: the configuration and deployment names to pass to the generator. */
    public record Selection(String configuration, String deployment) {
    }

    private ConfiguredModel() {
    }

    public static Selection apply(BenchmarkModel model, String experimentName, Map<String, String> levels) {
        Experiment experiment = Planner.experiment(model, experimentName);
        Configuration config = experiment.getConfiguration();
        if (config == null) {
            config = BgmlFactory.eINSTANCE.createConfiguration();
            config.setName(experiment.getName());
            model.getConfigurations().add(config);
            experiment.setConfiguration(config);
        }
        List<Metric> metrics = experiment.getMetrics().isEmpty() ? model.getMetrics() : experiment.getMetrics();
        for (Factor factor : experiment.getFactors()) {
            String level = levels.get(factor.getName());
            if (level == null) {
                continue;
            }
            OptionDefinition option = factor.getOption();
            if (option != null) {
                OptionSetting setting = config.getSettings().stream().filter(s -> s.getOption() == option).findFirst().orElse(null);
                if (setting == null) {
                    setting = BgmlFactory.eINSTANCE.createOptionSetting();
                    setting.setOption(option);
                    config.getSettings().add(setting);
                }
                setting.setValue(level);
            } else if (factor.isSetWorkloadParameter()) {
                for (Metric m : metrics) {
                    Workload w = m.getWorkload();
                    if (w == null) {
                        w = BgmlFactory.eINSTANCE.createWorkload();
                        m.setWorkload(w);
                    }
                    double v = Double.parseDouble(level);
                    switch (factor.getWorkloadParameter()) {
                    case PAYLOAD_BYTES -> w.setPayloadBytes((int) v);
                    case THREADS -> w.setThreads((int) v);
                    case RATE_HZ -> {
                        w.setRate(RateKind.FIXED);
                        w.setRateHz(v);
                    }
                    case BUSY_WORK_MICROS -> {
                        for (var it = model.eAllContents(); it.hasNext();) {
                            if (it.next() instanceof org.bgml.model.Behaviour b) {
                                b.setBusyWorkMicros((int) v);
                            }
                        }
                    }
                    }
                }
            }
        }
        return new Selection(config.getName(), experiment.getDeployment() == null ? null : experiment.getDeployment().getName());
    }
}
