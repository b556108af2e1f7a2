#!/usr/bin/env python3
"""Time from an MCP server's start to its answers to initialize and tools/list, over its pipes, and
the CPU time it used (steadier than wall time on a loaded machine).

  bench/mcp-start.py RUNS 'label=command ...' ['label=command ...' ...]

The servers are run in turn, RUNS rounds (interleaved, so that the load of a shared machine falls on
each alike); prints each one's median, min and max in milliseconds. The command is split on spaces.
"""
import resource
import statistics
import subprocess
import sys
import time

INIT = b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",' \
       b'"capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}\n'
INITIALIZED = b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n'
LIST = b'{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n'


def cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def once(command):
    """Wall time to the tools/list answer, and the CPU time (user + system) the server used in all."""
    cpu_before = cpu()
    start = time.perf_counter()
    p = subprocess.Popen(command.split(" "), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    p.stdin.write(INIT)
    p.stdin.flush()
    assert b'"id":1' in p.stdout.readline()
    p.stdin.write(INITIALIZED + LIST)
    p.stdin.flush()
    assert b'"id":2' in p.stdout.readline()
    elapsed = (time.perf_counter() - start) * 1000
    p.stdin.close()
    p.kill()
    p.wait()
    return elapsed, (cpu() - cpu_before) * 1000


def main():
    runs = int(sys.argv[1])
    servers = [arg.split("=", 1) for arg in sys.argv[2:]]
    times = {label: [] for label, _ in servers}
    cpus = {label: [] for label, _ in servers}
    for _ in range(runs):
        for label, command in servers:
            wall, used = once(command)
            times[label].append(wall)
            cpus[label].append(used)
    for label, ms in times.items():
        print(f"{label}: wall median {statistics.median(ms):.0f} ms (min {min(ms):.0f}, max {max(ms):.0f});"
              f" CPU median {statistics.median(cpus[label]):.0f} ms; {runs} runs")


if __name__ == "__main__":
    main()
