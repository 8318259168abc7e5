/* Fuzz target: the bidirectional algorithm, properties 1, 2, 3 and 8: the classes, types and
 * levels, the paragraphs (P1), L1 at a paragraph's end, X9 with a BN put in (bidi_check.h). */
#include "bidi_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return bidi_fuzz_one(data, size, P_LEVELS);
}
