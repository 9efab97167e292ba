package org.bgml.diagram.tests;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;

import org.bgml.model.synthetic.SyntheticModels;
import org.bgml.diagram.layout.AutoLayout;
import org.bgml.diagram.layout.LayoutStore;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Entity;
import org.bgml.model.io.ElementPaths;
import org.junit.jupiter.api.Test;

/**
 * Models above ELK's limit get the linear column placement. The 1,000-component synthetic model (a ring of components
 * each calling the next two) once came out as a single column 150,000 px tall, which the page could not show: every
 * entity must get its own place, and the drawing must have a shape a window can show.
 */
class BigLayoutTest {
    @Test
    void thousandComponentRingIsPlacedWithoutOverlapsInAScreenShapedArea() {
        BenchmarkModel model = SyntheticModels.components(1000);
        assertTrue(model.getEntities().size() > AutoLayout.ELK_LIMIT);
        LayoutStore store = new LayoutStore();
        AutoLayout.layoutAll(model, store);

        List<LayoutStore.Bounds> boxes = new ArrayList<>();
        for (Entity e : model.getEntities()) {
            LayoutStore.Bounds b = store.get(ElementPaths.pathOf(e));
            assertNotNull(b, ElementPaths.pathOf(e) + " has a place");
            boxes.add(b);
        }
        double minX = Double.MAX_VALUE, minY = Double.MAX_VALUE, maxX = 0, maxY = 0;
        for (LayoutStore.Bounds b : boxes) {
            minX = Math.min(minX, b.x());
            minY = Math.min(minY, b.y());
            maxX = Math.max(maxX, b.x() + b.width());
            maxY = Math.max(maxY, b.y() + b.height());
        }
        double aspect = (maxX - minX) / (maxY - minY);
        assertTrue(aspect > 0.5 && aspect < 4, "width/height " + aspect + " of " + (maxX - minX) + " x " + (maxY - minY));
        for (int i = 0; i < boxes.size(); i++) {
            for (int j = i + 1; j < boxes.size(); j++) {
                LayoutStore.Bounds a = boxes.get(i);
                LayoutStore.Bounds b = boxes.get(j);
                boolean overlap = a.x() < b.x() + b.width() && b.x() < a.x() + a.width() && a.y() < b.y() + b.height()
                        && b.y() < a.y() + a.height();
                assertFalse(overlap, model.getEntities().get(i).getName() + " overlaps " + model.getEntities().get(j).getName());
            }
        }
    }
}
