#!/bin/sh
# Builds the compressor with the job's compiler flags ($CFLAGS) and compiler ($CC: the link-order wrapper when that
# factor is varied), and makes the input: about 400 kB of words drawn by a Park-Miller generator (the same
# bytes on every machine and awk).
set -e
[ -s input.txt ] || awk 'BEGIN { split("the of and to in is that for it as with was on be by at this", w, " ");
  x = 7; for (i = 0; i < 80000; i++) { x = x * 16807 % 2147483647; printf "%s%s", w[x % 17 + 1], (i % 12 ? " " : "\n") } }' > input.txt
${CC:-cc} $CFLAGS -c main.c lzss.c bits.c
${CC:-cc} -o lzss lzss.o bits.o main.o
