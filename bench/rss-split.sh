#!/usr/bin/env bash
# bench/rss-split.sh JAR COMMAND ARGS... -- runs `java -Xmx2g -jar JAR COMMAND ARGS...` and prints the
# peak of its anonymous resident memory (the heap, the JVM's own) and of its file-backed resident
# memory (mapped files: an index read where it lies), from /proc/PID/status every 0.1 s, in MB. Peak
# RSS (/usr/bin/time's %M) adds both: a command that maps more of its index shows more RSS while its
# pages are the page cache's, given back to the OS without writing.
set -uo pipefail
jar="${1:?usage: bench/rss-split.sh JAR COMMAND ARGS...}"; shift
java -Xmx2g -jar "$jar" "$@" > /dev/null 2>&1 &
pid=$!; anon=0; file=0
while kill -0 "$pid" 2>/dev/null; do
  read -r a f < <(awk '/^RssAnon/ {a = $2} /^RssFile/ {f = $2} END {print a + 0, f + 0}' "/proc/$pid/status" 2>/dev/null)
  [ "${a:-0}" -gt "$anon" ] && anon=$a
  [ "${f:-0}" -gt "$file" ] && file=$f
  sleep 0.1
done
wait "$pid"; rc=$?
echo "anonymous $((anon / 1024)) MB, file-backed $((file / 1024)) MB (exit $rc)"
