package org.bgml.diagram.gmodel;

import java.util.ArrayList;
import java.util.List;

import org.bgml.model.Entity;
import org.bgml.model.EventSink;
import org.bgml.model.Facet;
import org.bgml.model.Port;

/**
 * Sizes of nodes and the places of their ports, computed on the server so the client only renders (see PROTOCOL.md,
 * "Ids, layout and sizes"). Provided ports (facets, sinks) sit on the left border, used ports (receptacles,
 * sources) on the right, so that the layered layout can run connections left to right.
 */
public final class NodeGeometry {
    public static final double CHAR_WIDTH = 7.5;
    public static final double MIN_WIDTH = 120;
    public static final double HEADER = 44;
    public static final double PORT_SIZE = 16;
    public static final double PORT_PITCH = 22;
    public static final double MIN_HEIGHT = 56;

    /** A port's place relative to its node; {@code left} tells the side. */
    public record PortPlace(Port port, double x, double y, boolean left) {
    }

    private NodeGeometry() {
    }

    public static boolean onLeft(Port port) {
        return port instanceof Facet || port instanceof EventSink;
    }

    public static double textWidth(String text) {
        return text == null ? 0 : text.length() * CHAR_WIDTH;
    }

    public static double minWidth(Entity entity) {
        double left = 0;
        double right = 0;
        for (Port p : entity.getPorts()) {
            if (onLeft(p)) {
                left = Math.max(left, textWidth(p.getName()));
            } else {
                right = Math.max(right, textWidth(p.getName()));
            }
        }
        double title = Math.max(textWidth(entity.getName()), textWidth("«Component»")) + 24;
        return Math.max(MIN_WIDTH, Math.max(title, left + right + 48));
    }

    public static double minHeight(Entity entity) {
        int left = 0;
        int right = 0;
        for (Port p : entity.getPorts()) {
            if (onLeft(p)) {
                left++;
            } else {
                right++;
            }
        }
        return Math.max(MIN_HEIGHT, HEADER + PORT_PITCH * Math.max(left, right));
    }

    /** Port places for a node of the given width: centred on the border line, top to bottom in model order. */
    public static List<PortPlace> ports(Entity entity, double width) {
        List<PortPlace> places = new ArrayList<>();
        int left = 0;
        int right = 0;
        for (Port p : entity.getPorts()) {
            boolean l = onLeft(p);
            int i = l ? left++ : right++;
            double y = HEADER - PORT_SIZE / 2 + 3 + PORT_PITCH * i;
            places.add(new PortPlace(p, l ? -PORT_SIZE / 2 : width - PORT_SIZE / 2, y, l));
        }
        return places;
    }
}
