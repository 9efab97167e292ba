package org.bgml.diagram.glsp;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.glsp.graph.GModelElement;
import org.eclipse.glsp.graph.gson.EObjectExclusionStrategy;
import org.eclipse.glsp.graph.gson.GraphGsonConfigurator;
import org.eclipse.glsp.server.actions.ActionRegistry;
import org.eclipse.glsp.server.di.ServerModule;
import org.eclipse.glsp.server.internal.gson.DefaultServerGsonConfigurator;
import org.eclipse.glsp.server.session.ClientSessionManager;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonWriter;
import com.google.inject.Inject;
import com.google.inject.Injector;
import com.google.inject.Module;
import com.google.inject.name.Named;

/**
 * The JSON of diagram elements on their way to the client, written the way GLSP writes them but without looking the
 * element classes up again for every element.
 *
 * <p>GLSP's {@code GModelElementTypeAdapter} lists an element's Java fields by reflection each time it writes one
 * (which copies every {@link Field} object), checks each field against its exclusion rules, finds the field's EMF
 * feature by name and collects the names written in a new set. On the 1,000-component model (about 20,000 elements,
 * 2.3 MB of JSON) that cost as much as building the diagram. This writer works out, once per element class, which
 * fields are written, in which order, and their features; for each element it then asks only whether each feature is
 * set. The output is the same, byte for byte; reading is left to GLSP's adapter.
 */
public final class GModelJson {
    private GModelJson() {
    }

    /** GLSP's Gson configuration of the diagram elements, with this writer in front of GLSP's. */
    public static class Configurator extends GraphGsonConfigurator {
        @Override
        public GsonBuilder configureGsonBuilder(GsonBuilder gsonBuilder) {
            super.configureGsonBuilder(gsonBuilder);
            // Gson asks the factories registered last first
            gsonBuilder.registerTypeAdapterFactory(new WriterFactory());
            return gsonBuilder;
        }
    }

    /** GLSP's server Gson configuration, with {@link Configurator} for the diagram elements. */
    public static class ServerConfigurator extends DefaultServerGsonConfigurator {
        @Inject
        public ServerConfigurator(Injector serverInjector, @Named(ServerModule.DIAGRAM_MODULES) Map<String, Module> diagramModules,
                ActionRegistry actionRegistry, ClientSessionManager sessionManager) {
            super(serverInjector, diagramModules, actionRegistry, sessionManager);
        }

        @Override
        protected GraphGsonConfigurator createGraphGsonConfigurator() {
            return new Configurator();
        }
    }

    /** GLSP's server module with {@link ServerConfigurator}. */
    public static class Server extends ServerModule {
        @Override
        protected Class<? extends org.eclipse.glsp.server.gson.ServerGsonConfigurator> bindGsonConfigurator() {
            return ServerConfigurator.class;
        }
    }

    /** One written field of an element class and its EMF feature. */
    private record Property(String name, Field field, EStructuralFeature feature) {
    }

    /** Makes a {@link Writer} for every diagram element type. */
    static final class WriterFactory implements TypeAdapterFactory {
        /** The written fields of each element class, in GLSP's order (own fields first, then the superclass's). */
        private final Map<Class<?>, List<Property>> properties = new ConcurrentHashMap<>();

        @Override
        @SuppressWarnings("unchecked")
        public <T> TypeAdapter<T> create(Gson gson, TypeToken<T> type) {
            if (!GModelElement.class.isAssignableFrom(type.getRawType())) {
                return null;
            }
            TypeAdapter<GModelElement> glsp = (TypeAdapter<GModelElement>) gson.getDelegateAdapter(this, type);
            return (TypeAdapter<T>) new Writer(gson, glsp, this);
        }

        List<Property> properties(GModelElement element) {
            return properties.computeIfAbsent(element.getClass(), c -> collect(element, c));
        }

        private static List<Property> collect(GModelElement element, Class<?> type) {
            List<Property> result = new ArrayList<>();
            Set<String> names = new HashSet<>();
            for (Class<?> c = type; c != null; c = c.getSuperclass()) {
                for (Field field : c.getDeclaredFields()) {
                    int modifiers = field.getModifiers();
                    if (EObjectExclusionStrategy.excludeField(field) || Modifier.isTransient(modifiers) || Modifier.isStatic(modifiers)) {
                        continue;
                    }
                    EStructuralFeature feature = element.eClass().getEStructuralFeature(field.getName());
                    if (feature == null) {
                        throw new IllegalStateException("a diagram element field without an EMF feature: " + field);
                    }
                    if (names.add(field.getName())) {
                        field.setAccessible(true);
                        result.add(new Property(field.getName(), field, feature));
                    }
                }
            }
            return List.copyOf(result);
        }
    }

    /** Writes diagram elements; reads them with GLSP's adapter. */
    private static final class Writer extends TypeAdapter<GModelElement> {
        private final Gson gson;
        private final TypeAdapter<GModelElement> glsp;
        private final WriterFactory factory;

        Writer(Gson gson, TypeAdapter<GModelElement> glsp, WriterFactory factory) {
            this.gson = gson;
            this.glsp = glsp;
            this.factory = factory;
        }

        @Override
        public void write(JsonWriter out, GModelElement element) throws IOException {
            if (element == null) {
                out.nullValue();
                return;
            }
            out.beginObject();
            for (Property p : factory.properties(element)) {
                if (!element.eIsSet(p.feature())) {
                    continue;
                }
                out.name(p.name());
                Object value;
                try {
                    value = p.field().get(element);
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
                if (value == null) {
                    out.nullValue();
                } else if (value == element) {
                    throw new IllegalStateException("a diagram element refers to itself: " + element);
                } else {
                    gson.toJson(value, value.getClass(), out);
                }
            }
            out.endObject();
        }

        @Override
        public GModelElement read(JsonReader in) throws IOException {
            return glsp.read(in);
        }
    }
}
