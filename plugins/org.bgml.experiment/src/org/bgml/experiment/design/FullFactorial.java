package org.bgml.experiment.design;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Every combination of levels that the constraints allow. */
public final class FullFactorial {
    /** Full designs beyond this many combinations are refused: they would not fit in memory, let alone run. */
    public static final long LIMIT = 5_000_000;

    private FullFactorial() {
    }

    public static Design of(DesignSpace space) {
        List<Map<String, String>> points = space.enumerateValid(LIMIT);
        BigInteger all = space.fullSize();
        List<String> notes = new ArrayList<>();
        notes.add("full factorial over " + space.factors().size() + " factors: " + all + " combinations");
        long excluded = all.longValue() - points.size();
        if (excluded > 0) {
            notes.add(excluded + " combinations break a constraint and are left out");
        }
        return new Design("fullFactorial", points, notes);
    }
}
