#!/usr/bin/env python3
"""Wall and CPU time of whole commands, interleaved so that a shared machine's load falls on each alike.

  bench/start-time.py RUNS 'label=command ...' ['label=command ...' ...]

Each command (split on spaces) runs RUNS times, its output discarded; one warm-up run each first
(it makes a launcher's start-up archive). Prints the median, min and max wall time and the median CPU
time (user + system) in milliseconds.
"""
import resource
import statistics
import subprocess
import sys
import time


def cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def once(command):
    cpu_before = cpu()
    start = time.perf_counter()
    subprocess.run(command.split(" "), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - start) * 1000, (cpu() - cpu_before) * 1000


def main():
    runs = int(sys.argv[1])
    commands = [arg.split("=", 1) for arg in sys.argv[2:]]
    for _, command in commands:
        once(command)
    walls = {label: [] for label, _ in commands}
    cpus = {label: [] for label, _ in commands}
    for _ in range(runs):
        for label, command in commands:
            wall, used = once(command)
            walls[label].append(wall)
            cpus[label].append(used)
    for label, ms in walls.items():
        print(f"{label}: wall median {statistics.median(ms):.0f} ms (min {min(ms):.0f}, max {max(ms):.0f});"
              f" CPU median {statistics.median(cpus[label]):.0f} ms; {runs} runs")


if __name__ == "__main__":
    main()
