#!/usr/bin/env bash
# bench/big-first-ab.sh OLD NEW DUMP HEAP [PAIRS] -- issue 28's first read, old against new: bench/ab.sh of
# `top DUMP` with HEAPLENS_MAX_HEAP=HEAP, each run through a wrapper that deletes its index first, so every
# run is a first read writing a fresh index (out of core when HEAP is too small for the graph). Prints
# ab.sh's row; the two last indexes are then compared byte for byte (they must be the same).
set -euo pipefail
old="$1"; new="$2"; dump="$3"; heap="$4"; pairs="${5:-5}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/first-ab.XXXXXX")"; trap 'rm -rf "$tmp"' EXIT
for side in old new; do
  launcher="$old"; [ "$side" = new ] && launcher="$new"
  printf '#!/usr/bin/env bash\nrm -rf %q; mkdir -p %q\nexec %q "$@" --index-dir %q\n' \
    "$tmp/$side-index" "$tmp/$side-index" "$launcher" "$tmp/$side-index" > "$tmp/$side"
  chmod +x "$tmp/$side"
done
HEAPLENS_MAX_HEAP="$heap" PAIRS="$pairs" "$here/ab.sh" "$tmp/old" "$tmp/new" "$(basename "$dump") top, first read, $heap" \
  top "$dump" --no-progress
if cmp -s "$tmp"/old-index/*.heaplens-index "$tmp"/new-index/*.heaplens-index; then
  echo "indexes: byte-identical"
else
  echo "indexes: DIFFER"; exit 1
fi
