package org.bgml.diagram.properties;

import java.util.List;

import org.bgml.diagram.actions.SetPropertiesAction.Property;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.EventSource;
import org.bgml.model.RateKind;
import org.bgml.model.Workload;
import org.eclipse.emf.ecore.EObject;

/**
 * An event source's timer: ticked, the source publishes by itself at a fixed rate (a rate generator) for a count or a
 * duration. A new timer runs at 100 Hz for 1,000 events.
 */
final class TimerProperties implements PropertyProvider {

    @Override
    public boolean appliesTo(EObject element) {
        return element instanceof EventSource;
    }

    @Override
    public void rows(BenchmarkModel model, EObject element, List<Property> rows) {
        Workload t = ((EventSource) element).getTimer();
        rows.add(new Property("timer", "Periodic (timer)", String.valueOf(t != null), "boolean", null));
        if (t != null) {
            rows.add(Rows.number("timer.rateHz", "Timer: rate (Hz)", String.valueOf(t.getRateHz())));
            rows.add(Rows.number("timer.iterations", "Timer: count (events)", String.valueOf(t.getIterations())));
            rows.add(Rows.number("timer.durationMillis", "Timer: duration (ms; wins over the count)", String.valueOf(t.getDurationMillis())));
        }
    }

    @Override
    public Runnable apply(BenchmarkModel model, EObject element, String property, String value) {
        EventSource s = (EventSource) element;
        Workload t = s.getTimer();
        switch (property) {
            case "timer" -> {
                if (!Boolean.parseBoolean(value)) {
                    return () -> s.setTimer(null);
                }
                if (t != null) {
                    return () -> {
                    };
                }
                Workload w = BgmlFactory.eINSTANCE.createWorkload();
                w.setRate(RateKind.FIXED);
                w.setRateHz(100);
                w.setIterations(1000);
                return () -> s.setTimer(w);
            }
            case "timer.rateHz" -> {
                double hz = Rows.number(value);
                if (!(hz > 0) || Double.isInfinite(hz)) {
                    throw new IllegalArgumentException("a timer's rate is a positive number of events per second");
                }
                Workload w = timer(s);
                return () -> w.setRateHz(hz);
            }
            case "timer.iterations" -> {
                int n = Rows.nonNegative(value);
                Workload w = timer(s);
                return () -> w.setIterations(n);
            }
            case "timer.durationMillis" -> {
                long n = Rows.nonNegative(value);
                Workload w = timer(s);
                return () -> w.setDurationMillis(n);
            }
            default -> {
                return null;
            }
        }
    }

    private static Workload timer(EventSource s) {
        if (s.getTimer() == null) {
            throw new IllegalArgumentException(s.getName() + " is not periodic; tick 'Periodic (timer)' first");
        }
        return s.getTimer();
    }
}
