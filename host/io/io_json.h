// SPDX-License-Identifier: Apache-2.0
// JSON for the run manifest: a writer that appends indented text to an MbeStrbuf, and a reader
// that parses a document into a read-only tree with lookup helpers. No schema knowledge here.
#ifndef MBE_IO_JSON_H
#define MBE_IO_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base.h"

// deepest nesting of arrays and objects the writer and the reader accept
#define MBE_JSON_MAX_DEPTH 256

//---------------------------------- writer ------------------------------------------------------

// Writes one JSON value (usually an object) as text indented by 2 spaces per level, one member
// or element per line, "key": value, empty containers as {} and [], and a newline after the
// top-level value (the layout of Python's json.dumps(indent=2, ensure_ascii=False), numbers
// aside, plus that newline). Calls that break the grammar (a value where a key is needed, a key
// in an array, an end that does not match, a second top-level value, nesting deeper than
// MBE_JSON_MAX_DEPTH) are programmer errors (MBE_ASSERT). Out of memory shows as out->is_oom,
// checked once at the end.
typedef struct MbeJsonWriter {
  MbeStrbuf* out;                               // borrowed; the text is appended
  int depth;                                    // open arrays and objects
  bool has_key;                                 // a key was written; its value comes next
  bool is_done;                                 // the top-level value is complete
  unsigned char is_object[MBE_JSON_MAX_DEPTH];  // per open container: object 1, array 0 (depth)
  unsigned char has_items[MBE_JSON_MAX_DEPTH];  // per open container: holds a member (depth)
} MbeJsonWriter;

// Starts a writer that appends to out. Borrows out for the life of the writer; out keeps the
// text, the writer owns nothing and needs no deinit.
void mbe_json_writer_init(MbeJsonWriter* w, MbeStrbuf* out);

// Returns true when a whole top-level value has been written.
bool mbe_json_writer_is_done(const MbeJsonWriter* w);

// Opens and closes an object or an array. An end must match the innermost open container, and
// inside an object no key may be waiting for its value.
void mbe_json_write_object_begin(MbeJsonWriter* w);
void mbe_json_write_object_end(MbeJsonWriter* w);
void mbe_json_write_array_begin(MbeJsonWriter* w);
void mbe_json_write_array_end(MbeJsonWriter* w);

// Writes the key of the next object member (escaped as a string). Only directly inside an object,
// and not twice in a row.
void mbe_json_write_key(MbeJsonWriter* w, const char* key);

// Writes a string value. The text is UTF-8 and passes through unchanged, except that '"', '\\'
// and control characters are escaped (\" \\ \b \f \n \r \t, others as \u00XX) and each byte of an
// invalid UTF-8 sequence becomes U+FFFD, so the output is always valid JSON. The _n form takes a
// length and may contain NUL bytes (written as \u0000).
void mbe_json_write_string(MbeJsonWriter* w, const char* s);
void mbe_json_write_string_n(MbeJsonWriter* w, const char* s, size_t n);

// Writes a number: the shortest of "%.15g", "%.16g", "%.17g" that reads back as the same double,
// so every finite double round-trips exactly (-0 as "-0"). JSON has no NaN or infinity: those are
// written as null, and mbe_json_as_number returns its default for null.
void mbe_json_write_number(MbeJsonWriter* w, double x);

// Writes an integer exactly (all of int64 range).
void mbe_json_write_int(MbeJsonWriter* w, int64_t x);

// Writes true/false and null.
void mbe_json_write_bool(MbeJsonWriter* w, bool b);
void mbe_json_write_null(MbeJsonWriter* w);

//---------------------------------- reader ------------------------------------------------------

typedef enum MbeJsonType {
  MBE_JSON_NULL,
  MBE_JSON_BOOL,
  MBE_JSON_NUMBER,
  MBE_JSON_STRING,
  MBE_JSON_ARRAY,
  MBE_JSON_OBJECT,
  MBE_JSON_TYPE_COUNT
} MbeJsonType;

