package dev.heaplens.export;

import java.util.HashMap;
import java.util.Map;

/**
 * Ruby: each allocation site {@code file:line} the objects table meets, split once, with its objects
 * and bytes for the {@code sites} table: one map look-up per object, no second walk of the heap.
 * Equal files of two sites are one String, so that the {@code file} column's dictionary finds them by
 * identity instead of comparing long paths byte by byte.
 */
final class Sites {
    /** One site: its parts and its tally. */
    static final class Site {
        final String file;
        final int line;
        long objects;
        long bytes;

        private Site(String file, int line) {
            this.file = file;
            this.line = line;
        }
    }

    private final Map<String, Site> bySite = new HashMap<>();
    private final Map<String, String> files = new HashMap<>();
    private String lastText;
    private Site last;

    /** The site {@code text} (never null), counted one object of {@code bytes} more. */
    Site count(String text, long bytes) {
        Site site = text == lastText ? last : bySite.computeIfAbsent(text, this::split); // neighbours often share one
        lastText = text;
        last = site;
        site.objects++;
        site.bytes += bytes;
        return site;
    }

    private Site split(String text) {
        String file = SiteText.file(text);
        return new Site(files.computeIfAbsent(file, f -> f), SiteText.line(text));
    }

    /** Every site met, by its text. */
    Map<String, Site> bySite() {
        return bySite;
    }
}
