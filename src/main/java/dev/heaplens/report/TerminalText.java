package dev.heaplens.report;

/**
 * Makes text from a heap safe to show on a terminal: a dump's strings and class names may hold
 * ESC, BEL or NUL, and written raw they would move the cursor, retitle the window or rewrite
 * what the reader sees. Every control character (C0, DEL, C1), and the invisible bidirectional
 * overrides that reorder text, is shown as a backslash escape instead: {@code \e}, {@code \n},
 * {@code \t}, {@code \r}, {@code \0}, {@code \xNN}, {@code \}{@code uNNNN}. Machine formats use
 * their own rules (JSON's {@code \}{@code u001b}, CSV quoting) and do not come through here.
 */
public final class TerminalText {
    private TerminalText() {
    }

    /** {@code text} with every control character escaped; the same string when it has none. */
    public static String escape(String text) {
        if (text == null) {
            return null;
        }
        int i = 0;
        while (i < text.length() && !needsEscape(text.charAt(i))) {
            i++;
        }
        if (i == text.length()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 16).append(text, 0, i);
        for (; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!needsEscape(c)) {
                out.append(c);
                continue;
            }
            switch (c) {
                case 0x1b -> out.append("\\e");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\r' -> out.append("\\r");
                case 0 -> out.append("\\0");
                default -> out.append(c < 0x100 ? String.format("\\x%02x", (int) c) : String.format("\\u%04x", (int) c));
            }
        }
        return out.toString();
    }

    static boolean needsEscape(char c) {
        return c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
    }
}
