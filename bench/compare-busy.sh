#!/usr/bin/env bash
# pilot compare beside hyperfine on a busy machine: gzip -1 against gzip -6 on a 4 MB file, and two identical
# commands, under a seeded background load that is busy and idle in turns. Runs the tools alternately, REPS times
# each, and prints one line per run: the tool, the pair, the wall time, the exit code and the answer. Every figure in
# bench/README.md's "pilot compare on a busy machine" comes from one run of this script.
#
#   bash bench/compare-busy.sh [REPS] [WORK_DIR]
#
# Needs hyperfine, gzip and python3. The load: two spinning processes (the machine's 2 cores) switched on and off at
# seeded random times (busy 0.5-3 s, idle 0.5-3 s), the same schedule for every run.
set -euo pipefail
cd "$(dirname "$0")/.."
reps="${1:-3}"
work="${2:-$(mktemp -d)}"
mkdir -p "$work"
pilot="$PWD/pilot"
for tool in hyperfine gzip python3; do
  command -v "$tool" >/dev/null || { echo "compare-busy: $tool is not installed" >&2; exit 2; }
done
"$pilot" --version >/dev/null

# 4 MB of seeded, compressible text (words drawn from a small vocabulary)
python3 - "$work/data.txt" <<'EOF'
import random, sys
random.seed(4)
words = ["pilot", "benchmark", "round", "reading", "interval", "warm", "cycle", "gzip", "steady", "load"]
with open(sys.argv[1], "w") as f:
    size = 0
    while size < 4_000_000:
        line = " ".join(random.choice(words) for _ in range(12)) + " %d\n" % random.randrange(10**6)
        f.write(line)
        size += len(line)
EOF

# the background load, busy and idle in turns on a seeded schedule, until this script ends
python3 - <<'EOF' &
import random, subprocess, time, os, signal
random.seed(11)
spinners = []
def stop(*_):
    for p in spinners:
        p.kill()
    os._exit(0)
signal.signal(signal.SIGTERM, stop)
while True:
    spinners = [subprocess.Popen(["sh", "-c", "while :; do :; done"]) for _ in range(2)]
    time.sleep(random.uniform(0.5, 3))
    for p in spinners:
        p.kill()
    spinners = []
    time.sleep(random.uniform(0.5, 3))
EOF
load=$!
trap 'kill $load 2>/dev/null || true' EXIT
echo "== machine: $(nproc) cores, $(java -version 2>&1 | head -1); load busy/idle in turns (pid $load)"

run_pilot() { # name, args...
  local name="$1"; shift
  local out="$work/pilot-$name-$RANDOM"
  local t0 t1 code
  t0=$(date +%s.%N)
  set +e
  "$pilot" compare -q --format json -o "$out" "$@" > "$out.json" 2> "$out.err"
  code=$?
  set -e
  t1=$(date +%s.%N)
  python3 - "$name" "$t0" "$t1" "$code" "$out.json" <<'EOF'
import json, sys
name, t0, t1, code, path = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4], sys.argv[5]
try:
    j = json.load(open(path))
    p = j["pairs"][0]
    r = p.get("ratio") or {}
    answer = "%s, ratio %.4g [%.4g, %.4g], %s rounds each" % (p["verdict"], r.get("value", float("nan")),
        r.get("low", float("nan")), r.get("high", float("nan")), max(c["rounds"] for c in j["workloads"]))
except Exception as e:  # noqa: BLE001 - print what went wrong, keep the run going
    answer = "no JSON answer (%s)" % e
print("pilot      %-9s %6.2f s  exit %s  %s" % (name, t1 - t0, code, answer))
EOF
}

run_hyperfine() { # name, commands...
  local name="$1"; shift
  local t0 t1 code
  t0=$(date +%s.%N)
  set +e
  hyperfine -N --warmup 3 --export-json "$work/hf.json" "$@" > /dev/null 2>&1
  code=$?
  set -e
  t1=$(date +%s.%N)
  python3 - "$name" "$t0" "$t1" "$code" "$work/hf.json" <<'EOF'
import json, sys
name, t0, t1, code, path = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4], sys.argv[5]
r = json.load(open(path))["results"]
a, b = r[0], r[1]
print("hyperfine  %-9s %6.2f s  exit %s  ratio of means %.4g, %d + %d runs" % (name, t1 - t0, code,
      b["mean"] / a["mean"], len(a["times"]), len(b["times"])))
EOF
}

for i in $(seq 1 "$reps"); do
  run_pilot gzip -- gzip -1 -c "$work/data.txt" ::: gzip -6 -c "$work/data.txt"
  run_hyperfine gzip "gzip -1 -c $work/data.txt" "gzip -6 -c $work/data.txt"
  run_pilot same --equivalence 3% --max-time 60s -- gzip -1 -c "$work/data.txt" ::: gzip -1 -c "$work/data.txt"
  run_hyperfine same "gzip -1 -c $work/data.txt" "gzip -1 -c $work/data.txt"
done
