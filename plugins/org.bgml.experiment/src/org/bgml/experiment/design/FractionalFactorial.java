package org.bgml.experiment.design;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Regular two-level fractional factorial designs 2^(k-p): a full factorial in the first k-p factors (the base), each
 * of the last p factors set to the product of a generator word over the base. Up to seven factors the generators are
 * the usual minimum-aberration ones; beyond, each generator is chosen in turn to keep the resolution as high as
 * possible and then to have as few shortest defining words as possible. Resolution and alias structure are computed
 * from the generators actually used. Points that break a catalogue constraint are left out (and said so: the fraction
 * is then no longer orthogonal).
 */
public final class FractionalFactorial {
    /** Letters naming factors in words, as textbooks do (I is left out: it names the identity). */
    static final String LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

    /** The usual generators for k <= 7, keyed "k-p", each word over the base letters. */
    private static final Map<String, List<String>> STANDARD = Map.ofEntries(
            Map.entry("3-1", List.of("AB")),
            Map.entry("4-1", List.of("ABC")),
            Map.entry("5-1", List.of("ABCD")),
            Map.entry("5-2", List.of("AB", "AC")),
            Map.entry("6-1", List.of("ABCDE")),
            Map.entry("6-2", List.of("ABC", "BCD")),
            Map.entry("6-3", List.of("AB", "AC", "BC")),
            Map.entry("7-1", List.of("ABCDEF")),
            Map.entry("7-2", List.of("ABCD", "ABDE")),
            Map.entry("7-3", List.of("ABC", "BCD", "ACD")),
            Map.entry("7-4", List.of("AB", "AC", "BC", "ABC")));

