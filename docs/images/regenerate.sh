#!/usr/bin/env bash
# Regenerates the README's report screenshot and plot from real runs on this machine (numbers vary by machine):
#   docs/images/regenerate.sh
# Needs a JDK 17+ and, for the screenshot, Debian's chromium (apt-get install -y chromium).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
work="target/docs-images"
rm -rf "$work" && mkdir -p "$work"

# A session with a real warm-up: the first 8 rounds print about 20, the rest about 10 (plus noise).
./pilot run -q --max-rounds 60 --ci-width 0.1% --pi "latency,ms,0,0,1" -o "$work/session" -- sh -c \
  'if [ $PILOT_ROUND -lt 8 ]; then awk "BEGIN{srand($PILOT_ROUND); print 20+rand()}"; else awk "BEGIN{srand($PILOT_ROUND); print 10+rand()}"; fi' \
  > /dev/null || [ $? -eq 3 ]   # 3: stopped by --max-rounds, as intended
./pilot report -o "$work/report.html" "$work/session" > /dev/null
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1200,1060 \
  --screenshot="$root/docs/images/report.png" "file://$root/$work/report.html" 2> /dev/null

# Three workloads compared live, then their sessions as grouped bars: wall time beside user + system CPU.
./pilot compare -q --max-rounds 20 --name fast --name middle --name slow -o "$work/compare" -- \
  awk 'BEGIN{for(i=0;i<300000;i++)s+=i}' ::: awk 'BEGIN{for(i=0;i<600000;i++)s+=i}' ::: \
  awk 'BEGIN{for(i=0;i<900000;i++)s+=i}' > /dev/null || [ $? -eq 3 ]
./pilot plot --mode bar --components Elapsed,User,System --stack User,System --ylabel "seconds per round" \
  --title "Wall time and CPU time per round (95% CIs)" --size 720x400 -o "$root/docs/images/plot.svg" \
  "fast:$work/compare/1-fast" "middle:$work/compare/2-middle" "slow:$work/compare/3-slow" > /dev/null
echo "wrote docs/images/report.png and docs/images/plot.svg"
