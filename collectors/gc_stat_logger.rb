# frozen_string_literal: true
#
# gc_stat_logger.rb: appends Ruby's GC.stat to a file as JSON lines, for `heaplens gc`.
#
#   RUBYOPT="-r/path/to/gc_stat_logger.rb" GC_STAT_LOG=/tmp/gc.jsonl bundle exec puma
#   (or `require_relative "gc_stat_logger"` early in config/boot.rb)
#
# One line per snapshot, at load, every GC_STAT_LOG_INTERVAL_MS milliseconds (default 1000) and at
# exit:
#   {"t":1700000000.123,"ruby":"3.1.7","pid":123,"stat":{...},"latest_gc_info":{...},"stat_heap":{"0":{...}}}
# stat_heap is written on Ruby 3.2+. GC_STAT_LOG may contain %p, replaced by the process id (one file
# per forked worker: Puma, Unicorn, Sidekiq swarm). The cost: a background thread that wakes once a
# period, reads GC.stat (a few microseconds) and appends one ~1.5 KB line; nothing runs per GC.
require "json"

module GcStatLogger
  DEFAULT_INTERVAL_MS = 1000

  class << self
    def path
      (ENV["GC_STAT_LOG"] || "gc_stat.jsonl").gsub("%p", Process.pid.to_s)
    end

    def interval_seconds
      ms = Integer(ENV.fetch("GC_STAT_LOG_INTERVAL_MS", DEFAULT_INTERVAL_MS.to_s), exception: false)
      (ms && ms.positive? ? ms : DEFAULT_INTERVAL_MS) / 1000.0
    end

    # Appends one snapshot now (also callable from the application, e.g. after each request) and
    # returns it.
    def snapshot
      line = { "t" => Process.clock_gettime(Process::CLOCK_REALTIME).round(6), "ruby" => RUBY_VERSION,
               "pid" => Process.pid, "stat" => GC.stat, "latest_gc_info" => GC.latest_gc_info }
      line["stat_heap"] = GC.stat_heap if GC.respond_to?(:stat_heap)
      text = JSON.generate(line) << "\n"
      @mutex.synchronize { File.write(path, text, mode: "a") }
      line
    rescue StandardError => e
      warn "gc_stat_logger: #{e.class}: #{e.message}" unless @warned
      @warned = true
    end

    def start
      @mutex = Mutex.new
      @pid = Process.pid
      snapshot
      @thread = Thread.new do
        loop do
          sleep interval_seconds
          snapshot
        end
      end
      @thread.name = "gc_stat_logger" if @thread.respond_to?(:name=)
      at_exit { snapshot if Process.pid == @pid || !@thread.alive? }
    end

    # A forked child (Puma worker, Sidekiq process) has no logging thread: start one.
    def after_fork
      start unless @thread&.alive? && @pid == Process.pid
    end
  end
end

if Process.respond_to?(:_fork)
  module GcStatLogger::ForkHook
    def _fork
      pid = super
      GcStatLogger.after_fork if pid.zero?
      pid
    end
  end
  Process.singleton_class.prepend(GcStatLogger::ForkHook)
end

GcStatLogger.start unless ENV["GC_STAT_LOG_DISABLE"]
