/* Lists of names (ibidi/scan.h): the line reader of `ibidi scan`. One name per line,
 * "#" starts a comment, blank and comment-only lines hold no name. */
#include "ibidi/scan.h"

/* Spaces and tabs around the name, and the CR of a CRLF line end, are not part of it. A
 * CR is trimmed wherever it sits at an edge of the name (also before a comment or before
 * trailing blanks), so that no name starts or ends with a character that shows nothing. */
static int is_edge_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

int ibidi_scan_line(const char *line, size_t len, size_t *start, size_t *name_len)
{
    size_t b = 0, e = 0;
    if (line) {
        /* The comment starts at the first "#"; no name character is "#", since a name
         * holds no such ASCII delimiter (RFC 3986 §2.2 gen-delims). */
        while (e < len && line[e] != '#')
            e++;
        while (b < e && is_edge_blank(line[b]))
            b++;
        while (e > b && is_edge_blank(line[e - 1]))
            e--;
    }
    if (start)
        *start = b;
    if (name_len)
        *name_len = e - b;
    return e > b;
}
