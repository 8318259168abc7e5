/*
 * ibidi: Internet identifiers with right-to-left text.
 * The umbrella header: includes every capability's public header, except the research
 * calls of ibidi/rfc5893.h (experimental: their shape may change between versions).
 */
#ifndef IBIDI_H
#define IBIDI_H

#include "ibidi/common.h"
#include "ibidi/unicode.h"
#include "ibidi/utf8.h"
#include "ibidi/normalize.h"
#include "ibidi/bidi.h"
#include "ibidi/punycode.h"
#include "ibidi/idna.h"
#include "ibidi/iri.h"
#include "ibidi/display.h"
#include "ibidi/ambiguity.h"
#include "ibidi/scan.h"
#include "ibidi/uts39.h"
#include "ibidi/confusable.h"
#include "ibidi/lgr.h"
#include "ibidi/verdict.h"
#include "ibidi/show.h"
#include "ibidi/json.h"

#endif /* IBIDI_H */
