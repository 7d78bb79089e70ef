#!/bin/sh
gzip -6 -c input.txt > out.gz
