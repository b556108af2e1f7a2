#!/usr/bin/env bash
# bench/big-disk.sh LAUNCHER DUMP HEAP [INDEX_PARENT] -- issue 28's disk per object: a first `top` of
# DUMP with HEAPLENS_MAX_HEAP=HEAP writing a fresh index (out of core when the heap is too small),
# while every 0.3 s the scratch files it holds (unlinked at once, so only /proc sees them: open or
# mapped, "(deleted)") are summed by their allocated blocks. Prints wall s, CPU s, peak RSS MB, the
# index's bytes, the scratch's peak and the peak of scratch + index, each also per object (the
# objects from DUMP.counts.txt, else top's last line). The stdout is left in INDEX_PARENT/top.out.
# TIMELINE=FILE also writes, per scratch file (by inode): when first seen, its size and allocated bytes,
# when last held open (a file given back is cut to nothing and closed) and last mapped; then each
# sample's "t scratch index" bytes: which phase's file makes the peak (issue 28's disk, round 9).
# KEEP_INDEX=1 keeps the index (in the printed directory) for the commands that follow (bench/big-500.sh).
set -uo pipefail
launcher="$1"; dump="$2"; heap="$3"; parent="${4:-/tmp}"
dir="$(mktemp -d "$parent/big-disk.XXXXXX")"; [ -z "${KEEP_INDEX:-}" ] && trap 'rm -rf "$dir/index"' EXIT; mkdir "$dir/index"
HEAPLENS_MAX_HEAP="$heap" /usr/bin/time -f '%e %U %S %M' -o "$dir/time" "$launcher" top "$dump" \
  --index-dir "$dir/index" --no-progress > "$dir/top.out" 2> "$dir/top.err" &
runner=$!
pid=""
while [ -z "$pid" ] && kill -0 "$runner" 2>/dev/null; do # the JVM, once the launcher has started it
  pid=$(pgrep -f -- "top $dump --index-dir $dir/index" | while read -r p; do
    [ "$(readlink /proc/"$p"/exe 2>/dev/null | grep -c java)" = 1 ] && echo "$p"; done | head -1)
  sleep 0.2
done
peaks=$(python3 - "$pid" "$dir/index" "${TIMELINE:-}" <<'PY'
import os, sys, time
pid, idx, timeline = sys.argv[1], sys.argv[2], sys.argv[3]
peak = peak_total = 0
t0 = time.time(); seen = {}; samples = []
while pid and os.path.exists(f"/proc/{pid}"):
    held = {}; now = time.time() - t0
    for kind, d in (("fd", f"/proc/{pid}/fd"), ("map", f"/proc/{pid}/map_files")):
        try:
            names = os.listdir(d)
        except OSError:
            continue
        for e in names:
            p = os.path.join(d, e)
            try:
                if "(deleted)" in os.readlink(p):
                    st = os.stat(p); held[(st.st_dev, st.st_ino)] = st.st_blocks * 512
                    r = seen.setdefault(st.st_ino, {"first": now, "size": 0, "blocks": 0, "fd": None, "map": None})
                    r["size"] = max(r["size"], st.st_size); r["blocks"] = max(r["blocks"], st.st_blocks * 512)
                    r[kind] = now
            except OSError:
                pass
    index = 0
    for root, _, files in os.walk(idx):
        for f in files:
            try: index += os.stat(os.path.join(root, f)).st_blocks * 512
            except OSError: pass
    peak = max(peak, sum(held.values())); peak_total = max(peak_total, sum(held.values()) + index)
    samples.append((now, sum(held.values()), index))
    time.sleep(0.3)
if timeline:
    t = lambda v: "-" if v is None else f"{v:.1f}"
    with open(timeline, "w") as f:
        for k, r in sorted(seen.items(), key=lambda kv: kv[1]["first"]):
            f.write(f"inode {k} first {r['first']:.1f} size {r['size']} allocated {r['blocks']}"
                    f" last-open {t(r['fd'])} last-mapped {t(r['map'])}\n")
        f.write("--- t scratch index\n")
        for s in samples:
            f.write(f"{s[0]:.1f} {s[1]} {s[2]}\n")
print(peak, peak_total)
PY
)
wait "$runner"; rc=$?
read -r wall user sys rss < "$dir/time"
objects=$(awk '/^objects /{print $2}' "$dump.counts.txt" 2>/dev/null)
[ -z "$objects" ] && objects=$(grep -oE 'reachable( from GC roots)?: [0-9,]+|unreachable: [0-9,]+' "$dir/top.out" \
  | grep -oE '[0-9,]+$' | tr -d , | paste -sd+ | bc)
index=$(du -sb "$dir/index" | cut -f1)
read -r scratch total <<< "$peaks"
per() { echo "scale=1; $1 / $objects" | bc; }
echo "exit $rc; wall $wall s; CPU $(echo "$user + $sys" | bc) s; peak RSS $((rss / 1024)) MB; objects $objects"
echo "index $index B ($(per "$index") B/object); scratch peak $scratch B ($(per "$scratch")); scratch + index peak $total B ($(per "$total"))"
echo "$(head -1 "$dir/top.err")"
[ -n "${KEEP_INDEX:-}" ] && echo "index kept in $dir/index"
