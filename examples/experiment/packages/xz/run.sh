#!/bin/sh
xz -6 -c input.txt > out.xz
