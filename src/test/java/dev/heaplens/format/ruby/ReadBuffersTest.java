package dev.heaplens.format.ruby;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Buffers go from read to read, but none larger than a long-lived process should hold per thread. */
class ReadBuffersTest {
    @Test
    void keepsBuffersUpToTheBoundAndDropsLargerOnes() {
        ReadBuffers buffers = new ReadBuffers();
        assertThat(buffers.take()).isNull();
        byte[] kept = new byte[ReadBuffers.MOST_KEPT];
        buffers.giveBack(kept);
        buffers.giveBack(null); // a read that failed before it had a buffer
        buffers.giveBack(new byte[ReadBuffers.MOST_KEPT + 1]);
        assertThat(buffers.take()).isSameAs(kept);
        assertThat(buffers.take()).isNull();
    }
}
