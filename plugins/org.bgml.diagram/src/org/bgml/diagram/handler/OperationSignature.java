package org.bgml.diagram.handler;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.IdlDefinition;
import org.bgml.model.Interface;
import org.bgml.model.Module;
import org.bgml.model.NamedType;
import org.bgml.model.Operation;
import org.bgml.model.Parameter;
import org.bgml.model.ParameterDirection;
import org.bgml.model.PrimitiveKind;
import org.bgml.model.Sequence;
import org.bgml.model.TypeRef;
import org.bgml.model.io.ElementPaths;
import org.eclipse.emf.ecore.EObject;

/**
 * An operation typed in the property sheet as an IDL signature, e.g. {@code ping(in sequence<octet> payload)},
 * {@code unsigned long long echo(in unsigned long long stamp)} or just {@code ping} ({@code void ping()}).
 * Types are IDL primitives, {@code sequence<T>} (a named sequence {@code TSeq} in the interface's module, created when
 * missing) or the scoped name of a type the model defines. {@link #parse} checks everything before anything changes.
 */
public final class OperationSignature {
    private static final Pattern SIGNATURE = Pattern.compile("\\s*(oneway\\s+)?(?:(.+?)\\s+)??([A-Za-z_][A-Za-z0-9_]*)\\s*(?:\\((.*)\\))?\\s*");
    private static final Pattern PARAMETER = Pattern.compile("\\s*(in|out|inout)?\\s*(.+?)\\s+([A-Za-z_][A-Za-z0-9_]*)\\s*");
    private static final Pattern SEQUENCE = Pattern.compile("sequence\\s*<\\s*(.+?)\\s*>");

    private OperationSignature() {
    }

    /** The new operation, and the sequence types it needs created first (already added to {@code changes}). */
    public static Operation parse(BenchmarkModel model, Interface owner, String text, List<Runnable> changes) {
        Matcher m = SIGNATURE.matcher(text);
        if (text.isBlank() || !m.matches()) {
            throw new IllegalArgumentException("write an operation as name(in type name, ...), e.g. ping(in sequence<octet> payload)");
        }
        String name = m.group(3);
        String problem = ModelElements.nameProblem(owner, null, name);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        Operation op = BgmlFactory.eINSTANCE.createOperation();
        op.setName(name);
        op.setOneway(m.group(1) != null);
        String ret = m.group(2) == null ? "void" : m.group(2).trim();
        if (!ret.equals("void")) {
            if (op.isOneway()) {
                throw new IllegalArgumentException("a oneway operation returns void");
            }
            op.setReturnType(type(model, owner, ret, changes));
        }
        String params = m.group(4) == null ? "" : m.group(4).trim();
        List<String> names = new ArrayList<>();
        if (!params.isEmpty()) {
            for (String part : splitTopLevel(params)) {
                Matcher p = PARAMETER.matcher(part);
                if (!p.matches()) {
                    throw new IllegalArgumentException("'" + part.trim() + "' is not a parameter: write in|out|inout type name");
                }
                Parameter parameter = BgmlFactory.eINSTANCE.createParameter();
                String pname = p.group(3);
                String clause = org.bgml.validation.rules.Identifiers.syntaxProblem(pname);
                if (clause == null) {
                    clause = org.bgml.validation.rules.Identifiers.keywordProblem(pname);
                }
                if (clause != null) {
                    throw new IllegalArgumentException("parameter '" + pname + "' " + clause);
                }
                if (names.stream().anyMatch(n -> n.equalsIgnoreCase(pname))) {
                    throw new IllegalArgumentException("two parameters are named '" + pname + "'");
                }
                names.add(pname);
                parameter.setName(pname);
                ParameterDirection direction = p.group(1) == null ? ParameterDirection.IN : ParameterDirection.get(p.group(1));
                if (op.isOneway() && direction != ParameterDirection.IN) {
                    throw new IllegalArgumentException("a oneway operation has only in parameters");
                }
                parameter.setDirection(direction);
                parameter.setType(type(model, owner, p.group(2).trim(), changes));
                op.getParameters().add(parameter);
            }
        }
        return op;
    }

