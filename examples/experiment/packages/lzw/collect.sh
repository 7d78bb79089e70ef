#!/bin/sh
# metrics: NAME VALUE lines
echo "size $(wc -c < out.lzw)"
echo "ratio $(awk -v a="$(wc -c < out.lzw)" -v b="$(wc -c < input.txt)" 'BEGIN { print a / b }')"
