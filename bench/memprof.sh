#!/usr/bin/env bash
# bench/memprof.sh -- what heaplens-memprof costs a real allocation-heavy program nobody here
# wrote: Maven compiling a clean copy of heaplens (Maven core and its plugins are instrumented;
# javac, inside the JDK, is not). Four modes, RUNS runs each, median wall and CPU time:
#   none       no agent
#   exact      -javaagent:target/heaplens-memprof.jar (every allocation tracked)
#   sampled    the same with MEMPROF_SAMPLE_BYTES=524288 (about one allocation per 512 KB)
#   jfr        no agent, JFR with jdk.ObjectAllocationSample on (settings=profile)
# Targets (issue 14): exact <= 3x none, sampled <= 1.05x none, agent memory <= 80 bytes per
# tracked live object: MEMPROF_PRINT_COST=1 prints, at exit, the bytes per tracked object
# (reference + table slot) and the tables' peak size; the heap-based figure (with and without the
# agent) is MemProfRobustnessIT's, printed by ./mvnw verify.
#
# Needs: ./mvnw -DskipTests package first (the agent jar), Maven's plugins already in the local
# repository (runs offline). Knobs: RUNS=3, GOAL=compile, OLD_AGENT=path of a previous agent jar
# (timed in exact mode in the same run, for before/after figures). Writes bench/results/memprof.md.
# Run on a quiet machine: the ratios mean nothing under load.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
agent="$root/target/heaplens-memprof.jar"
runs="${RUNS:-3}"
goal="${GOAL:-compile}"
[[ -f "$agent" ]] || { echo "bench/memprof.sh: $agent missing; run ./mvnw -DskipTests package first" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git -C "$root" archive HEAD | tar -x -C "$work"
mkdir -p "$root/bench/results"

# one_run OPTS... : prints the wall time and the CPU time (user + system, all threads) in seconds of
# one clean Maven build with MAVEN_OPTS=OPTS. CPU time is what a busy machine distorts least.
one_run() {
  rm -rf "$work/target"
  MAVEN_OPTS="$*" /usr/bin/time -f "%e %U %S" -o "$work/time.txt" "$root/mvnw" -o -q -B -f "$work/pom.xml" -DskipTests "$goal" \
    > "$work/out.log" 2> "$work/err.log" \
    || { echo "bench/memprof.sh: build failed with MAVEN_OPTS=$*" >&2; tail -20 "$work/err.log" >&2; exit 1; }
  awk '{ printf "%s %.2f\n", $1, $2 + $3 }' "$work/time.txt"
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
wall() { cut -d' ' -f1 "$work/$1.times" | median; }
cpu() { cut -d' ' -f2 "$work/$1.times" | median; }

# The modes are interleaved run by run, so that a change of load on the machine hits them all alike.
names=(none exact sampled jfr)
opts=("" "-javaagent:$agent" "-javaagent:$agent -DMEMPROF_SAMPLE_BYTES=524288"
      "-XX:StartFlightRecording=settings=profile,filename=$work/rec.jfr")
if [[ -n "${OLD_AGENT:-}" ]]; then names+=(old); opts+=("-javaagent:$OLD_AGENT"); fi
for i in "${!names[@]}"; do one_run ${opts[$i]} > /dev/null; done # warm-up: file cache, JIT-independent disk state
for _ in $(seq "$runs"); do
  for i in "${!names[@]}"; do one_run ${opts[$i]} >> "$work/${names[$i]}.times"; done
done
none=$(wall none); exact=$(wall exact); sampled=$(wall sampled); jfr=$(wall jfr)
none_cpu=$(cpu none); exact_cpu=$(cpu exact); sampled_cpu=$(cpu sampled); jfr_cpu=$(cpu jfr)
old_exact=""
if [[ -n "${OLD_AGENT:-}" ]]; then old_exact=$(wall old); old_cpu=$(cpu old); fi
one_run "-javaagent:$agent -DMEMPROF_PRINT_COST=1" > /dev/null
cost="$(grep 'heaplens-memprof:' "$work/err.log" | tail -1)"

ratio() { echo "scale=2; $1 / $2" | bc; }
{
  echo "## heaplens-memprof on Maven ($goal of a clean heaplens copy), $runs runs each, interleaved, medians"
  echo
  echo "| mode | wall s | wall vs none | CPU s | CPU vs none | target |"
  echo "|---|---:|---:|---:|---:|---|"
  echo "| none | $none | 1.00 | $none_cpu | 1.00 | |"
  echo "| exact (agent) | $exact | $(ratio "$exact" "$none") | $exact_cpu | $(ratio "$exact_cpu" "$none_cpu") | <= 3.00 |"
  echo "| sampled, 512 KB | $sampled | $(ratio "$sampled" "$none") | $sampled_cpu | $(ratio "$sampled_cpu" "$none_cpu") | <= 1.05 |"
  echo "| JFR profile (jdk.ObjectAllocationSample) | $jfr | $(ratio "$jfr" "$none") | $jfr_cpu | $(ratio "$jfr_cpu" "$none_cpu") | for comparison |"
  [[ -n "$old_exact" ]] && echo "| exact, previous agent ($(basename "$OLD_AGENT")) | $old_exact | $(ratio "$old_exact" "$none") | $old_cpu | $(ratio "$old_cpu" "$none_cpu") | for comparison |"
  echo
  echo "Agent memory (exact run, at exit): ${cost:-not printed} (target <= 80 bytes each)"
  echo
  echo "Machine: $(nproc) cores, $(java -version 2>&1 | head -1), load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee "$root/bench/results/memprof.md"
