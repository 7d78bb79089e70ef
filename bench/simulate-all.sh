#!/usr/bin/env bash
# The pilot simulate tables of bench/README.md: every preset, 500 seeded sessions per strategy (1,000 pairs for the
# equal-workloads comparison), seed 1, a 95% CI no wider than 10% of the mean, at most 5,000 rounds per session
# (3,000,000 for mm1, one customer per round, whose oracle needs about 681,000). Writes markdown to stdout.
# Usage: bench/simulate-all.sh > /tmp/simulate.md      (about half an hour on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/.."
all=pilot,pilot-no-removal,pilot-mser,pilot-subsessions,pilot-original,naive,fixed-10,jmh-5x5
for w in normal ar1 warmup-ar1 heavy lognormal bimodal units warmup-step; do
  echo "#### $w"; echo
  echo "\`./pilot simulate evaluate -w $w -k 500 --seed 1 -s $all --format markdown\`"; echo
  ./pilot simulate evaluate -w "$w" -k 500 --seed 1 -s "$all" --format markdown
  echo
done
echo "#### wps"; echo
echo "\`./pilot simulate evaluate -w wps -k 500 --seed 1 --format markdown\`"; echo
./pilot simulate evaluate -w wps -k 500 --seed 1 --format markdown
echo
echo "#### mm1"; echo
echo "\`./pilot simulate evaluate -w mm1 -k 500 --seed 1 --max-rounds 3000000 -s pilot,naive,fixed-10,jmh-5x5 --format markdown\`"; echo
./pilot simulate evaluate -w mm1 -k 500 --seed 1 --max-rounds 3000000 -s pilot,naive,fixed-10,jmh-5x5 --format markdown
echo
echo "#### two workloads 5% apart"; echo
echo "\`./pilot simulate evaluate -w normal -w normal,mean=105 -k 500 --seed 1 --format markdown\`"; echo
./pilot simulate evaluate -w normal -w normal,mean=105 -k 500 --seed 1 --format markdown
echo
echo "#### two equal workloads"; echo
echo "\`./pilot simulate evaluate -w normal -w normal -k 1000 --seed 1 --format markdown\`"; echo
./pilot simulate evaluate -w normal -w normal -k 1000 --seed 1 --format markdown
