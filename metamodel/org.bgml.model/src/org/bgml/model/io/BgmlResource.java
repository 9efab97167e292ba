package org.bgml.model.io;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.xmi.XMLResource;
import org.eclipse.emf.ecore.xmi.impl.XMIResourceImpl;

/**
 * A {@code .bgml} file: EMF XMI whose references read as element paths ({@code interface="Test::RoundTrip"})
 * instead of positional fragments, so files stay readable and diff well.
 */
public class BgmlResource extends XMIResourceImpl {

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
            String path = ElementPaths.uniquePathOf(eObject);
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
        EObject found = ElementPaths.resolve(getContents().get(0), uriFragment);
        return found != null ? found : super.getEObject(uriFragment);
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
