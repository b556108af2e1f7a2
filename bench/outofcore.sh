#!/usr/bin/env bash
# bench/outofcore.sh NEW_JAR OLD_JAR DUMP ADDRESS [RUNS] -- issue 28's out-of-core figures for one dump:
# each graph command (top, retained --by class, suspects, paths ADDRESS) from the dump's index with a
# 256 MiB heap (out of core: the index mapped) beside the same with the launcher's heap (in the heap),
# for the branch (NEW) and main (OLD), alternating, RUNS rounds (default 3): wall seconds and peak RSS
# (which counts the mapped index pages the command touched). Outputs are compared byte for byte with
# the in-heap run's. Then the first read (no index) with both heaps, and the index's size on disk.
# Each jar keeps its own index under /tmp/outofcore/idx-*; nothing is written next to the dump.
set -uo pipefail
new="$1"; old="$2"; dump="$3"; addr="$4"; runs="${5:-3}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work=/tmp/outofcore/bench.$$; mkdir -p "$work"; trap 'rm -rf "$work"' EXIT
export HEAPLENS_CDS=0
name="$(basename "$dump")"
run() { # label jar heap(- for the launcher's) args...: prints "label seconds rssMB", keeps stdout in $work/label.out
  local label="$1" jar="$2" heap="$3"; shift 3
  local env=(HEAPLENS_JAR="$jar"); [ "$heap" != - ] && env+=(HEAPLENS_MAX_HEAP="$heap")
  env "${env[@]}" /usr/bin/time -f "%e %M" -o "$work/time" "$here/heaplens" "$@" > "$work/$label.out" 2> "$work/$label.err"
  local rc=$?
  echo "$label $(tail -1 "$work/time" | awk '{printf "%s s %d MB", $1, $2/1024}') rc=$rc $(grep -v '^heaplens: note' "$work/$label.err" | head -1 | cut -c1-150)"
}
cat "$dump" > /dev/null
echo "load $(cut -d' ' -f1-3 /proc/loadavg)"
for who in new old; do  # the indexes, made once with the launcher's heap
  jar=${!who}; mkdir -p "/tmp/outofcore/idx-$who"
  run "index-$who" "$jar" - top "$dump" --index-dir "/tmp/outofcore/idx-$who"
done
echo "index on disk: $(du -b /tmp/outofcore/idx-new/"$name"-*.heaplens-index | cut -f1) bytes"
cmds=("top" "retained --by class" "suspects" "paths")
for r in $(seq "$runs"); do
  for c in "${cmds[@]}"; do
    key="${c%% *}"
    for who in new old; do
      jar=${!who}
      extra=(); [ "$key" = paths ] && extra=("$addr")
      run "$key-$who-heap-$r" "$jar" - $c "$dump" "${extra[@]}" --index-dir "/tmp/outofcore/idx-$who"
      run "$key-$who-256m-$r" "$jar" 256m $c "$dump" "${extra[@]}" --index-dir "/tmp/outofcore/idx-$who"
      cmp -s "$work/$key-$who-heap-$r.out" "$work/$key-$who-256m-$r.out" && echo "  same output" || echo "  OUTPUT DIFFERS"
    done
    cmp -s "$work/$key-new-heap-$r.out" "$work/$key-old-heap-$r.out" || echo "  new and old differ in $key"
  done
done
grep -h '^heaplens: note' "$work"/*-new-256m-1.err | head -1
for r in $(seq "$runs"); do  # the first read: no index
  for who in new old; do
    run "first-$who-heap-$r" "${!who}" - top "$dump" --no-index
  done
done
run "first-new-256m" "$new" 256m top "$dump" --index-dir "$work/idx"
echo "load $(cut -d' ' -f1-3 /proc/loadavg)"
