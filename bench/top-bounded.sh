#!/usr/bin/env bash
# bench/top-bounded.sh LAUNCHER DUMP [MAX_HEAP] -- issue 28's target: `top` on DUMP with
# HEAPLENS_MAX_HEAP=MAX_HEAP (default 256m), a first read (a fresh index, written out of core),
# against the unbounded `top --no-index` in the same minutes. One line per run: label, wall s,
# CPU s (user + system), peak RSS MB, exit status, and whether its table is byte for byte the
# unbounded run's (cmp). Fresh indexes under ${OUTOFCORE_TMP:-/tmp}, removed after.
set -uo pipefail
launcher="$1"; dump="$2"; max="${3:-256m}"
tmp="$(mktemp -d "${OUTOFCORE_TMP:-/tmp}/top-bounded.XXXXXX")"; trap 'rm -rf "$tmp"' EXIT
one() { # label env... -- args...
  local label="$1"; shift
  /usr/bin/time -f '%e %U %S %M' -o "$tmp/time" env "$@" > "$tmp/out" 2> "$tmp/err"
  local rc=$?
  [ -f "$tmp/reference" ] || cp "$tmp/out" "$tmp/reference"
  read -r wall user sys rss < <(tail -1 "$tmp/time")
  printf '%s\t%.2f\t%.2f\t%d\trc=%d\t%s\n' "$label" "$wall" "$(echo "$user + $sys" | bc -l)" $((rss / 1024)) "$rc" \
    "$(cmp -s "$tmp/out" "$tmp/reference" && echo same || echo DIFFERENT)"
  [ "$rc" = 0 ] || sed 's/^/    /' "$tmp/err" | grep -v 'start-up archive' | head -2
}
one "unbounded, --no-index" "$launcher" top "$dump" --no-index
one "HEAPLENS_MAX_HEAP=$max, first read writing its index" HEAPLENS_MAX_HEAP="$max" "$launcher" top "$dump" --index-dir "$tmp/idx"
grep -h "out of core" "$tmp/err" | head -1
one "HEAPLENS_MAX_HEAP=$max, from that index" HEAPLENS_MAX_HEAP="$max" "$launcher" top "$dump" --index-dir "$tmp/idx"
du -sh "$tmp/idx" | cut -f1 | sed 's/^/index on disk: /'
