#!/usr/bin/env bash
# bench/memprof-rewrite.sh -- exact mode's class rewriting, this agent against a previous one in the
# same run: bench/MemprofRewrite.java rewrites every class of CORPUS (jackson-databind from the local
# Maven repository by default) ROUNDS times with each agent's transformer, RUNS runs each,
# interleaved; median CPU time (user + system), and the CRC-32 of what each wrote (alike when the two
# agents rewrite alike). Needs ./mvnw -DskipTests package first and OLD_AGENT (a previous agent jar);
# OLD_CLASS is its transformer's class (dev.heaplens.memprof.agent.AllocationTransformer before the
# agent's room was split by job). Knobs: RUNS=7, ROUNDS=20, CORPUS, AGENT (this agent's jar).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
agent="${AGENT:-$root/target/heaplens-memprof.jar}"
runs="${RUNS:-7}"
rounds="${ROUNDS:-20}"
corpus="${CORPUS:-$HOME/.m2/repository/com/fasterxml/jackson/core/jackson-databind/2.17.1/jackson-databind-2.17.1.jar}"
old_class="${OLD_CLASS:-dev.heaplens.memprof.agent.AllocationTransformer}"
[[ -f "$agent" ]] || { echo "bench/memprof-rewrite.sh: $agent missing; run ./mvnw -DskipTests package first" >&2; exit 2; }
[[ -f "${OLD_AGENT:-}" ]] || { echo "bench/memprof-rewrite.sh: set OLD_AGENT to a previous agent jar" >&2; exit 2; }
[[ -f "$corpus" ]] || { echo "bench/memprof-rewrite.sh: $corpus missing; set CORPUS to a jar" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
javac -d "$work" "$root/bench/MemprofRewrite.java"

one_run() { # NAME JAR CLASS: appends "cpu output" to NAME.times
  /usr/bin/time -f "%U %S" -o "$work/time.txt" java -cp "$work" MemprofRewrite "$2" "$3" "$corpus" "$rounds" > "$work/out.txt"
  echo "$(awk '{ printf "%.2f", $1 + $2 }' "$work/time.txt") $(cat "$work/out.txt")" >> "$work/$1.times"
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
for _ in $(seq "$runs"); do
  one_run new "$agent" dev.heaplens.memprof.hooks.AllocationTransformer
  one_run old "$OLD_AGENT" "$old_class"
done
echo "## exact mode's rewrite of $(basename "$corpus"), $rounds rounds, $runs runs each, interleaved"
echo
echo "| agent | CPU s (median) | CPU runs | output |"
echo "|---|---:|---|---|"
for n in new old; do
  echo "| $n | $(cut -d' ' -f1 "$work/$n.times" | median) | $(cut -d' ' -f1 "$work/$n.times" | tr '\n' ' ')| $(cut -d' ' -f2- "$work/$n.times" | sort -u | tr '\n' ' ')|"
done
echo
echo "Machine: $(nproc) cores, $(java -version 2>&1 | head -1), load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
