package org.bgml.diagram.properties;

import java.util.ArrayList;
import java.util.List;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.OptionCatalog;
import org.bgml.model.OptionDefinition;
import org.bgml.model.io.ModelFiles;
import org.bgml.targets.Targets;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;

/**
 * The option catalogues a configuration can draw on: the model's own, and those of the registered targets (shipped in
 * the model bundle as {@code bgml:/catalogs/FILE}).
 */
final class OptionCatalogues {
    private OptionCatalogues() {
    }

    static List<OptionCatalog> of(BenchmarkModel model) {
        List<OptionCatalog> all = new ArrayList<>(model.getCatalogs());
        ResourceSet set = model.eResource() == null ? null : model.eResource().getResourceSet();
        if (set != null) {
            for (String file : Targets.catalogs()) {
                try {
                    // bgml:/catalogs/FILE (appendSegment would add a second slash after the folder's), as hand-written models refer to it
                    Resource r = set.getResource(URI.createURI(ModelFiles.CATALOGS + file), true);
                    r.getContents().stream().filter(OptionCatalog.class::isInstance).map(OptionCatalog.class::cast)
                            .filter(c -> !all.contains(c)).forEach(all::add);
                } catch (RuntimeException e) {
                    // a catalogue that is not shipped in this installation is simply not offered
                }
            }
        }
        return all;
    }

    /** Options of the model's own catalogues and of the shipped ones, as {@code catalog/option}. */
    static List<String> optionNames(BenchmarkModel model) {
        List<String> names = new ArrayList<>();
        for (OptionCatalog c : of(model)) {
            for (OptionDefinition d : c.getOptions()) {
                names.add(c.getName() + "/" + d.getName());
            }
        }
        return names;
    }

    /** An option by {@code catalog/option}, or by its bare name when only one catalogue has it. */
    static OptionDefinition find(BenchmarkModel model, String name) {
        List<OptionDefinition> bare = new ArrayList<>();
        for (OptionCatalog c : of(model)) {
            for (OptionDefinition d : c.getOptions()) {
                if (name.equals(c.getName() + "/" + d.getName())) {
                    return d;
                }
                if (name.equals(d.getName())) {
                    bare.add(d);
                }
            }
        }
        if (bare.size() == 1) {
            return bare.get(0);
        }
        if (bare.size() > 1) {
            throw new IllegalArgumentException("option '" + name + "' is in several catalogues ("
                    + String.join(", ", bare.stream().map(d -> ((OptionCatalog) d.eContainer()).getName()).toList())
                    + "); write it as CATALOG/" + name);
        }
        throw new IllegalArgumentException("no option '" + name + "' in the catalogues (" + String.join(", ", Targets.catalogs()) + ")");
    }
}
