#!/usr/bin/env bash
# bench/index.sh DUMP [DUMP...] -- the index cache, in one hyperfine run per dump and command:
#   first   the command with no index in place (deleted before each run): reads the dump, writes the index
#   reopen  the same command with the index in place: maps it instead of reading the dump
#   read    --no-index: reads the dump, writes nothing (what every run cost before the index)
# Each dump is linked into a temporary directory so its index is written there, never next to a
# shared benchmark dump. Prints a Markdown table: dump, command, median seconds of each, reopen/first,
# peak RSS of first and reopen, the index's size and bytes per object; then the median of
# `heaplens --version` in the same run: the JVM's start, which every command pays.
# Environment: RUNS=5 WARMUP=1; LAUNCHER=./heaplens; COMMANDS="top" (also: retained, i.e. retained --by class).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
launcher="${LAUNCHER:-$here/heaplens}"
RUNS="${RUNS:-5}"; WARMUP="${WARMUP:-1}"
commands="${COMMANDS:-top}"
for tool in hyperfine /usr/bin/time jq; do
  command -v "$tool" >/dev/null || { echo "index.sh: missing $tool (apt-get install -y hyperfine time jq)" >&2; exit 1; }
done
[ $# -gt 0 ] || { echo "usage: bench/index.sh DUMP [DUMP...]" >&2; exit 2; }
unset HEAPLENS_INDEX
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
rss() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }
echo "| dump | command | first s | reopen s | reopen/first | --no-index s | reopen CPU s | first RSS MB | reopen RSS MB | index MB | bytes/object |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for dump in "$@"; do
  name="$(basename "$dump")"
  link="$tmp/$name"
  ln -sf "$(readlink -f "$dump")" "$link"
  index="$link.heaplens-index"
  cat "$dump" > /dev/null # page cache
  objects="$("$launcher" top "$link" --top 0 --format json --no-index | jq '.reachability.reachableObjects + .reachability.unreachableObjects')"
  for c in $commands; do
    case "$c" in
      retained) args="retained $link --by class" ;;
      *) args="$c $link" ;;
    esac
    hyperfine -N --style none --warmup "$WARMUP" --runs "$RUNS" --export-json "$tmp/$c.json" \
      --command-name first --prepare "rm -f $index" "$launcher $args" \
      --command-name reopen --prepare "sh -c 'test -f $index || $launcher $args'" "$launcher $args" \
      --command-name read --prepare "true" "$launcher $args --no-index" > /dev/null
    first="$(jq '.results[0].median' "$tmp/$c.json")"
    reopen="$(jq '.results[1].median' "$tmp/$c.json")"
    read="$(jq '.results[2].median' "$tmp/$c.json")"
    cpu="$(jq '.results[1].user + .results[1].system' "$tmp/$c.json")" # mean user + system: what load does not inflate
    rm -f "$index"; rf="$(rss $launcher $args)"; rr="$(rss $launcher $args)"
    bytes="$(stat -c %s "$index")"
    printf '| %s | %s | %.3f | %.3f | %.3f | %.3f | %.3f | %d | %d | %.0f | %.0f |\n' "$name" "$c" "$first" "$reopen" \
      "$(echo "$reopen / $first" | bc -l)" "$read" "$cpu" "$((rf / 1024))" "$((rr / 1024))" \
      "$(echo "$bytes / 1048576" | bc -l)" "$(echo "$bytes / $objects" | bc -l)"
  done
  rm -f "$index"
done
hyperfine -N --style none --warmup "$WARMUP" --runs "$RUNS" --export-json "$tmp/start.json" "$launcher --version" > /dev/null
printf '\nJVM start (`heaplens --version`) in the same run: %.3f s, CPU %.3f s\n' "$(jq '.results[0].median' "$tmp/start.json")" \
  "$(jq '.results[0].user + .results[0].system' "$tmp/start.json")"
