#!/usr/bin/env bash
# bench/all.sh OLD.jar NEW.jar -- reruns, for two builds, the figures BENCHMARKS.md names for the
# commands the "one shape inside" moves touch (issue 25): summary, top, histogram, suspects, retained,
# diff and gc, on the committed sample and on the three benchmark dumps, and prints one Markdown table
# (medians and NEW/OLD ratios of wall time, CPU and peak RSS; bench/ab.sh does each row, the two builds
# in turn, old, new, old, new...).
#
# Both builds run through this checkout's launcher (./heaplens: the same heap sizing and start-up
# archive steps), each with its own jar, archive directory and index directory, so that neither reads
# the other's index. "first" rows read the dump (--no-index); "index" rows read the index the warm-up
# wrote. Inputs (made by bench/make-big-dump.sh and bench/make-jvm-dump.sh; a missing one is skipped):
#   RUBY130=/tmp/heaplens-bench130/big.json  RUBY12=/tmp/heaplens-bench12/big.json
#   HPROF=/tmp/heaplens-bench-jvm/big.hprof  GC_LOG (default: a 100 MB G1 log made once by bench/gc/)
# PAIRS (default 3) runs of each build per row; BIG_PAIRS (default 1) for reads of the 1.2 GB dump.
# 22 minutes on this 2-core host under a load of 13 to 27 (walls 3-10x a quiet run's), so well under 15 on a
# quiet one. Under load, ratios in one run are what count.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
old_jar="$(realpath "${1:?usage: bench/all.sh OLD.jar NEW.jar}")"
new_jar="$(realpath "${2:?usage: bench/all.sh OLD.jar NEW.jar}")"
work="${WORK:-/tmp/heaplens-bench-all}"
ruby130="${RUBY130:-/tmp/heaplens-bench130/big.json}"
ruby12="${RUBY12:-/tmp/heaplens-bench12/big.json}"
hprof="${HPROF:-/tmp/heaplens-bench-jvm/big.hprof}"
gc_log="${GC_LOG:-$work/gc-100mb.log}"
sample="$here/samples/rails-ish.json.gz"
export PAIRS="${PAIRS:-3}"
big_pairs="${BIG_PAIRS:-1}"
mkdir -p "$work"

# One launcher per build: its jar, its start-up archive, and --index-dir for the commands that index.
launcher() { # name jar
  local dir="$work/$1"
  mkdir -p "$dir/state" "$dir/index"
  cat > "$dir/heaplens" <<EOF
#!/usr/bin/env bash
export HEAPLENS_JAR="$2" HEAPLENS_STATE_DIR="$dir/state"
case "\${1:-}" in
  summary|top|retained|suspects|leaks|paths|object|threads|graph) exec "$here/heaplens" "\$@" --index-dir "$dir/index" ;;
  *) exec "$here/heaplens" "\$@" ;;
esac
EOF
  chmod +x "$dir/heaplens"
  echo "$dir/heaplens"
}
old="$(launcher old "$old_jar")"
new="$(launcher new "$new_jar")"

if [ ! -f "$gc_log" ]; then
  "$here/bench/gc/make-gc-log.sh" "$gc_log" 100
fi

row() { "$here/bench/ab.sh" "$old" "$new" "$@"; }
# Writes each build's index of a dump once (not timed), so that "index" rows read it.
warm() { "$old" top "$1" --top 1 >/dev/null 2>&1; "$new" top "$1" --top 1 >/dev/null 2>&1; }

echo "host: $(lscpu | grep 'Model name' | sed 's/.*: *//'), $(nproc) cores; $(java -version 2>&1 | head -1)"
echo "old: $old_jar ($(stat -c %y "$old_jar" | cut -d. -f1)); new: $new_jar ($(stat -c %y "$new_jar" | cut -d. -f1)); PAIRS=$PAIRS"
echo
echo "| figure | wall s old | new | new/old | CPU s old | new | new/old | RSS MB old | new | load |"
echo "|---|---|---|---|---|---|---|---|---|---|"

row "sample: summary" summary "$sample"
row "sample: histogram --by class" histogram "$sample"
row "sample: top, first read" top "$sample" --no-index
warm "$sample"
row "sample: top, index" top "$sample"
row "sample: retained --by class, index" retained "$sample"
row "sample: suspects, index" suspects "$sample"
row "sample: diff with itself" diff "$sample" "$sample"
small_gc="$(find "$here/src/test/resources/gc" -type f | sort | head -1)"
[ -n "$small_gc" ] && row "gc: ${small_gc#"$here"/}" gc "$small_gc"
row "gc: 100 MB G1 log" gc "$gc_log"

if [ -f "$ruby130" ]; then
  row "Ruby 149 MB: histogram --by class" histogram "$ruby130"
  row "Ruby 149 MB: histogram, four keys" histogram "$ruby130" --by gem,file,location,class
  row "Ruby 149 MB: summary" summary "$ruby130"
  row "Ruby 149 MB: top, first read" top "$ruby130" --no-index
  warm "$ruby130"
  row "Ruby 149 MB: top, index" top "$ruby130"
  row "Ruby 149 MB: retained, index" retained "$ruby130"
  row "Ruby 149 MB: suspects, index" suspects "$ruby130"
  row "Ruby 149 MB: diff with itself" diff "$ruby130" "$ruby130"
fi
if [ -f "$hprof" ]; then
  row "HPROF 300 MB: histogram --by class" histogram "$hprof"
  row "HPROF 300 MB: summary" summary "$hprof" --no-index
  row "HPROF 300 MB: top, first read" top "$hprof" --no-index
  warm "$hprof"
  row "HPROF 300 MB: top, index" top "$hprof"
  row "HPROF 300 MB: retained, index" retained "$hprof"
  row "HPROF 300 MB: suspects, index" suspects "$hprof"
  row "HPROF 300 MB: diff with itself" diff "$hprof" "$hprof"
fi
if [ -f "$ruby12" ]; then
  row "Ruby 1.2 GB: histogram --by class" histogram "$ruby12"
  PAIRS="$big_pairs" row "Ruby 1.2 GB: top, first read" top "$ruby12" --no-index
  warm "$ruby12"
  row "Ruby 1.2 GB: top, index" top "$ruby12"
  row "Ruby 1.2 GB: suspects, index" suspects "$ruby12"
fi
