/* LZSS (Storer and Szymanski, 1982): LZ77 with a 4 KiB window, matches of 3 to 18 bytes found through hash chains,
 * a flag bit before each literal (8 bits) or match (12-bit distance, 4-bit length). */
#include <stddef.h>
#include <string.h>

#define WINDOW 4096
#define MIN_MATCH 3
#define MAX_MATCH 18
#define HASH_SIZE 8192
#define CHAIN 32

void bits_put(unsigned value, int width);

static int head[HASH_SIZE];
static int prev[WINDOW];

static unsigned hash3(const unsigned char *p) {
    return ((unsigned) p[0] << 7 ^ (unsigned) p[1] << 4 ^ p[2]) & (HASH_SIZE - 1);
}

void lzss_compress(const unsigned char *in, size_t n) {
    memset(head, -1, sizeof head);
    size_t i = 0;
    while (i < n) {
        size_t best = 0, dist = 0;
        if (i + MIN_MATCH <= n) {
            size_t max = n - i < MAX_MATCH ? n - i : MAX_MATCH;
            int cand = head[hash3(in + i)];
            for (int chain = CHAIN; cand >= 0 && i - (size_t) cand < WINDOW && chain > 0; chain--) {
                size_t len = 0;
                while (len < max && in[cand + len] == in[i + len]) len++;
                if (len > best) {
                    best = len;
                    dist = i - (size_t) cand;
                }
                cand = prev[cand % WINDOW];
            }
        }
        size_t step = 1;
        if (best >= MIN_MATCH) {
            bits_put(1, 1);
            bits_put((unsigned) dist, 12);
            bits_put((unsigned) (best - MIN_MATCH), 4);
            step = best;
        } else {
            bits_put(0, 1);
            bits_put(in[i], 8);
        }
        for (; step > 0; step--, i++) {
            if (i + MIN_MATCH <= n) {
                unsigned h = hash3(in + i);
                prev[i % WINDOW] = head[h];
                head[h] = (int) i;
            }
        }
    }
}
