package org.bgml.generator.omniorb;

import java.util.List;
import java.util.Map;

import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.ChainPlan;
import org.bgml.model.EventType;
import org.bgml.model.NamedType;

/**
 * The omniORB view of a benchmark plan: processes with everything their mains do, the servant, executor and
 * consumer classes to generate, and the event service when events pass through channels.
 *
 * @param servants      CORBA 2.x servant classes, one per interface served by a plain server
 * @param executors     executor classes (with their glue servants), one per interface a component provides
 * @param eventTypes    event types that travel, each in an envelope struct of the events IDL
 * @param consumedTypes event types some process consumes (one push consumer class each)
 * @param cubitTypes    structs and sequences that need cube() helpers, each after what it contains
 * @param eventService  omniEvents, or null when no event connection passes through a channel
 */
public record BenchmarkLayout(BenchmarkPlan plan, List<ProcessLayout> processes, List<ServantClass> servants,
        List<ServantClass> executors, List<EventType> eventTypes, List<EventType> consumedTypes, boolean cubit,
        List<NamedType> cubitTypes, EventService eventService) {

    public boolean hasEvents() {
        return !eventTypes.isEmpty();
    }

    /**
     * Timed samples of every driving loop, warm-up excluded, every payload size included: the loop groups, plus
     * the rate generators and path calls of the chains ({@link ChainPlan#driverSamples()}).
     */
    public long timedSamples() {
        long samples = ChainPlan.of(plan).driverSamples();
        for (ProcessLayout p : processes) {
            for (LoopGroup loop : p.loops()) {
                if (loop.timed()) {
                    samples += (long) loop.samples() * Math.max(1, loop.payloadSizes().size());
                }
            }
        }
        return samples;
    }

    /**
     * The omniEvents daemon the manifest starts first.
     *
     * @param channels channel name to the queue length its creator asks for
     */
    public record EventService(int port, Map<String, Long> channels, long cyclePeriodNanos) {
        /** Where processes find the channel factory. */
        public String factoryUri() {
            return "corbaloc::127.0.0.1:" + port + "/omniEvents";
        }
    }
}
