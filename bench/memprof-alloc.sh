#!/usr/bin/env bash
# bench/memprof-alloc.sh -- what heaplens-memprof costs per allocation, this agent against a previous
# one in the same run: a small program (written and compiled here) allocates ALLOCS objects of three
# shapes, two calls deep, keeping one in 64 alive in a ring of 65,536 (so the live table churns as
# the GC frees the rest). Modes, interleaved run by run, RUNS runs each, median wall and CPU time:
#   none                 no agent
#   exact, sampled       -javaagent:target/heaplens-memprof.jar (sampled: MEMPROF_SAMPLE_BYTES=SAMPLE_BYTES,
#                        the JVM's own samples where the native library loads)
#   exact-old, sampled-old  the same with OLD_AGENT (a previous agent jar), when set
# CPU time (user + system, all threads) is what a busy machine distorts least; ratios are within a run.
# Needs ./mvnw -DskipTests package first. Knobs: RUNS=5, ALLOCS=3000000, SAMPLE_BYTES=65536, OLD_AGENT.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
agent="$root/target/heaplens-memprof.jar"
runs="${RUNS:-5}"
allocs="${ALLOCS:-3000000}"
sample_bytes="${SAMPLE_BYTES:-65536}"
[[ -f "$agent" ]] || { echo "bench/memprof-alloc.sh: $agent missing; run ./mvnw -DskipTests package first" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat > "$work/Allocs.java" <<'JAVA'
public final class Allocs {
    static final class Small { int a; }
    static final class Pair { Object left, right; Pair(Object l, Object r) { left = l; right = r; } }
    static final Object[] RING = new Object[65536];

    public static void main(String[] args) {
        long n = Long.parseLong(args[0]);
        long sum = 0;
        for (long i = 0; i < n; i++) {
            sum += outer(i);
        }
        System.out.println(sum);
    }

    static int outer(long i) {
        return inner(i) + 1;
    }

    static int inner(long i) {
        Object o = switch ((int) (i % 3)) {
            case 0 -> new Small();
            case 1 -> new int[(int) (i & 15)];
            default -> new Pair(null, null);
        };
        if ((i & 63) == 0) {
            RING[(int) ((i >> 6) & 65535)] = o;
        }
        return o.hashCode() & 1;
    }
}
JAVA
javac -d "$work" "$work/Allocs.java"

one_run() {
  # shellcheck disable=SC2068 # the options are words on purpose
  /usr/bin/time -f "%e %U %S" -o "$work/time.txt" java $@ -cp "$work" Allocs "$allocs" > /dev/null 2> "$work/err.log" \
    || { echo "bench/memprof-alloc.sh: the program failed with $*" >&2; tail -5 "$work/err.log" >&2; exit 1; }
  awk '{ printf "%s %.2f\n", $1, $2 + $3 }' "$work/time.txt"
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

declare -A opt=([none]="" [exact]="-javaagent:$agent" [sampled]="-javaagent:$agent -DMEMPROF_SAMPLE_BYTES=$sample_bytes")
names=(none exact sampled)
if [[ -n "${OLD_AGENT:-}" ]]; then
  opt[exact-old]="-javaagent:$OLD_AGENT"
  opt[sampled-old]="-javaagent:$OLD_AGENT -DMEMPROF_SAMPLE_BYTES=$sample_bytes"
  names=(none exact exact-old sampled sampled-old)
fi
for n in "${names[@]}"; do one_run ${opt[$n]} > /dev/null; done # warm-up
for _ in $(seq "$runs"); do
  for n in "${names[@]}"; do one_run ${opt[$n]} >> "$work/$n.times"; done
done
echo "## heaplens-memprof per allocation: $allocs allocations, $runs runs each, interleaved, medians"
echo
echo "| mode | wall s | CPU s | CPU vs none | CPU runs |"
echo "|---|---:|---:|---:|---|"
none_cpu=$(cut -d' ' -f2 "$work/none.times" | median)
for n in "${names[@]}"; do
  cpu=$(cut -d' ' -f2 "$work/$n.times" | median)
  echo "| $n | $(cut -d' ' -f1 "$work/$n.times" | median) | $cpu | $(echo "scale=2; $cpu / $none_cpu" | bc) | $(cut -d' ' -f2 "$work/$n.times" | tr '\n' ' ')|"
done
echo
echo "Machine: $(nproc) cores, $(java -version 2>&1 | head -1), load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
