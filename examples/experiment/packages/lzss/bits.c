/* A bit writer: values of up to 16 bits, most significant bit first, into a caller's buffer. */
#include <stddef.h>

static unsigned char *out;
static size_t cap, len;
static unsigned acc;
static int pending;

void bits_init(unsigned char *buf, size_t capacity) {
    out = buf;
    cap = capacity;
    len = 0;
    pending = 0;
}

void bits_put(unsigned value, int width) {
    acc = (acc << width) | (value & ((1u << width) - 1));
    for (pending += width; pending >= 8; pending -= 8) {
        if (len < cap) out[len] = (unsigned char) (acc >> (pending - 8));
        len++;
    }
}

size_t bits_flush(void) {
    if (pending > 0) bits_put(0, 8 - pending);
    return len;
}
