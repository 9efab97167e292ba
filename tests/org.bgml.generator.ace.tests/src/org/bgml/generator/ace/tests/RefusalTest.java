package org.bgml.generator.ace.tests;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.bgml.generator.ace.UnsupportedModelException;
import org.bgml.generator.common.MemoryOutput;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Interface;
import org.bgml.model.Module;
import org.bgml.model.Operation;
import org.bgml.model.PrimitiveKind;
import org.bgml.model.TypeRef;
import org.junit.jupiter.api.Test;

/** What hand-written ACE CDR code cannot carry is refused at generation time, with the element named. */
class RefusalTest {

    private static Operation testMethod(BenchmarkModel model) {
        Module test = model.getModules().get(0);
        Interface rt = (Interface) test.getDefinitions().stream().filter(d -> d instanceof Interface).findFirst().orElseThrow();
        return rt.getOperations().get(0);
    }

    @Test
    void anyParameterIsRefusedWithItsPath() {
        BenchmarkModel model = Fixtures.load(Fixtures.example("roundtrip"));
        TypeRef any = BgmlFactory.eINSTANCE.createTypeRef();
        any.setPrimitive(PrimitiveKind.ANY);
        testMethod(model).getParameters().get(0).setType(any);
        MemoryOutput out = new MemoryOutput();
        UnsupportedModelException e = assertThrows(UnsupportedModelException.class, () -> Fixtures.generate(model, out));
        assertTrue(e.getMessage().contains("Test::RoundTrip::test_method parameter 'send_time' has type any"), e.getMessage());
        assertTrue(e.getMessage().contains("omniorb"), "suggests a target that can: " + e.getMessage());
        assertTrue(out.files().isEmpty(), "nothing is written: " + out.files().keySet());
    }

    @Test
    void anyInsideAStructIsRefused() {
        BenchmarkModel model = Fixtures.load(Fixtures.example("roundtrip"));
        Module test = model.getModules().get(0);
        org.bgml.model.Struct holder = BgmlFactory.eINSTANCE.createStruct();
        holder.setName("Holder");
        org.bgml.model.Member member = BgmlFactory.eINSTANCE.createMember();
        member.setName("value");
        TypeRef any = BgmlFactory.eINSTANCE.createTypeRef();
        any.setPrimitive(PrimitiveKind.ANY);
        member.setType(any);
        holder.getMembers().add(member);
        test.getDefinitions().add(0, holder);
        TypeRef use = BgmlFactory.eINSTANCE.createTypeRef();
        use.setNamed(holder);
        testMethod(model).setReturnType(use);
        UnsupportedModelException e = assertThrows(UnsupportedModelException.class, () -> Fixtures.generate(model, new MemoryOutput()));
        assertTrue(e.getMessage().contains("Test::Holder"), e.getMessage());
    }

    @Test
    void eventMetricWithSeveralThreadsIsRefusedNotMeasuredOnOneThread() {
        BenchmarkModel model = Fixtures.load(Fixtures.testModel("kitchen-sink"));
        org.bgml.model.Metric tick = model.getMetrics().stream().filter(m -> m.getName().equals("TickRate")).findFirst().orElseThrow();
        org.bgml.model.Workload threads = BgmlFactory.eINSTANCE.createWorkload();
        threads.setThreads(4);
        tick.setWorkload(threads);
        MemoryOutput out = new MemoryOutput();
        UnsupportedModelException e = assertThrows(UnsupportedModelException.class, () -> Fixtures.generate(model, out));
        assertTrue(e.getMessage().contains("TickRate") && e.getMessage().contains("4 threads") && e.getMessage().contains("Ticks"),
                "names the metric, the thread count and the connection: " + e.getMessage());
        assertTrue(out.files().isEmpty(), "nothing is written: " + out.files().keySet());
    }
}
