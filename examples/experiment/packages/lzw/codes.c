/* Fixed-width 12-bit codes, two to every three bytes. */
#include <stddef.h>

static unsigned char *dest;
static size_t used;
static int held = -1;

void codes_init(unsigned char *buf) {
    dest = buf;
    used = 0;
    held = -1;
}

void codes_put(unsigned code) {
    if (held < 0) {
        held = (int) code;
        return;
    }
    dest[used++] = (unsigned char) (held >> 4);
    dest[used++] = (unsigned char) ((held & 15) << 4 | code >> 8);
    dest[used++] = (unsigned char) (code & 255);
    held = -1;
}

size_t codes_flush(void) {
    if (held >= 0) {
        dest[used++] = (unsigned char) (held >> 4);
        dest[used++] = (unsigned char) ((held & 15) << 4);
        held = -1;
    }
    return used;
}
