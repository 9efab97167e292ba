package org.bgml.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Parses {@code --name value} options and positional arguments for one command. */
final class Arguments {
    private final Map<String, String> options = new HashMap<>();
    private final List<String> positional = new ArrayList<>();
    private final Invocation invocation;

    Arguments(Invocation invocation, String[] args, String... known) throws UsageException {
        this.invocation = invocation;
        Set<String> names = Set.of(known);
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.startsWith("--")) {
                if (!names.contains(arg)) {
                    throw new UsageException("unknown option " + arg);
                }
                if (i + 1 >= args.length) {
                    throw new UsageException(arg + " needs a value");
                }
                if (options.put(arg, args[++i]) != null) {
                    throw new UsageException(arg + " given twice");
                }
            } else {
                positional.add(arg);
            }
        }
    }

    String required(String name) throws UsageException {
        String v = options.get(name);
        if (v == null) {
            throw new UsageException(name + " is required");
        }
        return v;
    }

    String optional(String name) {
        return options.get(name);
    }

    String single(String what) throws UsageException {
        if (positional.size() != 1) {
            throw new UsageException(positional.isEmpty() ? "no " + what + " given" : "expected one " + what + ", got " + positional.size());
        }
        return positional.get(0);
    }

    List<String> positional() {
        return positional;
    }

    /** A path argument, resolved against the caller's directory (see {@link Invocation#path}). */
    Path path(String first, String... more) {
        return invocation.path(first, more);
    }
}
