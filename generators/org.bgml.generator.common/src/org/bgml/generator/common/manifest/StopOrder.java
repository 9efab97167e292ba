package org.bgml.generator.common.manifest;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import org.bgml.generator.common.manifest.Manifest.ProcessSpec;

/**
 * The order in which the processes of a run are stopped: from the drivers of a chain inward. A process is stopped
 * only once every process that calls it (its manifest {@code calls}) has been stopped, so that no process is in the
 * middle of a call when the process it calls goes away. Among the processes free to stop, the one started last goes
 * first, so a manifest that gives no calls keeps reverse start order. Processes that call each other round a cycle
 * stop in reverse start order among themselves. The launcher and the generated run scripts both follow it.
 */
public final class StopOrder {
    private StopOrder() {
    }

    /** The indices of {@code started} (in start order) in the order to stop them. */
    public static List<Integer> of(List<ProcessSpec> started) {
        return of(started, ProcessSpec::name, ProcessSpec::callList);
    }

    /**
     * The same for any kind of process description.
     *
     * @param started in start order
     * @param name    a process's name
     * @param calls   the names of the processes it calls (never null)
     */
    public static <T> List<Integer> of(List<T> started, Function<T, String> name, Function<T, List<String>> calls) {
        List<Integer> order = new ArrayList<>();
        Set<Integer> stopped = new HashSet<>();
        while (order.size() < started.size()) {
            int next = -1;
            for (int i = started.size() - 1; i >= 0 && next < 0; i--) {
                if (!stopped.contains(i) && !calledByARunningProcess(started, i, stopped, name, calls)) {
                    next = i;
                }
            }
            for (int i = started.size() - 1; i >= 0 && next < 0; i--) { // a cycle: the one started last goes first
                if (!stopped.contains(i)) {
                    next = i;
                }
            }
            order.add(next);
            stopped.add(next);
        }
        return order;
    }

    /** The names of {@code started} in the order to stop them. */
    public static List<String> names(List<ProcessSpec> started) {
        return of(started).stream().map(i -> started.get(i).name()).toList();
    }

    private static <T> boolean calledByARunningProcess(List<T> started, int callee, Set<Integer> stopped, Function<T, String> name,
            Function<T, List<String>> calls) {
        String calleeName = name.apply(started.get(callee));
        for (int i = 0; i < started.size(); i++) {
            if (i != callee && !stopped.contains(i) && calls.apply(started.get(i)).contains(calleeName)) {
                return true;
            }
        }
        return false;
    }
}
