#!/bin/sh
./lzw input.txt > out.lzw
