package dev.heaplens.gc;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class GcEventsTest {
    private static int add(GcEvents events, String collector, String cause) {
        return events.add(0, 1, GcEventType.YOUNG, collector, cause, 0, 0, 0, 0);
    }

    @Test
    void namesComeBackByIdAndNullIsNone() {
        GcEvents events = new GcEvents();
        int first = add(events, "G1 Young Generation", "G1 Evacuation Pause");
        int second = add(events, null, null);
        assertThat(events.collectorName(events.collector(first))).isEqualTo("G1 Young Generation");
        assertThat(events.causeName(events.cause(first))).isEqualTo("G1 Evacuation Pause");
        assertThat(events.collector(second)).isEqualTo(-1);
        assertThat(events.causeName(events.cause(second))).isNull();
        assertThat(events.causeNames()).containsExactly("G1 Evacuation Pause");
        assertThat(events.foldedCauses()).isZero();
    }

    /** A hostile log with more distinct causes than a short holds: the rest share "(other)" (this once recursed without end). */
    @Test
    void causesPastWhatAShortHoldsShareOneId() {
        GcEvents events = new GcEvents();
        int distinct = 40_000;
        for (int i = 0; i < distinct; i++) {
            add(events, "collector", "cause " + i);
        }
        int kept = Short.MAX_VALUE - 1;
        assertThat(events.causeNames()).hasSize(kept + 1);
        assertThat(events.causeName(events.cause(kept - 1))).isEqualTo("cause " + (kept - 1));
        for (int e : new int[] {kept, kept + 1, distinct - 1}) {
            assertThat(events.cause(e)).isEqualTo(kept);
            assertThat(events.causeName(events.cause(e))).isEqualTo("(other)");
        }
        assertThat(events.foldedCauses()).isEqualTo(distinct - kept);
        assertThat(events.collectorNames()).containsExactly("collector");
    }
}
