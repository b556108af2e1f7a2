#!/usr/bin/env bash
# bench/compare.sh OLD NEW DUMP [DUMP2 [DUMP3]] -- two heaplens launchers, command by command,
# in one run: hyperfine times OLD and NEW back to back for each command (so both see the same
# machine), then peak RSS (median of RSS_RUNS runs of /usr/bin/time) for each.
#
#   OLD, NEW   launchers (e.g. a worktree of the previous commit's ./heaplens, and ./heaplens)
#   DUMP       a Ruby dump or an HPROF dump; DUMP2/DUMP3 for diff and leaks (default DUMP)
# Environment: RUNS=5 WARMUP=1 RSS_RUNS=3; COMMANDS="summary histogram top diff leaks" (strings
# is added for .hprof). Prints a Markdown table: command, old and new median seconds, new/old,
# old and new peak RSS MB.
set -euo pipefail
old="$1"; new="$2"; dump="$3"; dump2="${4:-$dump}"; dump3="${5:-$dump2}"
RUNS="${RUNS:-5}"; WARMUP="${WARMUP:-1}"; RSS_RUNS="${RSS_RUNS:-3}"
commands="${COMMANDS:-summary histogram top diff leaks}"
case "$dump" in *.hprof|*.hprof.gz) commands="${COMMANDS:-histogram summary top strings diff leaks}" ;; esac
# Every run reads the dump: no index cache (versions without one ignore this; bench/index.sh times it).
export HEAPLENS_INDEX=off
for tool in hyperfine /usr/bin/time jq; do
  command -v "$tool" >/dev/null || { echo "compare.sh: missing $tool (apt-get install -y hyperfine time jq)" >&2; exit 1; }
done
args_for() {
  case "$1" in
    histogram) echo "histogram $dump --by class" ;;
    diff) echo "diff $dump $dump2" ;;
    leaks) echo "leaks $dump $dump2 $dump3" ;;
    *) echo "$1 $dump" ;;
  esac
}
median() { sort -n | awk '{a[NR]=$1} END { if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2 }'; }
rss() { for _ in $(seq "$RSS_RUNS"); do /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; done | median; }
cat "$dump" "$dump2" "$dump3" > /dev/null # page cache
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
echo "| command | old s | new s | new/old | old RSS MB | new RSS MB |"
echo "|---|---:|---:|---:|---:|---:|"
for c in $commands; do
  a="$(args_for "$c")"
  hyperfine -N --style none --warmup "$WARMUP" --runs "$RUNS" --export-json "$tmp/$c.json" \
    "$old $a" "$new $a" > /dev/null 2>&1 || { echo "| $c | failed | | | | |"; continue; }
  o="$(jq '.results[0].median' "$tmp/$c.json")"; n="$(jq '.results[1].median' "$tmp/$c.json")"
  ro="$(rss $old $a)"; rn="$(rss $new $a)"
  printf '| %s | %.3f | %.3f | %.2f | %d | %d |\n' "$c" "$o" "$n" "$(echo "$n / $o" | bc -l)" "$((ro / 1024))" "$((rn / 1024))"
done