    /**
     * {@code void ping(in Bench::OctetSeq payload)}: how the property sheet lists an operation, with the scoped names of
     * the model's types, so that the text typed back into "Add operation" means the same operation.
     */
    public static String format(Operation op) {
        StringBuilder s = new StringBuilder();
        if (op.isOneway()) {
            s.append("oneway ");
        }
        s.append(op.getReturnType() == null ? "void" : typeName(op.getReturnType())).append(' ').append(op.getName()).append('(');
        for (int i = 0; i < op.getParameters().size(); i++) {
            Parameter p = op.getParameters().get(i);
            s.append(i == 0 ? "" : ", ").append(p.getDirection().getLiteral()).append(' ').append(typeName(p.getType())).append(' ').append(p.getName());
        }
        return s.append(')').toString();
    }

    private static String typeName(TypeRef t) {
        if (t == null) {
            return "?";
        }
        if (t.getNamed() != null) {
            return ElementPaths.pathOf(t.getNamed());
        }
        return t.isSetPrimitive() ? t.getPrimitive().getLiteral() : "?";
    }

    private static List<String> splitTopLevel(String params) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < params.length(); i++) {
            char c = params.charAt(i);
            if (c == '<') {
                depth++;
            } else if (c == '>') {
                depth--;
            } else if (c == ',' && depth == 0) {
                parts.add(params.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(params.substring(start));
        return parts;
    }

    private static TypeRef type(BenchmarkModel model, Interface owner, String spelled, List<Runnable> changes) {
        String text = spelled.replaceAll("\\s+", " ").trim();
        TypeRef ref = BgmlFactory.eINSTANCE.createTypeRef();
        PrimitiveKind primitive = PrimitiveKind.get(text);
        if (primitive != null) {
            ref.setPrimitive(primitive);
            return ref;
        }
        Matcher seq = SEQUENCE.matcher(text);
        if (seq.matches()) {
            ref.setNamed(sequence(model, owner, seq.group(1).trim(), changes));
            return ref;
        }
        EObject found = ModelElements.resolve(model, text);
        if (found == null && owner.eContainer() instanceof Module module) {
            found = ModelElements.resolve(model, ElementPaths.pathOf(module) + "::" + text);
        }
        if (found instanceof NamedType named && !(found instanceof Interface)) {
            ref.setNamed(named);
            return ref;
        }
        throw new IllegalArgumentException("'" + text + "' is neither an IDL primitive (" + String.join(", ", PrimitiveKind.VALUES.stream()
                .map(PrimitiveKind::getLiteral).toList()) + "), sequence<...> nor a data type of the model");
    }

    /** The module's {@code sequence<element>} type named {@code ElementSeq}, created when the module has none. */
    private static Sequence sequence(BenchmarkModel model, Interface owner, String element, List<Runnable> changes) {
        Module module = (Module) owner.eContainer();
        TypeRef elementType = type(model, owner, element, changes);
        for (IdlDefinition d : module.getDefinitions()) {
            if (d instanceof Sequence s && s.getBound() == 0 && s.getElementType() != null && same(s.getElementType(), elementType)) {
                return s;
            }
        }
        String base = elementType.getNamed() != null ? elementType.getNamed().getName()
                : capitalised(elementType.getPrimitive().getLiteral());
        Sequence s = BgmlFactory.eINSTANCE.createSequence();
        String name = base + "Seq";
        s.setName(ModelElements.nameProblem(module, null, name) == null ? name : ModelElements.freshName(module, name));
        s.setElementType(elementType);
        // before the interface, so the generated IDL declares it before its use
        changes.add(() -> module.getDefinitions().add(Math.max(0, module.getDefinitions().indexOf(owner)), s));
        return s;
    }

    private static boolean same(TypeRef a, TypeRef b) {
        return a.getNamed() != null ? a.getNamed() == b.getNamed() : b.getNamed() == null && a.getPrimitive() == b.getPrimitive();
    }

    private static String capitalised(String literal) {
        StringBuilder s = new StringBuilder();
        for (String word : literal.split(" ")) {
            s.append(word.substring(0, 1).toUpperCase(Locale.ROOT)).append(word.substring(1));
        }
        return s.toString();
    }
}
