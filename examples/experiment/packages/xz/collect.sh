#!/bin/sh
echo "size $(wc -c < out.xz)"
echo "ratio $(awk -v a="$(wc -c < out.xz)" -v b="$(wc -c < input.txt)" 'BEGIN { print a / b }')"
