#!/usr/bin/env bash
# Usage: bench/big-run.sh DUMP [ADDRESS [HEAPLENS]]
# The big-dump run of issue 28: top, then paths to ADDRESS, then suspects on DUMP, in that order,
# with HEAPLENS_MAX_HEAP (default 4g), the index written to a fresh directory (so the first command
# reads the dump, as a first run does, and the others read the index). One Markdown row a command:
# exit code, wall s, wall s per million objects (the objects from DUMP.counts.txt, else from the
# top's last line), peak RSS MB, and the last line of stderr (where a run stops says why), then the
# disk the dump and its index use. HEAPLENS defaults to this checkout's launcher.
# FIRST_HEAP, when set, is the first top's heap instead (it reads the dump and writes the index,
# which still builds the graph in the heap; the others then work out of core from the index when
# their heap is too small), and top runs once more, from the index, with HEAPLENS_MAX_HEAP.
# ADDRESS defaults to the session bench/big-hprof.sh names in DUMP.counts.txt.
# Example: FIRST_HEAP=13g bench/big-run.sh /tmp/bigdump/big-100000000.hprof
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
dump="$1"; address="${2:-$(awk '/^session /{print $2}' "$1.counts.txt" 2>/dev/null)}"; heaplens="${3:-$here/../heaplens}"
export HEAPLENS_MAX_HEAP="${HEAPLENS_MAX_HEAP:-4g}"
index="$(dirname "$dump")/index-$(basename "$dump")"
rm -rf "$index"; mkdir -p "$index"
out="$(mktemp -d)"; trap 'rm -rf "$out"' EXIT
objects=$(awk '/^objects /{print $2}' "$dump.counts.txt" 2>/dev/null)
echo "| command | exit | wall s | s per 1M objects | peak RSS MB | last stderr line |"
echo "|---|---|---|---|---|---|"
run() {
  local label="$1"; shift
  /usr/bin/time -f '%e %M' -o "$out/time" "$heaplens" "$@" --index-dir "$index" "$dump" ${ARG:+"$ARG"} \
    > "$out/stdout" 2> "$out/stderr"
  local rc=$?
  read -r wall rss < <(tail -1 "$out/time")
  if [[ -z "$objects" ]]; then
    # reachable plus unreachable objects, from top's last line
    objects=$(grep -oE 'reachable( from GC roots)?: [0-9,]+' "$out/stdout" | grep -oE '[0-9,]+$' | tr -d , | paste -sd+ | bc)
  fi
  local per="-"
  [[ -n "$objects" ]] && per=$(echo "scale=3; $wall * 1000000 / $objects" | bc)
  printf '| %s | %s | %s | %s | %d | %s |\n' "$label" "$rc" "$wall" "$per" "$((rss / 1024))" \
    "$(grep -v '^\s*$' "$out/stderr" | grep -v 'Command exited' | tail -1 | cut -c1-200)"
  cp "$out/stdout" "$index.$label.out"
}
HEAPLENS_MAX_HEAP="${FIRST_HEAP:-$HEAPLENS_MAX_HEAP}" ARG= run top top --no-progress
[[ -n "${FIRST_HEAP:-}" ]] && ARG= run top-from-index top --no-progress
ARG="$address" run paths paths --no-progress
ARG= run suspects suspects --no-progress
echo
echo "disk: dump $(du -h "$dump" | cut -f1), index $(du -sh "$index" | cut -f1); HEAPLENS_MAX_HEAP=$HEAPLENS_MAX_HEAP; objects ${objects:-?}"
