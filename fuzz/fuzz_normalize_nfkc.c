/* Fuzz target: NFKC of arbitrary bytes read as UTF-8 (properties in normalize_target.h). */
#define FUZZ_FORM IBIDI_NORMALIZE_NFKC
#define FUZZ_OTHER IBIDI_NORMALIZE_NFKD
#include "normalize_target.h"
#include "ibidi/normalize.h"
