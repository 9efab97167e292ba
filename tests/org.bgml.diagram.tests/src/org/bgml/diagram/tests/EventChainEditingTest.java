package org.bgml.diagram.tests;

import static org.bgml.diagram.tests.GlspTestClient.applyProperty;
import static org.bgml.diagram.tests.GlspTestClient.createNode;
import static org.bgml.diagram.tests.GlspTestClient.row;
import static org.bgml.diagram.tests.GlspTestClient.rowOrNull;
import static org.bgml.diagram.tests.GlspTestClient.str;
import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.bgml.diagram.tests.GlspTestClient.SharedServer;
import org.bgml.model.Action;
import org.bgml.model.ActionKind;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.EventSink;
import org.bgml.model.EventSource;
import org.bgml.model.PathLatency;
import org.bgml.model.io.ElementPaths;
import org.bgml.model.io.ModelFiles;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.ModelValidator;
import org.bgml.validation.Severity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * An event chain made in the diagram, as a user makes it: a rate generator's timer, the actions of a GPS's and a
 * display's sinks (each picker offering only the entity's own ports), the dashed trigger edges they draw inside the
 * components, and an end-to-end path metric whose end is chosen among the ports the chain reaches. Saved, the chain
 * validates without errors or warnings.
 */
class EventChainEditingTest {
    @RegisterExtension
    static final SharedServer server = SharedServer.withoutPage();

    /** Three components wired as a chain, with no timer and no actions yet: what the user starts from. */
    private static final String CHAIN = """
            <?xml version="1.0" encoding="UTF-8"?>
            <bgml:BenchmarkModel xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bgml="http://bgml.org/bgml/1.0" name="Chain">
              <modules name="Av">
                <definitions xsi:type="bgml:EventType" name="Tick">
                  <members name="stamp">
                    <type primitive="unsigned long long"/>
                  </members>
                </definitions>
                <definitions xsi:type="bgml:Interface" name="Position">
                  <operations name="read">
                    <returnType primitive="double"/>
                  </operations>
                  <operations name="where">
                    <parameters name="lat" direction="out">
                      <type primitive="double"/>
                    </parameters>
                  </operations>
                </definitions>
              </modules>
              <entities xsi:type="bgml:Component" name="Rate">
                <ports xsi:type="bgml:EventSource" name="tick" eventType="#Av::Tick"/>
              </entities>
              <entities xsi:type="bgml:Component" name="Gps">
                <ports xsi:type="bgml:EventSink" name="tick" eventType="#Av::Tick"/>
                <ports xsi:type="bgml:EventSource" name="ready" eventType="#Av::Tick"/>
                <ports xsi:type="bgml:Facet" name="pos" interface="#Av::Position"/>
              </entities>
              <entities xsi:type="bgml:Component" name="Display">
                <ports xsi:type="bgml:EventSink" name="ready" eventType="#Av::Tick"/>
                <ports xsi:type="bgml:Receptacle" name="gps" interface="#Av::Position"/>
              </entities>
              <connections name="Ticks" source="#Rate/tick" target="#Gps/tick"/>
              <connections name="Ready" source="#Gps/ready" target="#Display/ready"/>
              <connections name="Read" source="#Display/gps" target="#Gps/pos"/>
            </bgml:BenchmarkModel>
            """;

