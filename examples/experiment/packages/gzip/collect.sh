#!/bin/sh
# metrics: NAME VALUE lines
echo "size $(wc -c < out.gz)"
echo "ratio $(awk -v a="$(wc -c < out.gz)" -v b="$(wc -c < input.txt)" 'BEGIN { print a / b }')"
