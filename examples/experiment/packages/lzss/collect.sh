#!/bin/sh
# metrics: NAME VALUE lines
echo "size $(wc -c < out.lzss)"
echo "ratio $(awk -v a="$(wc -c < out.lzss)" -v b="$(wc -c < input.txt)" 'BEGIN { print a / b }')"
