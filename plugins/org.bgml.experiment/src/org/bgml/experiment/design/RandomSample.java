package org.bgml.experiment.design;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * N distinct valid configurations drawn at random from the experiment's seed: uniformly from the enumerated valid
 * space when it is small enough, else by completing random levels under the constraints.
 */
public final class RandomSample {
    static final long ENUMERATE_LIMIT = 1_000_000;

    private RandomSample() {
    }

    public static Design of(DesignSpace space, int n, long seed) {
        if (n < 1) {
            throw new IllegalArgumentException("a random design needs a sample size of at least 1 (sampleSize), got " + n);
        }
        Random random = new Random(seed);
        List<Map<String, String>> points;
        List<String> notes = new ArrayList<>();
        if (space.fullSize().compareTo(BigInteger.valueOf(ENUMERATE_LIMIT)) <= 0) {
            List<Map<String, String>> all = new ArrayList<>(space.enumerateValid(ENUMERATE_LIMIT));
            Collections.shuffle(all, random);
            points = all.subList(0, Math.min(n, all.size()));
            if (n > all.size()) {
                notes.add("only " + all.size() + " valid configurations exist; all of them are taken");
            }
        } else {
            Set<Map<String, String>> chosen = new LinkedHashSet<>();
            int attempts = 0;
            while (chosen.size() < n && attempts < n * 50) {
                attempts++;
                Map<String, String> p = space.complete(Map.of(), random);
                if (p == null) {
                    break;
                }
                chosen.add(p);
            }
            points = new ArrayList<>(chosen);
        }
        notes.add(0, "random sample of " + points.size() + " distinct valid configurations (seed " + seed + ") out of " + space.fullSize());
        return new Design("random", points, notes);
    }
}
