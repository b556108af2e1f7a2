#!/usr/bin/env bash
# Usage: bench/big-hprof.sh [OBJECTS] [OUT] [SEED]
# Writes a generated HPROF dump of about OBJECTS objects (default 500000000: about 22 GB) with
# heaplens's own HprofWriter, streaming (bench/jvm/BigHprof.java: an order service's heap, with a
# session cache held from a static as the leak suspects should find), seeded and reproducible: the
# same OBJECTS and SEED give the same bytes. OUT defaults to /tmp/bigdump/big-OBJECTS.hprof; the exact
# counts go to OUT.counts.txt, the generator's time and peak RSS to OUT.time.txt.
# Needs target/classes (./mvnw -q -DskipTests package). Checks the free disk space first.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
objects="${1:-500000000}"
out="${2:-/tmp/bigdump/big-$objects.hprof}"
seed="${3:-28}"
classes="$here/../target/classes"
[[ -d "$classes/dev/heaplens/format/hprof" ]] || { echo "big-hprof: build first: ./mvnw -q -DskipTests package" >&2; exit 1; }
mkdir -p "$(dirname "$out")"
need=$(( objects * 45 / 1024 / 1024 / 1024 + 1 ))   # about 44 bytes of file per object
free=$(df -P --block-size=1G "$(dirname "$out")" | awk 'NR == 2 { print $4 }')
if (( free < need + 5 )); then
  echo "big-hprof: about $need GB needed in $(dirname "$out"), $free GB free" >&2
  exit 1
fi
rm -f "$out"
ok=0
trap 'if [[ $ok == 0 ]]; then rm -f "$out"; fi' EXIT   # no half-written dump left behind
/usr/bin/time -v java -Xmx256m -cp "$classes" "$here/jvm/BigHprof.java" "$out" "$objects" "$seed" \
  > "$out.counts.txt" 2> "$out.time.txt"
ok=1
cat "$out.counts.txt"
grep -E 'Elapsed|Maximum resident' "$out.time.txt" | sed 's/^\s*/big-hprof: /' >&2
echo "big-hprof: $out ($(stat -c %s "$out") bytes)" >&2
