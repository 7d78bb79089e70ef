#!/usr/bin/env python3
"""What the converged sessions that miss the truth are, in a replay of a labelled data set.

    ./pilot simulate evaluate --trace DATA --split tune -o OUT
    python3 bench/replay-misses.py DATA OUT/replications.csv

For every steady series that ended converged with a CI that misses the truth (the mean of its labelled steady part),
prints how far off the estimate was, whether the session stopped before the labelled steady part began, and whether
the CI also misses the steady mean without outliers, removed as the labels' authors removed them before finding the
steady state (Traini et al. 2023, docs/references.md; their replication package's outlier filter): in every window
of 200 iterations, values beyond the window's median ± 3 × (p99 − p1), the windows starting after the first
ceil(200 / ln(1 + ops)) iterations, where ops is the operations an iteration of 100 ms holds at the fork's mean (the
values are seconds per operation, as in the JMH data set). Needs numpy. Reads the replications.csv of a replay of
series (not of forks, --iterations).
"""
import csv
import gzip
import json
import sys

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view


def outliers(series):
    x = np.asarray(series)
    window = 200
    ops = np.ceil(0.1 / np.mean(x))  # operations per 100 ms iteration, as the authors estimate it
    skip = int(np.ceil(window / np.log1p(ops)))
    out = set()
    for w in sliding_window_view(np.arange(skip, len(x)), window):
        v = x[w]
        med = np.median(v)
        p1, p99 = np.quantile(v, [0.01, 0.99])
        reach = 3 * (p99 - p1)
        out.update(w[(v > med + reach) | (v < med - reach)].tolist())
    return out


def main(data, replications):
    rows = list(csv.DictReader(open(replications)))
    if rows and "series" not in rows[0]:
        sys.exit(f"{replications}: not the replications.csv of a replay of series (one value per round)")
    forks = {}
    steady = converged = 0
    missed = []
    for row in rows:
        if row["steady_start"] in ("", "-1"):
            continue
        steady += 1
        if row["stop"] != "TARGET_MET":
            continue
        converged += 1
        if row["covered"] == "true":
            continue
        name, fork = row["series"].rsplit("#fork", 1)
        if name not in forks:
            forks[name] = json.load(gzip.open(f"{data}/series/{name}.json.gz"))
        x = np.asarray(forks[name][int(fork)])
        start = int(row["steady_start"])
        est, low, high, truth = (float(row[k]) for k in ("estimate", "low", "high", "truth"))
        out = outliers(x)
        robust = np.mean([x[i] for i in range(start, len(x)) if i not in out])
        missed.append((abs(est - truth) / truth, int(row["rounds"]) <= start, not low <= robust <= high))
    n = len(missed)
    if steady == 0:
        sys.exit(f"{replications}: no series with a labelled steady state")
    print(f"steady series {steady}, converged {converged}, converged and missed {n} ({100 * n / steady:.1f}%)")
    print(f"  stopped before the labelled steady part began: {sum(m[1] for m in missed)}")
    print(f"  missing the steady mean without outliers too: {sum(m[2] for m in missed)}")
    for lo, hi in ((0, 0.01), (0.01, 0.02), (0.02, 0.05), (0.05, float("inf"))):
        k = sum(lo < m[0] <= hi or (lo == 0 and m[0] == 0) for m in missed)
        print(f"  estimate {100 * lo:g}%–{'' if hi == float('inf') else f'{100 * hi:g}%'} off the truth: {k}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
