package org.bgml.ide.core.markers;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.bgml.ide.core.BgmlIde;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.resources.IncrementalProjectBuilder;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

/**
 * Validates the project's .bgml files and keeps their Problems-view markers current. A builder rather than a
 * resource change listener: it runs after every save under auto-build (batched, off the UI thread, holding the
 * workspace rule, so markers can be written directly), and "Project &gt; Clean" revalidates everything. A model
 * may reference catalogues and other models, so when any .bgml file of a project changes every model of the
 * project is validated again (a few milliseconds each).
 */
public final class ModelBuilder extends IncrementalProjectBuilder {
    @Override
    protected IProject[] build(int kind, Map<String, String> args, IProgressMonitor monitor) throws CoreException {
        if (kind != FULL_BUILD && kind != CLEAN_BUILD) {
            IResourceDelta delta = getDelta(getProject());
            if (delta != null && !touchesModels(delta)) {
                return null;
            }
        }
        List<IFile> models = models(getProject());
        SubMonitor progress = SubMonitor.convert(monitor, "Validating BGML models", models.size());
        for (IFile file : models) {
            progress.subTask(file.getName());
            ModelMarkers.update(file);
            progress.worked(1);
        }
        return null;
    }

    @Override
    protected void clean(IProgressMonitor monitor) throws CoreException {
        getProject().deleteMarkers(BgmlIde.MARKER, true, IResource.DEPTH_INFINITE);
    }

    private static boolean touchesModels(IResourceDelta delta) throws CoreException {
        boolean[] found = { false };
        delta.accept(d -> {
            if (found[0] || ModelMarkers.isWorkFolder(d.getResource())) {
                return false;
            }
            if (ModelMarkers.isModel(d.getResource())) {
                found[0] = true;
            }
            return true;
        });
        return found[0];
    }

    /** Every .bgml file of the project outside the run work folder and derived resources. */
    public static List<IFile> models(IProject project) throws CoreException {
        List<IFile> files = new ArrayList<>();
        project.accept(r -> {
            if (ModelMarkers.isWorkFolder(r) || r.isDerived()) {
                return false;
            }
            if (ModelMarkers.isModel(r)) {
                files.add((IFile) r);
            }
            return true;
        });
        return files;
    }
}
