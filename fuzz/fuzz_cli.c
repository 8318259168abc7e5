/*
 * Fuzz target for the command's front end (src/cli/): argument order and options, every
 * command's option parsing and its reading of items from standard input, and what it
 * writes. The command's own main() is linked in, renamed ibidi_cli_main (the Makefile
 * compiles src/cli/main.c with -Dmain=ibidi_cli_main for this target only).
 *
 * Input: the first line holds the words of the command line, separated by spaces (the
 * program's name is not among them: "check --json"); the rest is standard input.
 * Not run (the input is skipped), so that a run touches nothing outside its own folder
 * and ends in time: a word with "/" (a path: only files of the run's folder can be
 * named), --html (it writes a file), verify-rule (an exhaustive proof, minutes long) and
 * more than 4 threads. "@toy" stands for the sample LGR
 * (data/samples/lgr/toy-hebrew-arabic.xml, copied into the run's folder at the start when
 * the target runs from the source tree), so that --lgr gets a ruleset to load.
 *
 * Properties checked with abort():
 *  1. no crash, leak or sanitizer report (the sanitizers see them);
 *  2. the exit status is 0, 1 or 2 (README: valid, invalid, usage or unreadable input);
 *  3. with --json (or bidi's --output json), every line written to standard output is one
 *     valid JSON value (strict RFC 8259, strings of well-formed UTF-8: tests/json_reader.h),
 *     unless the words ask for a usage or the version (--help, -h, help, --version, -V,
 *     version), which is text.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../tests/json_reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int ibidi_cli_main(int argc, char **argv);
/* The sanitizers' reports to the target's standard error, not the command's (/dev/null);
 * NULL when the target is built without them (the corpus replay). */
extern void __sanitizer_set_report_fd(void *fd) __attribute__((weak));

#define require(c)                                                                                 \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            fprintf(stderr, "fuzz_cli.c:%d: %s\n", __LINE__, #c);                                  \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

#define MAX_WORDS 32

static char dir[64];
static int out_fd = -1, err_fd = -1, saved_out = -1, saved_err = -1, here = -1;

/* The run's folder and what is in it (the command removes what it spills), at exit. */
static void cleanup(void)
{
    static const char *const files[] = {"stdin", "stdout", "toy.xml"};
    char path[96];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
    rmdir(dir);
}

/* The run's folder (cwd and TMPDIR, so that scan's spilled runs stay in it), a file of it
 * for standard output and /dev/null for standard error while the command runs; once. */
static void setup(void)
{
    char toy[8192];
    size_t n = 0;
    FILE *f = fopen("data/samples/lgr/toy-hebrew-arabic.xml", "rb");
    if (f) {
        n = fread(toy, 1, sizeof toy, f);
        fclose(f);
    }
    snprintf(dir, sizeof dir, "/tmp/ibidi-fuzz-cli.XXXXXX");
    require(mkdtemp(dir) != NULL);
    atexit(cleanup);
    here = open(".", O_RDONLY);
    require(here >= 0 && chdir(dir) == 0);
    require(setenv("TMPDIR", dir, 1) == 0);
    if (n > 0 && (f = fopen("toy.xml", "wb")) != NULL) {
        fwrite(toy, 1, n, f);
        fclose(f);
    }
    fflush(stdout);
    out_fd = open("stdout", O_RDWR | O_CREAT | O_TRUNC, 0600);
    err_fd = open("/dev/null", O_WRONLY);
    saved_out = dup(STDOUT_FILENO);
    saved_err = dup(STDERR_FILENO);
    require(out_fd >= 0 && err_fd >= 0 && saved_out >= 0 && saved_err >= 0);
    require(fchdir(here) == 0);
    if (__sanitizer_set_report_fd)
        __sanitizer_set_report_fd((void *)(intptr_t)saved_err);
}

/* The run's folder, standard output and error to the command's (to_command) or back to
 * the target's. */
static void redirect(int to_command)
{
    fflush(stdout);
    fflush(stderr);
    require(to_command ? chdir(dir) == 0 : fchdir(here) == 0);
    require(dup2(to_command ? out_fd : saved_out, STDOUT_FILENO) >= 0 &&
            dup2(to_command ? err_fd : saved_err, STDERR_FILENO) >= 0);
}

