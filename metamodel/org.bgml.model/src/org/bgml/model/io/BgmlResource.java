package org.bgml.model.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.xmi.XMLResource;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.xmi.XMLLoad;
import org.eclipse.emf.ecore.xmi.impl.SAXXMIHandler;
import org.eclipse.emf.ecore.xmi.impl.XMILoadImpl;
import org.eclipse.emf.ecore.xmi.impl.XMIResourceImpl;
import org.xml.sax.helpers.DefaultHandler;

/**
 * A {@code .bgml} file: EMF XMI whose references read as element paths ({@code interface="#Test::RoundTrip"})
 * instead of positional fragments, so files stay readable and diff well.
 */
public class BgmlResource extends XMIResourceImpl {

    /** Name lookups for the tree being loaded or saved; null otherwise, when the tree may change at any time. */
    private ElementPaths.Index index;

    public BgmlResource(URI uri) {
        super(uri);
        getDefaultSaveOptions().put(XMLResource.OPTION_ENCODING, "UTF-8");
        getDefaultSaveOptions().put(XMLResource.OPTION_USE_ENCODED_ATTRIBUTE_STYLE, Boolean.TRUE);
        getDefaultSaveOptions().put(XMLResource.OPTION_LINE_WIDTH, 100);
        getDefaultSaveOptions().put(XMLResource.OPTION_SAVE_TYPE_INFORMATION, Boolean.FALSE);
        getDefaultLoadOptions().put(XMLResource.OPTION_RECORD_UNKNOWN_FEATURE, Boolean.FALSE);
        getDefaultLoadOptions().put(XMLResource.OPTION_DEFER_IDREF_RESOLUTION, Boolean.TRUE);
        getDefaultLoadOptions().put(XMLResource.OPTION_USE_PARSER_POOL, SharedParserPool.POOL);
    }

    @Override
    public String getURIFragment(EObject eObject) {
        if (eObject.eResource() == this) {
            String path = ElementPaths.uniquePathOf(eObject, index);
            if (path != null && !path.isEmpty()) {
                return path;
            }
        }
        return super.getURIFragment(eObject);
    }

    @Override
    public EObject getEObject(String uriFragment) {
        if (uriFragment == null || uriFragment.isEmpty() || uriFragment.startsWith("/") || getContents().isEmpty()) {
            return super.getEObject(uriFragment);
        }
        EObject found = ElementPaths.resolve(getContents().get(0), uriFragment, index);
        return found != null ? found : super.getEObject(uriFragment);
    }

    /** References are resolved at the end of the document (deferred IDREFs), when the tree is complete. */
    @Override
    public void doLoad(InputStream inputStream, Map<?, ?> options) throws IOException {
        index = new ElementPaths.Index();
        try {
            super.doLoad(inputStream, options);
        } finally {
            index = null;
        }
    }

    @Override
    public void doSave(OutputStream outputStream, Map<?, ?> options) throws IOException {
        index = new ElementPaths.Index();
        try {
            super.doSave(outputStream, options);
        } finally {
            index = null;
        }
    }

    /**
     * Reads references written with or without the leading {@code #}. EMF alone would take a token such as
     * {@code Test::RoundTrip} for a type qualifier (it contains a colon) and silently drop it.
     */
    @Override
    protected XMLLoad createXMLLoad() {
        return new XMILoadImpl(createXMLHelper()) {
            @Override
            protected DefaultHandler makeDefaultHandler() {
                return new SAXXMIHandler(resource, helper, options) {
                    @Override
                    protected void setValueFromId(EObject object, EReference eReference, String ids) {
                        super.setValueFromId(object, eReference, asFragmentReferences(ids));
                    }
                };
            }
        };
    }

    /** Prefixes every space-separated reference token that has no {@code #} with one. */
    static String asFragmentReferences(String ids) {
        StringBuilder s = new StringBuilder(ids.length() + 8);
        for (String token : ids.split(" ")) {
            if (token.isEmpty()) {
                continue;
            }
            if (s.length() > 0) {
                s.append(' ');
            }
            s.append(token.indexOf('#') < 0 ? "#" + token : token);
        }
        return s.toString();
    }

    @Override
    protected boolean useUUIDs() {
        return false;
    }

    /** One parser pool for every BGML resource, so repeated loads reuse SAX parsers. */
    private static final class SharedParserPool {
        static final org.eclipse.emf.ecore.xmi.impl.XMLParserPoolImpl POOL = new org.eclipse.emf.ecore.xmi.impl.XMLParserPoolImpl();
    }
}
