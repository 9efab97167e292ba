package org.bgml.ide.core.markers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.bgml.ide.core.BgmlIde;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.ModelValidator;
import org.bgml.validation.Severity;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.emf.ecore.EObject;

/** Turns the validator's diagnostics for one .bgml file into Problems-view markers, replacing the previous ones. */
public final class ModelMarkers {
    private ModelMarkers() {
    }

    public static boolean isModel(IResource r) {
        return r.getType() == IResource.FILE && ModelFiles.FILE_EXTENSION.equals(r.getFileExtension());
    }

    /** The run work folder ({@code .bgml/} at the project root) holds generated benchmarks, never models to check. */
    public static boolean isWorkFolder(IResource r) {
        return r.getType() == IResource.FOLDER && BgmlIde.WORK_FOLDER.equals(r.getName()) && r.getParent().getType() == IResource.PROJECT;
    }

    /** Validates {@code file} and replaces its BGML markers; returns the number of markers now on it. */
    public static int update(IFile file) throws CoreException {
        file.deleteMarkers(BgmlIde.MARKER, false, IResource.DEPTH_ZERO);
        if (!file.exists() || file.getLocation() == null) {
            return 0;
        }
        Path path = file.getLocation().toFile().toPath();
        EObject root;
        try {
            root = ModelFiles.loadRoot(ModelFiles.newResourceSet(), path);
        } catch (ModelLoadException e) {
            Map<String, Object> a = new HashMap<>();
            a.put(IMarker.SEVERITY, IMarker.SEVERITY_ERROR);
            a.put(IMarker.MESSAGE, e.getMessage() == null ? e.describe() : e.getMessage());
            a.put(IMarker.LOCATION, "line " + Math.max(1, e.line()));
            a.put(BgmlIde.RULE_ID, "model.load");
            if (e.line() > 0) {
                a.put(IMarker.LINE_NUMBER, e.line());
            }
            file.createMarker(BgmlIde.MARKER, a);
            return 1;
        }
        List<ModelDiagnostic> diagnostics = new ModelValidator().validate(root);
        List<String> lines = lines(path);
        for (ModelDiagnostic d : diagnostics) {
            Map<String, Object> a = new HashMap<>();
            a.put(IMarker.SEVERITY, severity(d.severity()));
            a.put(IMarker.MESSAGE, d.message() + " [" + d.ruleId() + "]");
            a.put(IMarker.LOCATION, d.elementPath());
            a.put(BgmlIde.RULE_ID, d.ruleId());
            a.put(BgmlIde.ELEMENT_PATH, d.elementPath());
            int line = lineOf(lines, d.elementPath());
            if (line > 0) {
                a.put(IMarker.LINE_NUMBER, line);
            }
            file.createMarker(BgmlIde.MARKER, a);
        }
        return diagnostics.size();
    }

    private static int severity(Severity s) {
        return switch (s) {
        case ERROR -> IMarker.SEVERITY_ERROR;
        case WARNING -> IMarker.SEVERITY_WARNING;
        case INFO -> IMarker.SEVERITY_INFO;
        };
    }

    private static List<String> lines(Path path) {
        try {
            return Files.readAllLines(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return List.of();
        }
    }

    /**
     * The line of the element's declaration in the file, so that the text editor can jump there: the first line
     * that names the path's last segment ({@code name="rt"}) after the lines naming the segments before it. 0 when
     * not found.
     */
    static int lineOf(List<String> lines, String elementPath) {
        if (elementPath == null || elementPath.isEmpty()) {
            return 0;
        }
        int from = 0;
        int found = 0;
        for (String segment : elementPath.split("/")) {
            String name = segment.contains("::") ? segment.substring(segment.lastIndexOf("::") + 2) : segment;
            Pattern p = Pattern.compile("\\bname=\"" + Pattern.quote(name) + "\"");
            int hit = -1;
            for (int i = from; i < lines.size(); i++) {
                if (p.matcher(lines.get(i)).find()) {
                    hit = i;
                    break;
                }
            }
            if (hit < 0) {
                return found;
            }
            found = hit + 1;
            from = hit;
        }
        return found;
    }
}
