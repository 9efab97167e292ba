package org.bgml.launcher.report;

import java.util.List;

/** Small HTML helpers: escaping and tables. */
public final class Html {
    private Html() {
    }

    public static String esc(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
            case '<' -> b.append("&lt;");
            case '>' -> b.append("&gt;");
            case '&' -> b.append("&amp;");
            case '"' -> b.append("&quot;");
            case '\'' -> b.append("&#39;");
            default -> b.append(c);
            }
        }
        return b.toString();
    }

    /** A table; cells are HTML already (escape text with {@link #esc}). */
    public static String table(String cssClass, List<String> headers, List<List<String>> rows) {
        StringBuilder b = new StringBuilder("<table class=\"").append(cssClass).append("\"><thead><tr>");
        for (String h : headers) {
            b.append("<th>").append(h).append("</th>");
        }
        b.append("</tr></thead><tbody>");
        for (List<String> row : rows) {
            b.append("<tr>");
            for (String cell : row) {
                b.append("<td>").append(cell == null ? "" : cell).append("</td>");
            }
            b.append("</tr>");
        }
        return b.append("</tbody></table>\n").toString();
    }

    /** A two-column key/value table, rows with a null value left out. */
    public static String keyValues(List<String[]> pairs) {
        StringBuilder b = new StringBuilder("<table class=\"kv\"><tbody>");
        for (String[] p : pairs) {
            if (p[1] != null && !p[1].isEmpty()) {
                b.append("<tr><th>").append(esc(p[0])).append("</th><td>").append(esc(p[1])).append("</td></tr>");
            }
        }
        return b.append("</tbody></table>\n").toString();
    }

    static String verdict(String verdict) {
        if (verdict == null || verdict.equals("none")) {
            return "<span class=\"muted\">-</span>";
        }
        return "<span class=\"verdict " + verdict + "\">" + verdict + "</span>";
    }
}
