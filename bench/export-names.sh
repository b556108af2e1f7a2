#!/usr/bin/env bash
# bench/export-names.sh DUMP -- the cost of references.name: export and top of main's jar (MAIN_JAR,
# default a copy of /work/main/target/heaplens.jar) against this build's (JAR, default a copy of
# target/heaplens.jar), RUNS times each (default 3), interleaved, from the index cache, -Xmx HEAP (8g).
# Prints median wall s, median CPU s (user + system) and median peak RSS MB (/usr/bin/time), and each
# export's size on disk. On a shared host the CPU times and same-run ratios are what count.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUNS="${RUNS:-3}"; HEAP="${HEAP:-8g}"
[ $# -eq 1 ] || { echo "usage: bench/export-names.sh DUMP" >&2; exit 2; }
t="$(mktemp -d)"; trap 'rm -rf "$t"' EXIT
cp "${MAIN_JAR:-/work/main/target/heaplens.jar}" "$t/main.jar"; cp "${JAR:-$here/target/heaplens.jar}" "$t/ours.jar"
name="$(basename "$1")"
for who in main ours; do
  mkdir -p "$t/$who"; ln -s "$(readlink -f "$1")" "$t/$who/$name"
  java -Xmx"$HEAP" -jar "$t/$who.jar" top "$t/$who/$name" --top 0 > /dev/null 2>&1  # writes the index
done
for run in $(seq "$RUNS"); do
  for who in main ours; do
    /usr/bin/time -f "$who-top %e %M %U %S" -a -o "$t/times" java -Xmx"$HEAP" -jar "$t/$who.jar" top "$t/$who/$name" > /dev/null
    rm -rf "$t/x-$who"
    /usr/bin/time -f "$who-export %e %M %U %S" -a -o "$t/times" \
      java -Xmx"$HEAP" -jar "$t/$who.jar" export "$t/$who/$name" --parquet "$t/x-$who" > /dev/null 2>&1
  done
done
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "| command | median wall s | median CPU s | median peak RSS MB | on disk MB |"
echo "|---|---:|---:|---:|---:|"
for c in main-top top main-export export; do
  key="$c"; [ "$c" = top ] && key=ours-top; [ "$c" = export ] && key=ours-export
  wall=$(awk -v k="$key" '$1 == k {print $2}' "$t/times" | median)
  rss=$(awk -v k="$key" '$1 == k {printf "%.0f\n", $3 / 1024}' "$t/times" | median)
  cpu=$(awk -v k="$key" '$1 == k {printf "%.2f\n", $4 + $5}' "$t/times" | median)
  disk=""; case "$c" in main-export) disk=$(du -sm "$t/x-main" | cut -f1);; export) disk=$(du -sm "$t/x-ours" | cut -f1);; esac
  echo "| $c | $wall | $cpu | $rss | $disk |"
done
