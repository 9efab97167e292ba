package org.bgml.generator.fastdds;

import java.util.List;

import org.bgml.generator.common.TargetGenerator;
import org.bgml.generator.common.descriptor.TargetDescriptor;
import org.bgml.generator.common.descriptor.ToolchainVariable;
import org.bgml.generator.common.descriptor.ToolchainVariable.At;
import org.bgml.generator.common.descriptor.ToolchainVariable.Kind;
import org.bgml.generator.common.descriptor.ToolchainVariable.OnPath;
import org.bgml.model.Middleware;

/** The {@code fastdds} target: the model's calls as request and reply topics, its events as topics, over eProsima Fast DDS. */
public final class FastDdsDescriptor implements TargetDescriptor {
    private static final String DEBIAN = " (Debian: apt-get install fastddsgen libfastrtps-dev libfastcdr-dev fastdds-tools)";
    private static final List<ToolchainVariable> TOOLCHAIN = List.of(
            new ToolchainVariable("FASTDDSGEN", "fastddsgen", Kind.PROGRAM, "",
                    "eProsima's IDL compiler, which the generated CMake build runs" + DEBIAN, false,
                    List.of(new OnPath("fastddsgen"))),
            new ToolchainVariable("FASTRTPS_CMAKE", "Fast DDS CMake package", Kind.FOLDER, "fastrtps-config.cmake",
                    "the folder of fastrtps-config.cmake, found by find_package(fastrtps)" + DEBIAN, false,
                    List.of(new At("/usr/lib/x86_64-linux-gnu/cmake/fastrtps"), new At("/usr/lib/aarch64-linux-gnu/cmake/fastrtps"),
                            new At("/usr/local/lib/cmake/fastrtps"))),
            new ToolchainVariable("FASTCDR_CMAKE", "Fast CDR CMake package", Kind.FOLDER, "fastcdr-config.cmake",
                    "the folder of fastcdr-config.cmake, found by find_package(fastcdr)" + DEBIAN, false,
                    List.of(new At("/usr/lib/x86_64-linux-gnu/cmake/fastcdr"), new At("/usr/lib/aarch64-linux-gnu/cmake/fastcdr"),
                            new At("/usr/local/lib/cmake/fastcdr"))));

    @Override
    public String id() {
        return "fastdds";
    }

    @Override
    public String label() {
        return "eProsima Fast DDS";
    }

    @Override
    public Middleware middleware() {
        return Middleware.FASTDDS;
    }

    @Override
    public String catalog() {
        return "fastdds.bgml";
    }

    @Override
    public List<ToolchainVariable> toolchain() {
        return TOOLCHAIN;
    }

    @Override
    public TargetGenerator generator() {
        return new FastDdsGenerator();
    }
}
