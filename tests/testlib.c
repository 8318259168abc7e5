#include "testlib.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long t_passed, t_failed;

int t_check(int ok, const char *file, int line, const char *fmt, ...)
{
    if (ok) {
        t_passed++;
        return 1;
    }
    if (t_failed < 50) {
        va_list ap;
        fprintf(stdout, "FAIL %s:%d: ", file, line);
        va_start(ap, fmt);
        vfprintf(stdout, fmt, ap);
        va_end(ap);
        fputc('\n', stdout);
    } else if (t_failed == 50) {
        fprintf(stdout, "(further failures are counted, not printed)\n");
    }
    t_failed++;
    return 0;
}

void t_pass_n(long n) { t_passed += n; }

int t_summary(void)
{
    printf("%ld passed, %ld failed\n", t_passed, t_failed);
    fflush(stdout);
    return t_failed ? 1 : 0;
}

const char *t_data_path(const char *rel)
{
    static char buf[4096];
    const char *dir = getenv("IBIDI_DATA_DIR");
    if (!dir || !*dir)
        dir = "data/ucd/17.0.0";
    snprintf(buf, sizeof buf, "%s/%s", dir, rel);
    return buf;
}

char *t_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n = 0;
    if (!f)
        return NULL;
    for (;;) {
        if (n + 65536 + 1 > cap) {
            size_t ncap = cap ? cap * 2 : 1 << 20;
            char *nb = realloc(buf, ncap);
            if (!nb) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = nb;
            cap = ncap;
        }
        size_t got = fread(buf + n, 1, 65536, f);
        n += got;
        if (got < 65536)
            break;
    }
    if (ferror(f)) {
        free(buf);
        fclose(f);
        return NULL;
    }
    fclose(f);
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}
