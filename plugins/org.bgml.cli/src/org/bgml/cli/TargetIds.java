package org.bgml.cli;

import java.util.Iterator;

import org.bgml.targets.Targets;

/**
 * Every place the command line names targets: the {@code --target} checks, the usage lines and the shell completion's
 * candidates (picocli calls {@link #iterator()}). The list and the default come from the target registry.
 */
final class TargetIds implements Iterable<String> {
    /** The target {@code given}, or the default target when null; an unknown id names the known ones. */
    static String resolve(String given) throws UsageException {
        String id = given == null ? Targets.defaultTarget() : given;
        if (!Targets.isKnown(id)) {
            throw new UsageException(Targets.unknownTargetMessage(id));
        }
        return id;
    }

    /** The known ids joined by {@code separator}, for usage lines. */
    static String joined(String separator) {
        return String.join(separator, Targets.ids());
    }

    @Override
    public Iterator<String> iterator() {
        return Targets.ids().iterator();
    }
}
