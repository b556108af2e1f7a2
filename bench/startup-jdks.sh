#!/usr/bin/env bash
# bench/startup-jdks.sh NEW OLD [DUMP] -- start-up of heaplens on JDK 17 (AppCDS) and JDK 25 (the
# ahead-of-time cache), interleaved round by round (bench/peers-lib.sh): --version, histogram of
# the bundled sample, and top of DUMP (default /tmp/heaplens-bench130/big.json) as a first run.
#   NEW, OLD  heaplens launchers (OLD runs on JDK 17 only: one archive file serves one JDK)
# Environment: JDK17, JDK25 (their homes; default the java on the PATH and
# /usr/lib/jvm/temurin-25-jdk-amd64), ROUNDS (default 9 for the first two, 7 for top).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
new="$(readlink -f "$1")"; old="$(readlink -f "$2")"
dump="${3:-/tmp/heaplens-bench130/big.json}"
jdk17="${JDK17:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}"
jdk25="${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64}"
. "$here/bench/peers-lib.sh"
sample="$here/samples/rails-ish.json.gz"
cache="$(mktemp -d)"; trap 'rm -rf "$cache"; rm -f "$dump.heaplens-index"' EXIT
export HEAPLENS_CACHE="$cache"
PREPARE="rm -rf $dump.heaplens-index $cache/*"
on() { echo "env PATH=$1/bin:$PATH ${2:+HEAPLENS_JAVA_OPTS=$2}"; }
o17="$(on "$jdk17") $old"; n17="$(on "$jdk17") $new"; n25="$(on "$jdk25") $new"
n17p="$(on "$jdk17" -XX:+UsePerfData) $new"; n25c2="$(on "$jdk25" -XX:TieredStopAtLevel=4) $new"
for l in "$o17" "$n17" "$n25"; do $l --version > /dev/null 2>&1; done # the archives, before any timing
echo "#### --version"
ROUNDS="${ROUNDS:-9}" interleave "old, JDK 17" "$o17 --version" "new, JDK 17, +UsePerfData" "$n17p --version" \
  "new, JDK 17" "$n17 --version" "new, JDK 25, AOT cache" "$n25 --version" \
  "new, JDK 25, no cache" "env HEAPLENS_CDS=0 $n25 --version"
echo "#### histogram of the sample"
ROUNDS="${ROUNDS:-9}" interleave "old, JDK 17" "$o17 histogram $sample" "new, JDK 17" "$n17 histogram $sample" \
  "new, JDK 25, AOT cache" "$n25 histogram $sample" "new, JDK 25, AOT cache, C2" "$n25c2 histogram $sample"
echo "#### top of $dump, first run"
ROUNDS="${ROUNDS:-7}" interleave "old, JDK 17" "$o17 top $dump" "new, JDK 17" "$n17 top $dump" \
  "new, JDK 25, AOT cache" "$n25 top $dump" "new, JDK 25, AOT cache, C2" "$n25c2 top $dump"
