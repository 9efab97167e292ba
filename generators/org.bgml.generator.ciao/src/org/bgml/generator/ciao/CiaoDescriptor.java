package org.bgml.generator.ciao;

import java.util.List;

import org.bgml.generator.common.TargetGenerator;
import org.bgml.generator.common.descriptor.TargetDescriptor;
import org.bgml.generator.common.descriptor.ToolchainVariable;
import org.bgml.generator.common.descriptor.ToolchainVariable.Under;
import org.bgml.model.Middleware;

/** The {@code ciao} target: CCM components on CIAO, deployed by DAnCE; it reads TAO's option catalogue. */
public final class CiaoDescriptor implements TargetDescriptor {
    private static final List<ToolchainVariable> TOOLCHAIN = List.of(
            ToolchainVariable.sourceTree("ACE_ROOT", "ACE", "ace/ACE.h",
                    "the ACE source tree (MPC's mwc.pl, the ACE libraries); the TAO and CIAO targets build against it"),
            ToolchainVariable.sourceTree("TAO_ROOT", "TAO", "tao/ORB.h",
                    "the TAO source tree, usually $ACE_ROOT/TAO; the TAO and CIAO targets need it", new Under("ACE_ROOT", "TAO")),
            ToolchainVariable.sourceTree("CIAO_ROOT", "CIAO", "ciao",
                    "the CIAO source tree, usually $TAO_ROOT/CIAO; the CIAO target needs it", new Under("TAO_ROOT", "CIAO")),
            ToolchainVariable.sourceTree("DANCE_ROOT", "DAnCE", "dance",
                    "the DAnCE source tree, usually $TAO_ROOT/DAnCE; the CIAO target deploys with it", new Under("TAO_ROOT", "DAnCE")));

    @Override
    public String id() {
        return CiaoTarget.ID;
    }

    @Override
    public String label() {
        return "CIAO (CCM, deployed by DAnCE)";
    }

    @Override
    public Middleware middleware() {
        return Middleware.CIAO;
    }

    /** CIAO's components run on TAO's ORB: TAO's options apply, as do any catalogued for CIAO itself. */
    @Override
    public boolean appliesSettingsOf(Middleware m) {
        return m == Middleware.CIAO || m == Middleware.TAO;
    }

    @Override
    public String catalog() {
        return null;
    }

    @Override
    public List<ToolchainVariable> toolchain() {
        return TOOLCHAIN;
    }

    @Override
    public TargetGenerator generator() {
        return new CiaoTarget();
    }
}
