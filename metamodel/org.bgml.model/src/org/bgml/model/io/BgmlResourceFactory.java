package org.bgml.model.io;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.impl.ResourceFactoryImpl;

/** Creates {@link BgmlResource}s; registered for the {@code bgml} extension. */
public class BgmlResourceFactory extends ResourceFactoryImpl {
    @Override
    public Resource createResource(URI uri) {
        return new BgmlResource(uri);
    }
}
