package org.bgml.generator.tao;

import java.util.ArrayList;
import java.util.List;

import org.bgml.generator.common.plan.MetricPlan;
import org.bgml.model.MissedDeadlines;
import org.bgml.model.Operation;
import org.bgml.model.Parameter;
import org.bgml.model.ParameterDirection;
import org.bgml.model.io.ElementPaths;

/** What the generated client writes for each metric: element paths, payload sizes and the loop settings. */
public class TaoMetrics {
    private final TaoTypes types;
    private final TaoCalls calls;

    public TaoMetrics(TaoTypes types, TaoCalls calls) {
        this.types = types;
        this.calls = calls;
    }

    public String metricPath(MetricPlan m) {
        return ElementPaths.pathOf(m.metric());
    }

    /** The measured element: the connection the metric names, else its port. */
    public String elementPath(MetricPlan m) {
        if (m.metric().getConnection() != null) {
            return ElementPaths.pathOf(m.metric().getConnection());
        }
        return ElementPaths.pathOf(m.metric().getPort());
    }

    public String operationPath(MetricPlan m) {
        return m.operation() == null ? "" : ElementPaths.pathOf(m.operation());
    }

    /**
     * The payload of a call at a modelled size: the size itself when the operation carries sequences or strings,
     * otherwise the CDR bytes of its in arguments (8 for a timestamp).
     */
    public int payloadBytes(Operation op, int size) {
        if (op == null) {
            return size;
        }
        if (calls.usesPayload(op)) {
            return size;
        }
        int bytes = 0;
        for (Parameter p : op.getParameters()) {
            if (p.getDirection() != ParameterDirection.OUT) {
                bytes += types.cdrSize(p.getType());
            }
        }
        return bytes;
    }

    /** The payload sizes a metric runs at, as a C++ initialiser list. */
    public String sizes(MetricPlan m) {
        return String.join(", ", m.payloadSizes().stream().map(String::valueOf).toList());
    }

    /** Statements setting the loop spec fields that differ from the defaults. */
    public List<String> specLines(MetricPlan m, String spec) {
        List<String> lines = new ArrayList<>();
        if (m.threads() > 1) {
            lines.add(spec + ".threads = " + m.threads() + ";");
        }
        if (m.rateHz() > 0) {
            lines.add(spec + ".rate_hz = " + m.rateHz() + ";");
        }
        if (m.metric() instanceof MissedDeadlines md && md.getDeadlineMicros() > 0) {
            lines.add(spec + ".deadline_ns = " + Math.round(md.getDeadlineMicros() * 1000.0) + ";");
        } else if (m.kind().equals("missedDeadlines") && !(m.rateHz() > 0)) {
            lines.add("// " + metricPath(m) + " sets neither a deadline nor a rate: no call can miss one");
        }
        if (m.durationMillis() > 0) {
            lines.add(spec + ".duration_ms = " + m.durationMillis() + ";");
        }
        if (m.preDelayMillis() > 0) {
            lines.add(spec + ".pre_delay_ms = " + m.preDelayMillis() + ";");
        }
        if (m.postDelayMillis() > 0) {
            lines.add(spec + ".post_delay_ms = " + m.postDelayMillis() + ";");
        }
        return lines;
    }
}
