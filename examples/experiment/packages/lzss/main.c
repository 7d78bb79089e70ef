/* lzss < INPUT > OUTPUT: compresses standard input. */
#include <stdio.h>
#include <stdlib.h>

void bits_init(unsigned char *buf, size_t capacity);
size_t bits_flush(void);
void lzss_compress(const unsigned char *in, size_t n);

int main(void) {
    size_t cap = 1 << 16, n = 0, got;
    unsigned char *in = malloc(cap);
    while (in != NULL && (got = fread(in + n, 1, cap - n, stdin)) > 0) {
        n += got;
        if (n == cap) in = realloc(in, cap *= 2);
    }
    size_t room = n + n / 8 + 16; /* a literal costs 9 bits */
    unsigned char *out = malloc(room);
    if (in == NULL || out == NULL) {
        fputs("lzss: out of memory\n", stderr);
        return 1;
    }
    bits_init(out, room);
    lzss_compress(in, n);
    fwrite(out, 1, bits_flush(), stdout);
    return 0;
}
