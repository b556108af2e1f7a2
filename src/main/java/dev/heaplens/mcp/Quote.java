package dev.heaplens.mcp;

/** A caller's text quoted in a message: short, on one line. */
final class Quote {
    private static final int SHOWN = 80;

    private Quote() {
    }

    static String of(String text) {
        String shown = text.length() > SHOWN ? text.substring(0, SHOWN) + "..." : text;
        StringBuilder sb = new StringBuilder("'");
        for (int i = 0; i < shown.length(); i++) {
            char c = shown.charAt(i);
            sb.append(c < 0x20 || c == 0x7f ? '?' : c);
        }
        return sb.append('\'').toString();
    }
}
