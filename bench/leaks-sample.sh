#!/usr/bin/env bash
# JVM leaks with the sample path through what keeps most of a group (issue 27) against a version
# before it: three dumps of one JVM whose static map grows (src/test/java/CacheApp.java, N entries
# per dump), then OLD and NEW jars interleaved, RUNS times each; wall time and peak RSS.
# Usage: bench/leaks-sample.sh OLD.jar NEW.jar [DIR] [N] [RUNS]
set -euo pipefail
old="$1"; new="$2"; dir="${3:-/tmp/heaplens-leaks-sample}"; n="${4:-300000}"; runs="${5:-3}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "$dir"
if [ ! -f "$dir/c.hprof" ]; then
  (cd "$here" && ./mvnw -q test-compile)
  java -Xmx2g -XX:+UseSerialGC -cp "$here/target/test-classes" CacheApp "$dir" "$n"
fi
for r in $(seq "$runs"); do
  for jar in "$old" "$new"; do
    /usr/bin/time -f "$jar run $r: %e s, %M KB peak RSS" java -Xmx4g -XX:+UseSerialGC -XX:TieredStopAtLevel=1 \
      -jar "$jar" leaks "$dir/a.hprof" "$dir/b.hprof" "$dir/c.hprof" --top 3 --no-progress --no-index > /dev/null
  done
done
