#!/usr/bin/env bash
# Usage: bench/stream-histogram.sh OBJECTS [SEED [HEAPLENS]]
# A generated HPROF dump of about OBJECTS objects (bench/jvm/BigHprof.java), never on disk: the
# generator writes it into a pipe and `heaplens histogram -` reads it from standard input, so a dump
# far bigger than the disk (2.2 billion objects is about 100 GB) can be read. Checks the histogram
# against the generator's own counts (the oracle): every object, the customers and the sessions,
# exactly. Prints the bytes that went through the pipe, heaplens's wall and CPU seconds and peak RSS,
# and the histogram. Exits 1 when a count differs. Needs target/classes (./mvnw -q -DskipTests package).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
objects="$1"; seed="${2:-28}"; heaplens="${3:-$here/../heaplens}"
classes="$here/../target/classes"
[[ -d "$classes/dev/heaplens/format/hprof" ]] || { echo "stream-histogram: build first: ./mvnw -q -DskipTests package" >&2; exit 1; }
command -v /usr/bin/time >/dev/null || { echo "stream-histogram: missing /usr/bin/time (apt-get install -y time)" >&2; exit 1; }
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
start=$(date +%s)
java -Xmx256m -cp "$classes" "$here/jvm/BigHprof.java" - "$objects" "$seed" 2> "$tmp/counts" \
  | tee >(wc -c > "$tmp/bytes") \
  | /usr/bin/time -f '%e %U %S %M' -o "$tmp/time" "$heaplens" histogram - --format tsv > "$tmp/histogram" 2> "$tmp/err" \
  || { cat "$tmp/err" "$tmp/counts" >&2; exit 1; }
sleep 1 # wc's last line
read -r wall user sys rss < "$tmp/time"
expected() { awk -v k="$1" '$1 == k {print $2}' "$tmp/counts"; }
# %.0f: mawk's %d stops at 2^31 - 1
counted() { awk -F'\t' -v c="$1" 'NR > 1 && (c == "" || $3 == c) {n += $1} END {printf "%.0f", n}' "$tmp/histogram"; }
echo "generated and read in $(( $(date +%s) - start )) s: $(cat "$tmp/bytes") bytes through the pipe"
printf 'heaplens histogram -: %s s wall, %.2f s CPU, peak RSS %d MB\n' "$wall" "$(echo "$user + $sys" | bc)" $((rss / 1024))
cat "$tmp/histogram"
cat "$tmp/err"
ok=0
check() {
  if [[ "$2" == "$3" ]]; then echo "$1: $2, as generated"; else echo "$1: read $2, generated $3" >&2; ok=1; fi
}
check objects "$(counted "")" "$(expected objects)"
check "objects (heaplens's total)" "$(grep -oE 'total: [0-9,]+ objects' "$tmp/err" | grep -oE '[0-9,]+' | tr -d ,)" "$(expected objects)"
check customers "$(counted com.example.shop.Customer)" "$(expected customers)"
check sessions "$(counted com.example.shop.Session)" "$(expected sessions)"
exit $ok
