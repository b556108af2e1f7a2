#!/usr/bin/env bash
# bench/run.sh [DUMP] -- time heaplens against a big heap dump.
#
#   DUMP        default /tmp/heaplens-bench/big.json (make it with
#               bench/make-big-dump.sh /tmp/heaplens-bench); with SUITE=jvm the default is
#               /tmp/heaplens-bench-jvm/big.hprof (bench/make-jvm-dump.sh /tmp/heaplens-bench-jvm)
#
# Two command sets:
#   SUITE=ruby  (Ruby ObjectSpace dumps) wc -l, cat; heaplens summary, histogram --by class,
#               top, diff, leaks
#   SUITE=jvm   (HPROF dumps) wc -c, wc -l, cat (zcat too for a .gz); heaplens histogram
#               --by class, summary, top, strings, diff, leaks
#   Default: jvm when DUMP's name ends in .hprof or .hprof.gz, ruby otherwise.
#   JVM example (SCALE 1 = about 7.4M objects, 300 MB):
#     bench/make-jvm-dump.sh /tmp/hb-jvm && RUNS=3 bench/run.sh /tmp/hb-jvm/big.hprof
#
# Environment knobs:
#   SUITE=ruby|jvm    command set (see above)
#   RUNS=5 WARMUP=1   hyperfine runs / warmup runs per command
#   RSS_RUNS=3        /usr/bin/time runs per command (median peak RSS reported)
#   ONLY=REGEX        only run commands whose name matches (grep -E)
#   HEAPLENS=./heaplens   launcher to use (relative to the repo root)
#   DUMP2=...         second dump for two-dump commands ({dump2}); default DUMP
#   DUMP3=...         third dump for leaks ({dump3}); default DUMP2
#
# Builds nothing. heaplens commands are skipped (with a warning) when the
# launcher is missing; the wc/cat baselines always run.
# Per-command hyperfine JSON and the final Markdown report go to bench/results/.
set -euo pipefail

BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$BENCH_DIR/.." && pwd)"

