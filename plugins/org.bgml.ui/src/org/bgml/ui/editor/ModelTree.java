package org.bgml.ui.editor;

import java.util.ArrayList;
import java.util.List;

import org.bgml.model.NamedElement;
import org.bgml.model.io.ElementPaths;
import org.eclipse.core.runtime.IAdaptable;
import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.ui.views.properties.IPropertyDescriptor;
import org.eclipse.ui.views.properties.IPropertySource;
import org.eclipse.ui.views.properties.PropertyDescriptor;

/**
 * The model as a tree: every element under its container, labelled with its kind and name. Elements adapt to a
 * read-only property source, so the Properties view shows the selected element's attributes and references.
 */
final class ModelTree {
    private ModelTree() {
    }

    /** A tree node: one model element. */
    record Node(EObject element) implements IAdaptable {
        @Override
        public <T> T getAdapter(Class<T> adapter) {
            if (adapter == IPropertySource.class) {
                return adapter.cast(new Properties(element));
            }
            if (adapter.isInstance(element)) {
                return adapter.cast(element);
            }
            return null;
        }

        String path() {
            return ElementPaths.pathOf(element);
        }
    }

    static final class Content implements ITreeContentProvider {
        @Override
        public Object[] getElements(Object input) {
            return input instanceof EObject root ? new Object[] { new Node(root) } : new Object[0];
        }

        @Override
        public Object[] getChildren(Object parent) {
            List<Node> children = new ArrayList<>();
            for (EObject child : ((Node) parent).element().eContents()) {
                children.add(new Node(child));
            }
            return children.toArray();
        }

        @Override
        public Object getParent(Object element) {
            EObject container = ((Node) element).element().eContainer();
            return container == null ? null : new Node(container);
        }

        @Override
        public boolean hasChildren(Object element) {
            return !((Node) element).element().eContents().isEmpty();
        }
    }

    static final class Labels extends LabelProvider {
        @Override
        public String getText(Object element) {
            return label(((Node) element).element());
        }
    }

    static String label(EObject e) {
        String kind = e.eClass().getName();
        String name = e instanceof NamedElement n ? n.getName() : null;
        if (name == null) {
            EStructuralFeature f = e.eClass().getEStructuralFeature("name");
            Object v = f == null ? null : e.eGet(f);
            name = v == null ? null : v.toString();
        }
        return name == null ? kind : kind + " " + name;
    }

    /** The element's features, read-only, as the Properties view shows them. */
    static final class Properties implements IPropertySource {
        private final EObject element;

        Properties(EObject element) {
            this.element = element;
        }

        @Override
        public Object getEditableValue() {
            return element;
        }

        @Override
        public IPropertyDescriptor[] getPropertyDescriptors() {
            List<IPropertyDescriptor> list = new ArrayList<>();
            for (EStructuralFeature f : element.eClass().getEAllStructuralFeatures()) {
                if (f instanceof EReference r && r.isContainment()) {
                    continue;
                }
                PropertyDescriptor d = new PropertyDescriptor(f.getName(), f.getName());
                d.setCategory(f instanceof EAttribute ? "Attributes" : "References");
                list.add(d);
            }
            return list.toArray(IPropertyDescriptor[]::new);
        }

        @Override
        public Object getPropertyValue(Object id) {
            EStructuralFeature f = element.eClass().getEStructuralFeature((String) id);
            Object v = f == null ? null : element.eGet(f);
            if (v instanceof EObject o) {
                return ElementPaths.pathOf(o);
            }
            if (v instanceof List<?> list) {
                List<String> items = new ArrayList<>();
                for (Object o : list) {
                    items.add(o instanceof EObject eo ? ElementPaths.pathOf(eo) : String.valueOf(o));
                }
                return String.join(", ", items);
            }
            return v == null ? "" : String.valueOf(v);
        }

        @Override
        public boolean isPropertySet(Object id) {
            return false;
        }

        @Override
        public void resetPropertyValue(Object id) {
        }

        @Override
        public void setPropertyValue(Object id, Object value) {
        }
    }
}
