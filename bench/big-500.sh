#!/usr/bin/env bash
# bench/big-500.sh LAUNCHER DUMP [HEAP] -- issue 28's big run with the disk measured: a first `top`
# of DUMP with HEAPLENS_MAX_HEAP=HEAP (default 4g) through bench/big-disk.sh (wall, CPU, peak RSS,
# the index's bytes and the scratch's peak beside it), then `paths` to the session object that
# DUMP.counts.txt names and `suspects`, both from that index with the same heap; each with its exit,
# wall, CPU, s per 1M objects, peak RSS and the last stderr line. The index is deleted at the end.
# Example: bench/big-500.sh ./heaplens /tmp/big500/big-500000000.hprof 4g
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
launcher="$1"; dump="$2"; heap="${3:-4g}"
objects=$(awk '/^objects /{print $2}' "$dump.counts.txt")
address=$(awk '/^session /{print $2}' "$dump.counts.txt")
echo "== $(date -u +%H:%M:%S) first top, $heap; df: $(df -h "$(dirname "$dump")" | awk 'NR==2{print $4}') free"
out=$(KEEP_INDEX=1 "$here/big-disk.sh" "$launcher" "$dump" "$heap" "$(dirname "$dump")")
echo "$out"
index=$(echo "$out" | sed -n 's/^index kept in //p')
[ -n "$index" ] && trap 'rm -rf "$(dirname "$index")"' EXIT
run() { # label command...
  local t; t=$(mktemp)
  HEAPLENS_MAX_HEAP="$heap" /usr/bin/time -f '%e %U %S %M' -o "$t" "$launcher" "$@" --index-dir "$index" --no-progress \
    > "$(dirname "$index")/$1.out" 2> "$(dirname "$index")/$1.err"
  local rc=$? wall user sys rss
  read -r wall user sys rss < <(tail -1 "$t"); rm -f "$t"
  echo "== $(date -u +%H:%M:%S) $1: exit $rc; wall $wall s; CPU $(echo "$user + $sys" | bc) s;" \
    "$(echo "scale=3; $wall * 1000000 / $objects" | bc) s per 1M objects (wall); peak RSS $((rss / 1024)) MB;" \
    "$(grep -v '^\s*$' "$(dirname "$index")/$1.err" | grep -v 'Command exited' | tail -1 | cut -c1-240)"
  head -12 "$(dirname "$index")/$1.out"
}
run paths "$dump" "$address"
run suspects "$dump"
echo "disk: dump $(du -h "$dump" | cut -f1), index $(du -sh "$index" | cut -f1); df: $(df -h "$(dirname "$dump")" | awk 'NR==2{print $4}') free"