    /** The generators, defining relation, resolution and aliases of a 2^(k-p) design. */
    public record Structure(int k, int p, List<Long> generators, List<Long> definingWords, int resolution) {
        /** A word as letters, e.g. ABCE. */
        public String word(long mask) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < k; i++) {
                if ((mask & (1L << i)) != 0) {
                    b.append(LETTERS.charAt(i));
                }
            }
            return b.length() == 0 ? "I" : b.toString();
        }

        /** The effects aliased with {@code effect}, up to {@code maxOrder} factors each, shortest first. */
        public List<Long> aliases(long effect, int maxOrder) {
            List<Long> out = new ArrayList<>();
            for (long w : definingWords) {
                long a = effect ^ w;
                if (Long.bitCount(a) <= maxOrder) {
                    out.add(a);
                }
            }
            out.sort(Comparator.<Long>comparingInt(Long::bitCount).thenComparing(this::word));
            return out;
        }

        public String roman() {
            String[] r = { "", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X" };
            return resolution < r.length ? r[resolution] : String.valueOf(resolution);
        }
    }

    private FractionalFactorial() {
    }

    /** The generators, defining relation and resolution for k two-level factors and fraction p. */
    public static Structure structure(int k, int p) {
        if (k < 2 || p < 1 || p >= k || k > LETTERS.length()) {
            throw new IllegalArgumentException("a 2^(k-p) design needs 1 <= p < k <= " + LETTERS.length() + ", got k=" + k + ", p=" + p);
        }
        int base = k - p;
        if ((1L << base) - 1 - base < p) {
            throw new IllegalArgumentException("2^(" + k + "-" + p + ") has " + (1L << base) + " runs, too few for " + k
                    + " factors even at resolution III; use a smaller p");
        }
        List<Long> gens = new ArrayList<>();
        List<String> table = STANDARD.get(k + "-" + p);
        if (table != null) {
            for (String w : table) {
                long m = 0;
                for (char c : w.toCharArray()) {
                    m |= 1L << LETTERS.indexOf(c);
                }
                gens.add(m);
            }
        } else {
            gens = better(base, greedy(base, p, false), greedy(base, p, true));
        }
        List<Long> words = definingWords(base, gens);
        int resolution = words.stream().mapToInt(Long::bitCount).min().orElse(k + 1);
        return new Structure(k, p, List.copyOf(gens), words, resolution);
    }

    /** Defining words: products of the generator words {@code generator * added factor}, all 2^p - 1 of them. */
    static List<Long> definingWords(int base, List<Long> gens) {
        List<Long> words = new ArrayList<>();
        int p = gens.size();
        for (int subset = 1; subset < (1 << p); subset++) {
            long w = 0;
            for (int j = 0; j < p; j++) {
                if ((subset & (1 << j)) != 0) {
                    w ^= gens.get(j) | (1L << (base + j));
                }
            }
            words.add(w);
        }
        words.sort(Comparator.<Long>comparingInt(Long::bitCount).thenComparingLong(x -> x));
        return words;
    }

    /**
     * Of two generator sets, the one with the higher resolution, then the fewer words of that length. A greedy pick
     * that starts from the longest word can miss resolution IV; generators drawn only from odd words of three or
     * more base factors always reach it when there are enough of them (k <= 2^(k-p-1)).
     */
    private static List<Long> better(int base, List<Long> a, List<Long> b) {
        if (b == null) {
            return a;
        }
        List<Long> wa = definingWords(base, a);
        List<Long> wb = definingWords(base, b);
        int ra = wa.stream().mapToInt(Long::bitCount).min().orElse(Integer.MAX_VALUE);
        int rb = wb.stream().mapToInt(Long::bitCount).min().orElse(Integer.MAX_VALUE);
        if (ra != rb) {
            return ra > rb ? a : b;
        }
        long ca = wa.stream().filter(w -> Long.bitCount(w) == ra).count();
        long cb = wb.stream().filter(w -> Long.bitCount(w) == rb).count();
        return cb < ca ? b : a;
    }

    /** Greedy generators; with {@code oddOnly}, only odd words of three or more letters (null if too few). */
    private static List<Long> greedy(int base, int p, boolean oddOnly) {
        List<Long> candidates = new ArrayList<>();
        for (long m = 1; m < (1L << base); m++) {
            int bits = Long.bitCount(m);
            if (oddOnly ? bits >= 3 && bits % 2 == 1 : bits >= 2) {
                candidates.add(m);
            }
        }
        if (candidates.size() < p) {
            return null;
        }
        candidates.sort(Comparator.<Long>comparingInt(Long::bitCount).reversed().thenComparingLong(x -> x));
        List<Long> chosen = new ArrayList<>();
        for (int j = 0; j < p; j++) {
            long best = -1;
            int bestRes = -1;
            long bestCount = Long.MAX_VALUE;
            for (long c : candidates) {
                if (chosen.contains(c)) {
                    continue;
                }
                List<Long> trial = new ArrayList<>(chosen);
                trial.add(c);
                List<Long> words = definingWords(base, trial);
                int res = words.stream().mapToInt(Long::bitCount).min().orElse(Integer.MAX_VALUE);
                long count = words.stream().filter(w -> Long.bitCount(w) == res).count();
                if (res > bestRes || (res == bestRes && count < bestCount)) {
                    best = c;
                    bestRes = res;
                    bestCount = count;
                }
            }
            chosen.add(best);
        }
        return chosen;
    }

    /** The design over {@code space}: every factor must have exactly two levels. */
    public static Design of(DesignSpace space, int p) {
        List<DesignSpace.Factor> factors = space.factors();
        for (DesignSpace.Factor f : factors) {
            if (f.levels().size() != 2) {
                throw new IllegalArgumentException("a 2^(k-p) design needs two-level factors; " + f.name() + " has "
                        + f.levels().size() + " levels");
            }
        }
        int k = factors.size();
        Structure s = structure(k, p);
        int base = k - p;
        List<Map<String, String>> points = new ArrayList<>();
        int excluded = 0;
        for (long run = 0; run < (1L << base); run++) {
            Map<String, String> levels = new LinkedHashMap<>();
            for (int i = 0; i < k; i++) {
                long column = i < base ? 1L << i : s.generators().get(i - base);
                // sign +1 (high level) when an even number of the column's base factors are low
                int lows = Long.bitCount(column & ~run);
                boolean high = lows % 2 == 0;
                levels.put(factors.get(i).name(), factors.get(i).levels().get(high ? 1 : 0));
            }
            if (space.valid(levels)) {
                points.add(java.util.Collections.unmodifiableMap(levels));
            } else {
                excluded++;
            }
        }
        List<String> notes = new ArrayList<>();
        notes.add(String.format(Locale.ROOT, "2^(%d-%d) fractional factorial: %d runs, resolution %s", k, p, 1L << base, s.roman()));
        List<String> letters = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            letters.add(LETTERS.charAt(i) + "=" + factors.get(i).name());
        }
        notes.add("factors: " + String.join(", ", letters));
        List<String> gens = new ArrayList<>();
        for (int j = 0; j < p; j++) {
            gens.add(LETTERS.charAt(base + j) + "=" + s.word(s.generators().get(j)));
        }
        notes.add("generators: " + String.join(", ", gens));
        List<String> shortest = s.definingWords().stream().filter(w -> Long.bitCount(w) <= s.resolution() + 1).map(s::word).toList();
        notes.add("defining relation (words of length " + s.resolution() + (s.resolution() + 1 <= k ? "-" + (s.resolution() + 1) : "")
                + "): I=" + String.join("=", shortest) + (shortest.size() < s.definingWords().size()
                        ? " (" + (s.definingWords().size() - shortest.size()) + " longer words)" : ""));
        notes.addAll(aliasLines(s));
        if (excluded > 0) {
            notes.add(excluded + " of the " + (1L << base) + " runs break a constraint and are left out; the fraction is no longer orthogonal");
        }
        return new Design("fractionalFactorial", points, notes);
    }

    /**
     * Aliases that matter: for main effects, the two-factor interactions they are confounded with; for two-factor
     * interactions (resolution IV and below), the other two-factor interactions. Three-factor and higher
     * interactions are assumed negligible and not listed.
     */
    static List<String> aliasLines(Structure s) {
        List<String> lines = new ArrayList<>();
        int k = s.k();
        List<String> main = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            List<Long> a = s.aliases(1L << i, 2);
            if (!a.isEmpty()) {
                main.add(s.word(1L << i) + "=" + String.join("=", a.stream().map(s::word).toList()));
            }
        }
        lines.add(main.isEmpty() ? "main effects: clear of two-factor interactions"
                : "main effects aliased with two-factor interactions: " + String.join(", ", main));
        if (s.resolution() <= 4) {
            List<String> two = new ArrayList<>();
            java.util.Set<Long> seen = new java.util.HashSet<>();
            for (int i = 0; i < k; i++) {
                for (int j = i + 1; j < k; j++) {
                    long e = (1L << i) | (1L << j);
                    if (seen.contains(e)) {
                        continue;
                    }
                    List<Long> a = s.aliases(e, 2).stream().filter(x -> Long.bitCount(x) == 2).toList();
                    if (!a.isEmpty()) {
                        seen.add(e);
                        seen.addAll(a);
                        two.add(s.word(e) + "=" + String.join("=", a.stream().map(s::word).toList()));
                    }
                }
            }
            if (!two.isEmpty()) {
                int shown = Math.min(two.size(), 12);
                lines.add("two-factor interactions aliased with each other: " + String.join(", ", two.subList(0, shown))
                        + (two.size() > shown ? " (+" + (two.size() - shown) + " more chains)" : ""));
            }
        } else {
            lines.add("two-factor interactions: clear of each other");
        }
        return lines;
    }
}
