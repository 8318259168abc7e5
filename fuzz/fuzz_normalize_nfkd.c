/* Fuzz target: NFKD of arbitrary bytes read as UTF-8 (properties in normalize_target.h). */
#define FUZZ_FORM IBIDI_NORMALIZE_NFKD
#define FUZZ_OTHER IBIDI_NORMALIZE_NFKC
#include "normalize_target.h"
#include "ibidi/normalize.h"
