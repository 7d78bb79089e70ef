/* LZW (Welch, 1984): a dictionary of 4096 strings, each a known string plus one byte, found by open addressing;
 * emptied when full. */
#include <stddef.h>

#define MAX_CODES 4096
#define TABLE 8191 /* a prime, twice the codes */

void codes_put(unsigned code);

static int key_prefix[TABLE], key_byte[TABLE], value[TABLE];

static void clear(void) {
    for (int k = 0; k < TABLE; k++) value[k] = -1;
}

void lzw_compress(const unsigned char *in, size_t n) {
    if (n == 0) return;
    clear();
    int next = 256;
    int prefix = in[0];
    for (size_t i = 1; i < n; i++) {
        int c = in[i];
        unsigned slot = ((unsigned) prefix << 8 ^ (unsigned) c) % TABLE;
        while (value[slot] >= 0 && !(key_prefix[slot] == prefix && key_byte[slot] == c)) slot = (slot + 1) % TABLE;
        if (value[slot] >= 0) {
            prefix = value[slot];
            continue;
        }
        codes_put((unsigned) prefix);
        if (next < MAX_CODES) {
            key_prefix[slot] = prefix;
            key_byte[slot] = c;
            value[slot] = next++;
        } else {
            clear();
            next = 256;
        }
        prefix = c;
    }
    codes_put((unsigned) prefix);
}
