/* Replays a fuzz target's seed corpus as an ordinary test: every file in the folders or
 * files named on the command line is passed once to LLVMFuzzerTestOneInput. A target
 * checks its properties with abort(), so a broken property ends the program and the
 * test runner sees no summary line. Prints "N passed, N failed" (inputs replayed). */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static long replayed, unreadable;

static void replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf;
    long n;
    if (!f || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        if (f)
            fclose(f);
        fprintf(stderr, "cannot read %s\n", path);
        unreadable++;
        return;
    }
    buf = malloc((size_t)n + 1);
    if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
        fprintf(stderr, "cannot read %s\n", path);
        unreadable++;
    } else {
        LLVMFuzzerTestOneInput(buf, (size_t)n);
        replayed++;
    }
    free(buf);
    fclose(f);
}

static void replay_path(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "no such corpus: %s\n", path);
        unreadable++;
        return;
    }
    if (!S_ISDIR(st.st_mode)) {
        replay_file(path);
        return;
    }
    DIR *d = opendir(path);
    struct dirent *e;
    if (!d) {
        unreadable++;
        return;
    }
    while ((e = readdir(d)) != NULL) {
        char sub[4096];
        if (e->d_name[0] == '.')
            continue;
        snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
        replay_path(sub);
    }
    closedir(d);
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        replay_path(argv[i]);
    if (replayed == 0)
        unreadable++; /* an empty corpus proves nothing */
    printf("%ld passed, %ld failed\n", replayed, unreadable);
    return unreadable ? 1 : 0;
}
