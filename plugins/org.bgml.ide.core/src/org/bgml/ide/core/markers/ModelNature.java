package org.bgml.ide.core.markers;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.bgml.ide.core.BgmlIde;
import org.eclipse.core.resources.ICommand;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IProjectDescription;
import org.eclipse.core.resources.IProjectNature;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;

/** A project holding BGML models: its builder validates every .bgml file into Problems-view markers. */
public final class ModelNature implements IProjectNature {
    private IProject project;

    /** Adds the nature (and so the builder) to {@code project} unless it has it already. */
    public static void addTo(IProject project, IProgressMonitor monitor) throws CoreException {
        if (project.hasNature(BgmlIde.NATURE)) {
            return;
        }
        IProjectDescription description = project.getDescription();
        List<String> natures = new ArrayList<>(Arrays.asList(description.getNatureIds()));
        natures.add(BgmlIde.NATURE);
        description.setNatureIds(natures.toArray(String[]::new));
        project.setDescription(description, monitor);
    }

    @Override
    public void configure() throws CoreException {
        IProjectDescription description = project.getDescription();
        ICommand[] commands = description.getBuildSpec();
        for (ICommand c : commands) {
            if (BgmlIde.BUILDER.equals(c.getBuilderName())) {
                return;
            }
        }
        ICommand command = description.newCommand();
        command.setBuilderName(BgmlIde.BUILDER);
        ICommand[] next = Arrays.copyOf(commands, commands.length + 1);
        next[commands.length] = command;
        description.setBuildSpec(next);
        project.setDescription(description, null);
    }

    @Override
    public void deconfigure() throws CoreException {
        IProjectDescription description = project.getDescription();
        description.setBuildSpec(Arrays.stream(description.getBuildSpec())
                .filter(c -> !BgmlIde.BUILDER.equals(c.getBuilderName())).toArray(ICommand[]::new));
        project.setDescription(description, null);
        project.deleteMarkers(BgmlIde.MARKER, true, org.eclipse.core.resources.IResource.DEPTH_INFINITE);
    }

    @Override
    public IProject getProject() {
        return project;
    }

    @Override
    public void setProject(IProject project) {
        this.project = project;
    }
}
