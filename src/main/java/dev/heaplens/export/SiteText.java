package dev.heaplens.export;

/** A Ruby allocation site {@code file:line} split for the tables' {@code file} and {@code line} columns. */
final class SiteText {
    private SiteText() {
    }

    static String file(String site) {
        int colon = site.lastIndexOf(':');
        return colon < 0 ? site : site.substring(0, colon);
    }

    /** The line after the last colon; 0 when there is none or it is no number. */
    static int line(String site) {
        int colon = site.lastIndexOf(':');
        if (colon < 0 || colon == site.length() - 1) {
            return 0;
        }
        int v = 0;
        for (int i = colon + 1; i < site.length(); i++) {
            char c = site.charAt(i);
            if (c < '0' || c > '9' || v > (Integer.MAX_VALUE - 9) / 10) {
                return 0;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }
}
