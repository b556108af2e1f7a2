#!/usr/bin/env bash
# bench/memprof.sh -- what heaplens-memprof costs a real allocation-heavy program nobody here
# wrote. WORKLOAD=maven (the default): Maven compiling a clean copy of heaplens, 4-5 s dominated by
# class loading (Maven core and its plugins are instrumented; javac, inside the JDK, is not).
# WORKLOAD=h2: the H2 database engine (its jar from the local Maven repository) running
# bench/memprof-h2.sql in memory, a steady-state run of some 12 s of CPU whose ~200 million
# allocations are nearly all in instrumented classes. Up to four modes (MODES), RUNS runs each,
# median wall and CPU time:
#   none       no agent
#   exact      -javaagent:target/heaplens-memprof.jar (every allocation tracked)
#   sampled    the same with MEMPROF_SAMPLE_BYTES=524288 (about one allocation per 512 KB; SAMPLE_BYTES=N
#              for another interval: a small one shows what each sample costs)
#   jfr        no agent, JFR with jdk.ObjectAllocationSample on (settings=profile)
# Targets (issue 14): exact <= 3x none, sampled <= 1.05x none, agent memory <= 80 bytes per
# tracked live object: MEMPROF_PRINT_COST=1 prints, at exit, the bytes per tracked object
# (reference + table slot) and the tables' peak size; the heap-based figure (with and without the
# agent) is MemProfRobustnessIT's, printed by ./mvnw verify.
#
# Needs: ./mvnw -DskipTests package first (the agent jar), Maven's plugins already in the local
# repository (runs offline). Knobs: RUNS=3, GOAL=compile (maven), MODES="none exact sampled jfr"
# (h2: "none sampled jfr"; exact mode tracks every one of its allocations and takes minutes),
# OLD_AGENT=path of a previous agent jar, timed in OLD_MODE (exact, or sampled) in the same run,
# for before/after figures, H2_JAR. Writes bench/results/memprof-WORKLOAD.md.
# Run on a quiet machine: the ratios mean nothing under load.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
agent="$root/target/heaplens-memprof.jar"
runs="${RUNS:-3}"
goal="${GOAL:-compile}"
workload="${WORKLOAD:-maven}"
h2_jar="${H2_JAR:-$HOME/.m2/repository/com/h2database/h2/2.3.232/h2-2.3.232.jar}"
case "$workload" in
  maven) modes="${MODES:-none exact sampled jfr}" ;;
  h2) modes="${MODES:-none sampled jfr}"
      [[ -f "$h2_jar" ]] || { echo "bench/memprof.sh: $h2_jar missing; set H2_JAR to an H2 2.x jar" >&2; exit 2; } ;;
  *) echo "bench/memprof.sh: WORKLOAD must be maven or h2, not '$workload'" >&2; exit 2 ;;
esac
[[ " $modes " == *" none "* ]] || modes="none $modes" # the ratios' base
[[ -f "$agent" ]] || { echo "bench/memprof.sh: $agent missing; run ./mvnw -DskipTests package first" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
[[ "$workload" == maven ]] && git -C "$root" archive HEAD | tar -x -C "$work"
mkdir -p "$root/bench/results"

# one_run OPTS... : prints the wall time and the CPU time (user + system, all threads) in seconds of
# one run of the workload with JVM options OPTS (Maven: a clean build with MAVEN_OPTS=OPTS). CPU
# time is what a busy machine distorts least.
one_run() {
  if [[ "$workload" == maven ]]; then
    rm -rf "$work/target"
    MAVEN_OPTS="$*" /usr/bin/time -f "%e %U %S" -o "$work/time.txt" "$root/mvnw" -o -q -B -f "$work/pom.xml" -DskipTests "$goal" \
      > "$work/out.log" 2> "$work/err.log" \
      || { echo "bench/memprof.sh: build failed with MAVEN_OPTS=$*" >&2; tail -20 "$work/err.log" >&2; exit 1; }
  else
    # shellcheck disable=SC2068 # the options are words on purpose
    /usr/bin/time -f "%e %U %S" -o "$work/time.txt" java $@ -cp "$h2_jar" org.h2.tools.RunScript \
      -url "jdbc:h2:mem:bench" -script "$root/bench/memprof-h2.sql" > "$work/out.log" 2> "$work/err.log" \
      || { echo "bench/memprof.sh: H2 failed with $*" >&2; tail -20 "$work/err.log" >&2; exit 1; }
  fi
  awk '{ printf "%s %.2f\n", $1, $2 + $3 }' "$work/time.txt"
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
wall() { cut -d' ' -f1 "$work/$1.times" | median; }
cpu() { cut -d' ' -f2 "$work/$1.times" | median; }

# The modes are interleaved run by run, so that a change of load on the machine hits them all alike.
sample_bytes="${SAMPLE_BYTES:-524288}"
declare -A opt=([none]="" [exact]="-javaagent:$agent" [sampled]="-javaagent:$agent -DMEMPROF_SAMPLE_BYTES=$sample_bytes"
  [jfr]="-XX:StartFlightRecording=settings=profile,filename=$work/rec.jfr")
read -r -a names <<< "$modes"
old_mode="${OLD_MODE:-exact}"
if [[ -n "${OLD_AGENT:-}" ]]; then
  names+=(old)
  opt[old]="-javaagent:$OLD_AGENT"
  [[ "$old_mode" == sampled ]] && opt[old]+=" -DMEMPROF_SAMPLE_BYTES=$sample_bytes"
fi
for n in "${names[@]}"; do one_run ${opt[$n]} > /dev/null; done # warm-up: file cache, JIT-independent disk state
for _ in $(seq "$runs"); do
  for n in "${names[@]}"; do one_run ${opt[$n]} >> "$work/$n.times"; done
done
cost=""
if [[ " ${names[*]} " == *" exact "* ]]; then
  one_run "-javaagent:$agent -DMEMPROF_PRINT_COST=1" > /dev/null
  cost="$(grep 'heaplens-memprof:' "$work/err.log" | tail -1)"
fi

ratio() { echo "scale=2; $1 / $2" | bc; }
declare -A label=([none]="none" [exact]="exact (agent)" [sampled]="sampled, $sample_bytes bytes"
  [jfr]="JFR profile (jdk.ObjectAllocationSample)" [old]="$old_mode, previous agent ($(basename "${OLD_AGENT:-}"))")
declare -A target=([exact]="<= 3.00" [sampled]="<= 1.05 (at 524288)" [jfr]="for comparison" [old]="for comparison")
case "$workload" in
  maven) what="Maven ($goal of a clean heaplens copy)" ;;
  h2) what="H2 $(basename "$h2_jar" .jar) running bench/memprof-h2.sql in memory" ;;
esac
{
  echo "## heaplens-memprof on $what, $runs runs each, interleaved, medians"
  echo
  echo "| mode | wall s | wall vs none | CPU s | CPU vs none | target |"
  echo "|---|---:|---:|---:|---:|---|"
  none=$(wall none); none_cpu=$(cpu none)
  for n in "${names[@]}"; do
    echo "| ${label[$n]} | $(wall "$n") | $(ratio "$(wall "$n")" "$none") | $(cpu "$n") | $(ratio "$(cpu "$n")" "$none_cpu") | ${target[$n]:-} |"
  done
  echo
  [[ -n "$cost" ]] && echo "Agent memory (exact run, at exit): $cost (target <= 80 bytes each)" && echo
  echo "Machine: $(nproc) cores, $(java -version 2>&1 | head -1), load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee "$root/bench/results/memprof-$workload.md"
