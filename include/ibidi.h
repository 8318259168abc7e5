/*
 * ibidi: Internet identifiers with right-to-left text.
 * The umbrella header: includes every capability's public header.
 */
#ifndef IBIDI_H
#define IBIDI_H

#include "ibidi/common.h"
#include "ibidi/unicode.h"
#include "ibidi/bidi.h"
#include "ibidi/idna.h"
#include "ibidi/iri.h"
#include "ibidi/display.h"
#include "ibidi/ambiguity.h"
#include "ibidi/rfc5893.h"

#endif /* IBIDI_H */
