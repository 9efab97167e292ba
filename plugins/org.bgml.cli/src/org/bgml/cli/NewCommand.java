package org.bgml.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.bgml.model.patterns.PatternException;
import org.bgml.model.patterns.NewModelFile;
import org.bgml.model.patterns.PatternLibrary;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.ModelValidator;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bgml new FILE [--pattern NAME [--set P=V]... [--prefix P]] [--add]}: writes a new model, empty or with one
 * instance of a pattern (IDL, entities, connections, parameter blocks, processes and metrics), in canonical form; with
 * {@code --add} the pattern goes into the existing FILE instead. The same arguments give the same bytes.
 */
@Command(name = "new", description = "create a model, empty or from a pattern (bgml patterns lists them)",
        footer = "  bgml new proxy5.bgml --pattern proxy --set pairs=5 --set mode=route && bgml run proxy5.bgml")
final class NewCommand implements Subcommand {
    @Parameters(paramLabel = "FILE", description = "the model file to write")
    List<String> files = new ArrayList<>();

    @Option(names = "--pattern", paramLabel = "NAME", completionCandidates = PatternNames.class,
            description = "the pattern to instantiate: ${COMPLETION-CANDIDATES}, or a NAME.bgmlpattern beside FILE")
    String pattern;

    @Option(names = "--set", paramLabel = "PARAM=VALUE", description = "a parameter of the pattern (repeatable; the others keep their defaults)")
    List<String> sets = new ArrayList<>();

    @Option(names = "--prefix", paramLabel = "P", description = "the prefix of the pattern's names (default: the first free one)")
    String prefix;

    @Option(names = "--add", description = "add the pattern to the existing FILE instead of writing a new one")
    boolean add;

    @Option(names = "--list-patterns", description = "list the patterns and their parameters, as bgml patterns does")
    boolean list;

    @Override
    public String synopsis() {
        return "FILE [--pattern NAME [--set PARAM=VALUE]... [--prefix P]] [--add] | --list-patterns";
    }

    @Override
    public int run(Invocation in) throws UsageException {
        PrintStream out = in.out();
        PrintStream err = in.err();
        if (list) {
            ArgumentChecks.none(files);
            PatternsCommand.print(PatternLibrary.of(in.path(".")), out, err);
            return Bgml.OK;
        }
        Path file = in.path(ArgumentChecks.single(files, "model file"));
        if (pattern == null && (!sets.isEmpty() || prefix != null || add)) {
            throw new UsageException("--set, --prefix and --add need --pattern");
        }
        Map<String, String> given = parameters(sets);
        Path folder = file.toAbsolutePath().getParent();
        PatternLibrary library = PatternLibrary.of(folder);

        BenchmarkModel model;
        if (add) {
            try {
                model = ModelFiles.loadModel(file);
            } catch (ModelLoadException e) {
                err.println(e.describe());
                return Bgml.UNUSABLE;
            }
        } else {
            if (Files.exists(file)) {
                throw new UsageException(file + " exists; --add puts the pattern into it, or choose another file");
            }
            model = NewModelFile.empty(file);
        }

        String what = "an empty model";
        if (pattern != null) {
            try {
                what = NewModelFile.addPattern(model, library.find(pattern), given, prefix);
            } catch (PatternException e) {
                throw new UsageException(e.getMessage());
            }
        }
        List<ModelDiagnostic> diagnostics = new ModelValidator().validate(model);
        if (ModelValidator.hasErrors(diagnostics)) {
            diagnostics.forEach(d -> err.println(file + ": " + d.format()));
            err.println("bgml new: the result has errors; nothing written");
            // Only the pattern's arguments (or its file) added elements: they are what is wrong, like any bad argument.
            return pattern != null ? Bgml.UNUSABLE : Bgml.MODEL_ERRORS;
        }
        try {
            if (folder != null) {
                Files.createDirectories(folder);
            }
            ModelFiles.save(model.eResource(), file);
        } catch (IOException e) {
            err.println(file + ": cannot save: " + e.getMessage());
            return Bgml.UNUSABLE;
        }
        diagnostics.forEach(d -> err.println(file + ": " + d.format()));
        out.println((add ? "added " : "wrote ") + what + " to " + file);
        out.println("  " + model.getEntities().size() + (model.getEntities().size() == 1 ? " entity" : " entities") + ", " + Plural.of(model.getConnections().size(), "connection")
                + ", " + Plural.of(model.getMetrics().size(), "metric") + ", " + Plural.of(model.getParameterBlocks().size(), "parameter block"));
        if (pattern != null) {
            out.println("  run it: bgml run " + files.get(0));
        }
        return Bgml.OK;
    }

    private static Map<String, String> parameters(List<String> sets) throws UsageException {
        Map<String, String> given = new LinkedHashMap<>();
        for (String s : sets) {
            int eq = s.indexOf('=');
            if (eq <= 0) {
                throw new UsageException("--set " + s + " is not PARAM=VALUE");
            }
            if (given.put(s.substring(0, eq).trim(), s.substring(eq + 1)) != null) {
                throw new UsageException("parameter " + s.substring(0, eq).trim() + " set twice");
            }
        }
        return given;
    }
}
