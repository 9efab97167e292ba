package org.bgml.targets;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.generator.ace.AceGenerator;
import org.bgml.generator.ciao.CiaoTarget;
import org.bgml.generator.common.TargetGenerator;
import org.bgml.generator.omniorb.OmniOrbGenerator;
import org.bgml.generator.tao.TaoGenerator;

/** Every target BGML can generate for, by id. */
public final class Targets {
    private Targets() {
    }

    public static List<TargetGenerator> all() {
        // the embedded default first: it is what `bgml run` uses when no target is given
        return List.of(new OmniOrbGenerator(), new AceGenerator(), new TaoGenerator(), new CiaoTarget());
    }

    public static Map<String, TargetGenerator> byId() {
        Map<String, TargetGenerator> targets = new LinkedHashMap<>();
        all().forEach(t -> targets.put(t.id(), t));
        return targets;
    }
}
