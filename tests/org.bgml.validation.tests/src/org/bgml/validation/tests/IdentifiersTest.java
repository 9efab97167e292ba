package org.bgml.validation.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.bgml.validation.rules.Identifiers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IdentifiersTest {

    @ParameterizedTest
    @ValueSource(strings = {"test_method", "RoundTrip", "Client1", "ORBConcurrency", "a", "x_", "send_time", "Timestamp", "Class", "Delete"})
    void legalNamesPass(String name) {
        assertNull(Identifiers.syntaxProblem(name), name);
        assertNull(Identifiers.keywordProblem(name), name);
        assertNull(Identifiers.reservedProblem(name), name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1st", "_x", "a__b", "__", "load-gen", "two words", "caf\u00e9", "tab\tname", "a.b", "a::b", "x$"})
    void illegalSpellingsAreRefused(String name) {
        assertNotNull(Identifiers.syntaxProblem(name), name);
    }

    @Test
    void overlongNamesAreRefused() {
        assertNotNull(Identifiers.syntaxProblem("a".repeat(Identifiers.MAX_LENGTH + 1)));
        assertNull(Identifiers.syntaxProblem("a".repeat(Identifiers.MAX_LENGTH)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"interface", "Interface", "INTERFACE", "module", "MODULE", "Module", "oneway", "OneWay", "component",
            "Home", "provides", "Uses", "emits", "publishes", "consumes", "eventtype", "EventType", "object", "Object", "TRUE",
            "valuebase", "ValueBase", "port", "Port", "typeprefix", "sequence", "Sequence", "Struct", "readonly", "attribute",
            "factory", "local", "LOCAL", "in", "Out", "inout", "context", "supports", "manages", "primarykey", "finder",
            "getraises", "setraises", "multiple", "wstring", "int32", "uint64", "bitset", "map", "connector"})
    void idlKeywordsCollideRegardlessOfCase(String name) {
        assertTrue(Identifiers.isIdlKeyword(name), name);
        assertNotNull(Identifiers.keywordProblem(name), name);
    }

    @Test
    void aCaseVariantNamesTheKeywordItCollidesWith() {
        assertEquals("collides with the IDL keyword 'module' (IDL ignores case when it compares keywords)", Identifiers.keywordProblem("MODULE"));
        assertEquals("collides with the IDL keyword 'Object' (IDL ignores case when it compares keywords)", Identifiers.keywordProblem("OBJECT"));
        assertEquals("is an IDL keyword", Identifiers.keywordProblem("interface"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"class", "delete", "new", "this", "template", "namespace", "virtual", "operator", "nullptr",
            "constexpr", "decltype", "noexcept", "static_assert", "thread_local", "alignas", "char16_t", "and", "xor_eq",
            "concept", "requires", "co_await", "char8_t", "typeof", "mutable", "explicit"})
    void cppKeywordsAreRefusedCaseSensitively(String name) {
        assertTrue(Identifiers.isCppKeyword(name), name);
        assertEquals("is a C++ keyword", Identifiers.keywordProblem(name), name);
        String capitalised = Character.toUpperCase(name.charAt(0)) + name.substring(1);
        assertFalse(Identifiers.isCppKeyword(capitalised), capitalised);
    }

    @ParameterizedTest
    @ValueSource(strings = {"errno", "assert", "linux", "unix", "NULL", "EOF", "stdin", "major", "CORBA", "TAO", "std",
            "ACE_Task", "TAO_Stub", "POA_Test", "PortableServer"})
    void macroAndNamespaceNamesAreReserved(String name) {
        assertNotNull(Identifiers.reservedProblem(name), name);
    }

    @Test
    void collisionKeysIgnoreCase() {
        assertEquals(Identifiers.collisionKey("Foo"), Identifiers.collisionKey("fOO"));
        assertFalse(Identifiers.collisionKey("Foo").equals(Identifiers.collisionKey("Foo1")));
    }
}
