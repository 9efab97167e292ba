package org.bgml.generator.tao;

import java.util.List;

import org.bgml.generator.common.TargetGenerator;
import org.bgml.generator.common.descriptor.TargetDescriptor;
import org.bgml.generator.common.descriptor.ToolchainVariable;
import org.bgml.generator.common.descriptor.ToolchainVariable.Under;
import org.bgml.model.Middleware;

/** The {@code tao} target: CORBA 2.x on TAO, built with MPC against an ACE/TAO source tree. */
public final class TaoDescriptor implements TargetDescriptor {
    private static final List<ToolchainVariable> TOOLCHAIN = List.of(
            ToolchainVariable.sourceTree("ACE_ROOT", "ACE", "ace/ACE.h",
                    "the ACE source tree (MPC's mwc.pl, the ACE libraries); the TAO and CIAO targets build against it"),
            ToolchainVariable.sourceTree("TAO_ROOT", "TAO", "tao/ORB.h",
                    "the TAO source tree, usually $ACE_ROOT/TAO; the TAO and CIAO targets need it", new Under("ACE_ROOT", "TAO")));

    @Override
    public String id() {
        return TaoManifest.TARGET;
    }

    @Override
    public String label() {
        return "TAO (CORBA 2.x)";
    }

    @Override
    public Middleware middleware() {
        return Middleware.TAO;
    }

    /** TAO applies TAO's options and those catalogued for CIAO, which runs on TAO's ORB. */
    @Override
    public boolean appliesSettingsOf(Middleware m) {
        return m == Middleware.TAO || m == Middleware.CIAO;
    }

    @Override
    public String catalog() {
        return "tao.bgml";
    }

    @Override
    public List<ToolchainVariable> toolchain() {
        return TOOLCHAIN;
    }

    @Override
    public TargetGenerator generator() {
        return new TaoGenerator();
    }
}
