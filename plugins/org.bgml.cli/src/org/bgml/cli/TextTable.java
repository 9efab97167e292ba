package org.bgml.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/** A plain-text table with aligned columns; numeric columns are right-aligned. */
final class TextTable {
    private final List<String> headers;
    private final boolean[] right;
    private final List<List<String>> rows = new ArrayList<>();

    TextTable(String... headers) {
        this.headers = List.of(headers);
        this.right = new boolean[headers.length];
    }

    /** Right-aligns the given columns. */
    TextTable right(int... columns) {
        for (int c : columns) {
            right[c] = true;
        }
        return this;
    }

    TextTable row(String... cells) {
        List<String> row = new ArrayList<>();
        for (String c : cells) {
            row.add(c == null ? "" : c.replace('\n', ' '));
        }
        rows.add(row);
        return this;
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    void print(PrintStream out) {
        int[] width = new int[headers.size()];
        for (int c = 0; c < width.length; c++) {
            width[c] = headers.get(c).length();
            for (List<String> row : rows) {
                width[c] = Math.max(width[c], row.get(c).length());
            }
        }
        line(out, headers, width);
        for (List<String> row : rows) {
            line(out, row, width);
        }
    }

    private void line(PrintStream out, List<String> cells, int[] width) {
        StringBuilder b = new StringBuilder();
        for (int c = 0; c < width.length; c++) {
            String cell = cells.get(c);
            String pad = " ".repeat(width[c] - cell.length());
            b.append(right[c] ? pad + cell : cell + (c == width.length - 1 ? "" : pad));
            if (c < width.length - 1) {
                b.append("  ");
            }
        }
        out.println(b.toString().stripTrailing());
    }
}
