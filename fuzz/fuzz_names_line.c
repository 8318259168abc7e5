/*
 * Fuzz target for the line reader of `ibidi scan` (ibidi_scan_line, ibidi/ambiguity.h).
 *
 * The input is split at LF, as scan splits a file, and every line goes through the reader.
 * Properties checked with abort():
 *  1. no crash; the result is 0 or 1;
 *  2. a name lies inside its line (start + length <= line length) and is not empty;
 *  3. it holds no "#" (the comment starts at the first one) and nothing before it in the
 *     line is a "#";
 *  4. it neither starts nor ends with a space, a tab or a CR;
 *  5. 0 is returned exactly when the line, cut at its first "#", is only spaces, tabs and
 *     CRs;
 *  6. the outputs are optional: NULL pointers give the same result.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"

static void require(int ok)
{
    if (!ok)
        abort();
}

static int blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

static void one_line(const char *line, size_t len)
{
    size_t start = (size_t)-1, n = (size_t)-1;
    int r = ibidi_scan_line(line, len, &start, &n);
    require(r == 0 || r == 1);
    require(ibidi_scan_line(line, len, NULL, NULL) == r);
    size_t cut = 0;
    while (cut < len && line[cut] != '#')
        cut++;
    int only_blank = 1;
    for (size_t i = 0; i < cut; i++)
        if (!blank(line[i]))
            only_blank = 0;
    require(r == !only_blank);
    if (!r)
        return;
    require(start <= len && n <= len - start && n > 0);
    require(start + n <= cut);
    require(!memchr(line + start, '#', n));
    require(!blank(line[start]) && !blank(line[start + n - 1]));
    for (size_t i = 0; i < start; i++)
        require(blank(line[i]));
    for (size_t i = start + n; i < cut; i++)
        require(blank(line[i]));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *s = (const char *)data;
    size_t pos = 0;
    /* an empty input is one empty line, as is the text after a final LF */
    for (;;) {
        const char *nl = memchr(s + pos, '\n', size - pos);
        size_t end = nl ? (size_t)(nl - s) : size;
        /* a copy of exactly the line's bytes, so ASan sees any read past it */
        char *line = malloc(end - pos ? end - pos : 1);
        require(line != NULL);
        memcpy(line, s + pos, end - pos);
        one_line(line, end - pos);
        free(line);
        if (!nl)
            break;
        pos = end + 1;
    }
    return 0;
}
