package org.bgml.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.eclipse.emf.ecore.EObject;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code bgml format FILE...}: loads each file and saves it back in canonical form, atomically. */
@Command(name = "format", description = "rewrite model files in canonical form (load, then save atomically)",
        footer = "  bgml format my.bgml")
final class FormatCommand implements Subcommand {
    @Parameters(paramLabel = "FILE", description = "model files to rewrite in place")
    List<String> files = new ArrayList<>();

    @Override
    public String synopsis() {
        return "FILE...";
    }

    @Override
    public int run(Invocation in) throws UsageException {
        PrintStream err = in.err();
        if (files.isEmpty()) {
            throw new UsageException("no model file given");
        }
        int code = Bgml.OK;
        for (String arg : files) {
            Path file = in.path(arg);
            try {
                EObject root = ModelFiles.loadRoot(ModelFiles.newResourceSet(), file);
                ModelFiles.save(root.eResource(), file);
            } catch (ModelLoadException e) {
                err.println(e.describe());
                code = Bgml.UNUSABLE;
            } catch (IOException e) {
                err.println(arg + ": cannot save: " + e.getMessage());
                code = Bgml.UNUSABLE;
            }
        }
        return code;
    }
}
