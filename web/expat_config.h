/* expat's configuration for the wasm build (make web): what expat's configure script
 * would find for emscripten, written down, since that script is not run. expat's
 * lib/xmlparse.c, lib/xmlrole.c and lib/xmltok.c include it. The features are those of
 * Debian's libexpat1, which the native build links, so that an LGR document reads the
 * same in the page and in the command. */
#ifndef IBIDI_WEB_EXPAT_CONFIG_H
#define IBIDI_WEB_EXPAT_CONFIG_H

/* wasm32 is little-endian */
#define BYTEORDER 1234

/* namespaces (the loader creates its parser with XML_ParserCreateNS) */
#define XML_NS 1
/* parameter entities and the internal subset's declarations, as Debian's build has them:
 * the loader sees an entity declaration through its handler and refuses the document */
#define XML_DTD 1
/* general entities (expat 2.6.0 and later; an older expat reads no such setting) */
#define XML_GE 1
/* the context kept around the parse position (expat's default) */
#define XML_CONTEXT_BYTES 1024

/* The salt of expat's hash tables (against hash flooding) comes from /dev/urandom, which
 * emscripten's file system provides (-sFILESYSTEM=1) from crypto.getRandomValues in the
 * browser and crypto.randomBytes under node. expat 2.5.0 knows no getentropy, which
 * emscripten 3.1.6 implements; it declares getrandom but does not implement it (the link
 * fails), and has no arc4random: so neither HAVE_GETRANDOM nor XML_POOR_ENTROPY. */
#define XML_DEV_URANDOM 1

#endif
