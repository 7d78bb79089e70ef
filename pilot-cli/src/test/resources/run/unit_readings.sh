#!/bin/sh
# Writes 50 unit readings per round into $PILOT_RESULT_DIR/ops.txt: seeded by the round, mean 100, spread ±10, so
# every round is reproducible.
awk -v seed="$PILOT_ROUND" 'BEGIN { srand(seed + 1); for (i = 0; i < 50; i++) printf "%.3f\n", 90 + 20 * rand() }' \
    > "$PILOT_RESULT_DIR/ops.txt"
echo "done"
