package org.bgml.generator.tao;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.bgml.generator.common.manifest.Manifest.Library;

/**
 * The ACE/TAO libraries a TAO benchmark links, per process, from the MPC base projects its projects derive from
 * ({@link BuildTemplate}). MPC's gnuace makefiles skip a project whose library is missing with a line on stderr and
 * let make end with 0; the manifest names these libraries so that the launcher checks them before it builds.
 */
public final class TaoLibraries {
    /** Where an ACE/TAO source build puts every library. */
    public static final String DIR = "$ACE_ROOT/lib";

    /** The libraries each base project adds (its own and those of the projects it derives from), as TAO 2.x's MPC has them. */
    private static final Map<String, List<String>> BY_BASE = Map.of(
            "taoclient", List.of("ACE", "TAO", "TAO_AnyTypeCode"),
            "taoserver", List.of("ACE", "TAO", "TAO_AnyTypeCode", "TAO_PortableServer"),
            "event", List.of("TAO_CosEvent"),
            "event_skel", List.of("TAO_CosEvent", "TAO_CosEvent_Skel"),
            "event_serv", List.of("TAO_CosEvent", "TAO_CosEvent_Skel", "TAO_CosEvent_Serv", "TAO_CosNaming", "TAO_Svc_Utils",
                    "TAO_IFR_Client", "TAO_DynamicInterface", "TAO_Messaging", "TAO_PI", "TAO_CodecFactory", "TAO_Valuetype"),
            "strategies", List.of("TAO_Strategies"),
            "pi_server", List.of("TAO_CodecFactory", "TAO_PI", "TAO_PortableServer", "TAO_PI_Server"),
            "anytypecode", List.of("TAO_AnyTypeCode"));

    private final Map<String, Set<String>> neededBy = new LinkedHashMap<>();

    /** Records that {@code process} is built on these MPC base projects. */
    public void add(String process, List<String> bases) {
        for (String base : bases) {
            for (String library : BY_BASE.getOrDefault(base, List.of())) {
                neededBy.computeIfAbsent(library, k -> new LinkedHashSet<>()).add(process);
            }
        }
    }

    /** Every library, in the order first needed, with the processes that need it. */
    public List<Library> libraries() {
        List<Library> libraries = new ArrayList<>();
        neededBy.forEach((name, processes) -> libraries.add(new Library(name, DIR, List.copyOf(processes))));
        return libraries;
    }
}
