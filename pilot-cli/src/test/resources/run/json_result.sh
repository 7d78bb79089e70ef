#!/bin/sh
# Prints a JSON document with a seeded value in [4.5, 5.5) at $.latency.p99.
v=$(awk -v seed="$PILOT_ROUND" 'BEGIN { srand(seed + 7); printf "%.4f", 4.5 + rand() }')
echo "{\"latency\": {\"p99\": $v}, \"note\": \"ok\"}"
