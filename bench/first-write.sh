#!/usr/bin/env bash
# bench/first-write.sh DUMP [DUMP...] -- what the index write costs the first command, and what
# suspects costs after it, for several builds run in turn in the same rounds (build A, B, C, A,
# B, C...), so that a machine shared with other work loads them alike. Each round, per build:
#   first      `top` with no index in place (removed before): reads the dump, writes the index
#   suspects1  then `suspects`: the first suspects run on that index (a build that stores what
#              suspects reads only when it first runs adds it to the index here)
#   suspects2  then `suspects` again: from the index as it now is
# Each build keeps its own index directory and start-up archive. Prints a Markdown table: dump,
# build, step, median wall s, median CPU s (user + system), median peak RSS MB, and wall and CPU
# against the first build named.
# Environment: RUNS=5; JARS="name=path.jar ..." (default: this checkout's target/heaplens.jar).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUNS="${RUNS:-5}"
JARS="${JARS:-this=$here/target/heaplens.jar}"
for tool in /usr/bin/time bc; do
  command -v "$tool" >/dev/null || { echo "first-write.sh: missing $tool (apt-get install -y time bc)" >&2; exit 1; }
done
[ $# -gt 0 ] || { echo "usage: bench/first-write.sh DUMP [DUMP...]" >&2; exit 2; }
unset HEAPLENS_INDEX
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
# the medians of a step's runs: "<wall> <cpu> <rss>"
medians() {
  local c out=""
  for c in 1 2 3; do
    out="$out $(cut -d' ' -f"$c" "$1" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}')"
  done
  echo $out
}
# one run of build $1: appends "<wall> <cpu> <rss MB>" to $tmp/<dump>.<build>.<step>
one() {
  local build="$1" jar="$2" key="$3" step="$4"; shift 4
  HEAPLENS_JAR="$jar" HEAPLENS_STATE_DIR="$tmp/state-$build" /usr/bin/time -f "%e %U %S %M" -o "$tmp/t" \
    "$here/heaplens" "$@" --index-dir "$tmp/index-$build" > /dev/null 2> "$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
  awk '{printf "%s %.2f %d\n", $1, $2 + $3, $4 / 1024}' "$tmp/t" >> "$tmp/$key.$build.$step"
}
echo "| dump | build | step | wall s | CPU s | RSS MB | wall / ${JARS%%=*} | CPU / ${JARS%%=*} |"
echo "|---|---|---|---:|---:|---:|---:|---:|"
for pair in $JARS; do # each build's start-up archive made before the rounds
  mkdir -p "$tmp/state-${pair%%=*}"
  HEAPLENS_JAR="${pair#*=}" HEAPLENS_STATE_DIR="$tmp/state-${pair%%=*}" "$here/heaplens" --version > /dev/null 2>&1
done
for dump in "$@"; do
  key="$(basename "$dump")"
  cat "$dump" > /dev/null # page cache
  for _ in $(seq "$RUNS"); do
    for pair in $JARS; do
      build="${pair%%=*}"; jar="${pair#*=}"
      rm -rf "$tmp/index-$build"
      one "$build" "$jar" "$key" first top "$dump"
      one "$build" "$jar" "$key" suspects1 suspects "$dump"
      one "$build" "$jar" "$key" suspects2 suspects "$dump"
    done
  done
  base="${JARS%%=*}"
  for step in first suspects1 suspects2; do
    read -r bw bc_ _ < <(medians "$tmp/$key.$base.$step")
    for pair in $JARS; do
      build="${pair%%=*}"
      read -r w c m < <(medians "$tmp/$key.$build.$step")
      printf '| %s | %s | %s | %.2f | %.2f | %.0f | %.2f | %.2f |\n' "$key" "$build" "$step" "$w" "$c" "$m" \
        "$(echo "$w / $bw" | bc -l)" "$(echo "$c / $bc_" | bc -l)"
    done
  done
done
echo
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
