#!/usr/bin/env bash
# heaplens serve / report on one dump: time to the first page (start to the overview's answer),
# each view's latency (median of 5 requests after one warm-up, as curl sees it), peak RSS, and
# the report's time and size.
#   bench/web.sh DUMP [LAUNCHER]      e.g. bench/web.sh /tmp/heaplens-bench/big.json
set -euo pipefail
DUMP=$1
HEAPLENS=${2:-$(dirname "$0")/../heaplens}
OUT=$(mktemp -d /tmp/heaplens-web-bench.XXXXXX)
# SERVER is /usr/bin/time; stopping its child (the JVM) lets it report the peak RSS
stop() { pkill -TERM -P "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; }
trap 'stop; rm -rf "$OUT"' EXIT

start=$(date +%s.%N)
/usr/bin/time -v "$HEAPLENS" serve "$DUMP" --port 0 --no-progress > "$OUT/url" 2> "$OUT/err" &
SERVER=$!
until [ -s "$OUT/url" ]; do
  kill -0 $SERVER 2>/dev/null || { cat "$OUT/err"; exit 1; }
  sleep 0.2
done
URL=$(head -1 "$OUT/url")
curl -sf "$URL" > /dev/null
curl -sf "${URL}api/info" > /dev/null
curl -sf "${URL}api/overview?d=0" > "$OUT/overview.json"
first=$(date +%s.%N)
echo "dump: $DUMP"
printf 'time to first page (start to overview answered): %.1f s\n' "$(echo "$first - $start" | bc)"

py() { python3 -c "import json,sys; d=json.load(open('$OUT/$1')); print($2)"; }
TOP=$(py overview.json "d['topRetainers']['rows'][0]['address']")
# the class with the most objects: the longest object list and the most paths to merge
CLASS=$(curl -sf "${URL}api/histogram?d=0&by=class&sort=count&size=1" | python3 -c "import json,sys; print(json.load(sys.stdin)['page']['rows'][0]['key'])")
ENC=$(python3 -c "import urllib.parse,sys; print(urllib.parse.quote(sys.argv[1]))" "$CLASS")
KEYS=$(curl -sf "${URL}api/info" | python3 -c "import json,sys; print(' '.join(json.load(sys.stdin)['dumps'][0]['keys']))")
STRINGS=$(curl -sf "${URL}api/info" | python3 -c "import json,sys; print(json.load(sys.stdin)['dumps'][0]['strings'])")

views=("overview?d=0" "top?d=0&page=0&size=50" "top?d=0&page=1000&size=50"
  "class?d=0&name=$ENC&page=0&size=50" "class?d=0&name=$ENC&page=200&size=50"
  "object?d=0&address=$TOP&n=20" "dominators?d=0&page=0&size=20" "dominators?d=0&group=class&page=0&size=20"
  "dominators?d=0&address=$TOP&page=0&size=20" "dominators?d=0&address=$TOP&group=class&page=0&size=20"
  "unreachable?d=0&by=class&page=0&size=50" "merged?d=0&name=$ENC" "paths?d=0&address=$TOP&max=5")
for k in $KEYS; do
  views+=("histogram?d=0&by=$k&sort=bytes&page=0&size=50" "histogram?d=0&by=$k&sort=name&dir=asc&page=3&size=50"
    "histogram?d=0&by=$k&sort=count&q=a&page=0&size=50")
done
[ "$STRINGS" = "True" ] && views+=("strings?d=0&page=0&size=50")

echo
echo "| view | median ms | max ms | bytes |"
echo "|---|---:|---:|---:|"
for v in "${views[@]}"; do
  curl -sf -o /dev/null "${URL}api/$v"   # warm-up: the first ask of a key may wait for its background index
  times=()
  for i in 1 2 3 4 5; do
    times+=("$(curl -sf -o "$OUT/body" -w '%{time_total}' "${URL}api/$v")")
  done
  size=$(stat -c %s "$OUT/body")
  printf '%s\n' "${times[@]}" | sort -n | awk -v v="$v" -v s="$size" '{a[NR]=$1} END {printf "| `%s` | %.1f | %.1f | %d |\n", v, a[3]*1000, a[5]*1000, s}'
done
stop
echo
grep "Maximum resident" "$OUT/err" | sed 's/^\s*/serve: /' || true

/usr/bin/time -v "$HEAPLENS" report "$DUMP" -o "$OUT/report.html" --no-progress 2> "$OUT/report.err"
echo "report: $(grep 'Elapsed' "$OUT/report.err" | sed 's/.*: //') wall, $(stat -c %s "$OUT/report.html") bytes, $(grep 'Maximum resident' "$OUT/report.err" | sed 's/.*: //') KB peak RSS"
