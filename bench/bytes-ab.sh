#!/usr/bin/env bash
# bench/bytes-ab.sh OLD NEW -- issue 28's "no command slower" for a change to the graph's in-heap
# columns or the dominators' scratch: OLD and NEW launchers (./heaplens or a copy frozen for A/B)
# in turn, bench/ab.sh per row (PAIRS, default 5), on the two benchmark dumps: `top` reading the dump
# (--no-index), then `retained --by class` and `paths` of the largest retainer from an index each
# build wrote once beforehand (untimed, in a directory of its own under $WORK). Prints Markdown rows.
#   HPROF=/tmp/heaplens-bench-jvm/big.hprof  RUBY12=/tmp/heaplens-bench12/big.json
#   WORK=/tmp/bigdump/bytes-ab               ONLY=REGEX (rows whose label matches)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
old="$(realpath "${1:?usage: bench/bytes-ab.sh OLD NEW}")"
new="$(realpath "${2:?usage: bench/bytes-ab.sh OLD NEW}")"
work="${WORK:-/tmp/bigdump/bytes-ab}"
export PAIRS="${PAIRS:-5}"
only="${ONLY:-.}"

wrapper() { # name launcher: the launcher with --index-dir of its own for the graph commands
  local dir="$work/$1"
  mkdir -p "$dir/index"
  cat > "$dir/heaplens" <<EOF
#!/usr/bin/env bash
case "\${1:-}" in
  top|retained|paths) exec "$2" "\$@" --index-dir "$dir/index" ;;
  *) exec "$2" "\$@" ;;
esac
EOF
  chmod +x "$dir/heaplens"
  echo "$dir/heaplens"
}
a="$(wrapper old "$old")"
b="$(wrapper new "$new")"
row() { if [[ "$1" =~ $only ]]; then "$here/bench/ab.sh" "$a" "$b" "$@"; fi; }

echo "host: $(lscpu | grep 'Model name' | sed 's/.*: *//'), $(nproc) cores; $(java -version 2>&1 | head -1); PAIRS=$PAIRS"
echo "| command | wall s old | new | new/old | CPU s old | new | new/old | RSS MB old | new | load |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for dump in "${HPROF:-/tmp/heaplens-bench-jvm/big.hprof}" "${RUBY12:-/tmp/heaplens-bench12/big.json}"; do
  [ -f "$dump" ] || { echo "missing $dump: skipped" >&2; continue; }
  name="$(basename "$dump")"
  row "$name: top --no-index" top "$dump" --no-index
  "$a" top "$dump" --top 1 > /dev/null 2>&1; "$b" top "$dump" --top 1 > /dev/null 2>&1  # each writes its index
  largest="$("$b" top "$dump" --top 1 --format tsv 2>/dev/null | awk -F'\t' 'NR == 2 {print $1}')"
  row "$name: retained --by class, index" retained "$dump" --by class
  row "$name: paths $largest, index" paths "$dump" "$largest"
done
