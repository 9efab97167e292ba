package org.bgml.experiment.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * The engines {@code --engine} can name: {@code local} always; {@code slurm} when the class
 * {@value #SLURM_CLASS} (a public {@link ExperimentEngine} with a public no-argument constructor) is present.
 */
public final class Engines {
    public static final String LOCAL = "local";
    public static final String SLURM = "slurm";
    static final String SLURM_CLASS = "org.bgml.experiment.slurm.SlurmEngine";

    private Engines() {
    }

    public static ExperimentEngine byId(String id) throws ExperimentException {
        if (id == null || LOCAL.equals(id)) {
            return new LocalEngine();
        }
        if (SLURM.equals(id)) {
            ExperimentEngine slurm = slurm();
            if (slurm == null) {
                throw new ExperimentException("the slurm engine is not part of this build");
            }
            return slurm;
        }
        throw new ExperimentException("unknown engine '" + id + "'; choose one of " + String.join(", ", ids()));
    }

    public static List<String> ids() {
        List<String> ids = new ArrayList<>(List.of(LOCAL));
        if (slurm() != null) {
            ids.add(SLURM);
        }
        return ids;
    }

    private static ExperimentEngine slurm() {
        try {
            Class<?> c = Class.forName(SLURM_CLASS, true, Engines.class.getClassLoader());
            return (ExperimentEngine) c.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError | ClassCastException e) {
            return null;
        }
    }
}
