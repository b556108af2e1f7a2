package dev.heaplens.report;

import dev.heaplens.analysis.gc.Finding;

import java.util.List;

/** Findings of a GC report, the same in every runtime's report: text lines and the JSON "advice" list. */
final class FindingsText {
    private FindingsText() {
    }

    static void write(StringBuilder out, boolean md, List<Finding> findings) {
        JvmGcRenderer.heading(out, md, "Diagnosis and advice");
        if (findings.isEmpty()) {
            out.append("No rule fired: nothing to change.\n");
            return;
        }
        int n = 1;
        StringBuilder text = new StringBuilder();
        for (Finding found : findings) {
            // evidence quotes causes from the log: never raw control characters on a terminal
            Finding f = new Finding(found.rule(), found.threshold(), TerminalText.escape(found.evidence()), found.setting(),
                    found.value(), found.reason());
            String setting = f.value().isEmpty() ? f.setting() : settingWithValue(f);
            if (md) {
                text.append(n++).append(". **").append(f.rule()).append("**: ").append(f.evidence())
                        .append(" (threshold: ").append(f.threshold()).append(")\n")
                        .append("   Try `").append(setting).append("`: ").append(f.reason()).append('\n');
            } else {
                text.append(n++).append(". ").append(f.rule()).append(": ").append(f.evidence()).append('\n')
                        .append("   threshold: ").append(f.threshold()).append('\n')
                        .append("   try ").append(setting).append(": ").append(f.reason()).append('\n');
            }
        }
        out.append(text);
    }

    /** "-Xmn256m", "-XX:MaxGCPauseMillis=200", "RUBY_GC_MALLOC_LIMIT=33554432". */
    static String settingWithValue(Finding f) {
        if (f.setting().equals("-Xmn") || f.setting().equals("-Xmx") || f.setting().equals("-Xms")) {
            return f.setting() + f.value();
        }
        return f.setting() + "=" + f.value();
    }

    static void json(JsonWriter j, List<Finding> findings) {
        j.name("advice").beginArray();
        for (Finding f : findings) {
            j.beginObject().field("setting", f.setting()).field("value", f.value()).field("reason", f.reason())
                    .field("rule", f.rule()).field("threshold", f.threshold()).field("evidence", f.evidence()).endObject();
        }
        j.endArray();
    }
}
