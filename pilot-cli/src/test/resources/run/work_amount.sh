#!/bin/sh
# Prints its work amount (the first argument) and the one in the environment.
echo "$1,$PILOT_WORK_AMOUNT"
