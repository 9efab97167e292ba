package org.bgml.ui.tests;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.bgml.ide.core.markers.ModelNature;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.jobs.Job;

/** Projects, model files and waiting for the auto-build in the test workspace. */
final class Workspace {
    private Workspace() {
    }

    static Path repo() {
        String repo = System.getProperty("bgml.repo");
        if (repo == null) {
            throw new IllegalStateException("-Dbgml.repo is not set (the build passes it)");
        }
        return Path.of(repo);
    }

    static String example(String name) throws IOException {
        return Files.readString(repo().resolve("examples").resolve(name), StandardCharsets.UTF_8);
    }

    /** A project with the BGML nature (so its builder validates models), created if missing. */
    static IProject project(String name) throws CoreException {
        IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject(name);
        if (!project.exists()) {
            project.create(null);
        }
        if (!project.isOpen()) {
            project.open(null);
        }
        ModelNature.addTo(project, null);
        return project;
    }

    static IFile write(IProject project, String name, String contents) throws CoreException {
        IFile file = project.getFile(name);
        ByteArrayInputStream in = new ByteArrayInputStream(contents.getBytes(StandardCharsets.UTF_8));
        if (file.exists()) {
            file.setContents(in, IResource.FORCE, null);
        } else {
            file.create(in, IResource.FORCE, null);
        }
        return file;
    }

    static void waitForBuild() throws InterruptedException {
        ResourcesPlugin.getWorkspace().getRoot();
        Job.getJobManager().wakeUp(ResourcesPlugin.FAMILY_AUTO_BUILD);
        Job.getJobManager().join(ResourcesPlugin.FAMILY_AUTO_BUILD, null);
    }

    /** roundtrip.bgml with every metric taking {@code samples} samples after {@code warmup} warm-up calls. */
    static String roundtrip(int samples, int warmup) throws IOException {
        return example("roundtrip.bgml").replace("samples=\"250000\"", "samples=\"" + samples + "\"")
                .replace("warmupIterations=\"1000\"", "warmupIterations=\"" + warmup + "\"");
    }

    static boolean hasOmniOrb() {
        return Files.isExecutable(Path.of("/usr/bin/omniidl")) && Files.exists(Path.of("/usr/include/omniORB4/CORBA.h"));
    }
}
