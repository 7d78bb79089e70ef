#!/usr/bin/env bash
# What monitoring costs the command it watches, on the shipped awk example: the sampling rate that
# --monitor-rate auto chooses with its measured overhead, and the durations of rounds run with and without the
# monitor, interleaved by pilot compare's machinery (pilot overhead). Run from the repository root on a quiet machine.
#
#   bash bench/monitor.sh [WORK_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
work="${1:-$(mktemp -d)}"
mkdir -p "$work"
pilot="$PWD/pilot"
"$pilot" --version >/dev/null
echo "== machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== --monitor-rate auto on awk -f examples/primes.awk (Newton's method, 5 pairs of rounds per rate)"
rm -rf "$work/auto"
"$pilot" run --progress never --monitor --monitor-rate auto --max-rounds 30 -o "$work/auto" -- awk -f examples/primes.awk \
    2>&1 >/dev/null | grep "monitor-rate" | sed "s/^/   /" || true
echo "== pilot overhead: the example with an in-round sampler at 1000 per second against the example alone"
# the sampler's cost is what the monitor adds inside a round: a pilot run of one round of the example with it,
# against the same without it, would mostly measure the JVM; so the example itself runs beside a reader of the
# same /proc files at 1000 per second (a shell loop stands in for the sampler thread)
"$pilot" overhead -q --max-time 2m -o "$work/overhead" -- sh -c \
    'while :; do cat /proc/stat /proc/diskstats /proc/net/dev /proc/meminfo >/dev/null; sleep 0.001; done &
     awk -f examples/primes.awk; kill $!' ::: awk -f examples/primes.awk 2>/dev/null | tail -1 | sed 's/^/   /' || true
