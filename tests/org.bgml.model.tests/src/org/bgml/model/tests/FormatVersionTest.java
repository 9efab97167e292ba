package org.bgml.model.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.bgml.model.BgmlPackage;
import org.bgml.model.io.FormatVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FormatVersionTest {

    @Test
    void parsesTheVersionOutOfTheNamespace() {
        assertEquals(new FormatVersion(1, 0), FormatVersion.parse("http://bgml.org/bgml/1.0"));
        assertEquals(new FormatVersion(2, 13), FormatVersion.parse("http://bgml.org/bgml/2.13"));
        assertEquals(new FormatVersion(10, 0), FormatVersion.parse("http://bgml.org/bgml/10.0"));
    }

    @Test
    void currentIsTheMetamodelNamespace() {
        assertEquals(FormatVersion.parse(BgmlPackage.eNS_URI), FormatVersion.CURRENT);
        assertEquals("http://bgml.org/bgml/" + FormatVersion.CURRENT, BgmlPackage.eNS_URI);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "http://bgml.org/bgml/1", "http://bgml.org/bgml/1.0/", "http://bgml.org/bgml/1.0.1",
            "https://bgml.org/bgml/1.0", "http://bgml.org/bgml/v1.0", "http://bgml.org/bgml/a.b", " http://bgml.org/bgml/1.0",
            "http://bgmlxorg/bgml/1.0", "http://www.eclipse.org/emf/2002/Ecore", "http://bgml.org/bgml/-1.0",
            "http://bgml.org/bgml/99999999999.0", "http://bgml.org/bgml/1.99999999999"})
    void anythingElseIsNotABgmlNamespace(String namespace) {
        assertNull(FormatVersion.parse(namespace), namespace);
    }

    @Test
    void nullIsNotABgmlNamespace() {
        assertNull(FormatVersion.parse(null));
    }

    @Test
    void versionsOrderNumericallyNotAlphabetically() {
        List<FormatVersion> versions = new ArrayList<>(List.of(new FormatVersion(10, 0), new FormatVersion(1, 10),
                new FormatVersion(2, 0), new FormatVersion(1, 2), new FormatVersion(1, 0)));
        Collections.sort(versions);
        assertEquals("[1.0, 1.2, 1.10, 2.0, 10.0]", versions.toString());
        assertTrue(new FormatVersion(2, 0).compareTo(FormatVersion.CURRENT) > 0);
        assertEquals(0, new FormatVersion(1, 0).compareTo(new FormatVersion(1, 0)));
    }
}
