package org.bgml.results.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.HashSet;
import java.util.Set;

import org.bgml.launcher.results.RunIds;
import org.junit.jupiter.api.Test;

/** Run ids are the store's keys: an experiment that records many runs in one second must still get distinct ones. */
class RunIdsTest {

    @Test
    void tenThousandRunsStartedInOneSecondGetDistinctWellFormedIds() {
        Instant second = Instant.parse("2026-11-26T19:30:03Z");
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            String id = RunIds.next(second.plusMillis(i % 1000));
            assertTrue(RunIds.FORMAT.matcher(id).matches(), id);
            assertTrue(id.startsWith("20261126-193003-"), id);
            assertTrue(ids.add(id), "run id handed out twice: " + id);
        }
        assertEquals(10_000, ids.size());
    }

    @Test
    void theNextSecondStartsAFreshSetOfTags() {
        String a = RunIds.next(Instant.parse("2026-11-26T19:30:04Z"));
        String b = RunIds.next(Instant.parse("2026-11-26T19:30:05Z"));
        assertTrue(a.startsWith("20261126-193004-") && b.startsWith("20261126-193005-"), a + " " + b);
    }
}
