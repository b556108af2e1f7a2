#!/usr/bin/env bash
# bench/export.sh DUMP [DUMP...] -- export against top, in one run, both ways a user meets it:
#   index   from the index cache (the dump was opened before): what export costs beyond reading
#   first   the dump read for the first time (its index removed before every run): export's whole cost
# Every command runs through the launcher (./heaplens, as the README's users run it: C1, the serial
# collector, its heap sizing), main's jar and this build's in turn (HEAPLENS_JAR), RUNS times each
# (default 3), interleaved:
#   main-top / top           main's jar (MAIN_JAR, default a copy of /work/main/target/heaplens.jar) and this build: top DUMP
#   main-export / export     export DUMP --parquet DIR (each build's default codec, LZ4)
#   export-none              this build, --compression none; export-names: --field-names (JVM names; NAMES=0 skips it)
#   sql / sql-start          sql DIR "<a group-by over objects>", and sql DIR "SELECT 1" (JVM, DuckDB, views)
# FIRST_RUNS (default RUNS) sets the runs of the first-read commands (first-main-top, first-top,
# first-main-export, first-export). The table gives median wall seconds, median CPU seconds
# (user + system) and median peak RSS (/usr/bin/time), and each export's size on disk. On a shared
# host the CPU times and the same-run ratios are what count; the wall times are upper bounds.
# The dump is linked into a temporary directory (one per jar) so that its index is written there.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUNS="${RUNS:-3}"; FIRST_RUNS="${FIRST_RUNS:-$RUNS}"
[ $# -gt 0 ] || { echo "usage: bench/export.sh DUMP [DUMP...]" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "export.sh: missing /usr/bin/time (apt-get install -y time)" >&2; exit 1; }
tmp="${TMPDIR_EXPORT:-$(mktemp -d)}"; mkdir -p "$tmp"
# copies, so that a rebuild during the run changes nothing
cp "${MAIN_JAR:-/work/main/target/heaplens.jar}" "$tmp/main.jar"; cp "${JAR:-$here/target/heaplens.jar}" "$tmp/ours.jar"
# sql finds DuckDB's driver beside its jar: not beside these copies
# and each jar its own start-up archive (one place for both would be made again at every turn)
mkdir -p "$tmp/state-main" "$tmp/state-ours"
main=(env HEAPLENS_DUCKDB_JAR="$here/target/lib/duckdb_jdbc.jar" HEAPLENS_JAR="$tmp/main.jar" HEAPLENS_STATE_DIR="$tmp/state-main" "$here/heaplens")
ours=(env HEAPLENS_DUCKDB_JAR="$here/target/lib/duckdb_jdbc.jar" HEAPLENS_JAR="$tmp/ours.jar" HEAPLENS_STATE_DIR="$tmp/state-ours" "$here/heaplens")
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
  for d in main ours first-main first; do mkdir -p "$tmp/$d"; ln -sf "$(readlink -f "$dump")" "$tmp/$d/$name"; done
  rm -f "$tmp"/*.times
  "${main[@]}" top "$tmp/main/$name" --top 0 > /dev/null 2>&1  # writes main's index
  "${ours[@]}" top "$tmp/ours/$name" --top 0 > /dev/null 2>&1  # writes ours
  declare -A size=()
  for run in $(seq "$RUNS"); do
    measure main-top "${main[@]}" top "$tmp/main/$name"
    measure top "${ours[@]}" top "$tmp/ours/$name"
    rm -rf "$tmp/t-main"
    measure main-export "${main[@]}" export "$tmp/main/$name" --parquet "$tmp/t-main"
    rm -rf "$tmp/t-lz4"
    measure export "${ours[@]}" export "$tmp/ours/$name" --parquet "$tmp/t-lz4"
    rm -rf "$tmp/t-none"
    measure export-none "${ours[@]}" export "$tmp/ours/$name" --parquet "$tmp/t-none" --compression none
    if [ "${NAMES:-1}" = 1 ]; then
      rm -rf "$tmp/t-names"
      measure export-names "${ours[@]}" export "$tmp/ours/$name" --parquet "$tmp/t-names" --field-names
    fi
    measure sql "${ours[@]}" sql "$tmp/t-lz4" "$query"
    measure sql-start "${ours[@]}" sql "$tmp/t-lz4" "SELECT 1"
  done
  for run in $(seq "$FIRST_RUNS"); do
    rm -f "$tmp/first-main/$name".heaplens-*
    measure first-main-top "${main[@]}" top "$tmp/first-main/$name"
    rm -f "$tmp/first/$name".heaplens-*
    measure first-top "${ours[@]}" top "$tmp/first/$name"
    rm -f "$tmp/first-main/$name".heaplens-*; rm -rf "$tmp/t-first-main"
    measure first-main-export "${main[@]}" export "$tmp/first-main/$name" --parquet "$tmp/t-first-main"
    rm -f "$tmp/first/$name".heaplens-*; rm -rf "$tmp/t-first"
    measure first-export "${ours[@]}" export "$tmp/first/$name" --parquet "$tmp/t-first"
  done
  size[main-export]="$(du -sm "$tmp/t-main" | cut -f1)"
  size[export]="$(du -sm "$tmp/t-lz4" | cut -f1)"
  size[export-none]="$(du -sm "$tmp/t-none" | cut -f1)"
  [ -d "$tmp/t-names" ] && size[export-names]="$(du -sm "$tmp/t-names" | cut -f1)"
  size[first-export]="${size[export]}"
  size[first-main-export]="${size[main-export]}"
  for c in main-top top main-export export export-none export-names sql sql-start first-main-top first-top first-main-export first-export; do
    [ -f "$tmp/$c.times" ] || continue
    reading=index; case "$c" in first-*) reading=first;; esac
    s="$(cut -d' ' -f1 "$tmp/$c.times" | median)"
    m="$(cut -d' ' -f2 "$tmp/$c.times" | median)"
    u="$(cut -d' ' -f3 "$tmp/$c.times" | median)"
    echo "| $name | $reading | ${c#first-} | $s | $u | $((m / 1024)) | ${size[$c]:-} |"
  done
  unset size
done
