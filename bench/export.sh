#!/usr/bin/env bash
# bench/export.sh DUMP [DUMP...] -- export against top, in one run, both ways a user meets it:
#   index   from the index cache (the dump was opened before): what export costs beyond reading
#   first   the dump read for the first time (its index removed before every run): export's whole cost
# Commands, RUNS times each (default 3), interleaved, every JVM with the same -Xmx (HEAP, default 8g):
#   main-top / top           main's jar (MAIN_JAR, default /work/main/target/heaplens.jar) and this build: top DUMP
#   main-export              main's export DUMP --parquet DIR (uncompressed, one thread)
#   export                   this build's export (LZ4, the default); export-none and export-gzip the other codecs
#   sql / sql-start          sql DIR "<a group-by over objects>", and sql DIR "SELECT 1" (JVM, DuckDB, views)
# FIRST_RUNS (default RUNS) sets the runs of the first-read commands (first-top, first-export).
# The table gives median wall seconds, median CPU seconds (user + system) and median peak RSS
# (/usr/bin/time), and each export's size on disk. On a shared host the CPU times and the same-run
# ratios are what count; the wall times are upper bounds.
# The dump is linked into a temporary directory (one per jar) so that its index is written there.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUNS="${RUNS:-3}"; FIRST_RUNS="${FIRST_RUNS:-$RUNS}"; HEAP="${HEAP:-8g}"
main_jar="${MAIN_JAR:-/work/main/target/heaplens.jar}"
jar="${JAR:-$here/target/heaplens.jar}"  # JAR: a copy, so that a rebuild during the run changes nothing
[ $# -gt 0 ] || { echo "usage: bench/export.sh DUMP [DUMP...]" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "export.sh: missing /usr/bin/time (apt-get install -y time)" >&2; exit 1; }
tmp="${TMPDIR_EXPORT:-$(mktemp -d)}"; mkdir -p "$tmp"
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
measure() { # name, then the command: appends "wall rss_kb cpu" to $tmp/name.times
  local name="$1"; shift
  /usr/bin/time -f "%e %M %U %S" -o "$tmp/one.time" "$@" > /dev/null 2> "$tmp/$name.err" || { cat "$tmp/$name.err" >&2; exit 1; }
  awk '{printf "%s %s %.2f\n", $1, $2, $3 + $4}' "$tmp/one.time" >> "$tmp/$name.times"
}
query="SELECT class, count(*), sum(shallow) FROM objects GROUP BY class ORDER BY 3 DESC LIMIT 10"
echo "| dump | reading | command | median wall s | median CPU s | median peak RSS MB | on disk MB |"
echo "|---|---|---|---:|---:|---:|---:|"
for dump in "$@"; do
  name="$(basename "$dump")"
  mkdir -p "$tmp/main" "$tmp/ours" "$tmp/first"
  ln -sf "$(readlink -f "$dump")" "$tmp/main/$name"
  ln -sf "$(readlink -f "$dump")" "$tmp/ours/$name"
  ln -sf "$(readlink -f "$dump")" "$tmp/first/$name"
  rm -f "$tmp"/*.times
  java -Xmx"$HEAP" -jar "$main_jar" top "$tmp/main/$name" --top 0 > /dev/null 2>&1  # writes main's index
  java -Xmx"$HEAP" -jar "$jar" top "$tmp/ours/$name" --top 0 > /dev/null 2>&1       # writes ours
  declare -A size=()
  for run in $(seq "$RUNS"); do
    measure main-top java -Xmx"$HEAP" -jar "$main_jar" top "$tmp/main/$name"
    measure top java -Xmx"$HEAP" -jar "$jar" top "$tmp/ours/$name"
    rm -rf "$tmp/t-main"
    measure main-export java -Xmx"$HEAP" -jar "$main_jar" export "$tmp/main/$name" --parquet "$tmp/t-main"
    for codec in lz4 none gzip; do
      c=export; [ "$codec" = lz4 ] || c="export-$codec"
      rm -rf "$tmp/t-$codec"
      measure "$c" java -Xmx"$HEAP" -jar "$jar" export "$tmp/ours/$name" --parquet "$tmp/t-$codec" --compression "$codec"
    done
    measure sql java -jar "$jar" sql "$tmp/t-lz4" "$query"
    measure sql-start java -jar "$jar" sql "$tmp/t-lz4" "SELECT 1"
  done
  for run in $(seq "$FIRST_RUNS"); do
    rm -f "$tmp/first/$name".heaplens-*
    measure first-top java -Xmx"$HEAP" -jar "$jar" top "$tmp/first/$name"
    rm -f "$tmp/first/$name".heaplens-*; rm -rf "$tmp/t-first"
    measure first-export java -Xmx"$HEAP" -jar "$jar" export "$tmp/first/$name" --parquet "$tmp/t-first"
  done
  size[main-export]="$(du -sm "$tmp/t-main" | cut -f1)"
  size[export]="$(du -sm "$tmp/t-lz4" | cut -f1)"
  size[export-none]="$(du -sm "$tmp/t-none" | cut -f1)"
  size[export-gzip]="$(du -sm "$tmp/t-gzip" | cut -f1)"
  size[first-export]="${size[export]}"
  for c in main-top top main-export export export-none export-gzip sql sql-start first-top first-export; do
    reading=index; case "$c" in first-*) reading=first;; esac
    s="$(cut -d' ' -f1 "$tmp/$c.times" | median)"
    m="$(cut -d' ' -f2 "$tmp/$c.times" | median)"
    u="$(cut -d' ' -f3 "$tmp/$c.times" | median)"
    echo "| $name | $reading | ${c#first-} | $s | $u | $((m / 1024)) | ${size[$c]:-} |"
  done
  unset size
done
