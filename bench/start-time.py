#!/usr/bin/env python3
"""Wall and CPU time of commands, interleaved so that a shared machine's load falls on each alike.

  bench/start-time.py [--mcp] RUNS 'label=command ...' ['label=command ...' ...]

Each command (split on spaces) runs RUNS times, its output discarded; one warm-up run each first
(it makes a launcher's start-up archive). Prints the median, min and max wall time and the median CPU
time (user + system, the process and its children) in milliseconds. With --mcp the commands are MCP
servers on stdio: the time is from the start to the answers to initialize and tools/list, then the
server is stopped.
"""
import resource
import statistics
import subprocess
import sys
import time


def cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


INIT = b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",' \
       b'"capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}\n'
INITIALIZED = b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n'
LIST = b'{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n'


def once(command, mcp):
    cpu_before = cpu()
    start = time.perf_counter()
    if mcp:
        p = subprocess.Popen(command.split(" "), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL)
        p.stdin.write(INIT)
        p.stdin.flush()
        assert b'"id":1' in p.stdout.readline()
        p.stdin.write(INITIALIZED + LIST)
        p.stdin.flush()
        assert b'"id":2' in p.stdout.readline()
        wall = time.perf_counter() - start
        p.stdin.close()
        p.kill()
        p.wait()
    else:
        subprocess.run(command.split(" "), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        wall = time.perf_counter() - start
    return wall * 1000, (cpu() - cpu_before) * 1000


def main():
    args = sys.argv[1:]
    mcp = args[0] == "--mcp"
    if mcp:
        args = args[1:]
    runs = int(args[0])
    commands = [arg.split("=", 1) for arg in args[1:]]
    for _, command in commands:
        once(command, mcp)
    walls = {label: [] for label, _ in commands}
    cpus = {label: [] for label, _ in commands}
    for _ in range(runs):
        for label, command in commands:
            wall, used = once(command, mcp)
            walls[label].append(wall)
            cpus[label].append(used)
    for label, ms in walls.items():
        print(f"{label}: wall median {statistics.median(ms):.0f} ms (min {min(ms):.0f}, max {max(ms):.0f});"
              f" CPU median {statistics.median(cpus[label]):.0f} ms; {runs} runs")


if __name__ == "__main__":
    main()
