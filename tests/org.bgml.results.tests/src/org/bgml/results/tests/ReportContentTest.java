package org.bgml.results.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.bgml.launcher.report.ReportWriter;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.RunRecord;
import org.bgml.launcher.results.StoredRun;
import org.bgml.launcher.run.ProcessOutcome;
import org.bgml.launcher.run.RunOutcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a report says about a failed run, and that text from logs cannot inject markup. */
class ReportContentTest {
    @TempDir
    Path temp;

    @Test
    void aFailedRunShowsWhyWithTheLogTailEscaped() throws Exception {
        RunOutcome outcome = new RunOutcome("server was killed by signal 11 (SIGSEGV) while the benchmark was running",
                List.of(new ProcessOutcome("server", "server", 139, "was killed by signal 11 (SIGSEGV) while the benchmark was running",
                        temp.resolve("server.log"), List.of("call 999 ok", "<script>alert('x')</script> & more"))),
                temp, 1_000_000L);
        RunRecord run = RunRecord.builder("20261121-093000-fa11").target("omniorb").deployment("remote").outcome(outcome).build();
        StoredRun stored;
        try (ResultsStore store = ResultsStore.open(temp.resolve("results.db"))) {
            stored = store.run(store.record(run)).orElseThrow();
        }
        assertEquals(11, stored.record().processes().get(0).signal());
        String html = new ReportWriter().runHtml(stored, null);
        assertTrue(html.contains("<strong>The run failed:</strong> server was killed by signal 11 (SIGSEGV)"), "the failure, in plain words");
        assertTrue(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more"), "log lines are escaped");
        assertFalse(html.contains("<script>alert("), "no markup from a log reaches the page");
        assertTrue(html.contains("No measurements were stored for this run."));
        assertTrue(html.contains("requirements are not judged"), "says that no model was given");
        assertTrue(html.contains("\"charts\":0") || html.contains("<script type=\"application/json\" id=\"bgml-charts\">[]</script>"),
                "no plots without measurements");
    }
}
