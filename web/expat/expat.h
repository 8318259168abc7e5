/*
 * web/expat/expat.h: the part of expat's interface that the LGR loader (src/lgr/load.c)
 * calls, for the WebAssembly build only. Debian has no expat that targets wasm and ships
 * no expat source in a binary package, and the build fetches nothing, so the playground
 * links this small parser (web/expat/xmlparse.c) in expat's place: a non-validating XML 1.0
 * parser of a whole document in memory, with namespaces as expat's XML_ParserCreateNS
 * reports them, that refuses entity declarations through the same handlers. The native
 * builds never see this header (they use Debian's libexpat1-dev).
 */
#ifndef IBIDI_WEB_EXPAT_H
#define IBIDI_WEB_EXPAT_H

#include <stddef.h>

#define XMLCALL
typedef char XML_Char;
typedef long XML_Index;
typedef unsigned long XML_Size;
typedef unsigned char XML_Bool;
#define XML_TRUE ((XML_Bool)1)
#define XML_FALSE ((XML_Bool)0)

typedef struct XML_ParserStruct *XML_Parser;

enum XML_Status { XML_STATUS_ERROR = 0, XML_STATUS_OK = 1 };

enum XML_Error {
    XML_ERROR_NONE,
    XML_ERROR_NO_MEMORY,
    XML_ERROR_SYNTAX,
    XML_ERROR_NO_ELEMENTS,
    XML_ERROR_INVALID_TOKEN,
    XML_ERROR_UNCLOSED_TOKEN,
    XML_ERROR_PARTIAL_CHAR,
    XML_ERROR_TAG_MISMATCH,
    XML_ERROR_DUPLICATE_ATTRIBUTE,
    XML_ERROR_JUNK_AFTER_DOC_ELEMENT,
    XML_ERROR_PARAM_ENTITY_REF,
    XML_ERROR_UNDEFINED_ENTITY,
    XML_ERROR_RECURSIVE_ENTITY_REF,
    XML_ERROR_ASYNC_ENTITY,
    XML_ERROR_BAD_CHAR_REF,
    XML_ERROR_BINARY_ENTITY_REF,
    XML_ERROR_ATTRIBUTE_EXTERNAL_ENTITY_REF,
    XML_ERROR_MISPLACED_XML_PI,
    XML_ERROR_UNKNOWN_ENCODING,
    XML_ERROR_INCORRECT_ENCODING,
    XML_ERROR_UNCLOSED_CDATA_SECTION,
    XML_ERROR_EXTERNAL_ENTITY_HANDLING,
    XML_ERROR_NOT_STANDALONE,
    XML_ERROR_UNEXPECTED_STATE,
    XML_ERROR_ENTITY_DECLARED_IN_PE,
    XML_ERROR_FEATURE_REQUIRES_XML_DTD,
    XML_ERROR_CANT_CHANGE_FEATURE_ONCE_PARSING,
    XML_ERROR_UNBOUND_PREFIX,
    XML_ERROR_UNDECLARING_PREFIX,
    XML_ERROR_INCOMPLETE_PE,
    XML_ERROR_XML_DECL,
    XML_ERROR_TEXT_DECL,
    XML_ERROR_PUBLICID,
    XML_ERROR_SUSPENDED,
    XML_ERROR_NOT_SUSPENDED,
    XML_ERROR_ABORTED
};

enum XML_ParamEntityParsing {
    XML_PARAM_ENTITY_PARSING_NEVER,
    XML_PARAM_ENTITY_PARSING_UNLESS_STANDALONE,
    XML_PARAM_ENTITY_PARSING_ALWAYS
};

typedef void(XMLCALL *XML_StartElementHandler)(void *ud, const XML_Char *name,
                                               const XML_Char **atts);
typedef void(XMLCALL *XML_EndElementHandler)(void *ud, const XML_Char *name);
typedef void(XMLCALL *XML_CharacterDataHandler)(void *ud, const XML_Char *s, int len);
typedef void(XMLCALL *XML_EntityDeclHandler)(void *ud, const XML_Char *name, int is_param,
                                             const XML_Char *value, int value_len,
                                             const XML_Char *base, const XML_Char *system_id,
                                             const XML_Char *public_id,
                                             const XML_Char *notation);
typedef void(XMLCALL *XML_SkippedEntityHandler)(void *ud, const XML_Char *name, int is_param);
typedef int(XMLCALL *XML_ExternalEntityRefHandler)(XML_Parser p, const XML_Char *context,
                                                   const XML_Char *base,
                                                   const XML_Char *system_id,
                                                   const XML_Char *public_id);

XML_Parser XML_ParserCreateNS(const XML_Char *encoding, XML_Char sep);
void XML_ParserFree(XML_Parser p);
void XML_SetUserData(XML_Parser p, void *ud);
void XML_SetElementHandler(XML_Parser p, XML_StartElementHandler s, XML_EndElementHandler e);
void XML_SetCharacterDataHandler(XML_Parser p, XML_CharacterDataHandler h);
void XML_SetEntityDeclHandler(XML_Parser p, XML_EntityDeclHandler h);
void XML_SetSkippedEntityHandler(XML_Parser p, XML_SkippedEntityHandler h);
void XML_SetExternalEntityRefHandler(XML_Parser p, XML_ExternalEntityRefHandler h);
int XML_SetParamEntityParsing(XML_Parser p, enum XML_ParamEntityParsing how);
enum XML_Status XML_Parse(XML_Parser p, const char *s, int len, int is_final);
enum XML_Status XML_StopParser(XML_Parser p, XML_Bool resumable);
enum XML_Error XML_GetErrorCode(XML_Parser p);
const XML_Char *XML_ErrorString(enum XML_Error code);
XML_Size XML_GetCurrentLineNumber(XML_Parser p);
XML_Size XML_GetCurrentColumnNumber(XML_Parser p);
XML_Index XML_GetCurrentByteIndex(XML_Parser p);

#endif /* IBIDI_WEB_EXPAT_H */
