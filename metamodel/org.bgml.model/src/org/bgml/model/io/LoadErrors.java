package org.bgml.model.io;

import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamReader;

import org.bgml.model.BgmlPackage;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EClassifier;
import org.eclipse.emf.ecore.EEnum;
import org.eclipse.emf.ecore.EEnumLiteral;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.xmi.ClassNotFoundException;
import org.eclipse.emf.ecore.xmi.FeatureNotFoundException;
import org.eclipse.emf.ecore.xmi.IllegalValueException;
import org.eclipse.emf.ecore.xmi.PackageNotFoundException;
import org.eclipse.emf.ecore.xmi.UnresolvedReferenceException;
import org.eclipse.emf.ecore.xmi.XMIException;

/**
 * Plain words for everything that can go wrong while reading a {@code .bgml} file: each message says what is
 * wrong and what was expected instead. Used only by {@link ModelFiles}; it never throws.
 */
final class LoadErrors {
    static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";
    static final String ROOTS = "bgml:BenchmarkModel or bgml:OptionCatalog";
    private static final Pattern BAD_BYTE = Pattern.compile("Invalid byte \\d+ of \\d+-byte UTF-8 sequence\\.?");
    private static final Pattern UNCLOSED = Pattern.compile(
            "The element type \"([^\"]+)\" must be terminated by the matching end-tag \"</([^\"]+)>\"\\.?");

    private LoadErrors() {
    }

    /** A StAX reader that never fetches DTDs or external entities. */
    static XMLInputFactory safeFactory() {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        return factory;
    }

    /** The parser failed before the root element: the file is no XML model at all, or was cut very early. */
    static String beforeRoot(String parserMessage) {
        String m = strip(parserMessage);
        if (isEndOfFile(m)) {
            return "the file ends before its root element is complete (truncated?); expected a " + ROOTS + " root element";
        }
        String reason;
        if (m.contains("Content is not allowed in prolog")) {
            reason = "it starts with text, not XML markup";
        } else if (BAD_BYTE.matcher(m).find()) {
            reason = "it holds bytes that are not UTF-8 text (a binary file?)";
        } else {
            reason = "it is not well-formed XML (" + m + ")";
        }
        return "not a BGML model: " + reason + "; expected an XML file whose root element is " + ROOTS;
    }

    /** The parser failed inside the model whose root element is {@code root} (a qualified name, may be null). */
    static String insideModel(String parserMessage, String root) {
        String m = strip(parserMessage);
        String closing = root == null ? "its closing tag" : "</" + root + ">";
        if (isEndOfFile(m)) {
            return "the file ends before the model does (truncated?); expected the rest of the model up to " + closing;
        }
        if (BAD_BYTE.matcher(m).find()) {
            return "bytes that are not UTF-8 text (a damaged file?); expected UTF-8 encoded XML";
        }
        Matcher unclosed = UNCLOSED.matcher(m);
        if (unclosed.find()) {
            return "not well-formed XML: <" + unclosed.group(1) + "> is not closed; expected </" + unclosed.group(2) + "> here";
        }
        return "not well-formed XML: " + m + (m.toLowerCase(java.util.Locale.ROOT).contains("expected") ? "" : "; expected well-formed XMI");
    }

    /** An EMF load diagnostic in plain words. */
    static String explain(Resource.Diagnostic d, Path file, String root, Resource resource) {
        try {
            return explainUnsafe(d, file, root, resource);
        } catch (RuntimeException e) {
            return String.valueOf(d.getMessage()); // a message refinement must never hide the problem itself
        }
    }

    private static String explainUnsafe(Resource.Diagnostic d, Path file, String root, Resource resource) {
        if (d instanceof FeatureNotFoundException f) {
            EObject object = f.getObject();
            return "unknown attribute or element '" + f.getName() + "'" + onElement(object)
                    + (object == null ? "" : "; expected one of " + featureNames(object.eClass()));
        }
        if (d instanceof UnresolvedReferenceException u) {
            EStructuralFeature feature = u.getFeature();
            String reference = u.getReference().startsWith("#") ? u.getReference().substring(1) : u.getReference();
            StringBuilder s = new StringBuilder("reference ");
            s.append(feature == null ? "" : feature.getName() + "=").append('\'').append(reference).append('\'')
                    .append(onElement(u.getObject())).append(" names no element of this model; expected the path of ");
            if (feature != null && feature.getEType() instanceof EClass type && type != org.eclipse.emf.ecore.EcorePackage.Literals.EOBJECT) {
                s.append(article(type.getName())).append(' ').append(type.getName());
                String example = examplePath(resource, type);
                s.append(example == null ? "" : ", such as " + example);
            } else {
                s.append("a model element, such as Test::RoundTrip");
            }
            return s.toString();
        }
        if (d instanceof IllegalValueException v) {
            return "illegal value '" + v.getValue() + "' for " + v.getFeature().getName() + onElement(v.getObject())
                    + "; expected " + expectedValue(v.getFeature());
        }
        if (d instanceof ClassNotFoundException c) {
            String expected = expectedTypes(file, c.getName(), c.getLine());
            return "unknown element type '" + c.getName() + "'" + (expected == null
                    ? "; expected a type of BGML format " + FormatVersion.CURRENT
                    : expected);
        }
        if (d instanceof PackageNotFoundException p) {
            return "unknown namespace " + p.uri() + "; expected " + BgmlPackage.eNS_URI;
        }
        if (d instanceof XMIException x && x.getCause() != null) {
            Throwable cause = x.getCause();
            if (cause instanceof org.xml.sax.SAXParseException sax) {
                return insideModel(sax.getMessage(), root);
            }
            if (cause instanceof java.io.CharConversionException) {
                return insideModel(cause.getMessage(), root);
            }
            if (cause instanceof NumberFormatException n) {
                return "not a number: " + n.getMessage() + "; expected a number";
            }
            return String.valueOf(cause.getMessage());
        }
        return insideModel(d.getMessage(), root);
    }

