# frozen_string_literal: false
#
# make-big-dump.rb -- build a big, realistic Ruby heap and dump it with
# ObjectSpace.dump_all, with allocation tracing ON (file/line/method/generation).
#
#   ruby bench/make-big-dump.rb OUT.json [SCALE]
#
# SCALE (default 1.0, or env HEAPLENS_BENCH_SCALE) multiplies most object
# counts. SCALE=1.0 gives ~4.73M live objects / ~1.63 GB of JSON lines
# (~345 B/line: with tracing on, every line carries file/line/method/generation
# and most objects are old => flags "old","uncollectible","marked").
# SCALE=0.73 gives ~1.2 GB / ~3.5M objects. Takes ~30 s and ~1.6 GB RSS.
# Heap: 50 model classes over 10 app files, fake gems (activesupport-7.1.3,
# rack-3.0.8), a nested-hash cache, procs, dynamic symbols, heap floats,
# bignums, structs, ranges, a 1M-reference array (~18 MB line), a 200k array,
# 5/3/1 MB strings; ~27% of objects are young (built with GC off).
# Writes OUT.json and OUT.json.counts.json (count_objects, count_objects_size,
# count_imemo_objects taken right before the dump).
#
# Everything is deterministic (srand 42) apart from addresses and the name of
# the temp dir holding the generated source files.

require 'objspace'
require 'json'
require 'tmpdir'
require 'fileutils'
require 'monitor'

out_path = ARGV[0] or abort "usage: ruby #{$0} OUT.json [SCALE]"
SCALE = (ARGV[1] || ENV['HEAPLENS_BENCH_SCALE'] || '1.0').to_f
def n(x) = [(x * SCALE).round, 1].max

T0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
def log(msg)
  t = Process.clock_gettime(Process::CLOCK_MONOTONIC) - T0
  rss = File.read('/proc/self/status')[/VmRSS:\s+(\d+)/, 1].to_i / 1024
  $stderr.puts format('[%7.1fs rss=%5dMB] %s', t, rss, msg)
end

srand(42)
ObjectSpace.trace_object_allocations_start

# --------------------------------------------------------------------------
# 1. Generate source files (app code + fake gems) so allocation sites vary.
# --------------------------------------------------------------------------
# short, fixed-length dir name (/tmp/hlb-<pid>) so file paths look like an app root
SRC = File.join(Dir.tmpdir, "hlb-#{Process.pid}")
FileUtils.mkdir_p(SRC)
at_exit { FileUtils.rm_rf(SRC) unless ENV['HEAPLENS_KEEP_SRC'] }

def write_src(rel, code)
  path = File.join(SRC, rel)
  FileUtils.mkdir_p(File.dirname(path))
  File.write(path, code)
  path
end

AS = 'gems/activesupport-7.1.3/lib/active_support'
RACK = 'gems/rack-3.0.8/lib/rack'

write_src("#{AS}/inflector/methods.rb", <<~'RUBY')
  module ActiveSupport
    module Inflector
      module_function

      def underscore(word)
        w = word.to_s.gsub("::", "/")
        w = w.gsub(/([A-Z\d]+)([A-Z][a-z])/, '\1_\2')
        w.downcase
      end

      def parameterize(str, sep = "-")
        s = str.downcase
        s.tr(" _", sep)
      end

      def humanize(str)
        str.tr("_", " ").capitalize
      end
    end
  end
RUBY

write_src("#{AS}/core_ext/hash/indifferent_access.rb", <<~'RUBY')
  module ActiveSupport
    class HashWithIndifferentAccess < Hash
      def self.build(pairs)
        h = new
        pairs.each { |k, v| h[k.to_s] = v }
        h
      end
    end
  end
RUBY

write_src("#{AS}/cache/entry.rb", <<~'RUBY')
  module ActiveSupport
    module Cache
      class Entry
        attr_reader :value, :version, :expires_at

        def initialize(value, version: nil, expires_in: nil)
          @value = value
          @version = version && "v#{version}"
          @created_at = Process.clock_gettime(Process::CLOCK_REALTIME) * 1.0e290
          @expires_at = expires_in && @created_at + expires_in
        end
      end
    end
  end
RUBY

write_src("#{AS}/cache/memory_store.rb", <<~'RUBY')
  module ActiveSupport
    module Cache
      class MemoryStore
        attr_reader :data

        def initialize
          @data = {}
          @key_access = {}
          @monitor = Monitor.new
        end

        def namespaced_key(ns, key)
          "#{ns}:#{key}"
        end

        def write(ns, key, value, version: nil)
          bucket = (@data[ns] ||= {})
          k = namespaced_key(ns, key)
          bucket[k] = Entry.new(value, version: version, expires_in: 300.0)
          @key_access[k] = [ns, key.to_s]
        end
      end
    end
  end
