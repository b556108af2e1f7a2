#!/usr/bin/env bash
# bench/ab.sh OLD NEW LABEL ARGS... -- one heaplens command, OLD and NEW launchers run in turn
# (old, new, old, new...) PAIRS times (default 3), so that a busy machine's load swings hit both
# alike. Prints one Markdown row: label, median wall s old/new and ratio, median CPU s
# (user + system) old/new and ratio, median peak RSS MB old/new, the load average at the end.
# bench/compare.sh (hyperfine) is the better tool on a quiet machine.
set -euo pipefail
old="$1"; new="$2"; label="$3"; shift 3
PAIRS="${PAIRS:-3}"
command -v /usr/bin/time >/dev/null || { echo "ab.sh: missing /usr/bin/time (apt-get install -y time)" >&2; exit 1; }
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
median() { sort -n | awk '{a[NR]=$1} END { if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2 }'; }
one() { /usr/bin/time -f '%e %U %S %M' "$@" 2>&1 >/dev/null | tail -1; }
for _ in $(seq "$PAIRS"); do one "$old" "$@" >> "$tmp/o"; one "$new" "$@" >> "$tmp/n"; done
col() { awk "{print $2}" "$1" | median; }
ow=$(col "$tmp/o" '$1'); oc=$(col "$tmp/o" '$2+$3'); orss=$(col "$tmp/o" 'int($4/1024)')
nw=$(col "$tmp/n" '$1'); nc=$(col "$tmp/n" '$2+$3'); nrss=$(col "$tmp/n" 'int($4/1024)')
printf '| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %d | %d | %s |\n' "$label" "$ow" "$nw" "$(echo "$nw/$ow" | bc -l)" \
  "$oc" "$nc" "$(echo "$nc/$oc" | bc -l)" "$orss" "$nrss" "$(cut -d' ' -f1 /proc/loadavg)"
