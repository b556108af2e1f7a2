#!/usr/bin/env bash
# Makes the GC benchmark's input: a real G1 debug-level unified log (uptime, level, tags) of a few
# seconds, repeated with shifted times and GC ids up to SIZE_MB (default 500).
#   bench/gc/make-gc-log.sh OUT.log [SIZE_MB]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:?usage: make-gc-log.sh OUT.log [SIZE_MB]}"
size="${2:-500}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
java -XX:+UseG1GC -Xmx256m "-Xlog:gc*=debug:file=$tmp/template.log:uptime,level,tags" "$here/Allocate.java" 3000 >/dev/null
java "$here/RepeatGcLog.java" "$tmp/template.log" "$out" "$size"
echo "$out: $(stat -c %s "$out") bytes, $(wc -l < "$out") lines" >&2
