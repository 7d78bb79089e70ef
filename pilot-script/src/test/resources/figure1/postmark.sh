#!/bin/sh
# stub for the Figure 1 parse test
exit 0
