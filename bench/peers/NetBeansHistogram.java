import org.netbeans.lib.profiler.heap.Heap;
import org.netbeans.lib.profiler.heap.HeapFactory;
import org.netbeans.lib.profiler.heap.JavaClass;

import java.io.File;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The peer of `heaplens histogram DUMP.hprof` in bench/peers-hprof.sh: the NetBeans profiler heap
 * library (org.netbeans.modules:org-netbeans-lib-profiler, as VisualVM uses it) opens the dump
 * and prints instances and bytes per class, the 50 largest, and the totals.
 */
public final class NetBeansHistogram {
    public static void main(String[] args) throws Exception {
        Heap heap = HeapFactory.createHeap(new File(args[0]));
        List<JavaClass> classes = new ArrayList<>(heap.getAllClasses());
        classes.sort(Comparator.comparingLong(JavaClass::getAllInstancesSize).reversed());
        long count = 0, bytes = 0;
        for (JavaClass c : classes) {
            count += c.getInstancesCount();
            bytes += c.getAllInstancesSize();
        }
        StringBuilder out = new StringBuilder();
        for (JavaClass c : classes.subList(0, Math.min(50, classes.size()))) {
            out.append(c.getInstancesCount()).append('\t').append(c.getAllInstancesSize()).append('\t')
                    .append(c.getName()).append('\n');
        }
        out.append(count).append('\t').append(bytes).append("\tTOTAL (").append(classes.size()).append(" classes)\n");
        System.out.print(out);
    }
}
