# A small CPU-bound workload for `pilot run`: counts the primes below N (default 20000) by trial division and prints
# the count. Run it as: awk -v n=20000 -f examples/primes.awk
BEGIN {
    if (n == "") n = 20000
    count = 0
    for (i = 2; i < n; i++) {
        prime = 1
        for (d = 2; d * d <= i; d++) {
            if (i % d == 0) { prime = 0; break }
        }
        count += prime
    }
    print count
}
