package org.bgml.validation.rules;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.bgml.model.Component;
import org.bgml.model.EnumType;
import org.bgml.model.EventType;
import org.bgml.model.Factor;
import org.bgml.model.Interface;
import org.bgml.model.Measurement;
import org.bgml.model.Module;
import org.bgml.model.NamedElement;
import org.bgml.model.Node;
import org.bgml.model.OptionCatalog;
import org.bgml.model.OptionDefinition;
import org.bgml.model.OptionEquals;
import org.bgml.model.OptionSetting;
import org.bgml.model.OptionType;
import org.bgml.model.ResultSet;
import org.bgml.model.Struct;
import org.bgml.validation.DiagnosticSink;
import org.bgml.validation.RuleSet;
import org.eclipse.emf.ecore.EObject;

/**
 * Names and texts that reach generated code, file names and command lines: identifiers must be legal in IDL
 * and C++ and unique in their scope; free text must not escape the output folder or be interpreted by a shell.
 */
public final class IdentifierRules implements RuleSet {
    /** Every name is a legal IDL and C++ identifier: ASCII letter first, then letters, digits and '_'; no '__'. */
    public static final String SYNTAX = "identifier.syntax";
    /** No name is an IDL keyword (compared without regard to case, as IDL does) or a C++ keyword. */
    public static final String KEYWORD = "identifier.keyword";
    /** No name is a macro of the system headers (errno, assert, linux, ...) or a middleware namespace (CORBA, TAO, ...). */
    public static final String RESERVED = "identifier.reserved";
    /**
     * Names are unique in their scope (all named children of one container; enum literals count in the
     * enclosing module); names that differ only in case collide, because IDL compares them without case.
     */
    public static final String UNIQUE = "identifier.unique";
    /** A member of a module, interface, struct, event type or component does not repeat the enclosing name (IDL forbids it, C++ reads it as a constructor). */
    public static final String ENCLOSING = "identifier.enclosing";
    /**
     * Text that reaches generated command lines, configuration files and comments (option values, keys,
     * factories, host names, descriptions) holds nothing a shell would interpret, no line breaks where
     * they split an entry, and nothing that ends a comment early.
     */
    public static final String UNSAFE_TEXT = "identifier.unsafe-text";
    /** Paths written by or into the tool (raw sample files, run folders) are relative, without '..' segments or NULs. */
    public static final String UNSAFE_PATH = "identifier.unsafe-path";

    @Override
    public void check(EObject root, DiagnosticSink sink) {
        for (NamedElement element : Elements.allOf(root, NamedElement.class)) {
            checkName(element, element.getName(), () -> Elements.kind(element) + " " + Elements.quote(element.getName()), sink);
            checkEnclosing(element, sink);
            checkComment(element, sink);
        }
        for (EnumType e : Elements.allOf(root, EnumType.class)) {
            for (String literal : e.getLiterals()) {
                checkName(e, literal, () -> "literal " + Elements.quote(literal) + " of " + Elements.label(e), sink);
            }
        }
        checkScopes(root, sink);
        checkTexts(root, sink);
    }

    /** {@code subject} names the element in a message: made only when there is one to write. */
    private static void checkName(EObject element, String name, Supplier<String> subject, DiagnosticSink sink) {
        if (name == null || name.isEmpty()) {
            sink.error(SYNTAX, element, Elements.label(element) + " has no name; every element needs a name that is an IDL and C++ identifier");
            return;
        }
        String problem = Identifiers.syntaxProblem(name);
        if (problem != null) {
            sink.error(SYNTAX, element, "the name of " + subject.get() + " " + problem);
            return;
        }
        problem = Identifiers.keywordProblem(name);
        if (problem != null) {
            sink.error(KEYWORD, element, "the name of " + subject.get() + " " + problem + "; the generated IDL or C++ would not compile");
            return;
        }
        problem = Identifiers.reservedProblem(name);
        if (problem != null) {
            sink.error(RESERVED, element, "the name of " + subject.get() + " " + problem + "; the generated C++ cannot use it");
        }
    }

    private static void checkEnclosing(NamedElement element, DiagnosticSink sink) {
        EObject container = element.eContainer();
        boolean scope = container instanceof Module || container instanceof Interface || container instanceof Struct
                || container instanceof EventType || container instanceof Component;
        if (!scope || element.getName() == null || element.getName().isEmpty()) {
            return;
        }
        String outer = ((NamedElement) container).getName();
        if (outer != null && Identifiers.collisionKey(outer).equals(Identifiers.collisionKey(element.getName()))) {
            sink.error(ENCLOSING, element, Elements.label(element) + " has the name of its enclosing "
                    + Elements.kind(container) + "; IDL forbids redefining the enclosing name and C++ would read it as a constructor");
        }
    }