RUBY

write_src("#{AS}/notifications/instrumenter.rb", <<~'RUBY')
  module ActiveSupport
    module Notifications
      class Event
        attr_reader :name, :payload, :time
        def initialize(name, payload)
          @name = name
          @payload = payload
          @time = [Time.now.to_i, Time.now.usec]
          @transaction_id = "txn-%08x" % rand(2**32)
        end
      end

      class Instrumenter
        def instrument(name, payload = {})
          Event.new(name, payload.merge(instrumenter: "#{name}.active_support"))
        end
      end
    end
  end
RUBY

write_src("#{RACK}/utils.rb", <<~'RUBY')
  module Rack
    module Utils
      module_function

      def escape(s)
        s.to_s.gsub(/[^a-zA-Z0-9_.\-~]/) { |m| "%%%02X" % m.ord }
      end

      def parse_query(qs)
        params = {}
        qs.split("&").each do |pair|
          k, v = pair.split("=", 2)
          params[k] = v
        end
        params
      end
    end
  end
RUBY

write_src("#{RACK}/headers.rb", <<~'RUBY')
  module Rack
    class Headers < Hash
      def self.build(id)
        h = new
        h["content-type"] = "text/html; charset=utf-8"
        h["x-request-id"] = "req-#{id}"
        h["cache-control"] = "max-age=0, private, must-revalidate"
        h
      end
    end
  end
RUBY

write_src("#{RACK}/request.rb", <<~'RUBY')
  module Rack
    class Request
      attr_reader :env, :params
      def initialize(id)
        @env = {
          "REQUEST_METHOD" => %w[GET POST PUT DELETE][id % 4],
          "PATH_INFO" => "/api/v1/items/#{id}",
          "QUERY_STRING" => "page=#{id % 50}&per=25&sort=created_at",
          "HTTP_HOST" => "app#{id % 7}.example.com",
          "HTTP_USER_AGENT" => "Mozilla/5.0 (X11; Linux x86_64) bench/#{id % 11}",
          "rack.input" => ""
        }
        @params = Utils.parse_query(@env["QUERY_STRING"])
        @headers = Headers.build(id)
      end
    end
  end
RUBY

write_src('lib/app/base_record.rb', <<~'RUBY')
  module App
    class BaseRecord
      def self.table_name
        @table_name ||= ActiveSupport::Inflector.underscore(name) + "s"
      end

      def errors
        @errors ||= []
      end

      def inspect_tag
        "#<#{self.class.name} id=#{@id}>"
      end
    end
  end
RUBY

# 50 model classes spread over 10 files in app/models/<area>.rb
AREAS = %w[accounts billing catalog inventory orders shipping support analytics marketing admin]
NOUNS = %w[User Account Profile Invoice Payment Refund Product Variant Price Category
           Warehouse Stock Location Order LineItem Cart Coupon Shipment Carrier Parcel
           Ticket Comment Agent Macro Event Metric Report Dashboard Campaign Segment
           Email Audience Role Permission AuditLog Setting Tag Attachment Address Country
           Currency TaxRate Discount Review Rating Wishlist Subscription Plan Webhook ApiKey]
raise unless NOUNS.size == 50

IVAR_KINDS = %i[str str str int flt sym arr hash hash_big time nested_str as_str rack_hash hwia]

def ivar_code(kind, name, i)
  case kind
  when :str       then "@#{name} = \"#{name}-\#{id}-#{i}\""
  when :int       then "@#{name} = id * #{i + 3}"
  when :flt       then "@#{name} = (id + 0.5) * 1.0e#{290 + i % 9}"   # heap (non-flonum) Float
  when :sym       then "@#{name} = :#{name}_state"
  when :arr       then "@#{name} = [\"a\#{id}\", \"b\#{id % 10}\", id]"
  when :hash      then "@#{name} = { \"k\" => \"v\#{id}\", :n => id, \"f\" => id * 0.25 }"
  when :hash_big  then "@#{name} = (0...10).to_h { |j| [\"f\#{j}\", j.even? ? \"x\#{id}\" : id + j] }"
  when :time      then "@#{name} = [id.to_s, \"2024-01-\#{(id % 28) + 1}\"]"
  when :nested_str then "@#{name} = { \"meta\" => { \"note\" => \"note for \#{id}\" } }"
  when :as_str    then "@#{name} = ActiveSupport::Inflector.parameterize(\"Item Name \#{id}\")"
  when :rack_hash then "@#{name} = Rack::Utils.parse_query(\"a=\#{id}&b=2\")"
  when :hwia      then "@#{name} = ActiveSupport::HashWithIndifferentAccess.build([[:id, id], [:label, \"L\#{id}\"]])"
  end
