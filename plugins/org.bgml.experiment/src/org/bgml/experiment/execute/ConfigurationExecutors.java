package org.bgml.experiment.execute;

import java.nio.file.Path;

import org.bgml.experiment.engine.ConfigurationExecutor;
import org.bgml.experiment.engine.ExperimentException;
import org.bgml.experiment.engine.ExperimentProgress;
import org.bgml.experiment.engine.TaskOptions;
import org.bgml.experiment.synthetic.SyntheticExecutor;
import org.bgml.experiment.synthetic.SyntheticResponse;

/** The executor the task options ask for: the synthetic response, or the real benchmark. */
public final class ConfigurationExecutors {
    private ConfigurationExecutors() {
    }

    public static ConfigurationExecutor create(Path modelFile, TaskOptions options, ExperimentProgress progress) throws ExperimentException {
        if (options.synthetic() != null) {
            try {
                return new SyntheticExecutor(modelFile, SyntheticResponse.parse(options.synthetic()));
            } catch (IllegalArgumentException e) {
                throw new ExperimentException("--synthetic: " + e.getMessage());
            }
        }
        try {
            return new LauncherExecutor(modelFile, options, progress);
        } catch (IllegalArgumentException e) {
            throw new ExperimentException("variant cache: " + e.getMessage());
        }
    }
}
