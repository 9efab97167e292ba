package org.bgml.cli;

import java.util.Iterator;

import org.bgml.model.patterns.PatternDefinition;
import org.bgml.model.patterns.PatternLibrary;

/** The shipped patterns' names, for {@code --pattern}'s help and the shell completion. */
final class PatternNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
        return PatternLibrary.shipped().stream().map(PatternDefinition::name).iterator();
    }
}