    /** One scope per container; IDL compares names without case, and enum literals join their module's scope. */
    private static void checkScopes(EObject root, DiagnosticSink sink) {
        for (EObject container : Elements.allOf(root, EObject.class)) {
            List<EObject> contents = container.eContents();
            if (contents.size() < 2 && !(container instanceof Module)) {
                continue; // one name or none: nothing to collide (most elements are leaves)
            }
            Map<String, String> seen = new HashMap<>();
            for (EObject child : contents) {
                if (child instanceof NamedElement named && named.getName() != null && !named.getName().isEmpty()) {
                    claim(seen, named.getName(), child, () -> Elements.label(child), sink);
                }
            }
            if (container instanceof Module) {
                for (EObject child : container.eContents()) {
                    if (child instanceof EnumType e) {
                        for (String literal : e.getLiterals()) {
                            if (literal != null && !literal.isEmpty()) {
                                claim(seen, literal, e, () -> "literal " + Elements.quote(literal) + " of " + Elements.label(e), sink);
                            }
                        }
                    }
                }
            }
        }
    }

    private static void claim(Map<String, String> seen, String name, EObject element, Supplier<String> subject, DiagnosticSink sink) {
        String key = Identifiers.collisionKey(name);
        String earlier = seen.putIfAbsent(key, name);
        if (earlier == null) {
            return;
        }
        if (earlier.equals(name)) {
            sink.error(UNIQUE, element, subject.get() + ": the name " + Elements.quote(name)
                    + " is already used in the same scope; names must be unique in their scope");
        } else {
            sink.error(UNIQUE, element, subject.get() + ": the name " + Elements.quote(name) + " differs only in case from "
                    + Elements.quote(earlier) + " in the same scope; IDL treats them as the same name");
        }
    }

    private static void checkComment(NamedElement element, DiagnosticSink sink) {
        String problem = TextSafety.commentProblem(element.getDescription());
        if (problem != null) {
            sink.error(UNSAFE_TEXT, element, "the description of " + Elements.label(element) + " " + problem);
        }
    }

    private static void checkTexts(EObject root, DiagnosticSink sink) {
        for (OptionDefinition o : Elements.allOf(root, OptionDefinition.class)) {
            text(o, "key", o.getKey(), TextSafety.wordProblem(o.getKey()), sink);
            text(o, "factory", o.getFactory(), TextSafety.wordProblem(o.getFactory()), sink);
            text(o, "default", o.getDefault(), TextSafety.commandLineProblem(o.getDefault()), sink);
            for (String v : o.getValues()) {
                text(o, "value", v, TextSafety.commandLineProblem(v), sink);
            }
        }
        for (OptionCatalog c : Elements.allOf(root, OptionCatalog.class)) {
            text(c, "version", c.getVersion(), TextSafety.commandLineProblem(c.getVersion()), sink);
        }
        for (OptionSetting s : Elements.allOf(root, OptionSetting.class)) {
            if (isFreeText(s.getOption())) {
                text(s, "value", s.getValue(), TextSafety.commandLineProblem(s.getValue()), sink);
            }
        }
        for (OptionEquals e : Elements.allOf(root, OptionEquals.class)) {
            if (isFreeText(e.getOption())) {
                text(e, "value", e.getValue(), TextSafety.commandLineProblem(e.getValue()), sink);
            }
        }
        for (Factor f : Elements.allOf(root, Factor.class)) {
            if (f.getOption() != null && isFreeText(f.getOption())) { // workload levels are checked as numbers
                for (String level : f.getLevels()) {
                    text(f, "level", level, TextSafety.commandLineProblem(level), sink);
                }
            }
        }
        for (Node n : Elements.allOf(root, Node.class)) {
            text(n, "host", n.getHost(), TextSafety.wordProblem(n.getHost()), sink);
        }
        for (Measurement m : Elements.allOf(root, Measurement.class)) {
            path(m, "raw samples path", m.getRawSamples(), TextSafety.relativePathProblem(m.getRawSamples()), sink);
        }
        for (ResultSet r : Elements.allOf(root, ResultSet.class)) {
            path(r, "run id", r.getRunId(), TextSafety.fileNameProblem(r.getRunId()), sink);
        }
    }

    /** Values of enumerated options are checked against their domain instead; only free text needs this check. */
    private static boolean isFreeText(OptionDefinition option) {
        OptionDefinition o = Elements.resolved(option);
        return o == null || o.getType() == OptionType.STRING;
    }

    private static void text(EObject element, String field, String value, String problem, DiagnosticSink sink) {
        if (problem != null && value != null) {
            sink.error(UNSAFE_TEXT, element, "the " + field + " " + Elements.quote(value) + " of " + Elements.label(element) + " " + problem);
        }
    }

    private static void path(EObject element, String field, String value, String problem, DiagnosticSink sink) {
        if (problem != null && value != null) {
            sink.error(UNSAFE_PATH, element, "the " + field + " " + Elements.quote(value) + " of " + Elements.label(element) + " " + problem);
        }
    }
}
