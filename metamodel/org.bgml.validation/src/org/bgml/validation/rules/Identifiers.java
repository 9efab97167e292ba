package org.bgml.validation.rules;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What makes a name usable as an IDL and a C++ identifier: the syntax both accept, the keywords of both
 * languages (IDL's compared without regard to case, as IDL does), and names the generated code cannot use
 * because the system headers define them as macros or the middleware owns them.
 */
public final class Identifiers {
    /** Longest name accepted: names become parts of generated file names, which file systems cap at 255 bytes. */
    public static final int MAX_LENGTH = 200;

    /**
     * IDL keywords: CORBA 3 IDL, the IDL3 component keywords, IDL3+ connector keywords and the IDL 4 type
     * keywords, all in lower case because IDL refuses identifiers that collide with a keyword regardless of case.
     */
    private static final Set<String> IDL_KEYWORDS = Set.of(
            "abstract", "alias", "any", "attribute", "bitfield", "bitmask", "bitset", "boolean", "case", "char",
            "component", "connector", "const", "consumes", "context", "custom", "default", "double", "emits", "enum",
            "eventtype", "exception", "factory", "false", "finder", "fixed", "float", "getraises", "home", "import",
            "in", "inout", "int8", "int16", "int32", "int64", "interface", "local", "long", "manages", "map",
            "mirrorport", "module", "multiple", "native", "object", "octet", "oneway", "out", "port", "porttype",
            "primarykey", "private", "provides", "public", "publishes", "raises", "readonly", "sequence", "setraises",
            "short", "string", "struct", "supports", "switch", "true", "truncatable", "typedef", "typeid", "typename",
            "typeprefix", "uint8", "uint16", "uint32", "uint64", "union", "unsigned", "uses", "valuebase",
            "valuetype", "void", "wchar", "wstring");

    /** C++ keywords and alternative tokens up to C++20, plus {@code typeof}, which g++ reserves in its default GNU mode. */
    private static final Set<String> CPP_KEYWORDS = Set.of(
            "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch",
            "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept", "const", "consteval", "constexpr",
            "constinit", "const_cast", "continue", "co_await", "co_return", "co_yield", "decltype", "default", "delete",
            "do", "double", "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float", "for",
            "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
            "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast",
            "requires", "return", "short", "signed", "sizeof", "static", "static_assert", "static_cast", "struct",
            "switch", "template", "this", "thread_local", "throw", "true", "try", "typedef", "typeid", "typename",
            "typeof", "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq");

    /** Names the generated C++ cannot use although they are not keywords, with the reason (case-sensitive, as C++ is). */
    private static final Map<String, String> RESERVED = reserved();

    /** Prefixes the middleware reserves for its own macros and generated classes. */
    private static final Map<String, String> RESERVED_PREFIXES = Map.of(
            "ACE_", "ACE reserves for its macros",
            "TAO_", "TAO reserves for its macros",
            "CIAO_", "CIAO reserves for its macros",
            "POA_", "the IDL compilers use for generated skeleton classes",
            "OBV_", "the IDL compilers use for generated valuetype classes");

    private Identifiers() {
    }

    /**
     * Why {@code name} is not a legal IDL and C++ identifier, as a clause that follows the name in a message
     * ("is empty", "contains '-' ..."), or null when its spelling is fine.
     */
    public static String syntaxProblem(String name) {
        if (name == null || name.isEmpty()) {
            return "is empty; every element needs a name that is an IDL and C++ identifier";
        }
        if (name.length() > MAX_LENGTH) {
            return "is " + name.length() + " characters long; names become file names, so at most " + MAX_LENGTH
                    + " are allowed";
        }
        char first = name.charAt(0);
        if (first == '_') {
            return "starts with '_', which IDL treats as an escape and C++ reserves for the implementation";
        }
        if (!isAsciiLetter(first)) {
            return isAsciiDigit(first) ? "starts with a digit; an identifier starts with a letter A-Z or a-z"
                    : "starts with " + describe(first) + "; an identifier starts with a letter A-Z or a-z";
        }
        for (int i = 1; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(isAsciiLetter(c) || isAsciiDigit(c) || c == '_')) {
                return "contains " + describe(c) + "; identifiers use only the ASCII letters, digits and '_'";
            }
        }
        if (name.contains("__")) {
            return "contains '__', which C++ reserves for the implementation";
        }
        return null;
    }

    /** True when {@code name} collides with an IDL keyword, compared without regard to case as IDL does. */
    public static boolean isIdlKeyword(String name) {
        return name != null && IDL_KEYWORDS.contains(name.toLowerCase(Locale.ROOT));
    }

    /** True when {@code name} is a C++ keyword or alternative token (case-sensitive, as C++ is). */
    public static boolean isCppKeyword(String name) {
        return name != null && CPP_KEYWORDS.contains(name);
    }

    /**
     * Why {@code name} collides with a keyword, as a clause ("is a C++ keyword"), or null. IDL keywords are
     * reported first: a collision that differs only in case names the keyword's spelling.
     */
    public static String keywordProblem(String name) {
        if (isIdlKeyword(name)) {
            String lower = name.toLowerCase(Locale.ROOT);
            return lower.equals(name) ? "is an IDL keyword"
                    : "collides with the IDL keyword '" + idlSpelling(lower) + "' (IDL ignores case when it compares keywords)";
        }
        if (isCppKeyword(name)) {
            return "is a C++ keyword";
        }
        return null;
    }

    /** Why the generated code cannot use {@code name} although it is no keyword, or null. */
    public static String reservedProblem(String name) {
        if (name == null) {
            return null;
        }
        String reason = RESERVED.get(name);
        if (reason != null) {
            return reason;
        }
        for (Map.Entry<String, String> prefix : RESERVED_PREFIXES.entrySet()) {
            if (name.startsWith(prefix.getKey())) {
                return "starts with '" + prefix.getKey() + "', which " + prefix.getValue();
            }
        }
        return null;
    }

    /** The key two names in one IDL scope collide on: IDL compares identifiers without regard to case. */
    public static String collisionKey(String name) {
        return name == null ? null : name.toLowerCase(Locale.ROOT);
    }

    private static String idlSpelling(String lower) {
        return switch (lower) {
            case "object" -> "Object";
            case "valuebase" -> "ValueBase";
            case "true" -> "TRUE";
            case "false" -> "FALSE";
            default -> lower;
        };
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isAsciiDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static String describe(char c) {
        if (c == ' ') {
            return "a space";
        }
        if (c < 0x20 || c == 0x7f) {
            return String.format(Locale.ROOT, "the control character U+%04X", (int) c);
        }
        if (c > 0x7f) {
            return String.format(Locale.ROOT, "the non-ASCII character '%c' (U+%04X)", c, (int) c);
        }
        return "'" + c + "'";
    }

    private static Map<String, String> reserved() {
        Map<String, String> m = new TreeMap<>();
        String macro = "is a macro in the C and C++ system headers";
        for (String name : new String[] {"errno", "assert", "offsetof", "setjmp", "va_arg", "va_start", "va_end",
                "va_copy", "NULL", "EOF", "stdin", "stdout", "stderr", "BUFSIZ", "major", "minor", "makedev"}) {
            m.put(name, macro);
        }
        for (String name : new String[] {"linux", "unix", "i386"}) {
            m.put(name, "is predefined as a macro by g++ in its default GNU mode");
        }
        for (String name : new String[] {"CORBA", "PortableServer", "PortableInterceptor", "Components", "TAO",
                "ACE", "CIAO", "DAnCE", "omniORB", "std"}) {
            m.put(name, "is a namespace of the middleware or of the C++ library");
        }
        return Map.copyOf(m);
    }
}
