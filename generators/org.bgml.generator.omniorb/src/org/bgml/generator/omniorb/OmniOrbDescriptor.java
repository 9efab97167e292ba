package org.bgml.generator.omniorb;

import java.util.List;

import org.bgml.generator.common.TargetGenerator;
import org.bgml.generator.common.descriptor.TargetDescriptor;
import org.bgml.generator.common.descriptor.ToolchainVariable;
import org.bgml.generator.common.descriptor.ToolchainVariable.At;
import org.bgml.generator.common.descriptor.ToolchainVariable.Kind;
import org.bgml.generator.common.descriptor.ToolchainVariable.OnPath;
import org.bgml.model.Middleware;

/** The {@code omniorb} target: omniORB 4 from the Debian packages, the embedded default. */
public final class OmniOrbDescriptor implements TargetDescriptor {
    private static final List<ToolchainVariable> TOOLCHAIN = List.of(
            new ToolchainVariable("OMNIORB_IDL", "omniidl", Kind.PROGRAM, "",
                    "the omniidl IDL compiler; the omniORB target needs it (Debian: apt-get install omniidl)", false,
                    List.of(new OnPath("omniidl"))),
            new ToolchainVariable("OMNIORB_INCLUDE", "omniORB headers", Kind.FOLDER, "omniORB4/CORBA.h",
                    "the folder holding omniORB4/CORBA.h; the omniORB target needs it (Debian: apt-get install libomniorb4-dev)",
                    false, List.of(new At("/usr/include"))));

    @Override
    public String id() {
        return OmniOrbNaming.TARGET;
    }

    @Override
    public String label() {
        return "omniORB 4 (CORBA 2.x)";
    }

    @Override
    public Middleware middleware() {
        return Middleware.OMNIORB;
    }

    @Override
    public String catalog() {
        return "omniorb.bgml";
    }

    @Override
    public List<ToolchainVariable> toolchain() {
        return TOOLCHAIN;
    }

    @Override
    public boolean isDefault() {
        return true;
    }

    @Override
    public TargetGenerator generator() {
        return new OmniOrbGenerator();
    }
}
