#!/usr/bin/env bash
# bench/first-read-outofcore.sh NEW_JAR OLD_JAR DUMP [ROUNDS] -- issue 28's first read out of
# core: `top` on DUMP with no index, in turn (ROUNDS times, default 2): NEW in the heap writing a fresh
# index, NEW forced out of core (--memory 1k: the dominators' scratch mapped beside the index), and
# NEW and OLD in the heap without an index. One line per run: label, wall s, CPU s, peak RSS MB, and
# whether its table is byte for byte the first in-heap run's. Fresh indexes under ${OUTOFCORE_TMP:-/tmp}.
# The jars run with java directly (the launcher's collector, ${HEAP:-2g} of heap), not through
# ./heaplens: its start-up archive is remade whenever the jar changes, which alternating jars would pay.
set -uo pipefail
new="$1"; old="$2"; dump="$3"; rounds="${4:-2}"
java_opts=(-XX:+UseSerialGC -XX:-UsePerfData -Xss8m -Xmx"${HEAP:-2g}")
tmp="$(mktemp -d "${OUTOFCORE_TMP:-/tmp}/first-read.XXXXXX")"; trap 'rm -rf "$tmp"' EXIT
one() { # label launcher args...
  local label="$1"; shift
  local jar="$1"; shift
  /usr/bin/time -f '%e %U %S %M' -o "$tmp/time" java "${java_opts[@]}" -jar "$jar" "$@" > "$tmp/out" 2> "$tmp/err"
  grep -h "out of core" "$tmp/err" >> "$tmp/notes"
  [ -f "$tmp/reference" ] || cp "$tmp/out" "$tmp/reference"
  read -r wall user sys rss < <(tail -1 "$tmp/time")
  printf '%s\t%.2f\t%.2f\t%d\t%s\n' "$label" "$wall" "$(echo "$user + $sys" | bc -l)" $((rss / 1024)) \
    "$(cmp -s "$tmp/out" "$tmp/reference" && echo same || echo DIFFERENT)"
}
for r in $(seq "$rounds"); do
  rm -rf "$tmp/idx"; one "new, in heap, writes index" "$new" top "$dump" --index-dir "$tmp/idx"
  rm -rf "$tmp/idx"; one "new, out of core, writes index" "$new" top "$dump" --index-dir "$tmp/idx" --memory 1k
  one "new, in heap, --no-index" "$new" top "$dump" --no-index
  one "old, in heap, --no-index" "$old" top "$dump" --no-index
done
head -1 "$tmp/notes"
