#!/usr/bin/env bash
# Issue 28's pace for a command from an index: the big dump's index in a small heap against the
# 7.4M-object dump's index in 4 GB, in turn (big, small, big, small...) RUNS times, each run on a
# fresh copy of its index (suspects stores its sections into the index it reads). Prints one
# Markdown row: command, median wall and CPU s of each, CPU s per 1M objects, and the ratio.
# usage: bench/suspects-index-pace.sh LAUNCHER COMMAND BIG_INDEX_DIR BIG_DUMP BIG_OBJECTS BIG_HEAP \
#          SMALL_INDEX_DIR SMALL_DUMP SMALL_OBJECTS   (RUNS=3; SMALL_HEAP=4g; copies under $TMPDIR;
#          BIG_ARGS, SMALL_ARGS: more arguments after each dump, e.g. paths' object address)
# Example: BIG_ARGS=0x60111fc08 SMALL_ARGS=0x85106788 bench/suspects-index-pace.sh ./heaplens paths \
#          /tmp/ix30 /tmp/outofcore/big-30M.hprof 29999932 250m /tmp/ix74 /tmp/heaplens-bench-jvm/big.hprof 7386685
# Write each index once first: HEAPLENS_MAX_HEAP=1g heaplens top --index-dir DIR DUMP.
set -euo pipefail
launcher=$1; cmd=$2; bigix=$3; big=$4; bign=$5; bigheap=$6; smallix=$7; small=$8; smalln=$9
RUNS="${RUNS:-3}"; SMALL_HEAP="${SMALL_HEAP:-4g}"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/index-pace.XXXXXX")"; trap 'rm -rf "$tmp"' EXIT
median() { sort -n | awk '{a[NR]=$1} END { if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2 }'; }
one() { # heap index dump out args...: one run on a fresh copy, "wall cpu" appended to out; stops on a failure
  rm -rf "$tmp/ix"; cp -r "$2" "$tmp/ix"
  if ! /usr/bin/time -f '%e %U %S' -o "$tmp/t" env HEAPLENS_MAX_HEAP="$1" "$launcher" "$cmd" --index-dir "$tmp/ix" "$3" ${5:-} \
      > /dev/null 2> "$tmp/err"; then
    echo "failed: $cmd $3 with $1: $(grep -v '^heaplens: note' "$tmp/err" | head -1)" >&2; exit 1
  fi
  awk '{print $1, $2 + $3}' "$tmp/t" >> "$4"
}
for _ in $(seq "$RUNS"); do one "$bigheap" "$bigix" "$big" "$tmp/b" "${BIG_ARGS:-}"
  one "$SMALL_HEAP" "$smallix" "$small" "$tmp/s" "${SMALL_ARGS:-}"; done
bw=$(awk '{print $1}' "$tmp/b" | median); bc_=$(awk '{print $2}' "$tmp/b" | median)
sw=$(awk '{print $1}' "$tmp/s" | median); sc=$(awk '{print $2}' "$tmp/s" | median)
bper=$(echo "$bc_ * 1000000 / $bign" | bc -l); sper=$(echo "$sc * 1000000 / $smalln" | bc -l)
printf '| %s | %s | %.2f | %.2f | %.3f | %.2f | %.2f | %.3f | %.2fx |\n' "$cmd" "$bigheap" "$bw" "$bc_" "$bper" "$sw" "$sc" "$sper" \
  "$(echo "$bper / $sper" | bc -l)"
