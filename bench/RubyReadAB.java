// bench/RubyReadAB.java A.jar B.jar DUMP PAIRS [SCOPE] -- a Ruby dump read into a heap graph
// (RubyGraphReader: the parse, the sink, the graph build, Ruby's columns) by two heaplens jars in
// one JVM, in turns (A B, then B A, ...), each read's process CPU taken: on a machine shared with
// other work the load's swings hit both jars alike, which two separate runs cannot promise. Prints
// the median CPU of each and the median of the pairs' ratios B/A. SCOPE (a jar whose reader has
// RubyGraphReader.Scope): GRAPH (default: no waste facts) or GRAPH_AND_WASTE_FACTS; an older jar
// reads as its 2-argument read does. Run it with the launcher's flags and a heap for two graphs:
//   java -XX:+UseSerialGC -Xmn128m -XX:PretenureSizeThreshold=65536 -XX:TLABSize=60k -XX:-ResizeTLAB \
//     -XX:TieredStopAtLevel=1 -XX:Tier3BackEdgeThreshold=1000 -Xms4g -Xmx4g \
//     bench/RubyReadAB.java /tmp/old/target/heaplens.jar target/heaplens.jar /tmp/heaplens-bench130/big.json 15
// The same jar twice gives a median ratio of 1.00 (BENCHMARKS.md, round 6, issue 32).
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.reflect.*;
import java.net.*;
import java.nio.file.*;
import java.util.*;

public class RubyReadAB {
  record Jar(String name, Method open, Method read, Object options, Object scope, Method columns, Method site) {}
  static Jar load(String path, String scopeName) throws Exception {
    ClassLoader cl = new URLClassLoader(new URL[]{Path.of(path).toUri().toURL()}, ClassLoader.getPlatformClassLoader());
    Class<?> input = cl.loadClass("dev.heaplens.io.DumpInput"), reader = cl.loadClass("dev.heaplens.format.ruby.RubyGraphReader"),
        opts = cl.loadClass("dev.heaplens.format.ruby.RubyDumpReader$Options");
    Method open = input.getMethod("open", String.class, InputStream.class);
    Object options = opts.getMethod("defaults").invoke(null);
    Method read = null; Object scope = null;
    for (Method m : reader.getMethods()) if (m.getName().equals("read") && m.getParameterCount() == 4 && m.getParameterTypes()[2].isEnum()) {
      read = m; for (Object c : m.getParameterTypes()[2].getEnumConstants()) if (c.toString().equals(scopeName)) scope = c; }
    if (read == null) read = reader.getMethod("read", input, opts);
    Class<?> result = reader.getClasses()[0].getSimpleName().equals("Result") ? reader.getClasses()[0] : cl.loadClass("dev.heaplens.format.ruby.RubyGraphReader$Result");
    Method columns = result.getMethod("columns");
    return new Jar(path, open, read, options, scope, columns, columns.getReturnType().getMethod("site", int.class));
  }
  static double once(Jar j, String dump) throws Exception {
    var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    System.gc();
    long c0 = os.getProcessCpuTime();
    Object in = j.open.invoke(null, dump, InputStream.nullInputStream());
    Object res = j.read.getParameterCount() == 4 ? j.read.invoke(null, in, j.options, j.scope, phasesNone(j)) : j.read.invoke(null, in, j.options);
    j.site.invoke(j.columns.invoke(res), 0);
    long c1 = os.getProcessCpuTime();
    return (c1 - c0) / 1e9;
  }
  static Object phasesNone(Jar j) throws Exception {
    return j.read.getParameterTypes()[3].getField("NONE").get(null);
  }
  public static void main(String[] a) throws Exception {
    Jar x = load(a[0], a.length > 4 ? a[4] : "GRAPH"), y = load(a[1], a.length > 4 ? a[4] : "GRAPH");
    int pairs = Integer.parseInt(a[3]);
    once(x, a[2]); once(y, a[2]); // warm-up
    double[] tx = new double[pairs], ty = new double[pairs], ratio = new double[pairs];
    for (int p = 0; p < pairs; p++) {
      if (p % 2 == 0) { tx[p] = once(x, a[2]); ty[p] = once(y, a[2]); } else { ty[p] = once(y, a[2]); tx[p] = once(x, a[2]); }
      ratio[p] = ty[p] / tx[p];
    }
    Arrays.sort(tx); Arrays.sort(ty); Arrays.sort(ratio);
    System.out.printf("A median %.3f s, B median %.3f s, B/A of medians %.3f, median of pair ratios %.3f (pairs %d; B scope %s)%n",
        tx[pairs/2], ty[pairs/2], ty[pairs/2]/tx[pairs/2], ratio[pairs/2], pairs, y.scope);
  }
}
