package org.bgml.model.patterns;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The patterns a user can instantiate: the shipped ones, then the project's own pattern files ({@code *.bgmlpattern})
 * in the folder of the models, by name. A pattern file that cannot be read, or whose name is taken, is not listed and
 * its problem is kept in {@link #problems()}.
 */
public final class PatternLibrary {
    private final List<PatternDefinition> patterns;
    private final List<String> problems;

    private PatternLibrary(List<PatternDefinition> patterns, List<String> problems) {
        this.patterns = List.copyOf(patterns);
        this.problems = List.copyOf(problems);
    }

    /** The patterns that ship with BGML: clientServer, proxy, pipeline, fanOut, mesh. */
    public static List<PatternDefinition> shipped() {
        return List.of(new ClientServerPattern(), new ProxyPattern(), new PipelinePattern(), new FanOutPattern(), new MeshPattern());
    }

    /** The shipped patterns only. */
    public static PatternLibrary ofShipped() {
        return new PatternLibrary(shipped(), List.of());
    }

    /** The shipped patterns and the pattern files in {@code folder} (not below it), in name order. */
    public static PatternLibrary of(Path folder) {
        List<PatternDefinition> all = new ArrayList<>(shipped());
        List<String> problems = new ArrayList<>();
        if (folder != null && Files.isDirectory(folder)) {
            List<Path> files;
            try (Stream<Path> list = Files.list(folder)) {
                files = list.filter(f -> f.getFileName().toString().endsWith("." + FilePattern.EXTENSION) && Files.isRegularFile(f))
                        .sorted().toList();
            } catch (IOException e) {
                problems.add(folder + ": cannot list the pattern files: " + e.getMessage());
                files = List.of();
            }
            for (Path f : files) {
                try {
                    FilePattern p = FilePattern.read(f);
                    if (all.stream().anyMatch(q -> q.name().equals(p.name()))) {
                        problems.add(f + ": a pattern named " + p.name() + " exists already; rename the file");
                    } else {
                        all.add(p);
                    }
                } catch (PatternException e) {
                    problems.add(e.getMessage());
                } catch (IOException e) {
                    problems.add(f + ": cannot read: " + e.getMessage());
                }
            }
        }
        return new PatternLibrary(all, problems);
    }

    public List<PatternDefinition> patterns() {
        return patterns;
    }

    public List<String> problems() {
        return problems;
    }

    /** The pattern {@code name}; an unknown name is refused, naming the patterns there are. */
    public PatternDefinition find(String name) throws PatternException {
        for (PatternDefinition p : patterns) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        throw new PatternException("unknown pattern '" + name + "'; the patterns are "
                + String.join(", ", patterns.stream().map(PatternDefinition::name).toList()));
    }
}
