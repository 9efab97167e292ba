package org.bgml.model.patterns;

import java.util.List;

import org.bgml.model.Action;
import org.bgml.model.ActionKind;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Behaviour;
import org.bgml.model.BehaviourKind;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Client;
import org.bgml.model.Component;
import org.bgml.model.Connection;
import org.bgml.model.Deployment;
import org.bgml.model.Entity;
import org.bgml.model.EventChannel;
import org.bgml.model.EventSink;
import org.bgml.model.EventSource;
import org.bgml.model.EventType;
import org.bgml.model.Facet;
import org.bgml.model.Interface;
import org.bgml.model.Member;
import org.bgml.model.Metric;
import org.bgml.model.Module;
import org.bgml.model.Node;
import org.bgml.model.Operation;
import org.bgml.model.Parameter;
import org.bgml.model.ParameterBlock;
import org.bgml.model.Port;
import org.bgml.model.PrimitiveKind;
import org.bgml.model.Process;
import org.bgml.model.RateKind;
import org.bgml.model.Receptacle;
import org.bgml.model.Server;
import org.bgml.model.TypeRef;
import org.bgml.model.Workload;

/**
 * What a pattern builds with: every element it adds to the model gets the instance's prefix in its name (top-level
 * elements only; ports and IDL members live inside them), and every process goes into the model's first deployment
 * (created as {@code placement} on {@code localhost} when the model has none), so that all instances run together.
 */
public final class PatternBuilder {
    /** The deployment created when the model has none. */
    public static final String DEPLOYMENT = "placement";
    public static final String LOCALHOST = "localhost";

    private static final BgmlFactory F = BgmlFactory.eINSTANCE;
    private final BenchmarkModel model;
    private final String prefix;
    private Module module;

    PatternBuilder(BenchmarkModel model, String prefix) {
        this.model = model;
        this.prefix = prefix;
    }

    public BenchmarkModel model() {
        return model;
    }

    public String prefix() {
        return prefix;
    }

    /** {@code local} with the instance's prefix. */
    public String name(String local) {
        return prefix + local;
    }

    /** The instance's IDL module, named like the prefix. */
    public Module module(String description) {
        if (module == null) {
            module = F.createModule();
            module.setName(prefix);
            module.setDescription(description);
            model.getModules().add(module);
        }
        return module;
    }

    public Interface iface(String name, String description) {
        Interface i = F.createInterface();
        i.setName(name);
        i.setDescription(description);
        module(null).getDefinitions().add(i);
        return i;
    }

    /** An operation with primitive in parameters (name, type pairs) and a primitive result, or void when null. */
    public Operation operation(Interface owner, String name, PrimitiveKind result, boolean oneway, Object... params) {
        Operation o = F.createOperation();
        o.setName(name);
        o.setOneway(oneway);
        if (result != null) {
            o.setReturnType(primitive(result));
        }
        for (int i = 0; i < params.length; i += 2) {
            Parameter p = F.createParameter();
            p.setName((String) params[i]);
            p.setType(primitive((PrimitiveKind) params[i + 1]));
            o.getParameters().add(p);
        }
        owner.getOperations().add(o);
        return o;
    }

    public EventType eventType(String name, String description) {
        EventType t = F.createEventType();
        t.setName(name);
        t.setDescription(description);
        Member id = F.createMember();
        id.setName("id");
        id.setType(primitive(PrimitiveKind.LONG));
        t.getMembers().add(id);
        module(null).getDefinitions().add(t);
        return t;
    }

    public Server server(String local, String description) {
        return entity(F.createServer(), local, description);
    }

    public Client client(String local, String description) {
        return entity(F.createClient(), local, description);
    }

    public Component component(String local, String description) {
        return entity(F.createComponent(), local, description);
    }

    private <T extends Entity> T entity(T e, String local, String description) {
        e.setName(name(local));
        e.setDescription(description);
        model.getEntities().add(e);
        return e;
    }

    public Facet facet(Entity owner, String name, Interface type) {
        Facet f = F.createFacet();
        f.setName(name);
        f.setInterface(type);
        owner.getPorts().add(f);
        return f;
    }

