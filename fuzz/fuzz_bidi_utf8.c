/* Fuzz target: the bidirectional algorithm, (1) and 7: ill-formed UTF-8 gives the decoder's
 * status and offset everywhere, the UTF-8, allocating and class forms agree with the code
 * point one, a non-scalar value is rejected at its index (bidi_check.h). */
#include "bidi_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return bidi_fuzz_one(data, size, P_UTF8);
}
