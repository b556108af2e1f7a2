import java.util.ArrayList;
import java.util.List;

/** The workload whose G1 debug log is the benchmark's template: young, mixed and full GCs in a few seconds. */
public class Allocate {
    public static void main(String[] args) {
        long end = System.nanoTime() + Long.parseLong(args[0]) * 1_000_000L;
        List<byte[]> kept = new ArrayList<>();
        long sink = 0;
        for (int i = 0; System.nanoTime() < end; i++) {
            byte[] b = new byte[(i % 64) * 64 + 16];
            sink += b.length;
            if (i % 32 == 0) {
                kept.add(b);
                if (kept.size() > 100_000) {
                    kept.subList(0, 50_000).clear();
                }
            }
            if (i % 2_000_000 == 0) {
                kept.add(new byte[3_000_000]);
            }
            if (i % 20_000_000 == 0) {
                System.gc();
            }
        }
        System.out.println(sink + kept.size());
    }
}