    public Receptacle receptacle(Entity owner, String name, Interface type, boolean multiplex) {
        Receptacle r = F.createReceptacle();
        r.setName(name);
        r.setInterface(type);
        r.setMultiplex(multiplex);
        owner.getPorts().add(r);
        return r;
    }

    public EventSource source(Entity owner, String name, EventType type) {
        EventSource s = F.createEventSource();
        s.setName(name);
        s.setEventType(type);
        owner.getPorts().add(s);
        return s;
    }

    public EventSink sink(Entity owner, String name, EventType type) {
        EventSink s = F.createEventSink();
        s.setName(name);
        s.setEventType(type);
        owner.getPorts().add(s);
        return s;
    }

    /** A behaviour that forwards every call through {@code through}. */
    public Behaviour forward(Receptacle through) {
        Behaviour b = F.createBehaviour();
        b.setKind(BehaviourKind.FORWARD);
        b.setForwardTo(through);
        return b;
    }

    /** An action that publishes on {@code source}. */
    public Action publish(EventSource source) {
        Action a = F.createAction();
        a.setKind(ActionKind.PUBLISH);
        a.setSource(source);
        return a;
    }

    public Connection connect(String local, Port source, Port target, String description) {
        Connection c = F.createConnection();
        c.setName(name(local));
        c.setDescription(description);
        c.setSource(source);
        c.setTarget(target);
        model.getConnections().add(c);
        return c;
    }

    public EventChannel channel(String local, EventType type) {
        EventChannel c = F.createEventChannel();
        c.setName(name(local));
        c.setEventType(type);
        model.getEventChannels().add(c);
        return c;
    }

    /**
     * A parameter block with a workload: as fast as possible when {@code rateHz} is 0, else at that fixed rate; and
     * a behaviour when {@code behaviour} is not null ({@code echo}, {@code cubit} or {@code busyWork}).
     */
    public ParameterBlock block(String local, String description, double rateHz, int threads, String behaviour, int busyMicros) {
        ParameterBlock b = F.createParameterBlock();
        b.setName(name(local));
        b.setDescription(description);
        if (rateHz > 0 || threads > 1) {
            Workload w = F.createWorkload();
            if (rateHz > 0) {
                w.setRate(RateKind.FIXED);
                w.setRateHz(rateHz);
            }
            w.setThreads(threads);
            b.setWorkload(w);
        }
        if (behaviour != null) {
            Behaviour beh = F.createBehaviour();
            beh.setKind(BehaviourKind.get(behaviour));
            if (beh.getKind() == BehaviourKind.BUSY_WORK) {
                beh.setBusyWorkMicros(busyMicros);
            }
            b.setBehaviour(beh);
        }
        model.getParameterBlocks().add(b);
        return b;
    }

    /** Adds {@code metric} named with the prefix, measuring {@code connection}, with {@code samples} timed samples. */
    public <T extends Metric> T metric(T metric, String local, String description, Connection connection, int samples) {
        metric.setName(name(local));
        metric.setDescription(description);
        metric.setConnection(connection);
        metric.setSamples(samples);
        model.getMetrics().add(metric);
        return metric;
    }

    /** A process holding {@code entities}, on the node of that name (created on its own host when new). */
    public Process process(String local, String node, int startOrder, List<? extends Entity> entities) {
        Process p = F.createProcess();
        p.setName(name(local));
        p.setStartOrder(startOrder);
        p.getEntities().addAll(entities);
        node(node).getProcesses().add(p);
        return p;
    }

    /** The node {@code name} of the model's first deployment; {@code localhost} is this machine, others their own host. */
    public Node node(String name) {
        Deployment d = model.getDeployments().isEmpty() ? null : model.getDeployments().get(0);
        if (d == null) {
            d = F.createDeployment();
            d.setName(DEPLOYMENT);
            d.setDescription("Where the patterns' processes run: one process per entity, servers first, then the clients together.");
            model.getDeployments().add(d);
        }
        for (Node n : d.getNodes()) {
            if (name.equals(n.getName())) {
                return n;
            }
        }
        Node n = F.createNode();
        n.setName(name);
        n.setHost(name);
        d.getNodes().add(n);
        return n;
    }

    private static TypeRef primitive(PrimitiveKind kind) {
        TypeRef t = F.createTypeRef();
        t.setPrimitive(kind);
        return t;
    }
}
