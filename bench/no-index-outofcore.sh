#!/usr/bin/env bash
# bench/no-index-outofcore.sh OLD NEW DUMP... -- `top --no-index` out of core (issue 28): NEW with
# HEAPLENS_MAX_HEAP=${HEAP:-256m} against OLD unbounded, in turn ROUNDS times (default 3). Each NEW run's
# output must equal (cmp) OLD's, and leave no heaplens-scratch-* directory in the temporary directory.
# Prints one Markdown row per dump: median wall s, CPU s (user + system), peak RSS MB of both, ratios;
# and what OLD says at that heap (previous mains refused in one line).
set -uo pipefail
old="$1"; new="$2"; shift 2
ROUNDS="${ROUNDS:-3}"; heap="${HEAP:-256m}"; scratch="${TMPDIR:-/tmp}"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
median() { sort -n | awk '{a[NR]=$1} END { if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2 }'; }
col() { awk "{print $2}" "$1" | median; }
for dump in "$@"; do
  rm -f "$tmp"/o "$tmp"/n; same=yes; left=none
  for _ in $(seq "$ROUNDS"); do
    /usr/bin/time -f '%e %U %S %M' -a -o "$tmp/o" "$old" top --no-index "$dump" > "$tmp/o.out" 2> /dev/null
    HEAPLENS_MAX_HEAP="$heap" /usr/bin/time -f '%e %U %S %M' -a -o "$tmp/n" "$new" top --no-index "$dump" > "$tmp/n.out" 2> "$tmp/n.err"
    cmp -s "$tmp/o.out" "$tmp/n.out" || same=NO
    ls -d "$scratch"/heaplens-scratch-* > /dev/null 2>&1 && left="$(ls -d "$scratch"/heaplens-scratch-* | head -1)"
  done
  before="$(HEAPLENS_MAX_HEAP="$heap" "$old" top --no-index "$dump" 2>&1 > /dev/null | tail -1 | cut -c1-90)"
  ow=$(col "$tmp/o" '$1'); oc=$(col "$tmp/o" '$2+$3'); orss=$(col "$tmp/o" 'int($4/1024)')
  nw=$(col "$tmp/n" '$1'); nc=$(col "$tmp/n" '$2+$3'); nrss=$(col "$tmp/n" 'int($4/1024)')
  printf '| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %d | %d | %s | %s | %s |\n' "$(basename "$dump")" "$ow" "$nw" \
    "$(echo "$nw/$ow" | bc -l)" "$oc" "$nc" "$(echo "$nc/$oc" | bc -l)" "$orss" "$nrss" "$same" "$left" "$before"
done