    @Test
    void buildsAChainOfActionsWithTriggersATimerAndAnEndToEndPath(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("chain.bgml");
        Files.writeString(file, CHAIN);
        try (GlspTestClient c = server.connect()) {
            Map<String, JsonObject> all = GlspTestClient.index(c.open(file));
            assertTrue(triggers(all).isEmpty(), "no actions, no trigger edges");

            // the rate generator: a timer of 100 Hz for 1,000 events by default, then 50 Hz for 2 s
            assertEquals("false", str(row(c.properties("Rate/tick"), "timer"), "value"));
            assertNull(rowOrNull(c.properties("Rate/tick"), "timer.rateHz"));
            c.edit(applyProperty("Rate/tick", "timer", "true"));
            assertEquals("100.0", str(row(c.properties("Rate/tick"), "timer.rateHz"), "value"));
            c.edit(applyProperty("Rate/tick", "timer.rateHz", "50"));
            c.edit(applyProperty("Rate/tick", "timer.durationMillis", "2000"));
            c.edit(applyProperty("Rate/tick", "timer.iterations", "0"));
            c.send(applyProperty("Rate/tick", "timer.rateHz", "0"));
            assertTrue(c.refusal().contains("positive"));

            // the GPS: busy work, then publish; the publish picks the GPS's own source, and only its own sources are offered
            JsonObject gps = c.properties("Gps/tick");
            assertEquals(0, row(gps, "actions").getAsJsonArray("entries").size());
            assertEquals(List.of("busyWork", "call", "publish", "forward", ""), choices(row(gps, "addAction")));
            c.edit(applyProperty("Gps/tick", "addAction", "busyWork"));
            c.edit(applyProperty("Gps/tick", "action.0.micros", "20"));
            all = GlspTestClient.index(c.edit(applyProperty("Gps/tick", "addAction", "publish")));
            gps = c.properties("Gps/tick");
            assertEquals(List.of("1. busy work 20 us", "2. publish on ready"), texts(row(gps, "actions")));
            assertEquals("Gps/ready", str(row(gps, "action.1.source"), "value"));
            assertEquals(List.of("Gps/ready", ""), choices(row(gps, "action.1.source")));
            assertNull(rowOrNull(gps, "action.1.micros"), "a publication has no busy work to set");

            // its trigger: a dashed edge from the sink to the source it publishes on, named by the action's path
            JsonObject trigger = all.get("Gps/tick/behaviour/actions[1]");
            assertNotNull(trigger, "trigger edge of the publish action in " + triggers(all).keySet());
            assertEquals("edge:trigger", str(trigger, "type"));
            assertEquals("Gps/tick", str(trigger, "sourceId"));
            assertEquals("Gps/ready", str(trigger, "targetId"));
            assertTrue(trigger.getAsJsonArray("cssClasses").toString().contains("bgml-trigger"));
            assertEquals(List.of("Gps/tick/behaviour/actions[1]"), List.copyOf(triggers(all).keySet()), "busy work sends nothing");

            // a port of another entity is refused, naming why
            c.send(applyProperty("Gps/tick", "action.1.source", "Rate/tick"));
            assertTrue(c.refusal().contains("not an event source of Gps"));

            // reorder and remove, undoably
            c.edit(applyProperty("Gps/tick", "moveActionUp", "1"));
            assertEquals(List.of("1. publish on ready", "2. busy work 20 us"), texts(row(c.properties("Gps/tick"), "actions")));
            all = GlspTestClient.index(c.edit(applyProperty("Gps/tick", "removeAction", "0")));
            assertTrue(triggers(all).isEmpty(), "the publication went, and its trigger with it");
            all = GlspTestClient.index(c.undo());
            assertEquals(List.of("1. publish on ready", "2. busy work 20 us"), texts(row(c.properties("Gps/tick"), "actions")));
            assertTrue(all.containsKey("Gps/tick/behaviour/actions[0]"));

            // the display: a call through its own receptacle, the first operation picked, the interface's others offered
            all = GlspTestClient.index(c.edit(applyProperty("Display/ready", "addAction", "call")));
            JsonObject display = c.properties("Display/ready");
            assertEquals(List.of("Display/gps", ""), choices(row(display, "action.0.receptacle")));
            assertEquals("Av::Position::read", str(row(display, "action.0.operation"), "value"));
            assertEquals(List.of("Av::Position::read", "Av::Position::where", ""), choices(row(display, "action.0.operation")));
            c.edit(applyProperty("Display/ready", "action.0.operation", "Av::Position::where"));
            JsonObject call = GlspTestClient.index(c.edit(applyProperty("Display/ready", "action.0.hopLimit", "3")))
                    .get("Display/ready/behaviour/actions[0]");
            assertEquals("Display/gps", str(call, "targetId"));

            // a selected trigger edge opens its action's own sheet, which edits the same action
            JsonObject own = c.properties("Display/ready/behaviour/actions[0]");
            assertEquals("call", str(row(own, "action.kind"), "value"));
            c.edit(applyProperty("Display/ready/behaviour/actions[0]", "action.operation", "Av::Position::read"));
            assertEquals(List.of("1. call gps.read (hops < 3)"), texts(row(c.properties("Display/ready"), "actions")));

            // the path: from the timer source to the farthest port the chain reaches, then its end chosen
            all = GlspTestClient.index(c.edit(createNode("metric:pathLatency", "Rate/tick", 0, 0)));
            JsonObject path = c.properties("Rate_tickPathLatency1");
            assertEquals("Gps/pos", str(row(path, "end"), "value"));
            assertEquals(List.of("Gps/tick", "Display/ready", "Gps/pos"), choices(row(path, "end")));
            c.edit(applyProperty("Rate_tickPathLatency1", "end", "Display/ready"));
            c.send(applyProperty("Rate_tickPathLatency1", "end", "Rate/tick"));
            assertTrue(c.refusal().contains("reaches through connections and actions"));
            c.send(createNode("metric:pathLatency", "Gps/pos", 0, 0));
            assertTrue(c.refusal().contains("a path starts where calls or events are made"));

            // a trigger edge deleted removes its action
            all = GlspTestClient.index(c.edit(Map.of("kind", "deleteElement", "elementIds", List.of("Gps/tick/behaviour/actions[1]"))));
            assertEquals(List.of("1. publish on ready"), texts(row(c.properties("Gps/tick"), "actions")));
            c.edit(applyProperty("Gps/tick", "addAction", "busyWork"));
            c.save();
        }

        BenchmarkModel saved = ModelFiles.loadModel(file);
        EventSource tick = (EventSource) ElementPaths.resolve(saved, "Rate/tick");
        assertEquals(50.0, tick.getTimer().getRateHz());
        assertEquals(2000, tick.getTimer().getDurationMillis());
        List<Action> gpsActions = ((EventSink) ElementPaths.resolve(saved, "Gps/tick")).getBehaviour().getActions();
        assertEquals(List.of(ActionKind.PUBLISH, ActionKind.BUSY_WORK), gpsActions.stream().map(Action::getKind).toList());
        assertSame(ElementPaths.resolve(saved, "Gps/ready"), gpsActions.get(0).getSource());
        PathLatency path = (PathLatency) saved.getMetrics().get(0);
        assertSame(ElementPaths.resolve(saved, "Display/ready"), path.getEnd());
        List<String> problems = new ArrayList<>();
        for (ModelDiagnostic d : new ModelValidator().validate(saved)) {
            if (d.severity() != Severity.INFO) {
                problems.add(d.format());
            }
        }
        assertEquals(List.of(), problems, "a chain made in the diagram validates clean");
    }

