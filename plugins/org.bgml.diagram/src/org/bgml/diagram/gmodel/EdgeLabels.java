package org.bgml.diagram.gmodel;

/**
 * Where a label on a mostly horizontal edge goes so that it covers neither node the edge joins. GLSP draws a
 * {@code top} label with its bottom {@code offset} above the edge's point and a {@code bottom} label with its top
 * {@code offset} below it, centred on that point; this picks the smallest offset, at least the label's own, that
 * keeps the label's box off each node box it would otherwise overlap.
 */
public final class EdgeLabels {

    private EdgeLabels() {
    }

    /**
     * @param side   {@code top} or {@code bottom} (any other side keeps {@code base})
     * @param base   the label's offset from the edge without nodes nearby (stacked badges have larger ones)
     * @param width  the label's width
     * @param height the label's height
     * @param x      the edge point the label is centred on
     * @param y      the edge point the label is centred on
     * @param boxes  node boxes {x, y, width, height} in the same coordinates
     */
    public static double clearOffset(String side, double base, double width, double height, double x, double y,
            double[][] boxes) {
        boolean top = "top".equals(side);
        if (!top && !"bottom".equals(side)) {
            return base;
        }
        double offset = base;
        // lifting clear of one box can move the label onto a taller one: repeat until nothing overlaps
        for (int round = 0; round <= boxes.length; round++) {
            boolean moved = false;
            for (double[] b : boxes) {
                if (x + width / 2 <= b[0] || x - width / 2 >= b[0] + b[2]) {
                    continue; // not above or below this box
                }
                double labelTop = top ? y - offset - height : y + offset;
                double labelBottom = labelTop + height;
                if (labelBottom <= b[1] || labelTop >= b[1] + b[3]) {
                    continue;
                }
                offset = top ? y - b[1] + base : b[1] + b[3] - y + base;
                moved = true;
            }
            if (!moved) {
                break;
            }
        }
        return offset;
    }
}
