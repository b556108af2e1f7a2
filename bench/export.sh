#!/usr/bin/env bash
# bench/export.sh DUMP [DUMP...] -- export against top, in one run, from the index cache (reopened):
#   main-top   main's jar (MAIN_JAR, default /work/main/target/heaplens.jar): top DUMP
#   top        this build's top DUMP
#   export     this build's export DUMP --parquet DIR (DIR emptied before each run)
#   sql        sql DIR "SELECT class, count(*), sum(shallow) FROM objects GROUP BY class ORDER BY 3 DESC LIMIT 10"
#   sql-start  sql DIR "SELECT 1": what every sql run pays (JVM, DuckDB, views); sql minus this is the query
# Each command runs RUNS times (default 3), interleaved; the table gives median wall seconds and median
# peak RSS (/usr/bin/time), and the export's size on disk. Every JVM gets the same -Xmx (HEAP, default 8g).
# The dump is linked into a temporary directory (one per jar) so that its index is written there.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUNS="${RUNS:-3}"; HEAP="${HEAP:-8g}"
main_jar="${MAIN_JAR:-/work/main/target/heaplens.jar}"
jar="$here/target/heaplens.jar"
[ $# -gt 0 ] || { echo "usage: bench/export.sh DUMP [DUMP...]" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "export.sh: missing /usr/bin/time (apt-get install -y time)" >&2; exit 1; }
tmp="${TMPDIR_EXPORT:-$(mktemp -d)}"; mkdir -p "$tmp"
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
measure() { # name, then the command: appends "seconds rss_kb" to $tmp/name.times
  local name="$1"; shift
  /usr/bin/time -f "%e %M" -o "$tmp/one.time" "$@" > /dev/null 2> "$tmp/$name.err" || { cat "$tmp/$name.err" >&2; exit 1; }
  cat "$tmp/one.time" >> "$tmp/$name.times"
}
echo "| dump | objects | command | median s | median peak RSS MB | export on disk MB |"
echo "|---|---:|---|---:|---:|---:|"
for dump in "$@"; do
  name="$(basename "$dump")"
  mkdir -p "$tmp/main" "$tmp/ours"
  ln -sf "$(readlink -f "$dump")" "$tmp/main/$name"
  ln -sf "$(readlink -f "$dump")" "$tmp/ours/$name"
  out="$tmp/tables"
  rm -f "$tmp"/*.times
  java -Xmx"$HEAP" -jar "$main_jar" top "$tmp/main/$name" --top 0 > /dev/null 2>&1  # writes main's index
  java -Xmx"$HEAP" -jar "$jar" top "$tmp/ours/$name" --top 0 > /dev/null 2>&1       # writes ours
  for run in $(seq "$RUNS"); do
    measure main-top java -Xmx"$HEAP" -jar "$main_jar" top "$tmp/main/$name"
    measure top java -Xmx"$HEAP" -jar "$jar" top "$tmp/ours/$name"
    rm -rf "$out"
    measure export java -Xmx"$HEAP" -jar "$jar" export "$tmp/ours/$name" --parquet "$out"
    measure sql java -jar "$jar" sql "$out" "SELECT class, count(*), sum(shallow) FROM objects GROUP BY class ORDER BY 3 DESC LIMIT 10"
    measure sql-start java -jar "$jar" sql "$out" "SELECT 1"
  done
  objects="$(java -jar "$jar" sql "$out" "SELECT count(*) FROM objects" --format tsv | tail -1)"
  size="$(du -sm "$out" | cut -f1)"
  for c in main-top top export sql sql-start; do
    s="$(cut -d' ' -f1 "$tmp/$c.times" | median)"
    m="$(cut -d' ' -f2 "$tmp/$c.times" | median)"
    echo "| $name | $objects | $c | $s | $((m / 1024)) | $([ "$c" = export ] && echo "$size" || echo) |"
  done
done