/* Standard input: the bytes given, from a file of the run's folder. */
static void set_stdin(const uint8_t *p, size_t n)
{
    char path[80];
    snprintf(path, sizeof path, "%s/stdin", dir);
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
    require(fd >= 0);
    require(n == 0 || write(fd, p, n) == (ssize_t)n);
    require(lseek(fd, 0, SEEK_SET) == 0);
    require(dup2(fd, STDIN_FILENO) >= 0);
    close(fd);
    clearerr(stdin);
    fseek(stdin, 0, SEEK_SET); /* drops what stdio read ahead of the last run */
}

/* Checks that every line of standard output is one JSON value. */
static void check_json_lines(void)
{
    off_t end = lseek(out_fd, 0, SEEK_END);
    require(end >= 0);
    char *buf = malloc((size_t)end + 1);
    require(buf != NULL);
    require(pread(out_fd, buf, (size_t)end, 0) == (ssize_t)end);
    for (size_t pos = 0; pos < (size_t)end;) {
        const char *nl = memchr(buf + pos, '\n', (size_t)end - pos);
        size_t len = nl ? (size_t)(nl - (buf + pos)) : (size_t)end - pos;
        char *bytes = NULL;
        size_t n = 0;
        if (!json_parse_record(buf + pos, len, NULL, NULL, &bytes, &n)) {
            fprintf(stderr, "not JSON: %.*s\n", (int)(len < 300 ? len : 300), buf + pos);
            require(0);
        }
        free(bytes);
        pos += len + 1;
    }
    free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (out_fd < 0)
        setup();
    const uint8_t *nl = memchr(data, '\n', size);
    const size_t line_len = nl ? (size_t)(nl - data) : size;
    char *line = malloc(line_len + 1), *argv[MAX_WORDS + 2];
    int argc = 0, json = 0, text = 0, ended = 0;
    require(line != NULL);
    memcpy(line, data, line_len);
    line[line_len] = '\0';
    if (memchr(line, '\0', line_len) || strchr(line, '/')) {
        free(line);
        return 0;
    }
    argv[argc++] = "ibidi";
    for (char *w = strtok(line, " "); w; w = strtok(NULL, " ")) {
        if (argc == MAX_WORDS + 1 || strcmp(w, "verify-rule") == 0 ||
            strncmp(w, "--html", 6) == 0) {
            free(line);
            return 0;
        }
        if (strcmp(w, "@toy") == 0)
            w = "toy.xml";
        /* --threads N or --threads=N: at most 4 */
        const char *t = NULL;
        if (strncmp(w, "--threads=", 10) == 0)
            t = w + 10;
        else if (argc > 1 && strcmp(argv[argc - 1], "--threads") == 0)
            t = w;
        if (t && (strlen(t) > 1 || *t > '4')) {
            free(line);
            return 0;
        }
        /* options until "--" (GNU order); help and version also as a command */
        if (!ended) {
            json |= strcmp(w, "--json") == 0 ||
                    (argc > 1 && strcmp(argv[argc - 1], "--output") == 0 &&
                     strcmp(w, "json") == 0);
            text |= strcmp(w, "--help") == 0 || strcmp(w, "-h") == 0 ||
                    strcmp(w, "--version") == 0 || strcmp(w, "-V") == 0;
            ended = strcmp(w, "--") == 0;
        }
        if (argc == 1)
            text |= strcmp(w, "help") == 0 || strcmp(w, "version") == 0;
        argv[argc++] = w;
    }
    argv[argc] = NULL;
    const uint8_t *in = nl ? nl + 1 : data + size;
    set_stdin(in, (size_t)(data + size - in));
    require(ftruncate(out_fd, 0) == 0 && lseek(out_fd, 0, SEEK_SET) == 0);

    redirect(1);
    const int rc = ibidi_cli_main(argc, argv);
    redirect(0);
    require(rc == 0 || rc == 1 || rc == 2);
    if (json && !text)
        check_json_lines();
    free(line);
    return 0;
}
