#!/bin/sh
# tag.sh NAME LOG SECONDS: appends NAME to LOG (the order rounds ran in), then sleeps.
echo "$1" >> "$2"
sleep "$3"
