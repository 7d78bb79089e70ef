#!/usr/bin/env bash
# pilot report on a session of 10^6 readings: how long the whole command takes and how large the page is.
#   bench/report-1e6.sh [N]        (N readings, default 1000000)
# The session is a real one (recorded by pilot run, 3 rounds) whose rounds.csv and readings.csv are then replaced
# by N rounds of a synthetic workload: a warm-up (the first 2% of rounds at a level 30% higher), then AR(1) noise
# (phi = 0.5) around 10 ms with a spike every 10,007 rounds. The report reads and re-analyses them like any other.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
n="${1:-1000000}"
dir="target/bench-report/session-$n"
rm -rf "$dir" && mkdir -p "$(dirname "$dir")"
./pilot run -q --max-rounds 3 --pi "latency,ms,0,0,1" -o "$dir" -- echo 10 > /dev/null || [ $? -eq 3 ]
rm -f "$dir/result.json"
awk -v n="$n" 'BEGIN {
  srand(18); print "round,work_amount,start,duration_ns,status,exit_code,user_cpu_ns,system_cpu_ns,peak_rss_bytes,message" > "rounds.tmp"
  print "round,pi,reading" > "readings.tmp"; e = 0
  for (i = 0; i < n; i++) {
    e = 0.5 * e + (rand() - 0.5)
    v = (i < n / 50 ? 13 : 10) + e + (i % 10007 == 5000 ? 8 : 0)
    printf "%d,0,2026-11-24T08:00:00Z,%d,ok,0,,,,\n", i, v * 1e6 > "rounds.tmp"
    printf "%d,0,%.6f\n", i, v > "readings.tmp"
  } }'
mv rounds.tmp "$dir/rounds.csv" && mv readings.tmp "$dir/readings.csv"
out="target/bench-report/report-$n.html"
for i in 1 2 3 4 5; do
  /usr/bin/time -f "pilot report, $n readings: %e s wall, %U s user + %S s system CPU, %M KB peak RSS" ./pilot report -o "$out" "$dir" > /dev/null
done
ls -l "$out" | awk '{printf "report size: %.2f MB\n", $5 / 1e6}'