end

MODEL_SPECS = []
NOUNS.each_slice(5).with_index do |nouns, ai|
  area = AREAS[ai]
  code = +"# generated\nmodule App\n  module #{area.capitalize}\n"
  nouns.each_with_index do |noun, ni|
    nivars = 3 + (ai * 5 + ni) % 6
    kinds = Array.new(nivars) { |k| k.zero? ? :str : IVAR_KINDS.sample }
    names = Array.new(nivars) { |k| %w[name title slug body state meta extra data label note][k] }
    code << "    class #{noun} < App::BaseRecord\n"
    code << "      attr_reader #{names.map { |x| ":#{x}" }.join(', ')}\n"
    code << "      def initialize(id)\n        @id = id\n"
    kinds.each_with_index { |kd, k| code << "        #{ivar_code(kd, names[k], k)}\n" }
    code << "      end\n\n"
    code << "      def self.load_batch(range)\n        range.map { |id| new(id) }\n      end\n"
    code << "    end\n\n"
    MODEL_SPECS << ["App::#{area.capitalize}::#{noun}", kinds]
  end
  code << "  end\nend\n"
  write_src("app/models/#{area}.rb", code)
end

write_src('app/services/callbacks.rb', <<~'RUBY')
  module App
    class Callbacks
      def self.build(i)
        name = "cb_#{i}"
        counter = [i]
        if i.even?
          ->(x) { counter[0] += x; name }
        else
          proc { |y| "#{name}:#{y}" }
        end
      end
    end
  end
RUBY

write_src('app/services/symbol_table.rb', <<~'RUBY')
  module App
    module SymbolTable
      def self.intern(i)
        "dyn_sym_#{i}_#{i.to_s(36)}".to_sym
      end
    end
  end
RUBY

write_src('app/services/blobs.rb', <<~'RUBY')
  module App
    module Blobs
      def self.long_string(mb, seed)
        chunk = ("lorem ipsum dolor sit amet #{seed} " * 40)[0, 1024]
        chunk * (mb * 1024)
      end

      def self.huge_index(objs, n)
        out = [] # a real (non-shared) array, not a slice of objs
        objs.each { |o| break if out.size >= n; out << o }
        out
      end
    end
  end
RUBY

%w[gems lib app].each { |top| Dir[File.join(SRC, top, '**/*.rb')].sort.each { |f| require f } }
log "generated and required #{Dir[File.join(SRC, '**/*.rb')].size} source files under #{SRC}"

# --------------------------------------------------------------------------
# 2. Build the heap. Everything stays reachable from $HEAP.
# --------------------------------------------------------------------------
$HEAP = {}
models = MODEL_SPECS.map { |name, _| Object.const_get(name) }

# ---- long-lived part (survives several GCs => "old" objects) ---------------
# records: 50 model classes, held in per-class arrays (arrays of records)
records_per_class = n(4_700)
$HEAP[:records] = {}
models.each_with_index do |klass, ci|
  base = ci * 1_000_000
  arr = []
  (0...records_per_class).each_slice(1000) do |sl|
    arr.concat(klass.load_batch((base + sl.first)..(base + sl.last)))
  end
  $HEAP[:records][klass.name] = arr
  GC.start(full_mark: false) if ci % 10 == 9 # spread generations
end
log "records: #{models.size} classes x #{records_per_class}"

# cache: nested hashes ns => { "ns:key" => Entry(value) }
store = ActiveSupport::Cache::MemoryStore.new
n_cache = n(40_000)
n_cache.times do |i|
  ns = "views/#{AREAS[i % 10]}/#{i % 37}"
  value = case i % 4
          when 0 then "<div class=\"item\">cached fragment #{i}</div>"
          when 1 then { "id" => i, "title" => "T#{i}", "tags" => ["t#{i % 9}", "u#{i % 5}"] }
          when 2 then [i, "row-#{i}", i * 1.0e300]
          else "json:{\"id\":#{i}}"
          end
  store.write(ns, "key-#{i}", value, version: i % 3)
end
$HEAP[:cache] = store
log "cache: #{n_cache} entries"

# procs / lambdas capturing environments, dynamic symbols, heap floats,
# bignums, structs, ranges
$HEAP[:callbacks] = Array.new(n(13_800)) { |i| App::Callbacks.build(i) }
$HEAP[:symbols] = Array.new(n(20_700)) { |i| App::SymbolTable.intern(i) }
$HEAP[:floats] = Array.new(n(34_500)) { |i| (i + 1) * 1.0e300 }
$HEAP[:bignums] = Array.new(n(6_900)) { |i| 2**80 + i }
Point = Struct.new(:x, :y, :label)
$HEAP[:structs] = Array.new(n(17_600)) { |i| Point.new(i, i * 2, "p#{i}") }
$HEAP[:ranges] = Array.new(n(6_900)) { |i| ("a#{i}".."z#{i}") }
log "procs/symbols/floats/bignums/structs/ranges"

