/* Fuzz target: the bidirectional algorithm, property 6 and the visual text of 7: the text
 * reordered by L2 with L4, NO_MIRROR, REMOVE_CONTROLS, preflight, the UTF-8 and allocating
 * forms (bidi_check.h). */
#include "bidi_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return bidi_fuzz_one(data, size, P_VISUAL);
}
