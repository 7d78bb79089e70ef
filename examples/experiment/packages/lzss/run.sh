#!/bin/sh
./lzss < input.txt > out.lzss
