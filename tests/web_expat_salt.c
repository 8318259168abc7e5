/* Test-only (tests/test_web.sh links it with emcc to the wasm build's expat objects and
 * runs it under node): where expat takes the salt of its hash tables from in the wasm
 * build. Asked by EXPAT_ENTROPY_DEBUG, expat names the source on standard error when a
 * parse begins ("expat: Entropy: /dev/urandom --> ..."). */
#include <expat.h>
#include <stdlib.h>

int main(void)
{
    static const char doc[] = "<a/>";
    if (setenv("EXPAT_ENTROPY_DEBUG", "1", 1) != 0)
        return 2;
    XML_Parser p = XML_ParserCreateNS(NULL, '|');
    if (!p)
        return 1;
    int st = XML_Parse(p, doc, (int)(sizeof doc - 1), XML_TRUE);
    XML_ParserFree(p);
    return st == XML_STATUS_OK ? 0 : 1;
}
