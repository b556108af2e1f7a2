# frozen_string_literal: true
#
# heap_dump_on_signal.rb: writes an ObjectSpace.dump_all heap dump, for heaplens, each time the
# process gets SIGUSR2. Ruby has no attach mechanism like the JVM's; this is the one-line stand-in.
#
#   RUBYOPT="-r/path/to/heap_dump_on_signal.rb" bundle exec puma      # or require it in config/boot.rb
#   kill -USR2 <pid>                                                    # then:
#   heaplens top /tmp/heap-<pid>-<time>.json
#
# HEAP_DUMP_DIR      where dumps go (default: Dir.tmpdir); each is heap-PID-TIME.json, written to a
#                    .part file first and renamed when complete, so a reader never sees half a dump.
# HEAP_DUMP_TRACE=1  also ObjectSpace.trace_object_allocations_start at load: dumps then carry file,
#                    line and generation (heaplens histogram --by location, leaks), at a cost on
#                    every allocation (often 10-30% slower): use it in staging, or for a while.
# HEAP_DUMP_SIGNAL   another signal than USR2 (e.g. TTIN).
#
# The trap itself only writes a byte to a pipe (a trap may not take locks); a thread waits on the
# pipe, runs GC.start (a dump of live objects, like the JVM's default) and writes the dump. Another
# signal while a dump is written gives one more dump afterwards. Stderr gets one line per dump.
require "objspace"
require "tmpdir"

module HeapDumpOnSignal
  class << self
    def install(signal: ENV.fetch("HEAP_DUMP_SIGNAL", "USR2"), dir: ENV.fetch("HEAP_DUMP_DIR", Dir.tmpdir))
      ObjectSpace.trace_object_allocations_start if ENV["HEAP_DUMP_TRACE"] == "1"
      reader, writer = IO.pipe
      Signal.trap(signal) { writer.write_nonblock(".", exception: false) }
      Thread.new do
        Thread.current.name = "heap_dump_on_signal"
        while reader.read(1)
          begin
            warn "heap_dump_on_signal: wrote #{dump(dir)}"
          rescue StandardError => e
            warn "heap_dump_on_signal: no dump: #{e.class}: #{e.message}"
          end
        end
      end
    end

    # Writes one dump now (also callable from the application) and returns its path.
    def dump(dir = ENV.fetch("HEAP_DUMP_DIR", Dir.tmpdir))
      path = File.join(dir, "heap-#{Process.pid}-#{Time.now.strftime('%Y%m%d-%H%M%S-%L')}.json")
      GC.start
      File.open("#{path}.part", "w") { |f| ObjectSpace.dump_all(output: f) }
      File.rename("#{path}.part", path)
      path
    end
  end
end

HeapDumpOnSignal.install unless ENV["HEAP_DUMP_ON_SIGNAL"] == "0"
