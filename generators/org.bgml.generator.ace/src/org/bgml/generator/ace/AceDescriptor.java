package org.bgml.generator.ace;

import java.util.List;

import org.bgml.generator.common.TargetGenerator;
import org.bgml.generator.common.descriptor.TargetDescriptor;
import org.bgml.generator.common.descriptor.ToolchainVariable;
import org.bgml.generator.common.descriptor.ToolchainVariable.At;
import org.bgml.generator.common.descriptor.ToolchainVariable.Kind;
import org.bgml.model.Middleware;

/** The {@code ace} target: the same exchange over ACE sockets and CDR, no ORB: what an ORB costs. */
public final class AceDescriptor implements TargetDescriptor {
    private static final List<ToolchainVariable> TOOLCHAIN = List.of(
            new ToolchainVariable("ACE_INCLUDE", "ACE headers", Kind.FOLDER, "ace/ACE.h",
                    "the folder holding ace/ACE.h; the ACE target needs it (Debian: apt-get install libace-dev)", false,
                    List.of(new At("/usr/include"))));

    @Override
    public String id() {
        return "ace";
    }

    @Override
    public String label() {
        return "ACE baseline (no ORB)";
    }

    @Override
    public Middleware middleware() {
        return Middleware.ACE;
    }

    @Override
    public String catalog() {
        return "ace.bgml";
    }

    @Override
    public List<ToolchainVariable> toolchain() {
        return TOOLCHAIN;
    }

    @Override
    public TargetGenerator generator() {
        return new AceGenerator();
    }
}