// One value of a parsed document. Read-only; all pointers are owned by the document. Arrays and
// objects hold their items in one flat array; an object member is an item with its key set.
typedef struct MbeJsonValue MbeJsonValue;
struct MbeJsonValue {
  MbeJsonType type;
  int line;             // 1-based line of the value's first byte
  int column;           // 1-based column (bytes) of the value's first byte
  const char* key;      // member key, unescaped UTF-8; NULL outside objects
  size_t key_len;       // bytes of key (it may contain NUL)
  bool boolean;         // BOOL: the value
  double number;        // NUMBER: the nearest double
  const char* text;     // NUMBER: the literal as written; STRING: unescaped UTF-8, NUL-terminated
  size_t len;           // STRING: bytes of text (it may contain NUL); ARRAY, OBJECT: items
  MbeJsonValue* items;  // ARRAY: elements; OBJECT: members in file order (len)
};

// a parsed document: one arena holding every value, key and string
typedef struct MbeJsonDoc MbeJsonDoc;

// Parses JSON text (RFC 8259, UTF-8; a leading byte order mark is skipped). Strings are
// unescaped (\uXXXX surrogate pairs become one UTF-8 sequence) and checked to be valid UTF-8;
// numbers that overflow a double and nesting deeper than MBE_JSON_MAX_DEPTH are errors. name is
// used in messages and copied. Borrows text (size bytes, no NUL needed). Returns the document,
// owned, through *out (NULL on failure). Errors: MBE_ERR_INVALID_ARG with file:line:column (bytes,
// 1-based) of the offending byte and what was expected there; MBE_ERR_NOMEM. Nullable: err.
MbeStatus mbe_json_parse(const char* name, const char* text, size_t size, MbeJsonDoc** out,
                         MbeError* err);

// As mbe_json_parse for the contents of the file at path (MBE_ERR_IO when it cannot be read).
MbeStatus mbe_json_read(const char* path, MbeJsonDoc** out, MbeError* err);

// Frees the document and every value in it. NULL is a no-op.
void mbe_json_destroy(MbeJsonDoc* doc);

// Returns the top-level value (borrowed from doc, never NULL).
const MbeJsonValue* mbe_json_root(const MbeJsonDoc* doc);

// Returns the name given to the parser (borrowed from doc).
const char* mbe_json_name(const MbeJsonDoc* doc);

// Returns the static name of a type ("null", "bool", "number", "string", "array", "object").
const char* mbe_json_type_str(MbeJsonType type);

// Returns the first member of object v with this key, or NULL when v is NULL, not an object or
// has no such member. Borrowed from the document.
const MbeJsonValue* mbe_json_find(const MbeJsonValue* v, const char* key);

// Returns element i of array v (or member i of object v), or NULL when v is NULL, not a container
// or i is out of range. Borrowed from the document.
const MbeJsonValue* mbe_json_at(const MbeJsonValue* v, size_t i);

// Returns the number of elements or members of v, 0 for NULL and for scalars.
size_t mbe_json_size(const MbeJsonValue* v);

// Typed getters: return the value of v, or dflt when v is NULL or of another type.
// as_number: any NUMBER (null, as written for NaN and infinities, gives dflt).
// as_int: a NUMBER whose literal is an integer in int64 range (read exactly from the text), or
//   whose value is integral and exactly representable (1e3, 2.0); dflt otherwise.
// as_string: a STRING's NUL-terminated text (borrowed from the document).
// as_bool: a BOOL.
double mbe_json_as_number(const MbeJsonValue* v, double dflt);
int64_t mbe_json_as_int(const MbeJsonValue* v, int64_t dflt);
const char* mbe_json_as_string(const MbeJsonValue* v, const char* dflt);
bool mbe_json_as_bool(const MbeJsonValue* v, bool dflt);

// Returns true when v is an integer as mbe_json_as_int reads it, storing it in *x.
bool mbe_json_get_int(const MbeJsonValue* v, int64_t* x);

// Fills err with code MBE_ERR_INVALID_ARG at the document's name and v's line and column (no
// location when v is NULL), for errors found by the caller's schema checks ("expected an integer
// seed"). Returns MBE_ERR_INVALID_ARG. Nullable: err, v.
MbeStatus mbe_json_error_at(const MbeJsonDoc* doc, const MbeJsonValue* v, MbeError* err,
                            const char* fmt, ...) MBE_PRINTF(4, 5);

#endif
