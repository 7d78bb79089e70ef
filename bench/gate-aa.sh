#!/usr/bin/env bash
# How often pilot compare's gate trips against a stored baseline: the same command as the baseline (A/A: every trip
# is a false alarm) and a command 20% slower (every pass is a miss), alternately, TRIALS times each. The baseline is
# recorded once, first, as in a pull-request workflow. Every figure in bench/README.md's "Gating against a stored
# baseline" comes from one run of this script.
#
#   bash bench/gate-aa.sh [TRIALS] [WORK_DIR] [-- extra pilot compare options]
set -euo pipefail
cd "$(dirname "$0")/.."
trials="${1:-10}"
work="${2:-$(mktemp -d)}"
shift $(( $# >= 2 ? 2 : $# ))
[ "${1:-}" = "--" ] && shift
mkdir -p "$work"
pilot="$PWD/pilot"
"$pilot" --version >/dev/null

# 2 MB of seeded text, and the same text with 20% more of it (gzip's time grows with its input)
python3 - "$work" <<'EOF'
import random, sys
random.seed(4)
words = ["pilot", "benchmark", "round", "reading", "interval", "warm", "cycle", "gzip", "steady", "load"]
lines = []
size = 0
while size < 2_400_000:
    line = " ".join(random.choice(words) for _ in range(12)) + " %d\n" % random.randrange(10**6)
    lines.append(line)
    size += len(line)
text = "".join(lines)
open(sys.argv[1] + "/data.txt", "w").write(text[:2_000_000])
open(sys.argv[1] + "/data-20.txt", "w").write(text[:2_400_000])
EOF

rm -rf "$work/base"
"$pilot" run -q --max-time 60s -o "$work/base" -- gzip -1 -c "$work/data.txt" > /dev/null
echo "== baseline recorded: $(date -u +%H:%M:%S); gate --fail-if-slower 5% $*"
aa_trips=0; slow_trips=0
for i in $(seq 1 "$trials"); do
  for kind in same slower; do
    input="$work/data.txt"; [ "$kind" = slower ] && input="$work/data-20.txt"
    set +e
    "$pilot" compare -q --format json --max-time 30s --fail-if-slower 5% "$@" --baseline "$work/base" \
      -o "$work/c-$kind-$i" -- gzip -1 -c "$input" > "$work/c-$kind-$i.json" 2> /dev/null
    code=$?
    set -e
    line=$(python3 - "$work/c-$kind-$i.json" <<'EOF'
import json, sys
j = json.load(open(sys.argv[1]))
p = j["pairs"][0]
r = p["ratio"]
print("verdict %s, candidate/baseline %.4g [%.4g, %.4g]" % (p["verdict"], 1 / r["value"], 1 / r["high"],
      1 / r["low"]))
EOF
)
    echo "$kind  trial $i  exit $code  $line"
    if [ "$code" = 5 ]; then
      if [ "$kind" = same ]; then aa_trips=$((aa_trips + 1)); else slow_trips=$((slow_trips + 1)); fi
    fi
  done
done
echo "== stored baseline: A/A tripped the gate in $aa_trips of $trials trials; 20% slower caught in $slow_trips of $trials"

# the honest workflow: both builds measured in one pilot compare, cycle by cycle (no drift allowance applies)
aa_trips=0; slow_trips=0
for i in $(seq 1 "$trials"); do
  for kind in same slower; do
    input="$work/data.txt"; [ "$kind" = slower ] && input="$work/data-20.txt"
    set +e
    "$pilot" compare -q --format json --max-time 30s --fail-if-slower 5% "$@" -o "$work/i-$kind-$i" \
      -- gzip -1 -c "$work/data.txt" ::: gzip -1 -c "$input" > "$work/i-$kind-$i.json" 2> /dev/null
    code=$?
    set -e
    line=$(python3 - "$work/i-$kind-$i.json" <<'EOF'
import json, sys
j = json.load(open(sys.argv[1]))
p = j["pairs"][0]
r = p["ratio"]
print("verdict %s, second/first %.4g [%.4g, %.4g], %d cycles" % (p["verdict"], 1 / r["value"], 1 / r["high"],
      1 / r["low"], (p.get("paired") or {}).get("cycles", 0)))
EOF
)
    echo "interleaved $kind  trial $i  exit $code  $line"
    if [ "$code" = 5 ]; then
      if [ "$kind" = same ]; then aa_trips=$((aa_trips + 1)); else slow_trips=$((slow_trips + 1)); fi
    fi
  done
done
echo "== interleaved: A/A tripped the gate in $aa_trips of $trials trials; 20% slower caught in $slow_trips of $trials"
