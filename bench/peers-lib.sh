# bench/peers-lib.sh -- sourced by bench/peers-ruby.sh and bench/peers-hprof.sh.
# peer_args DEFAULT_DUMP NEW [OLD [DUMP [PEERS]]]: sets new, old ("-" when none), dump, peers.
peer_args() {
  local default_dump="$1"; shift
  new="$1"; old="${2:--}"
  dump="${3:-$default_dump}"
  peers="${4:-/tmp/heaplens-peers}"
}
# interleave NAME1 CMD1 NAME2 CMD2 ...: ROUNDS rounds (default 7); each round is one hyperfine
# run of every command once, in the order given, so that a busy machine's load swings hit all of
# them alike. PREPARE (a shell command) runs before each command (hyperfine --prepare). Prints a
# Markdown table: command, median wall s, min wall s, median CPU s (user + system), and the wall
# and CPU medians against the first command's.
interleave() {
  local rounds="${ROUNDS:-7}" tmp names=() cmds=() r
  tmp="$(mktemp -d)"
  while [ $# -gt 0 ]; do names+=("$1"); cmds+=("$2"); shift 2; done
  for r in $(seq "$rounds"); do
    hyperfine --style none --runs 1 ${PREPARE:+--prepare "$PREPARE"} --export-json "$tmp/$r.json" \
      "${cmds[@]}" > /dev/null 2> "$tmp/err" || { cat "$tmp/err" >&2; rm -rf "$tmp"; return 1; }
  done
  jq -s -r --argjson names "$(printf '%s\n' "${names[@]}" | jq -R . | jq -s .)" '
    def median: sort | if length % 2 == 1 then .[length/2|floor] else (.[length/2-1] + .[length/2]) / 2 end;
    def r3: . * 1000 | round / 1000;
    (map(.results) | transpose) as $byCommand
    | [$byCommand[] | {wall: (map(.times[0]) | median), min: (map(.times[0]) | min),
                       cpu: (map(.user + .system) | median)}] as $m
    | "| command | median wall s | min wall s | median CPU s | wall / first | CPU / first |",
      "|---|---:|---:|---:|---:|---:|",
      (range(0; $m | length) as $i
       | "| \($names[$i]) | \($m[$i].wall | r3) | \($m[$i].min | r3) | \($m[$i].cpu | r3) | \(($m[$i].wall / $m[0].wall) * 100 | round / 100) | \(($m[$i].cpu / $m[0].cpu) * 100 | round / 100) |")
  ' "$tmp"/*.json
  echo
  echo "($rounds interleaved rounds; load average at the end: $(cut -d' ' -f1-3 /proc/loadavg); $(lscpu | sed -n 's/^Model name: *//p'))"
  rm -rf "$tmp"
}
