#!/usr/bin/env bash
# bench/suspects-ab.sh OLD NEW DUMP [ARGS...] -- `top` and `suspects` of two builds on one dump, each
# a first run (the index next to DUMP deleted before every run, so each reads the dump and writes its
# index; with --no-index in ARGS, none is written), in turn: old top, old suspects, new top, new
# suspects, RUNS times. OLD and NEW are launchers (a frozen copy of main's, and ./heaplens). DUMP's
# directory must be writable. Run DUMP by its own path, not a link in another directory, to time
# what a user gets. Prints, per build and command, the median wall and CPU seconds (user + system)
# and the median peak RSS, then suspects/top of each build in wall and CPU.
# Environment: RUNS=7.
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: bench/suspects-ab.sh OLD NEW DUMP [ARGS...]" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "suspects-ab.sh: missing /usr/bin/time (apt-get install -y time)" >&2; exit 1; }
old=$1; new=$2; dump=$3; shift 3
RUNS="${RUNS:-7}"
unset HEAPLENS_INDEX
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
cat "$dump" > /dev/null # page cache
for _ in $(seq "$RUNS"); do
  for who in old new; do
    launcher=$new; [ "$who" = old ] && launcher=$old
    for c in top suspects; do
      rm -f "$dump.heaplens-index"
      /usr/bin/time -f "%e %U %S %M" -o "$tmp/t" "$launcher" "$c" "$dump" "$@" > /dev/null 2> "$tmp/err" \
        || { cat "$tmp/err" >&2; exit 1; }
      cat "$tmp/t" >> "$tmp/$who-$c"
    done
  done
done
rm -f "$dump.heaplens-index"
echo "| build | command | wall s | CPU s | peak RSS MB |"
echo "|---|---|---:|---:|---:|"
for who in old new; do
  for c in top suspects; do
    echo "| $who | $c | $(cut -d' ' -f1 "$tmp/$who-$c" | median) | $(awk '{print $2 + $3}' "$tmp/$who-$c" | median) | $(awk '{print int($4 / 1024)}' "$tmp/$who-$c" | median) |"
  done
done
for who in old new; do
  tw=$(cut -d' ' -f1 "$tmp/$who-top" | median); sw=$(cut -d' ' -f1 "$tmp/$who-suspects" | median)
  tc=$(awk '{print $2 + $3}' "$tmp/$who-top" | median); sc=$(awk '{print $2 + $3}' "$tmp/$who-suspects" | median)
  awk -v w="$who" -v tw="$tw" -v sw="$sw" -v tc="$tc" -v sc="$sc" 'BEGIN {printf "%s: suspects/top %.2f wall, %.2f CPU\n", w, sw / tw, sc / tc}'
done
