package org.bgml.diagram.properties;

import java.util.ArrayList;
import java.util.List;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.OptionCatalog;
import org.bgml.model.OptionDefinition;
import org.bgml.model.io.ModelFiles;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;

/** The option catalogues a configuration can draw on: the model's own and the shipped ones. */
final class OptionCatalogues {
    /** The catalogues shipped in the model bundle ({@code bgml:/catalogs/FILE}). */
    static final List<String> SHIPPED = List.of("tao.bgml", "omniorb.bgml", "ace.bgml");

    private OptionCatalogues() {
    }

    static List<OptionCatalog> of(BenchmarkModel model) {
        List<OptionCatalog> all = new ArrayList<>(model.getCatalogs());
        ResourceSet set = model.eResource() == null ? null : model.eResource().getResourceSet();
        if (set != null) {
            for (String file : SHIPPED) {
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

    /** The option named {@code catalog/option} or just {@code option}; throws when no catalogue has it. */
    static OptionDefinition find(BenchmarkModel model, String name) {
        for (OptionCatalog c : of(model)) {
            for (OptionDefinition d : c.getOptions()) {
                if (name.equals(c.getName() + "/" + d.getName()) || name.equals(d.getName())) {
                    return d;
                }
            }
        }
        throw new IllegalArgumentException("no option '" + name + "' in the catalogues (" + String.join(", ", SHIPPED) + ")");
    }
}
