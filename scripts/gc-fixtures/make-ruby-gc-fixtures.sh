#!/usr/bin/env bash
# Regenerates the Ruby GC.stat fixtures under src/test/resources/gc/ruby: one JSON-lines series per
# workload (written by collectors/gc_stat_logger.rb, gzipped) with the same process's golden figures.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="$root/src/test/resources/gc/ruby"
mkdir -p "$out"
for w in quiet malloc oldmalloc warmup; do
  tmp="$(mktemp)"
  limits=()
  if [ "$w" = oldmalloc ]; then limits=(RUBY_GC_MALLOC_LIMIT=268435456 RUBY_GC_MALLOC_LIMIT_MAX=268435456); fi
  env "${limits[@]}" GC_STAT_LOG="$tmp" GC_STAT_LOG_INTERVAL_MS=600000 RUBYOPT="-r$root/collectors/gc_stat_logger.rb" \
    ruby "$root/scripts/gc-fixtures/workload.rb" "$w" "$out/$w.golden.json"
  gzip -9 -n -c "$tmp" > "$out/$w.jsonl.gz"
  rm -f "$tmp"
  echo "$w: $(zcat "$out/$w.jsonl.gz" | wc -l) snapshots, $(stat -c %s "$out/$w.jsonl.gz") bytes"
done
