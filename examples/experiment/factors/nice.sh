#!/bin/sh
# A user-defined factor: the scheduling priority of the run. Called as: nice.sh LEVEL COMMAND...
level=$1
shift
export PILOT_OBSERVED_NICE="$(nice -n "$level" nice)"
exec nice -n "$level" "$@"
