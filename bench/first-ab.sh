#!/usr/bin/env bash
# bench/first-ab.sh OLD NEW LABEL COMMAND DUMP [ARGS...] -- bench/ab.sh of a graph command's first
# run: the index the command writes next to DUMP (DUMP.heaplens-index) is deleted before each run,
# old and new alike, so that every run reads the dump, builds the graph and writes the index
# (ab.sh alone times the first run once, then runs that read the index). Prints ab.sh's row.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
old="$1"; new="$2"; label="$3"; shift 3
[ -w "$(dirname "$2")" ] || { echo "first-ab.sh: $(dirname "$2") must be writable (the index goes next to the dump)" >&2; exit 2; }
wrappers="$(mktemp -d)"; trap 'rm -rf "$wrappers"; rm -f "$2.heaplens-index"' EXIT
for side in old new; do
  launcher="$old"; [ "$side" = new ] && launcher="$new"
  printf '#!/usr/bin/env bash\nrm -f "$2.heaplens-index"\nexec %q "$@"\n' "$launcher" > "$wrappers/$side"
  chmod +x "$wrappers/$side"
done
"$here/ab.sh" "$wrappers/old" "$wrappers/new" "$label" "$@"
