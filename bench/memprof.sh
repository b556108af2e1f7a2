#!/usr/bin/env bash
# bench/memprof.sh -- what heaplens-memprof costs a real allocation-heavy program nobody here
# wrote: Maven compiling a clean copy of heaplens (Maven core and its plugins are instrumented;
# javac, inside the JDK, is not). Four modes, RUNS runs each, median wall time:
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

# one_run OPTS... : prints the wall time in seconds of one clean Maven build with MAVEN_OPTS=OPTS
one_run() {
  rm -rf "$work/target"
  local start end
  start=$(date +%s.%N)
  MAVEN_OPTS="$*" "$root/mvnw" -o -q -B -f "$work/pom.xml" -DskipTests "$goal" > "$work/out.log" 2> "$work/err.log" \
    || { echo "bench/memprof.sh: build failed with MAVEN_OPTS=$*" >&2; tail -20 "$work/err.log" >&2; exit 1; }
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

# The modes are interleaved run by run, so that a change of load on the machine hits them all alike.
names=(none exact sampled jfr)
opts=("" "-javaagent:$agent" "-javaagent:$agent -DMEMPROF_SAMPLE_BYTES=524288"
      "-XX:StartFlightRecording=settings=profile,filename=$work/rec.jfr")
if [[ -n "${OLD_AGENT:-}" ]]; then names+=(old); opts+=("-javaagent:$OLD_AGENT"); fi
for i in "${!names[@]}"; do one_run ${opts[$i]} > /dev/null; done # warm-up: file cache, JIT-independent disk state
for _ in $(seq "$runs"); do
  for i in "${!names[@]}"; do one_run ${opts[$i]} >> "$work/${names[$i]}.times"; done
done
none=$(median < "$work/none.times")
exact=$(median < "$work/exact.times")
sampled=$(median < "$work/sampled.times")
jfr=$(median < "$work/jfr.times")
old_exact=""
[[ -n "${OLD_AGENT:-}" ]] && old_exact=$(median < "$work/old.times")
one_run "-javaagent:$agent -DMEMPROF_PRINT_COST=1" > /dev/null
cost="$(grep 'heaplens-memprof:' "$work/err.log" | tail -1)"

ratio() { echo "scale=2; $1 / $none" | bc; }
{
  echo "## heaplens-memprof on Maven ($goal of a clean heaplens copy), $runs runs, median"
  echo
  echo "| mode | wall s | vs none | target |"
  echo "|---|---:|---:|---|"
  echo "| none | $none | 1.00 | |"
  echo "| exact (agent) | $exact | $(ratio "$exact") | <= 3.00 |"
  echo "| sampled, 512 KB | $sampled | $(ratio "$sampled") | <= 1.05 |"
  echo "| JFR profile (jdk.ObjectAllocationSample) | $jfr | $(ratio "$jfr") | for comparison |"
  [[ -n "$old_exact" ]] && echo "| exact, previous agent ($(basename "$OLD_AGENT")) | $old_exact | $(ratio "$old_exact") | for comparison |"
  echo
  echo "Agent memory (exact run, at exit): ${cost:-not printed} (target <= 80 bytes each)"
  echo
  echo "Machine: $(nproc) cores, $(java -version 2>&1 | head -1), load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee "$root/bench/results/memprof.md"
