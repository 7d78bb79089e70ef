#!/usr/bin/env python3
"""Whole-process runs of several commands, interleaved: one run of each in turn, REPS times, after one warm-up run
of each, so that a machine that drifts (these do, by 10-40% within minutes) weighs on every command alike. Prints
per command the median, mean and least wall time and the largest resident memory (of the command and its children).

    python3 bench/interleaved.py REPS 'NAME|ENV|COMMAND' ...

ENV is empty or VAR=value pairs separated by ';' (e.g. PILOT_JAVA_OPTS=-Xms32m); COMMAND runs under sh -c, its
output discarded. Example (bench/README.md, "pilot analyze of 10^6 values"):

    python3 bench/interleaved.py 30 'pilot||./pilot analyze a.txt' 'datamash||datamash mean 1 sstdev 1 < a.txt'
"""
import os
import statistics
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    reps = int(sys.argv[1])
    commands = []
    for spec in sys.argv[2:]:
        name, env, command = spec.split("|", 2)
        extra = dict(e.split("=", 1) for e in env.split(";") if e)
        commands.append((name, {**os.environ, **extra}, command))
    wall = {name: [] for name, _, _ in commands}
    rss = {name: 0 for name, _, _ in commands}
    for rep in range(reps + 1):
        for name, env, command in commands:
            start = time.perf_counter()
            p = subprocess.Popen(command, shell=True, stdout=subprocess.DEVNULL, env=env)
            _, _, usage = os.wait4(p.pid, 0)
            if rep > 0:  # the first round is the warm-up: files cached, class-data archives made
                wall[name].append(time.perf_counter() - start)
                rss[name] = max(rss[name], usage.ru_maxrss)
    for name, _, _ in commands:
        x = wall[name]
        print("%-12s median %7.1f ms  mean %7.1f ms  min %7.1f ms  max RSS %6.1f MB"
              % (name, 1e3 * statistics.median(x), 1e3 * statistics.mean(x), 1e3 * min(x), rss[name] / 1024))


if __name__ == "__main__":
    main()
