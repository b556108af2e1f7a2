# frozen_string_literal: true
# A workload for the Ruby GC fixtures (run by make-ruby-gc-fixtures.sh, with gc_stat_logger.rb
# loaded through RUBYOPT). It writes one GC.stat snapshot after every GC it sees, then its golden
# figures: GC.count, GC.stat deltas between the first and last snapshot, and the latest_gc_info
# causes of the snapshots taken after a GC.
#
#   ruby workload.rb NAME GOLDEN.json
require "json"

name, golden_path = ARGV
path = GcStatLogger.path
File.write(path, "")
first = GcStatLogger.snapshot
last_count = GC.count
major_by = Hash.new(0)
gc_by = Hash.new(0)
jumps = 0
check = lambda do
  return if GC.count == last_count
  line = GcStatLogger.snapshot
  stat = line["stat"]
  info = line["latest_gc_info"]
  jumps += 1 if stat[:count] - last_count > 1
  major_by[info[:major_by].to_s] += 1 if info[:major_by]
  gc_by[info[:gc_by].to_s] += 1 if info[:gc_by]
  last_count = stat[:count]
end

case name
when "quiet"
  # a small steady service: little allocation, nothing retained
  20.times do
    200.times { |i| i.to_s }
    check.call
    sleep 0.01
  end
when "malloc"
  # large temporary strings: malloc'ed memory crosses the malloc limit long before the slots run out
  3000.times do
    s = "x" * 300_000
    s.size
    check.call
  end
when "oldmalloc"
  # old strings that keep growing. Every malloc counts towards oldmalloc_increase_bytes, which only
  # a major GC resets, and a GC that finds it over the limit makes the next one major. The script
  # raises the malloc limit for this run, so minor GCs come from small objects (newobj), not malloc
  olds = Array.new(200) { +"" }
  4.times { GC.start; check.call } # make them old
  6000.times do |i|
    olds[i % olds.size] << ("y" * 20_000)
    100.times { [] }
    olds[i % olds.size] = +"" if olds[i % olds.size].size > 400_000
    check.call
  end
when "warmup"
  # boot-like growth: many small objects kept, so the heap grows GC after GC
  kept = []
  400_000.times do |i|
    kept << [i]
    check.call if (i % 100).zero?
  end
  check.call
else
  abort "unknown workload #{name}"
end

check.call
final = GcStatLogger.snapshot["stat"]
golden = {
  "workload" => name, "ruby" => RUBY_VERSION, "gc_count" => GC.count,
  "count" => final[:count] - first["stat"][:count],
  "minor_gc_count" => final[:minor_gc_count] - first["stat"][:minor_gc_count],
  "major_gc_count" => final[:major_gc_count] - first["stat"][:major_gc_count],
  "major_by" => major_by, "gc_by" => gc_by, "snapshots_after_several_gcs" => jumps
}
File.write(golden_path, JSON.pretty_generate(golden) + "\n")
exit!(0) # no at_exit snapshot: the golden figures end at the last line
