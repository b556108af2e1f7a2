#!/usr/bin/env bash
# bench/threads.sh MAIN_HEAPLENS [DUMP] -- what threads costs, as Markdown rows of bench/ab.sh:
#   1. top --no-index with main's launcher and this one (reading the thread records costs the graph read nothing?)
#   2. top and threads --no-index, this launcher (threads = the graph read + dominators + each thread's retained set)
#   3. the same from the index (the thread analysis alone: 64 threads per traversal of the heap)
# DUMP defaults to a dump of bench/ThreadsBench.java (3 M objects, 200 threads 10 frames deep), made here.
set -euo pipefail
cd "$(dirname "$0")/.."
main="$1"
dump="${2:-}"
work="${TMPDIR:-/tmp}/heaplens-threads-bench"; mkdir -p "$work"
if [ -z "$dump" ]; then
  dump="$work/bench.hprof"
  if [ ! -f "$dump" ]; then
    java -Xmx2g bench/ThreadsBench.java > "$work/bench.out" & pid=$!
    for _ in $(seq 1 120); do grep -q ready "$work/bench.out" && break; sleep 1; done
    jcmd "$pid" GC.heap_dump "$dump" > /dev/null; kill "$pid"
  fi
fi
here="$(pwd)/heaplens"
printf '#!/bin/sh\nexec %s top "$@"\n' "$main" > "$work/main-top"
printf '#!/bin/sh\nexec %s top "$@"\n' "$here" > "$work/top"
printf '#!/bin/sh\nexec %s threads "$@"\n' "$here" > "$work/threads"
chmod +x "$work/main-top" "$work/top" "$work/threads"
echo "| run | wall s old | wall s new | new/old | CPU s old | CPU s new | new/old | RSS MB old | RSS MB new | load |"
echo "|---|---|---|---|---|---|---|---|---|---|"
bench/ab.sh "$work/main-top" "$work/top" "top --no-index: main / threads branch" "$dump" --no-index
bench/ab.sh "$work/top" "$work/threads" "top / threads, --no-index" "$dump" --no-index
"$work/threads" "$dump" --index-dir "$work/index" > /dev/null
bench/ab.sh "$work/top" "$work/threads" "top / threads, from the index" "$dump" --index-dir "$work/index"
