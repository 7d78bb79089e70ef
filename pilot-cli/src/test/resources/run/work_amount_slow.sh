#!/bin/sh
# Prints its work amount like work_amount.sh, after 10 ms: a round that is never shorter than a 1 ms short-round
# threshold, however fast the machine spawns a shell.
sleep 0.01
echo "$1,$PILOT_WORK_AMOUNT"
