/* Fuzz target: NFC of arbitrary bytes read as UTF-8 (properties in normalize_target.h). */
#define FUZZ_FORM IBIDI_NFC
#define FUZZ_OTHER IBIDI_NFD
#include "normalize_target.h"
