package org.bgml.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.eclipse.emf.ecore.EObject;

/** {@code bgml format FILE...}: loads each file and saves it back in canonical form, atomically. */
final class FormatCommand implements Command {
    @Override
    public String name() {
        return "format";
    }

    @Override
    public String synopsis() {
        return "FILE...";
    }

    @Override
    public String summary() {
        return "rewrite model files in canonical form (load, then save atomically)";
    }

    @Override
    public int run(String[] args, Invocation in) throws UsageException {
        PrintStream out = in.out();
        PrintStream err = in.err();
        if (args.length == 0) {
            throw new UsageException("no model file given");
        }
        int code = Bgml.OK;
        for (String arg : args) {
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