    /**
     * An event type typed as a new name in a port's sheet is created with one member, so that the CORBA 2.x targets,
     * which carry an event as an IDL struct (never empty), can compile it.
     */
    @Test
    void aNewEventTypeNamedInTheSheetGetsAMember(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("chain.bgml");
        Files.writeString(file, CHAIN);
        try (GlspTestClient c = server.connect()) {
            c.open(file);
            c.edit(applyProperty("Rate/tick", "eventType", "Av::Pulse"));
            assertEquals("Av::Pulse", str(row(c.properties("Rate/tick"), "eventType"), "value"));
            c.save();
        }
        BenchmarkModel saved = ModelFiles.loadModel(file);
        org.bgml.model.EventType pulse = ((EventSource) ElementPaths.resolve(saved, "Rate/tick")).getEventType();
        assertEquals("Pulse", pulse.getName());
        assertEquals(1, pulse.getMembers().size());
        assertEquals("count", pulse.getMembers().get(0).getName());
        assertEquals(org.bgml.model.PrimitiveKind.UNSIGNED_LONG, pulse.getMembers().get(0).getType().getPrimitive());
    }

    /**
     * A path's origin is chosen in its sheet among the timer sources and the connected receptacles: switched to the
     * display's calls through its receptacle, the end follows to a port those calls reach, the operation to the
     * receptacle's interface, and the model validates clean; a port that makes no calls is refused.
     */
    @Test
    void aPathsOriginCanBeAClientsCalls(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("chain.bgml");
        Files.writeString(file, CHAIN);
        try (GlspTestClient c = server.connect()) {
            c.open(file);
            c.edit(applyProperty("Rate/tick", "timer", "true"));
            c.edit(applyProperty("Gps/tick", "addAction", "publish"));
            c.edit(createNode("metric:pathLatency", "Rate/tick", 0, 0));
            JsonObject path = c.properties("Rate_tickPathLatency1");
            assertEquals("Rate/tick", str(row(path, "origin"), "value"));
            assertEquals(List.of("Rate/tick", "Display/gps"), choices(row(path, "origin")));
            assertEquals("Display/ready", str(row(path, "end"), "value"));

            c.edit(applyProperty("Rate_tickPathLatency1", "origin", "Display/gps"));
            path = c.properties("Rate_tickPathLatency1");
            assertEquals("Display/gps", str(row(path, "origin"), "value"));
            assertEquals("Gps/pos", str(row(path, "end"), "value"), "the end follows to what the calls reach");
            assertEquals(List.of("Gps/pos"), choices(row(path, "end")));

            c.send(applyProperty("Rate_tickPathLatency1", "origin", "Gps/pos"));
            String refusal = c.refusal();
            assertTrue(refusal.contains("neither a timer event source nor a connected receptacle"), refusal);
            c.save();
        }
        BenchmarkModel saved = ModelFiles.loadModel(file);
        PathLatency path = (PathLatency) saved.getMetrics().get(0);
        assertSame(ElementPaths.resolve(saved, "Display/gps"), path.getPort());
        assertSame(ElementPaths.resolve(saved, "Gps/pos"), path.getEnd());
        assertSame(ElementPaths.resolve(saved, "Av::Position::read"), path.getOperation());
        List<String> problems = new ArrayList<>();
        for (ModelDiagnostic d : new ModelValidator().validate(saved)) {
            if (d.severity() != Severity.INFO) {
                problems.add(d.format());
            }
        }
        assertEquals(List.of(), problems, "a path from a client's calls, chosen in the sheet, validates clean");
    }

    private static Map<String, JsonObject> triggers(Map<String, JsonObject> all) {
        Map<String, JsonObject> found = new java.util.LinkedHashMap<>();
        all.forEach((id, e) -> {
            if ("edge:trigger".equals(str(e, "type"))) {
                found.put(id, e);
            }
        });
        return found;
    }

    private static List<String> choices(JsonObject row) {
        List<String> found = new ArrayList<>();
        for (JsonElement e : row.getAsJsonArray("choices")) {
            found.add(e.getAsString());
        }
        return found;
    }

    private static List<String> texts(JsonObject listRow) {
        List<String> found = new ArrayList<>();
        for (JsonElement e : listRow.getAsJsonArray("entries")) {
            found.add(str(e.getAsJsonObject(), "text"));
        }
        return found;
    }
}
