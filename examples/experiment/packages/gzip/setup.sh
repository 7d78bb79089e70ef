#!/bin/sh
# The input: about 150 kB of text with some redundancy, the same on every machine (no randomness).
[ -s input.txt ] || seq 1 6000 | awk '{ print $1 * 7919 % 10007, "lorem ipsum", $1 % 97, "dolor" }' > input.txt
