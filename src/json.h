/*
 * json.h: writing JSON.  dlt_json_string() writes a quoted string from
 * arbitrary bytes: invalid UTF-8 becomes U+FFFD, control characters and
 * NUL become \uXXXX escapes, so output is always valid JSON.
 *
 * struct dlt_jw is a streaming writer over a strbuf: it puts the commas
 * and colons, escapes every string, writes non-finite numbers as null
 * and calls dlt_bug() on misuse (a value in an object without a key, a
 * key in an array, an end that does not match, nesting deeper than
 * DLT_JW_MAXDEPTH).  Every JSON dltriage prints or stores goes through
 * it:
 *
 *	struct dlt_jw	jw;
 *
 *	dlt_jw_init(&jw, &sb, 0);
 *	dlt_jw_object(&jw);
 *	dlt_jw_key(&jw, "class");
 *	dlt_jw_cstr(&jw, "crash");
 *	dlt_jw_kv_int(&jw, "count", 3);
 *	dlt_jw_end(&jw);		-> {"class":"crash","count":3}
 *
 * DLT_JW_SPACED writes ", " and ": " instead of "," and ":";
 * dlt_jw_break() puts a newline and an indent before the next member,
 * element or closing bracket, for files people read.
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
/* The characters (code points) dlt_utf8_sanitise writes for s. */
size_t	dlt_utf8_chars(const char *s, size_t len);
/* The four hex digits of a \uXXXX escape at s, in *v: 1, or 0 when they are not. */
int	dlt_json_hex4(const char *s, unsigned *v);
/* Code point u (at most U+10FFFF) in UTF-8 at out (room for 4 bytes); its length. */
size_t	dlt_utf8_put(char *out, unsigned u);

#define DLT_JW_SPACED	0x1
#define DLT_JW_MAXDEPTH	64

struct dlt_jw {
	struct strbuf	*sb;
	int		 flags;
	int		 depth;
	int		 after_key;	/* a key was written, its value is due */
	int		 brk;		/* indent of a pending break, or -1 */
	unsigned char	 obj[DLT_JW_MAXDEPTH];	/* the level is an object */
	unsigned char	 any[DLT_JW_MAXDEPTH];	/* the level has a member */
};

void	dlt_jw_init(struct dlt_jw *, struct strbuf *, int flags);
void	dlt_jw_object(struct dlt_jw *);		/* { */
void	dlt_jw_array(struct dlt_jw *);		/* [ */
void	dlt_jw_end(struct dlt_jw *);		/* } or ], whichever is open */
void	dlt_jw_key(struct dlt_jw *, const char *);
void	dlt_jw_str(struct dlt_jw *, const char *, size_t);	/* NULL -> null */
void	dlt_jw_cstr(struct dlt_jw *, const char *);		/* NULL -> null */
void	dlt_jw_int(struct dlt_jw *, long long);
void	dlt_jw_uint(struct dlt_jw *, unsigned long long);
/* decimals >= 0: "%.*f"; < 0: "%.17g", which reads back exactly. */
void	dlt_jw_double(struct dlt_jw *, double, int decimals);
/*
 * The shortest text that reads back as exactly v, always as a float
 * ("1.0", "0.1", "1e-05"), for values a reader must not take for an
 * integer; non-finite as null.
 */
void	dlt_jw_float(struct dlt_jw *, double);
void	dlt_jw_bool(struct dlt_jw *, int);
void	dlt_jw_null(struct dlt_jw *);
/* A complete JSON value, written by another writer, as it is. */
void	dlt_jw_raw(struct dlt_jw *, const char *, size_t);
void	dlt_jw_break(struct dlt_jw *, int indent);
/* Every container opened has been closed. */
int	dlt_jw_complete(const struct dlt_jw *);

/* Key and value in one call. */
void	dlt_jw_kv_cstr(struct dlt_jw *, const char *, const char *);
void	dlt_jw_kv_int(struct dlt_jw *, const char *, long long);
void	dlt_jw_kv_uint(struct dlt_jw *, const char *, unsigned long long);
void	dlt_jw_kv_double(struct dlt_jw *, const char *, double, int);
void	dlt_jw_kv_bool(struct dlt_jw *, const char *, int);

#endif
