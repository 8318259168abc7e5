/* `ibidi explain --list` covers exactly the codes the library can emit: every finding code
 * 0..999 that ibidi_code_name names and every status ibidi_status_name names, each once,
 * under the library's own name, and nothing else. The codes are enumerated through the
 * public API, so a code added to the library without a row in src/cli/cmd_explain.c fails
 * here. Runs $BUILD/ibidi (BUILD defaults to build). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ibidi.h"
#include "testlib.h"

#define MAX_VALUE 1000

/* how many times --list named each code: [0] findings, [1] statuses */
static int seen[2][MAX_VALUE];

int main(void)
{
    const char *build = getenv("BUILD");
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s/ibidi explain --list", build && *build ? build : "build");
    FILE *p = popen(cmd, "r");
    if (!CHECK(p != NULL, "cannot run %s", cmd))
        return t_summary();
    char line[512], kind[16], name[128];
    int value, lines = 0;
    while (fgets(line, sizeof line, p)) {
        lines++;
        if (!CHECK(sscanf(line, "%15s %d %127s", kind, &value, name) == 3,
                   "line %d not 'KIND NUMBER NAME ...': %s", lines, line))
            continue;
        int k = strcmp(kind, "status") == 0 ? 1 : 0;
        if (!CHECK(k == 1 || strcmp(kind, "finding") == 0, "line %d: kind '%s'", lines, kind) ||
            !CHECK(value >= 0 && value < MAX_VALUE, "line %d: value %d", lines, value))
            continue;
        const char *lib = k ? ibidi_status_name((ibidi_status)value) : ibidi_code_name(value);
        if (!CHECK(lib != NULL, "--list has %s %d (%s), which the library does not name",
                   kind, value, name))
            continue;
        CHECK(strcmp(lib, name) == 0, "%s %d: --list says %s, the library %s", kind, value,
              name, lib);
        seen[k][value]++;
    }
    CHECK(pclose(p) == 0, "%s did not exit 0", cmd);

    int findings = 0, statuses = 0;
    for (int v = 0; v < MAX_VALUE; v++) {
        const char *f = ibidi_code_name(v);
        if (f) {
            findings++;
            CHECK(seen[0][v] == 1, "finding code %d (%s) listed %d times", v, f, seen[0][v]);
            /* the name explain prints is one the library reads back */
            CHECK(ibidi_code_from_name(f, strlen(f)) == v, "%s does not read back as %d", f, v);
        } else {
            CHECK(seen[0][v] == 0, "finding code %d listed but unnamed", v);
        }
        const char *s = ibidi_status_name((ibidi_status)v);
        if (s) {
            statuses++;
            CHECK(seen[1][v] == 1, "status %d (%s) listed %d times", v, s, seen[1][v]);
        } else {
            CHECK(seen[1][v] == 0, "status %d listed but unnamed", v);
        }
    }
    CHECK(lines == findings + statuses, "--list has %d lines for %d codes and %d statuses",
          lines, findings, statuses);
    printf("compared: %d finding codes and %d statuses of the library with explain --list\n",
           findings, statuses);
    return t_summary();
}