abspath() { case "$1" in /*) printf '%s\n' "$1" ;; *) printf '%s/%s\n' "$(pwd)" "$1" ;; esac; }

if [[ -z "${SUITE:-}" ]]; then
  case "${1:-}" in *.hprof | *.hprof.gz) SUITE=jvm ;; *) SUITE=ruby ;; esac
fi
case "$SUITE" in
  ruby) DEFAULT_DUMP=/tmp/heaplens-bench/big.json; MAKE_HINT="bench/make-big-dump.sh" ;;
  jvm) DEFAULT_DUMP=/tmp/heaplens-bench-jvm/big.hprof; MAKE_HINT="bench/make-jvm-dump.sh" ;;
  *) echo "run.sh: SUITE must be ruby or jvm, not $SUITE" >&2; exit 1 ;;
esac
DUMP="$(abspath "${1:-$DEFAULT_DUMP}")"
DUMP2="$(abspath "${DUMP2:-$DUMP}")"
DUMP3="$(abspath "${DUMP3:-$DUMP2}")"
RUNS="${RUNS:-5}"
WARMUP="${WARMUP:-1}"
RSS_RUNS="${RSS_RUNS:-3}"
ONLY="${ONLY:-}"
HEAPLENS="${HEAPLENS:-./heaplens}"
RESULTS_DIR="$BENCH_DIR/results"
STAMP="$(date +%Y%m%d-%H%M%S)"

die() { echo "run.sh: $*" >&2; exit 1; }
log() { echo "[run.sh] $*" >&2; }

for tool in hyperfine /usr/bin/time jq; do
  command -v "$tool" >/dev/null 2>&1 || die "missing $tool (apt-get install -y hyperfine time jq)"
done
[[ -f "$DUMP" ]] || die "no dump at $DUMP (make one: $MAKE_HINT $(dirname "$DUMP"))"
[[ -f "$DUMP2" ]] || die "no dump at DUMP2=$DUMP2"

cd "$REPO_ROOT"
mkdir -p "$RESULTS_DIR"

# ---------------------------------------------------------------------------
# Commands to benchmark -- extend here.
#   baseline NAME TEMPLATE    always run
#   heaplens NAME TEMPLATE    run only if the launcher exists
# Placeholders in TEMPLATE: {heaplens} {dump} {dump2} (paths are shell-quoted).
# NAME is what the table shows; TEMPLATE is run through sh -c.
# ---------------------------------------------------------------------------
NAMES=(); TEMPLATES=(); KINDS=()
baseline() { NAMES+=("$1"); TEMPLATES+=("$2"); KINDS+=(baseline); }
heaplens() { NAMES+=("$1"); TEMPLATES+=("$2"); KINDS+=(heaplens); }

if [[ "$SUITE" == ruby ]]; then
baseline "wc -l DUMP"                        'wc -l {dump}'
baseline "cat DUMP > /dev/null"              'cat {dump} > /dev/null'
heaplens "heaplens summary DUMP"             '{heaplens} summary {dump}'
heaplens "heaplens histogram DUMP --by class" '{heaplens} histogram {dump} --by class'
heaplens "heaplens top DUMP"                 '{heaplens} top {dump}'
heaplens "heaplens diff DUMP DUMP2"          '{heaplens} diff {dump} {dump2}'
heaplens "heaplens leaks DUMP DUMP2 DUMP3"   '{heaplens} leaks {dump} {dump2} {dump3}'
else # jvm. Note: GNU wc -c only stats a regular file (it reads nothing); cat reads it all and
     # wc -l scans every byte (HPROF is binary: the line count itself means nothing).
baseline "wc -c DUMP"                        'wc -c {dump}'
baseline "wc -l DUMP"                        'wc -l {dump}'
baseline "cat DUMP > /dev/null"              'cat {dump} > /dev/null'
if [[ "$DUMP" == *.gz ]]; then
baseline "zcat DUMP > /dev/null"             'zcat {dump} > /dev/null'
fi
heaplens "heaplens histogram DUMP --by class" '{heaplens} histogram {dump} --by class'
heaplens "heaplens summary DUMP"             '{heaplens} summary {dump}'
heaplens "heaplens top DUMP"                 '{heaplens} top {dump}'
heaplens "heaplens strings DUMP"             '{heaplens} strings {dump}'
heaplens "heaplens diff DUMP DUMP2"          '{heaplens} diff {dump} {dump2}'
heaplens "heaplens leaks DUMP DUMP2 DUMP3"   '{heaplens} leaks {dump} {dump2} {dump3}'
fi

# ---------------------------------------------------------------------------

have_heaplens=0
if [[ -x "$HEAPLENS" ]]; then have_heaplens=1; else log "WARNING: launcher $HEAPLENS not found/executable in $REPO_ROOT; skipping heaplens commands"; fi

expand() { # template -> command line
  local t="$1" q
  q="$(printf '%q' "$HEAPLENS")"; t="${t//\{heaplens\}/$q}"
  q="$(printf '%q' "$DUMP")";     t="${t//\{dump\}/$q}"
  q="$(printf '%q' "$DUMP2")";    t="${t//\{dump2\}/$q}"
  q="$(printf '%q' "$DUMP3")";    t="${t//\{dump3\}/$q}"
  printf '%s\n' "$t"
}
slug() { printf '%s' "$1" | tr -c 'A-Za-z0-9' '-' | tr -s '-' | sed 's/^-//; s/-$//'; }
median() { sort -n | awk '{a[NR]=$1} END { if (NR==0) exit 1; if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2 }'; }

# ---- environment ------------------------------------------------------------
SIZE_BYTES="$(stat -L -c %s "$DUMP")"
log "warming page cache with $DUMP ($SIZE_BYTES bytes)"
cat "$DUMP" > /dev/null
if [[ "$DUMP2" != "$DUMP" ]]; then cat "$DUMP2" > /dev/null; fi
if [[ "$DUMP3" != "$DUMP2" ]]; then cat "$DUMP3" > /dev/null; fi
if [[ "$SUITE" == ruby ]]; then
  LINES="$(wc -l < "$DUMP" | tr -d ' ')"
  INPUT_NOTE="$LINES lines"
else
  # BigHeap's own count (GC.class_histogram before the dump), when make-jvm-dump.sh left it
  INPUT_NOTE="HPROF"
  counts="${DUMP%.gz}.counts.txt"
  if [[ -f "$counts" ]]; then
    INPUT_NOTE="HPROF; $(sed -n 's/^live objects:[[:space:]]*//p' "$counts" | head -1)"
  fi
fi

CPU="$(lscpu 2>/dev/null | sed -n 's/^Model name:[[:space:]]*//p' | head -1)"
NPROC="$(nproc)"
MEM_KB="$(awk '/^MemTotal:/ {print $2}' /proc/meminfo)"
MEM_AVAIL_KB="$(awk '/^MemAvailable:/ {print $2}' /proc/meminfo)"
if (( SIZE_BYTES / 1024 > MEM_AVAIL_KB )); then log "WARNING: dump is larger than available memory; page cache cannot hold it"; fi
JAVA_VER="$(java -version 2>&1 || true)"
[[ -n "$JAVA_VER" ]] || JAVA_VER="(java not found)"

# ---- run --------------------------------------------------------------------
ROWS=()
FAILED=0
for i in "${!NAMES[@]}"; do
  name="${NAMES[$i]}"; kind="${KINDS[$i]}"
  if [[ -n "$ONLY" ]] && ! grep -Eq -- "$ONLY" <<<"$name"; then continue; fi
  if [[ "$kind" == heaplens && $have_heaplens -eq 0 ]]; then
    ROWS+=("| \`$name\` | skipped (no launcher) | | | | |"); continue
  fi
  cmd="$(expand "${TEMPLATES[$i]}")"
  json="$RESULTS_DIR/$STAMP-$(slug "$name").json"
  log "hyperfine: $cmd"
  if ! hyperfine --warmup "$WARMUP" --runs "$RUNS" --style basic \
         --command-name "$name" --export-json "$json" -- "$cmd" >&2; then
    log "FAILED: $cmd"
    ROWS+=("| \`$name\` | FAILED | | | | |"); FAILED=$((FAILED + 1)); continue
  fi
  read -r med min max < <(jq -r '.results[0] | "\(.median) \(.min) \(.max)"' "$json")

  log "peak RSS x$RSS_RUNS: $cmd"
  rss_list=()
  rss_ok=1
  for ((r = 1; r <= RSS_RUNS; r++)); do
    tf="$(mktemp)"
    if /usr/bin/time -f '%M' -o "$tf" sh -c "$cmd" > /dev/null 2>&1; then
      rss_list+=("$(tail -1 "$tf")")
    else
      rss_ok=0
    fi
    rm -f "$tf"
  done
  if (( rss_ok )) && (( ${#rss_list[@]} > 0 )); then
    rss_kb="$(printf '%s\n' "${rss_list[@]}" | median)"
    rss_mb="$(awk -v k="$rss_kb" 'BEGIN { printf "%.0f", k / 1024 }')"
  else
    rss_mb="error"; FAILED=$((FAILED + 1))
  fi
  mbps="$(awk -v b="$SIZE_BYTES" -v s="$med" 'BEGIN { if (s > 0) printf "%.0f", b / 1048576 / s; else print "inf" }')"
  row="$(awk -v n="$name" -v m="$med" -v lo="$min" -v hi="$max" -v t="$mbps" -v r="$rss_mb" \
         'BEGIN { printf "| `%s` | %.3f | %.3f | %.3f | %s | %s |", n, m, lo, hi, t, r }')"
  ROWS+=("$row")
done

# ---- report -----------------------------------------------------------------
report() {
  echo "## heaplens benchmark ($STAMP)"
  echo
  echo "**Machine:** ${CPU:-unknown CPU}, nproc=$NPROC, $(awk -v k="$MEM_KB" 'BEGIN { printf "%.1f GiB", k / 1048576 }') RAM, $(uname -sr)"
  echo
  echo "**JDK:**"
  echo '```'
  echo "$JAVA_VER"
  echo '```'
  echo
  echo "**Input:** \`$DUMP\` — $SIZE_BYTES bytes ($(awk -v b="$SIZE_BYTES" 'BEGIN { printf "%.1f MiB", b / 1048576 }')), $INPUT_NOTE"
  if [[ "$DUMP2" != "$DUMP" ]]; then echo "**Input 2:** \`$DUMP2\` — $(stat -L -c %s "$DUMP2") bytes"; fi
  echo
  echo "hyperfine --warmup $WARMUP --runs $RUNS (page cache warm); peak RSS = median of $RSS_RUNS runs of /usr/bin/time -f %M; MB = 2^20 bytes"
  echo
  echo "| command | median s | min s | max s | MB/s | peak RSS MB |"
  echo "|---|---:|---:|---:|---:|---:|"
  printf '%s\n' "${ROWS[@]}"
}
report | tee "$RESULTS_DIR/$STAMP.md"
log "report: $RESULTS_DIR/$STAMP.md; hyperfine JSON: $RESULTS_DIR/$STAMP-*.json"
if (( FAILED > 0 )); then log "$FAILED command(s) failed"; exit 1; fi
