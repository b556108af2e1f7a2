#!/usr/bin/env bash
# bench/suspects.sh DUMP [DUMP...] -- what `suspects` costs beside `top` on the same dump, run
# interleaved (top, suspects, top, suspects...) so that a machine shared with other work loads
# both alike. Settings (SETTINGS, default "write read reopen"):
#   read    --no-index: each command reads the dump and computes the dominator tree itself
#   reopen  the dump's index in place (written once before): each command maps it
#   write   the index removed before each run: each command reads the dump and writes the index
#           (which now holds what suspects reads: with MAIN_JAR, main's `top` writing its own
#           index is what this build's `top` costs more)
# Each dump is linked into a temporary directory so its index is written there, never next to a
# shared benchmark dump. Prints a Markdown table: dump, setting, median wall seconds of top and of
# suspects, suspects/top, median CPU seconds (user + system) of each, and the peak RSS (MB, median)
# of each. On a loaded machine CPU seconds are the steadier figure. With MAIN_JAR (another build's
# jar, e.g. main's), its `suspects` (`top` in the write setting) is timed in the same rounds too and
# printed in three more columns.
# Environment: RUNS=5; LAUNCHER=./heaplens; SETTINGS="write read reopen"; MAIN_JAR unset.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
launcher="${LAUNCHER:-$here/heaplens}"
RUNS="${RUNS:-5}"
SETTINGS="${SETTINGS:-write read reopen}"
command -v /usr/bin/time >/dev/null || { echo "suspects.sh: missing /usr/bin/time (apt-get install -y time)" >&2; exit 1; }
[ $# -gt 0 ] || { echo "usage: bench/suspects.sh DUMP [DUMP...]" >&2; exit 2; }
unset HEAPLENS_INDEX
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
# one run: "<seconds> <peak RSS KB> <user> <system>" of `heaplens ARGS...` (output dropped)
one() { /usr/bin/time -f "%e %M %U %S" -o "$tmp/t" "$launcher" "$@" > /dev/null 2> "$tmp/err" || { cat "$tmp/err" >&2; exit 1; }; cat "$tmp/t"; }
# the same with MAIN_JAR (its start-up archive kept apart from this build's)
main() { HEAPLENS_JAR="$MAIN_JAR" HEAPLENS_STATE_DIR="$tmp/main-state" one "$@"; }
mkdir -p "$tmp/main-state"
extra_head=""; extra_rule=""
if [ -n "${MAIN_JAR:-}" ]; then extra_head=" main s | main CPU s | main RSS MB |"; extra_rule="---:|---:|---:|"; fi
echo "| dump | setting | top s | suspects s | suspects/top | top CPU s | suspects CPU s | CPU suspects/top | top RSS MB | suspects RSS MB |$extra_head"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|$extra_rule"
for dump in "$@"; do
  name="$(basename "$(dirname "$dump")")/$(basename "$dump")"
  link="$tmp/$(basename "$dump")"
  ln -sf "$(readlink -f "$dump")" "$link"
  cat "$dump" > /dev/null # page cache
  "$launcher" top "$link" --top 1 > /dev/null 2>&1 # writes the index for the reopen runs
  for setting in $SETTINGS; do
    extra=(); [ "$setting" = read ] && extra=(--no-index)
    second=suspects; [ "$setting" = write ] && second=top
    : > "$tmp/top"; : > "$tmp/suspects"; : > "$tmp/main"
    for _ in $(seq "$RUNS"); do
      [ "$setting" = write ] && rm -f "$link.heaplens-index"
      one top "$link" "${extra[@]}" >> "$tmp/top"
      [ "$setting" = write ] && rm -f "$link.heaplens-index"
      one suspects "$link" "${extra[@]}" >> "$tmp/suspects"
      if [ -n "${MAIN_JAR:-}" ]; then
        [ "$setting" = write ] && rm -f "$link.heaplens-index"
        main "$second" "$link" "${extra[@]}" >> "$tmp/main"
        [ "$setting" = write ] && rm -f "$link.heaplens-index" && "$launcher" top "$link" --top 1 > /dev/null 2>&1
      fi
    done
    t=$(cut -d' ' -f1 "$tmp/top" | median); s=$(cut -d' ' -f1 "$tmp/suspects" | median)
    tr=$(cut -d' ' -f2 "$tmp/top" | median); sr=$(cut -d' ' -f2 "$tmp/suspects" | median)
    tc=$(awk '{print $3 + $4}' "$tmp/top" | median); sc=$(awk '{print $3 + $4}' "$tmp/suspects" | median)
    row=$(awk -v n="$name" -v st="$setting" -v t="$t" -v s="$s" -v tr="$tr" -v sr="$sr" -v tc="$tc" -v sc="$sc" \
      'BEGIN { printf "| %s | %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.0f | %.0f |", n, st, t, s, s / t, tc, sc, sc / tc, tr / 1024, sr / 1024 }')
    if [ -n "${MAIN_JAR:-}" ]; then
      m=$(cut -d' ' -f1 "$tmp/main" | median); mr=$(cut -d' ' -f2 "$tmp/main" | median); mc=$(awk '{print $3 + $4}' "$tmp/main" | median)
      row="$row$(awk -v m="$m" -v mc="$mc" -v mr="$mr" 'BEGIN { printf " %.2f | %.2f | %.0f |", m, mc, mr / 1024 }')"
    fi
    echo "$row"
  done
done
