/* Fuzz target: the bidirectional algorithm, properties 4 and 5: L1 per line, in place, and L2
 * (both maps, inverse to each other, the runs) (bidi_check.h). */
#include "bidi_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return bidi_fuzz_one(data, size, P_LINES);
}
