/* lzw FILE > OUTPUT: compresses a file, read whole. */
#include <stdio.h>
#include <stdlib.h>

void codes_init(unsigned char *buf);
size_t codes_flush(void);
void lzw_compress(const unsigned char *in, size_t n);

int main(int argc, char **argv) {
    FILE *f = argc == 2 ? fopen(argv[1], "rb") : NULL;
    if (f == NULL || fseek(f, 0, SEEK_END) != 0) {
        fputs("usage: lzw FILE > OUTPUT\n", stderr);
        return 2;
    }
    long size = ftell(f);
    rewind(f);
    unsigned char *text = malloc((size_t) size + 1);
    unsigned char *packed = malloc((size_t) size * 3 / 2 + 16); /* a code (1.5 bytes) per byte at worst */
    if (text == NULL || packed == NULL || fread(text, 1, (size_t) size, f) != (size_t) size) {
        fputs("lzw: cannot read the input\n", stderr);
        return 1;
    }
    codes_init(packed);
    lzw_compress(text, (size_t) size);
    fwrite(packed, 1, codes_flush(), stdout);
    return 0;
}
