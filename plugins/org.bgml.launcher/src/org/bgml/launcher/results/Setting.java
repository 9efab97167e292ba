package org.bgml.launcher.results;

/**
 * One middleware option of a run's configuration.
 *
 * @param scope  where it applies: a process name, or "" for every process
 * @param option the option's name (its catalogue key, e.g. {@code -ORBEndpoint} or {@code endPoint})
 */
public record Setting(String scope, String option, String value) {
    public Setting {
        scope = scope == null ? "" : scope;
    }
}
