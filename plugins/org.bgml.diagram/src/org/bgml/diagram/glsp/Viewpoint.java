package org.bgml.diagram.glsp;

import java.util.Locale;

/** The layers the user switches between. */
public enum Viewpoint {
    INTERCONNECTION, METRIC, CONFIGURATION;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Viewpoint of(String id) {
        for (Viewpoint v : values()) {
            if (v.id().equals(id)) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown viewpoint '" + id + "'; use interconnection, metric or configuration");
    }
}
