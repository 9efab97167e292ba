package org.bgml.launcher.process;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The CPUs a batch scheduler granted this run, from {@value #ENV} (a Linux CPU list such as {@code 2-3,6}, as in
 * {@code Cpus_allowed_list}). A model pins processes to logical CPU ids; under a grant, logical id {@code c} is placed
 * on the {@code (c mod n)}-th granted CPU, so processes the model puts together stay together and none leaves the
 * grant. Without a grant the ids are used as they are.
 */
public final class CpuGrant {
    public static final String ENV = "BGML_GRANTED_CPUS";

    private final List<Integer> cpus;

    private CpuGrant(List<Integer> cpus) {
        this.cpus = cpus;
    }

    public static CpuGrant fromEnvironment() {
        return of(System.getenv(ENV));
    }

    /** A grant from a CPU list; null, blank or unreadable text means no grant. */
    public static CpuGrant of(String list) {
        return new CpuGrant(parse(list));
    }

    /** The granted CPUs, ascending; empty when there is no grant. */
    public List<Integer> cpus() {
        return cpus;
    }

    /** Where a process the model pins to {@code wanted} runs. */
    public List<Integer> place(List<Integer> wanted) {
        if (cpus.isEmpty() || wanted == null || wanted.isEmpty()) {
            return wanted;
        }
        TreeSet<Integer> placed = new TreeSet<>();
        for (int c : wanted) {
            placed.add(cpus.get(Math.floorMod(c, cpus.size())));
        }
        return List.copyOf(placed);
    }

    /**
     * A process's arguments with its own pinning placed in the grant too: generated benchmark processes pin
     * themselves from {@code -c LIST} (the runtime's {@code set_affinity}), which would otherwise leave the grant.
     * Only a {@code -c} whose list is exactly the model's CPUs of the process is rewritten.
     */
    public List<String> placeArguments(List<String> args, List<Integer> wanted) {
        if (cpus.isEmpty() || wanted == null || wanted.isEmpty() || args == null) {
            return args;
        }
        List<Integer> own = List.copyOf(new TreeSet<>(wanted));
        String placed = String.join(",", place(wanted).stream().map(String::valueOf).toList());
        List<String> out = new ArrayList<>(args);
        for (int i = 0; i + 1 < out.size(); i++) {
            if ("-c".equals(out.get(i)) && own.equals(parse(out.get(i + 1)))) {
                out.set(i + 1, placed);
            }
        }
        return out;
    }

    /** {@code 0-3,6,8-9} → [0,1,2,3,6,8,9]; empty when the text is not a CPU list. */
    static List<Integer> parse(String list) {
        if (list == null || !list.strip().matches("[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*")) {
            return List.of();
        }
        TreeSet<Integer> out = new TreeSet<>();
        for (String part : list.strip().split(",")) {
            String[] r = part.split("-");
            int from = Integer.parseInt(r[0]);
            int to = r.length > 1 ? Integer.parseInt(r[1]) : from;
            for (int c = from; c <= to && c < 1 << 16; c++) {
                out.add(c);
            }
        }
        return List.copyOf(new ArrayList<>(out));
    }
}
