#!/usr/bin/env bash
# Pilot side by side with the tools a user would pick instead: start-up, parsing and analysis of 10^6
# values, comparison of two such files, the harness's per-round bias and overhead. Needs hyperfine, datamash and
# ministat (Debian packages) and python3. Run from the repository root on a quiet machine; every figure in
# bench/README.md's "Start-up, parsing, harness" section comes from one run of this script.
#
#   bash bench/side-by-side.sh [WORK_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
work="${1:-$(mktemp -d)}"
mkdir -p "$work"
pilot="$PWD/pilot"
for tool in hyperfine datamash ministat python3; do
  command -v "$tool" >/dev/null || { echo "side-by-side: $tool is not installed" >&2; exit 2; }
done
"$pilot" --version >/dev/null # builds the jar and the class-data archive if needed

echo "== machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1)"

# 10^6 seeded normal values with 3 decimals (the issue's input), and a second file 0.2% apart
python3 - "$work" <<'EOF'
import random, sys
for name, seed, mean in (("a.txt", 1, 100.0), ("b.txt", 2, 100.2)):
    random.seed(seed)
    with open(f"{sys.argv[1]}/{name}", "w") as f:
        f.write("\n".join("%.3f" % random.gauss(mean, 10) for _ in range(1_000_000)) + "\n")
EOF
ls -l "$work/a.txt" | awk '{printf "== input: %s bytes\n", $5}'

echo "== start-up: pilot --help against hyperfine --help"
hyperfine -N -w 3 --runs 30 --export-json "$work/help.json" "$pilot --help" "hyperfine --help" >/dev/null
python3 - "$work/help.json" <<'EOF'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print("   %-40s mean %6.1f ms  median %6.1f ms" % (r["command"][-40:], r["mean"] * 1e3, r["median"] * 1e3))
EOF

echo "== analysis of 10^6 values (wall, resident memory)"
for i in 1 2 3; do
  /usr/bin/time -f "   pilot analyze       %e s %M KB" "$pilot" analyze "$work/a.txt" >/dev/null
  /usr/bin/time -f "   datamash mean sstdev %e s %M KB" datamash mean 1 sstdev 1 <"$work/a.txt" >/dev/null
  /usr/bin/time -f "   ministat -n         %e s %M KB" ministat -n "$work/a.txt" >/dev/null
done

echo "== comparison of two 10^6-value files"
for i in 1 2 3; do
  /usr/bin/time -f "   pilot compare       %e s %M KB" "$pilot" compare "$work/a.txt" "$work/b.txt" >/dev/null
  /usr/bin/time -f "   ministat -A         %e s %M KB" ministat -A "$work/a.txt" "$work/b.txt" >/dev/null
done

echo "== per-round bias and overhead: 200 rounds each, alternating, three times"
for cmd in "true" "awk -f examples/primes.awk"; do
  for i in 1 2 3; do
    hyperfine -N --runs 200 --export-json "$work/h.json" -- "$cmd" >/dev/null 2>&1
    rm -rf "$work/s"
    # shellcheck disable=SC2086
    /usr/bin/time -f "%e %M %U %S" -o "$work/time.txt" "$pilot" run -q --min-rounds 200 --max-rounds 200 \
        -o "$work/s" -- $cmd >/dev/null || true
    python3 - "$work" "$cmd" <<'EOF'
import csv, datetime, json, statistics, sys
work, cmd = sys.argv[1], sys.argv[2]
h = json.load(open(f"{work}/h.json"))["results"][0]["times"]
rows = list(csv.DictReader(open(f"{work}/s/rounds.csv")))
d = [int(r["duration_ns"]) / 1e9 for r in rows]
t = [datetime.datetime.fromisoformat(r["start"].replace("Z", "+00:00")) for r in rows]
gaps = [(t[i + 1] - t[i]).total_seconds() - d[i] for i in range(len(t) - 1)]
wall, rss, user, system = open(f"{work}/time.txt").read().split()[-4:]
child = sum(int(r["user_cpu_ns"] or 0) + int(r["system_cpu_ns"] or 0) for r in rows) / 1e9
reported = json.load(open(f"{work}/s/result.json"))["pis"][0]["readings"]["mean"]  # after the warm-up test's cut
print("   %-28s hyperfine mean %7.3f ms median %7.3f | pilot mean %7.3f ms median %7.3f, reported %7.3f"
      " | ratio of means %.3f, reported/hyperfine %.3f | gap between rounds median %.3f ms mean %.3f"
      " | pilot %s s wall, %s KB, own CPU %.2f s"
      % (cmd, statistics.mean(h) * 1e3, statistics.median(h) * 1e3, statistics.mean(d) * 1e3,
         statistics.median(d) * 1e3, reported * 1e3, statistics.mean(d) / statistics.mean(h),
         reported / statistics.mean(h), statistics.median(gaps) * 1e3, statistics.mean(gaps) * 1e3, wall, rss,
         float(user) + float(system) - child))
EOF
  done
done

echo "== own CPU per round: 200 and 1,200 rounds of true (the difference, less the children's CPU)"
for n in 200 1200; do
  rm -rf "$work/c$n"
  /usr/bin/time -f "%U %S" -o "$work/t$n.txt" "$pilot" run -q --min-rounds $n --max-rounds $n -o "$work/c$n" \
      -- true >/dev/null || true
done
python3 - "$work" <<'EOF'
import csv, sys
work = sys.argv[1]
own = {}
for n in (200, 1200):
    u, s = map(float, open(f"{work}/t{n}.txt").read().split()[-2:])
    rows = list(csv.DictReader(open(f"{work}/c{n}/rounds.csv")))
    own[n] = u + s - sum(int(r["user_cpu_ns"] or 0) + int(r["system_cpu_ns"] or 0) for r in rows) / 1e9
print("   own CPU per round: %.3f ms" % ((own[1200] - own[200]) / 1000 * 1e3))
EOF

echo "== change points around the old switch (9,999 vs 10,001 values), analysis time in-process is in JMH"
python3 - "$work" <<'EOF'
import random, sys
for n in (3999, 4001, 9999, 10001):
    random.seed(n)
    with open(f"{sys.argv[1]}/cp{n}.txt", "w") as f:
        f.write("\n".join("%.3f" % random.gauss(100, 10) for _ in range(n)) + "\n")
EOF
for n in 3999 4001 9999 10001; do
  /usr/bin/time -f "   pilot changepoints $n values: %e s" "$pilot" changepoints "$work/cp$n.txt" >/dev/null
done
