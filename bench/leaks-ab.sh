#!/usr/bin/env bash
# bench/leaks-ab.sh OLD NEW DIR -- `leaks A B C` of OLD and NEW launchers and NEW's `histogram C`
# (the target's yardstick), and NEW's `leaks --no-retained A B C` when NEW has it, run in turn (old,
# new, histogram, no-retained, old, new...) RUNS times (default 5), so that a busy machine's load
# swings hit them all alike. DIR holds a.json, b.json and c.json
# (bench/make-leak-dumps.sh DIR 0.25). Prints one Markdown row per command: median wall s, median
# CPU s (user + system), median peak RSS MB, wall / histogram's; then the load average.
set -euo pipefail
old="$1"; new="$2"; dir="$3"
RUNS="${RUNS:-5}"
export HEAPLENS_INDEX=off # every run reads the dumps
command -v /usr/bin/time >/dev/null || { echo "leaks-ab.sh: missing /usr/bin/time (apt-get install -y time)" >&2; exit 1; }
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
median() { sort -n | awk '{a[NR]=$1} END { if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2 }'; }
one() { /usr/bin/time -f '%e %U %S %M' "$@" 2>&1 >/dev/null | tail -1; }
for f in a b c; do cat "$dir/$f.json" > /dev/null; done # into the page cache
"$new" histogram "$dir/c.json" > /dev/null 2>&1 # and the start-up archives made
"$old" --version > /dev/null 2>&1 || true
kinds="old new hist"
if "$new" leaks --help 2>/dev/null | grep -q -- --no-retained; then kinds="$kinds objects"; fi
for _ in $(seq "$RUNS"); do
  one "$old" leaks "$dir/a.json" "$dir/b.json" "$dir/c.json" >> "$tmp/old"
  one "$new" leaks "$dir/a.json" "$dir/b.json" "$dir/c.json" >> "$tmp/new"
  one "$new" histogram "$dir/c.json" >> "$tmp/hist"
  if [[ "$kinds" == *objects ]]; then
    one "$new" leaks --no-retained "$dir/a.json" "$dir/b.json" "$dir/c.json" >> "$tmp/objects"
  fi
done
col() { awk "{print $2}" "$1" | median; }
hist=$(col "$tmp/hist" '$1')
echo "| command | wall s | CPU s | peak RSS MB | wall / histogram C |"
echo "|---|---:|---:|---:|---:|"
for k in $kinds; do
  case "$k" in
    hist) label="histogram C (NEW)" ;;
    objects) label="leaks --no-retained A B C (NEW)" ;;
    *) label="leaks A B C ($(echo "$k" | tr a-z A-Z))" ;;
  esac
  w=$(col "$tmp/$k" '$1')
  printf '| %s | %.3f | %.2f | %d | %.2fx |\n' "$label" "$w" "$(col "$tmp/$k" '$2+$3')" \
    "$(col "$tmp/$k" 'int($4/1024)' | cut -d. -f1)" "$(echo "$w/$hist" | bc -l)"
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
