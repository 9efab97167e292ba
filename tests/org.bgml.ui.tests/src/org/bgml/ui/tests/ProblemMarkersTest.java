package org.bgml.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.bgml.ide.core.BgmlIde;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.junit.jupiter.api.Test;

/** Validation problems of a .bgml file appear in the Problems view as markers, and go away once fixed. */
class ProblemMarkersTest {

    @Test
    void aBrokenModelGetsMarkersWithRuleAndElementAndTheyClearWhenFixed() throws Exception {
        IProject project = Workspace.project("markers");
        String good = Workspace.example("roundtrip.bgml");
        IFile file = Workspace.write(project, "roundtrip.bgml", good);
        Workspace.waitForBuild();
        assertEquals(List.of(), errors(file), "the example is valid");

        String broken = good.replaceFirst("(name=\"TaoTaoLatency\"[^>]*?)samples=\"250000\"", "$1samples=\"0\"");
        Workspace.write(project, "roundtrip.bgml", broken);
        Workspace.waitForBuild();
        List<IMarker> errors = errors(file);
        IMarker counts = errors.stream().filter(m -> "metric.counts".equals(m.getAttribute(BgmlIde.RULE_ID, ""))).findFirst()
                .orElseThrow(() -> new AssertionError("no metric.counts marker among " + describe(errors)));
        assertEquals("TaoTaoLatency", counts.getAttribute(BgmlIde.ELEMENT_PATH, ""));
        assertEquals("TaoTaoLatency", counts.getAttribute(IMarker.LOCATION, ""));
        assertTrue(counts.getAttribute(IMarker.MESSAGE, "").contains("0 samples"), counts.getAttribute(IMarker.MESSAGE, ""));
        int line = counts.getAttribute(IMarker.LINE_NUMBER, -1);
        assertTrue(broken.lines().skip(line - 1).findFirst().orElse("").contains("name=\"TaoTaoLatency\""),
                "the marker's line " + line + " is the metric's declaration");

        Workspace.write(project, "roundtrip.bgml", good);
        Workspace.waitForBuild();
        assertEquals(List.of(), describe(errors(file)), "fixing the model clears its markers");
    }

    @Test
    void aFileThatDoesNotLoadGetsOneMarkerAtItsLine() throws Exception {
        IProject project = Workspace.project("markers");
        IFile file = Workspace.write(project, "torn.bgml", Workspace.example("roundtrip.bgml").substring(0, 900));
        Workspace.waitForBuild();
        List<IMarker> errors = errors(file);
        assertEquals(1, errors.size(), describe(errors).toString());
        assertEquals("model.load", errors.get(0).getAttribute(BgmlIde.RULE_ID, ""));
        file.delete(true, null);
    }

    private static List<IMarker> errors(IFile file) throws CoreException {
        return Arrays.stream(file.findMarkers(BgmlIde.MARKER, true, IResource.DEPTH_ZERO))
                .filter(m -> m.getAttribute(IMarker.SEVERITY, -1) == IMarker.SEVERITY_ERROR).toList();
    }

    private static List<String> describe(List<IMarker> markers) {
        return markers.stream().map(m -> m.getAttribute(BgmlIde.RULE_ID, "") + " " + m.getAttribute(IMarker.MESSAGE, "")).toList();
    }
}
