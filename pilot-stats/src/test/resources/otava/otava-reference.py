# Reference change points for WeightedShiftsOtavaTest, computed by Apache Otava itself.
#
# Otava (https://github.com/apache/otava, Apache-2.0) is not on Maven Central; run its own code from a checkout:
#   git clone https://github.com/apache/otava && git -C otava checkout 1ceb1537a49d516cf6cef9a79bea6926002082f8
#   python3 pilot-stats/src/test/resources/otava/otava-reference.py otava
# (needs numpy and scipy: Debian bookworm's python3-numpy 1.24 and python3-scipy 1.10 were used). Writes, next to
# this script:
#   otava-series.csv     series,index,value   seeded 100-commit histories of per-commit means (level 100, noise
#                        sd 1, i.e. 1%), flat or with planted steps; the points carry no uncertainty of their own
#   otava-reference.csv  series,index         the change points Otava's compute_change_points finds with its
#                        defaults (window 50, max p-value 0.001, min magnitude 0): the first commit of each new level
import csv
import os
import sys

import numpy as np

sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else "otava")
from otava.analysis import compute_change_points  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(20261124)


def history(steps, n=100, level=100.0, sd=1.0):
    """steps: [(first commit of the new level, relative change)]"""
    mean = np.full(n, level)
    for at, change in steps:
        mean[at:] *= 1 + change
    return mean + rng.normal(0, sd, n)


plans = {
    "flat-1": [], "flat-2": [], "flat-3": [], "flat-4": [],
    "step-60-a": [(60, 0.042)], "step-60-b": [(60, 0.042)], "step-60-c": [(60, -0.042)],
    "two-steps": [(30, 0.05), (70, -0.03)],
    "three-steps": [(25, 0.03), (50, 0.06), (80, -0.04)],
    "regressed-and-reverted": [(40, 0.05), (55, -0.05 / 1.05)],
    "step-2pct": [(40, 0.02)],
    "step-1pct": [(50, 0.01)],
}
series = {name: history(steps) for name, steps in plans.items()}
with open(os.path.join(here, "otava-series.csv"), "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["series", "index", "value"])
    for name, values in series.items():
        for i, v in enumerate(values):
            w.writerow([name, i, repr(float(v))])
with open(os.path.join(here, "otava-reference.csv"), "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["series", "index"])
    for name, values in series.items():
        cps, _ = compute_change_points(list(values), window_len=50, max_pvalue=0.001, min_magnitude=0.0)
        found = [int(c.index) for c in cps]
        print(name, "planted", [at for at, _ in plans[name]], "otava", found)
        for i in found:
            w.writerow([name, i])
