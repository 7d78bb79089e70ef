#!/bin/sh
# The original Pilot's cli/test/mock_benchmark.sh: prints "x,x+1" for dataset F, one value per run (the round number
# comes from PILOT_ROUND). With -r, exits with round % 2 (the test accepts exit codes 0 and 1).
here=$(dirname "$0")
n=$((PILOT_ROUND + 1))
awk -v n="$n" 'NR == n { printf "%s,%.2f\n", $1, $1 + 1 }' "$here/dataset-f.txt"
if [ "$1" = "-r" ]; then exit $((PILOT_ROUND % 2)); fi
