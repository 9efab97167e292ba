package org.bgml.generator.common.plan;

import java.util.List;
import java.util.Map;

/**
 * The option settings of one process, sorted by where they land.
 *
 * @param svcConf    svc.conf directives: factory name to its option arguments, e.g.
 *                   {@code Advanced_Resource_Factory -> [-ORBReactorThreadQueue, FIFO]}
 * @param orbArgs    ORB_init arguments, in order
 * @param configFile configuration file entries (omniORB.cfg style {@code key = value})
 * @param environment environment variables
 * @param macros     compile-time macros ({@code -DNAME=value})
 */
public record OptionPlan(Map<String, List<String>> svcConf, List<String> orbArgs, Map<String, String> configFile,
        Map<String, String> environment, Map<String, String> macros) {

    public boolean isEmpty() {
        return svcConf.isEmpty() && orbArgs.isEmpty() && configFile.isEmpty() && environment.isEmpty() && macros.isEmpty();
    }
}
