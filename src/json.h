/*
 * json.h: writing JSON.  dlt_json_string() writes a quoted string from
 * arbitrary bytes: invalid UTF-8 becomes U+FFFD, control characters and
 * NUL become \uXXXX escapes, so output is always valid JSON.
 */
#ifndef DLT_JSON_H
#define DLT_JSON_H

#include <stddef.h>
#include <stdio.h>

struct strbuf;

void	dlt_json_string(struct strbuf *, const char *s, size_t len);
void	dlt_json_cstr(struct strbuf *, const char *s);	/* NULL -> null */
/* Copy bytes to out replacing invalid UTF-8 sequences with U+FFFD. */
void	dlt_utf8_sanitise(struct strbuf *, const char *s, size_t len);

#endif
