package org.bgml.model.patterns;

import java.util.List;

/**
 * A pattern: a model fragment with declared parameters. Instantiating it ({@link PatternInstantiator}) adds its IDL,
 * entities, connections, parameter blocks, processes and metrics to a model, every name prefixed.
 */
public interface PatternDefinition {
    /** The name users give ({@code --pattern proxy}). */
    String name();

    /** One sentence. */
    String description();

    List<PatternParameter> parameters();

    /** The prefix of the first instance in a model (later ones get 2, 3, ...): an identifier. */
    String defaultPrefix();

    /** Where the pattern comes from: {@code shipped}, or the pattern file. */
    String origin();

    /** Adds the pattern's elements through {@code builder}, whose names are prefixed. */
    void build(PatternBuilder builder, PatternArguments arguments) throws PatternException;
}