    static String onElement(EObject object) {
        if (object == null) {
            return "";
        }
        String path = ElementPaths.pathOf(object);
        return " on " + object.eClass().getName() + (path.isEmpty() ? "" : " '" + path + "'");
    }

    private static String featureNames(EClass eClass) {
        List<String> names = new ArrayList<>();
        for (EStructuralFeature f : eClass.getEAllStructuralFeatures()) {
            if (f.isChangeable() && !f.isTransient() && !f.isDerived() && !(f instanceof EReference r && r.isContainer())) {
                names.add(f.getName());
            }
        }
        return String.join(", ", names);
    }

    private static String expectedValue(EStructuralFeature feature) {
        EClassifier type = feature.getEType();
        if (type instanceof EEnum e) {
            return "one of " + e.getELiterals().stream().map(EEnumLiteral::getLiteral).map(l -> "'" + l + "'")
                    .collect(Collectors.joining(", "));
        }
        Class<?> c = type.getInstanceClass();
        if (c == int.class || c == Integer.class || c == long.class || c == Long.class || c == short.class
                || c == Short.class || c == byte.class || c == Byte.class || c == BigInteger.class) {
            return "a whole number";
        }
        if (c == double.class || c == Double.class || c == float.class || c == Float.class || c == BigDecimal.class) {
            return "a number";
        }
        if (c == boolean.class || c == Boolean.class) {
            return "true or false";
        }
        return article(type.getName()) + " " + type.getName() + " value";
    }

    /** The path of the first element of {@code type} that a reference could name, or null. */
    private static String examplePath(Resource resource, EClass type) {
        if (resource == null) {
            return null;
        }
        for (Iterator<EObject> it = resource.getAllContents(); it.hasNext();) {
            EObject candidate = it.next();
            if (type.isInstance(candidate)) {
                String path = ElementPaths.uniquePathOf(candidate);
                if (path != null && !path.isEmpty()) {
                    return path;
                }
            }
        }
        return null;
    }

    /**
     * "; expected one of bgml:Server, ..." for an unknown {@code xsi:type}: finds the element that carries it
     * (on the diagnostic's line when possible) and lists the concrete types its containing feature allows.
     */
    private static String expectedTypes(Path file, String typeName, int line) {
        String feature = null;
        boolean isRoot = false;
        try (InputStream in = Files.newInputStream(file)) {
            XMLStreamReader reader = safeFactory().createXMLStreamReader(in);
            int depth = 0;
            while (reader.hasNext()) {
                int event = reader.next();
                if (event == XMLStreamConstants.END_ELEMENT) {
                    depth--;
                } else if (event == XMLStreamConstants.START_ELEMENT) {
                    depth++;
                    String type = reader.getAttributeValue(XSI, "type");
                    String local = type == null ? null : type.substring(type.indexOf(':') + 1);
                    boolean here = line <= 0 || reader.getLocation().getLineNumber() == line;
                    if (depth == 1 && type == null && typeName.equals(reader.getLocalName())) {
                        isRoot = true;
                        break;
                    }
                    if (typeName.equals(local) && (here || feature == null)) {
                        feature = reader.getLocalName();
                        if (here) {
                            break;
                        }
                    }
                }
            }
        } catch (Exception e) {
            // the file already failed to load; this scan only refines the message
        }
        if (isRoot) {
            return "; expected a " + ROOTS + " root element";
        }
        if (feature == null) {
            return null;
        }
        Set<String> allowed = new LinkedHashSet<>();
        for (EClassifier classifier : BgmlPackage.eINSTANCE.getEClassifiers()) {
            if (classifier instanceof EClass owner) {
                for (EReference reference : owner.getEReferences()) {
                    if (reference.isContainment() && reference.getName().equals(feature)) {
                        allowed.addAll(concreteSubtypes(reference.getEReferenceType()));
                    }
                }
            }
        }
        return allowed.isEmpty() ? null : " for <" + feature + ">; expected one of " + String.join(", ", allowed);
    }

    private static List<String> concreteSubtypes(EClass type) {
        List<String> names = new ArrayList<>();
        for (EClassifier classifier : BgmlPackage.eINSTANCE.getEClassifiers()) {
            if (classifier instanceof EClass c && !c.isAbstract() && !c.isInterface() && type.isSuperTypeOf(c)) {
                names.add(BgmlPackage.eNS_PREFIX + ":" + c.getName());
            }
        }
        return names;
    }

    private static boolean isEndOfFile(String m) {
        return m.contains("must start and end within the same entity") || m.contains("Premature end of file")
                || m.contains("end of file") || m.contains("Unexpected EOF") || m.contains("EOF in")
                || m.matches("(?s)Expected byte \\d+ of \\d+-byte UTF-8 sequence.*");
    }

    private static String strip(String message) {
        if (message == null) {
            return "unknown parse error";
        }
        return message.replaceFirst("^ParseError at \\[row,col\\]:\\[\\d+,\\d+\\]\\s*Message:\\s*", "").trim();
    }

    private static String article(String noun) {
        return !noun.isEmpty() && "AEIOU".indexOf(Character.toUpperCase(noun.charAt(0))) >= 0 ? "an" : "a";
    }
}