# a few very large arrays. big_index: ~1M references (=> a ~16 MB line) to
# records and their ivar values; duplicates only if SCALE is small.
idx = []
$HEAP[:records].each_value do |recs|
  recs.each do |r|
    idx << r
    r.instance_variables.each do |iv|
      v = r.instance_variable_get(iv)
      idx << v unless v.is_a?(Integer) || v.is_a?(Symbol)
    end
  end
end
idx = idx.cycle.first(1_000_000) if idx.size < 1_000_000
$HEAP[:big_index] = App::Blobs.huge_index(idx, 1_000_000)
idx = nil
$HEAP[:big_strings] = Array.new(n(200_000)) { |i| "s#{i}" }
$HEAP[:big_ints] = Array.new(500_000) { |i| i } # immediates only: small line, big memsize
# a few very long strings (5 MB, 3 MB, 1 MB)
$HEAP[:blobs] = [App::Blobs.long_string(5, 1), App::Blobs.long_string(3, 2), App::Blobs.long_string(1, 3)]
log "big arrays / long strings"
3.times { GC.start(full_mark: false) } # age everything above to "old"

# ---- recent, request-scoped part: stays young (no "old" flag) -------------
# Built with GC off and rooted in a *new* global hash: anything stored into an
# old object (e.g. $HEAP) would be promoted to old by the write barrier.
$gc_before_young = GC.count
GC.disable
$RECENT = {}
$RECENT[:requests] = Array.new(n(38_300)) { |i| Rack::Request.new(i) }
inst = ActiveSupport::Notifications::Instrumenter.new
$RECENT[:events] = Array.new(n(38_300)) { |i| inst.instrument("sql.active_record", { sql: "SELECT * FROM t#{i % 50} WHERE id = #{i}" }) }
$RECENT[:records] = models.first(20).flat_map { |k| k.load_batch(0...n(2_300)) }
GC.enable
log "requests/events/recent records (young); GC.count #{$gc_before_young} -> #{GC.count}"

# --------------------------------------------------------------------------
# 3. GC, counts, dump
# --------------------------------------------------------------------------
GC.start(full_mark: true, immediate_sweep: true)
counts = {
  ruby_version: RUBY_VERSION,
  ruby_description: RUBY_DESCRIPTION,
  scale: SCALE,
  count_objects: ObjectSpace.count_objects,
  count_objects_size: ObjectSpace.count_objects_size,
  count_imemo_objects: ObjectSpace.count_imemo_objects,
  gc_count: GC.count
}
File.write("#{out_path}.counts.json", JSON.pretty_generate(counts) + "\n")
log "GC done (GC.count=#{GC.count}); live objects = #{counts[:count_objects][:TOTAL] - counts[:count_objects][:FREE]}; dumping to #{out_path}"

File.open(out_path, 'w') { |f| ObjectSpace.dump_all(output: f) }
log "dump written"

# HEAPLENS_BENCH_LEAK_DUMPS=1 (bench/make-leak-dumps.sh): two more dumps of the same process,
# OUT.json.b and OUT.json.c, each after a step that keeps new objects (a leak: strings, hashes and
# records appended to a global) and drops part of the request-scoped ones (churn), for `leaks`.
if ENV['HEAPLENS_BENCH_LEAK_DUMPS']
  $LEAK = []
  %w[b c].each_with_index do |suffix, step|
    $RECENT[:requests] = Array.new(n(38_300)) { |i| Rack::Request.new(i + step) }
    n(60_000).times do |i|
      $LEAK << { "id" => i, "payload" => "leaked-#{step}-#{i}", "at" => [i, step] }
    end
    $LEAK.concat(models.first(10).flat_map { |k| k.load_batch(0...n(1_000)) })
    GC.start(full_mark: true, immediate_sweep: true)
    File.open("#{out_path}.#{suffix}", 'w') { |f| ObjectSpace.dump_all(output: f) }
    log "leak step #{step + 1}: #{$LEAK.size} kept; dump written to #{out_path}.#{suffix}"
  end
end

lines = 0
File.open(out_path, 'rb') { |f| buf = +''; lines += buf.count("\n") while f.read(1 << 20, buf) }
size = File.size(out_path)
puts "dump:   #{out_path}"
puts "size:   #{size} bytes (#{(size / 1024.0 / 1024).round(1)} MiB)"
puts "lines:  #{lines}"
puts "counts: #{out_path}.counts.json"
