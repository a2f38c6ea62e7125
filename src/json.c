/* json.c: JSON strings with UTF-8 sanitising, and the streaming writer; see json.h. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "json.h"
#include "strbuf.h"

static size_t	utf8_valid_len(const unsigned char *, size_t);
static void	jw_value(struct dlt_jw *, int);
static void	jw_pending_break(struct dlt_jw *);
static void	jw_open(struct dlt_jw *, int);

/* Length of the valid UTF-8 sequence at p (1..4), or 0 when invalid. */
static size_t
utf8_valid_len(const unsigned char *p, size_t n)
{
	unsigned char	c = p[0];

	if (c < 0x80)
		return (1);
	if (c >= 0xc2 && c <= 0xdf) {
		if (n >= 2 && (p[1] & 0xc0) == 0x80)
			return (2);
		return (0);
	}
	if (c >= 0xe0 && c <= 0xef) {
		if (n < 3 || (p[1] & 0xc0) != 0x80 || (p[2] & 0xc0) != 0x80)
			return (0);
		if (c == 0xe0 && p[1] < 0xa0)
			return (0);		/* overlong */
		if (c == 0xed && p[1] > 0x9f)
			return (0);		/* surrogate */
		return (3);
	}
	if (c >= 0xf0 && c <= 0xf4) {
		if (n < 4 || (p[1] & 0xc0) != 0x80 || (p[2] & 0xc0) != 0x80 ||
		    (p[3] & 0xc0) != 0x80)
			return (0);
		if (c == 0xf0 && p[1] < 0x90)
			return (0);
		if (c == 0xf4 && p[1] > 0x8f)
			return (0);
		return (4);
	}
	return (0);
}

void
dlt_utf8_sanitise(struct strbuf *out, const char *s, size_t len)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 i = 0, k, run;

	while (i < len) {
		/* copy runs of ASCII at once */
		for (run = i; run < len && p[run] < 0x80; run++)
			;
		if (run > i) {
			strbuf_add(out, p + i, run - i);
			i = run;
			continue;
		}
		k = utf8_valid_len(p + i, len - i);
		if (k == 0) {
			strbuf_add(out, "\xef\xbf\xbd", 3);
			i++;
			continue;
		}
		strbuf_add(out, p + i, k);
		i += k;
	}
}

size_t
dlt_utf8_chars(const char *s, size_t len)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 i = 0, k, n = 0;
	uint64_t		 w;

	while (i < len) {
		/* ASCII eight bytes at a time, then one */
		while (len - i >= 8) {
			memcpy(&w, p + i, 8);
			if ((w & 0x8080808080808080ULL) != 0)
				break;
			i += 8;
			n += 8;
		}
		if (i == len)
			break;
		if (p[i] < 0x80) {
			i++;
			n++;
			continue;
		}
		/* an invalid byte is one U+FFFD */
		k = utf8_valid_len(p + i, len - i);
		i += k > 0 ? k : 1;
		n++;
	}
	return (n);
}

size_t
dlt_utf8_put(char *out, unsigned u)
{
	if (u < 0x80) {
		out[0] = (char)u;
		return (1);
	}
	if (u < 0x800) {
		out[0] = (char)(0xc0 | (u >> 6));
		out[1] = (char)(0x80 | (u & 0x3f));
		return (2);
	}
	if (u < 0x10000) {
		out[0] = (char)(0xe0 | (u >> 12));
		out[1] = (char)(0x80 | ((u >> 6) & 0x3f));
		out[2] = (char)(0x80 | (u & 0x3f));
		return (3);
	}
	out[0] = (char)(0xf0 | (u >> 18));
	out[1] = (char)(0x80 | ((u >> 12) & 0x3f));
	out[2] = (char)(0x80 | ((u >> 6) & 0x3f));
	out[3] = (char)(0x80 | (u & 0x3f));
	return (4);
}

int
dlt_json_hex4(const char *s, unsigned *v)
{
	int	i;

	*v = 0;
	for (i = 0; i < 4; i++) {
		*v <<= 4;
		if (s[i] >= '0' && s[i] <= '9')
			*v |= (unsigned)(s[i] - '0');
		else if (s[i] >= 'a' && s[i] <= 'f')
			*v |= (unsigned)(s[i] - 'a' + 10);
		else if (s[i] >= 'A' && s[i] <= 'F')
			*v |= (unsigned)(s[i] - 'A' + 10);
		else
			return (0);
	}
	return (1);
}

void
dlt_json_string(struct strbuf *out, const char *s, size_t len)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 i = 0, k, run;

	strbuf_addch(out, '"');
	while (i < len) {
		/* copy runs of plain ASCII at once */
		run = i;
		while (run < len && p[run] >= 0x20 && p[run] < 0x80 &&
		    p[run] != '"' && p[run] != '\\')
			run++;
		if (run > i) {
			strbuf_add(out, p + i, run - i);
			i = run;
			continue;
		}
		switch (p[i]) {
		case '"':
			strbuf_add(out, "\\\"", 2);
			i++;
			continue;
		case '\\':
			strbuf_add(out, "\\\\", 2);
			i++;
			continue;
		case '\n':
			strbuf_add(out, "\\n", 2);
			i++;
			continue;
		case '\t':
			strbuf_add(out, "\\t", 2);
			i++;
			continue;
		case '\r':
			strbuf_add(out, "\\r", 2);
			i++;
			continue;
		}
		if (p[i] < 0x20 || p[i] == 0x7f) {
			strbuf_addf(out, "\\u%04x", p[i]);
			i++;
			continue;
		}
		k = utf8_valid_len(p + i, len - i);
		if (k == 0) {
			strbuf_add(out, "\\ufffd", 6);
			i++;
			continue;
		}
		strbuf_add(out, p + i, k);
		i += k;
	}
	strbuf_addch(out, '"');
}

void
dlt_json_cstr(struct strbuf *out, const char *s)
{
	if (s == NULL)
		strbuf_add(out, "null", 4);
	else
		dlt_json_string(out, s, strlen(s));
}

/* The streaming writer. */

void
dlt_jw_init(struct dlt_jw *jw, struct strbuf *sb, int flags)
{
	memset(jw, 0, sizeof *jw);
	jw->sb = sb;
	jw->flags = flags;
	jw->brk = -1;
}

static void
jw_pending_break(struct dlt_jw *jw)
{
	int	i;

	if (jw->brk < 0)
		return;
	strbuf_addch(jw->sb, '\n');
	for (i = 0; i < jw->brk; i++)
		strbuf_addch(jw->sb, ' ');
	jw->brk = -1;
}

/*
 * Before a value (is_key 0) or a key (is_key 1): the comma, the break,
 * and the checks that the value or key belongs here.
 */
static void
jw_value(struct dlt_jw *jw, int is_key)
{
	int	d = jw->depth;

	if (jw->after_key) {
		if (is_key)
			dlt_bug("json: key after key");
		jw->after_key = 0;
		return;
	}
	if (d == 0) {
		if (is_key)
			dlt_bug("json: key outside an object");
		return;
	}
	if (jw->obj[d - 1] && !is_key)
		dlt_bug("json: value in an object without a key");
	if (!jw->obj[d - 1] && is_key)
		dlt_bug("json: key in an array");
	if (jw->any[d - 1]) {
		strbuf_addch(jw->sb, ',');
		if ((jw->flags & DLT_JW_SPACED) && jw->brk < 0)
			strbuf_addch(jw->sb, ' ');
	}
	jw->any[d - 1] = 1;
	jw_pending_break(jw);
}

static void
jw_open(struct dlt_jw *jw, int obj)
{
	jw_value(jw, 0);
	if (jw->depth >= DLT_JW_MAXDEPTH)
		dlt_bug("json: nested deeper than %d", DLT_JW_MAXDEPTH);
	jw->obj[jw->depth] = (unsigned char)obj;
	jw->any[jw->depth] = 0;
	jw->depth++;
	strbuf_addch(jw->sb, obj ? '{' : '[');
}

void
dlt_jw_object(struct dlt_jw *jw)
{
	jw_open(jw, 1);
}

void
dlt_jw_array(struct dlt_jw *jw)
{
	jw_open(jw, 0);
}

void
dlt_jw_end(struct dlt_jw *jw)
{
	if (jw->depth == 0 || jw->after_key)
		dlt_bug("json: end without an open container");
	jw_pending_break(jw);
	jw->depth--;
	strbuf_addch(jw->sb, jw->obj[jw->depth] ? '}' : ']');
}

void
dlt_jw_key(struct dlt_jw *jw, const char *key)
{
	jw_value(jw, 1);
	dlt_json_cstr(jw->sb, key);
	strbuf_addstr(jw->sb, (jw->flags & DLT_JW_SPACED) ? ": " : ":");
	jw->after_key = 1;
}

void
dlt_jw_str(struct dlt_jw *jw, const char *s, size_t len)
{
	jw_value(jw, 0);
	if (s == NULL)
		strbuf_add(jw->sb, "null", 4);
	else
		dlt_json_string(jw->sb, s, len);
}

void
dlt_jw_cstr(struct dlt_jw *jw, const char *s)
{
	jw_value(jw, 0);
	dlt_json_cstr(jw->sb, s);
}

void
dlt_jw_int(struct dlt_jw *jw, long long v)
{
	jw_value(jw, 0);
	strbuf_addf(jw->sb, "%lld", v);
}

void
dlt_jw_uint(struct dlt_jw *jw, unsigned long long v)
{
	jw_value(jw, 0);
	strbuf_addf(jw->sb, "%llu", v);
}

void
dlt_jw_double(struct dlt_jw *jw, double v, int decimals)
{
	jw_value(jw, 0);
	if (!isfinite(v))
		strbuf_add(jw->sb, "null", 4);
	else if (decimals >= 0)
		strbuf_addf(jw->sb, "%.*f", decimals, v);
	else
		strbuf_addf(jw->sb, "%.17g", v);
}

void
dlt_jw_float(struct dlt_jw *jw, double v)
{
	char	buf[40];
	int	prec;

	jw_value(jw, 0);
	if (!isfinite(v)) {
		strbuf_add(jw->sb, "null", 4);
		return;
	}
	for (prec = 1; prec <= 17; prec++) {
		snprintf(buf, sizeof buf, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	strbuf_addstr(jw->sb, buf);
	if (strpbrk(buf, ".e") == NULL)
		strbuf_add(jw->sb, ".0", 2);
}

void
dlt_jw_bool(struct dlt_jw *jw, int v)
{
	jw_value(jw, 0);
	strbuf_addstr(jw->sb, v ? "true" : "false");
}

void
dlt_jw_null(struct dlt_jw *jw)
{
	jw_value(jw, 0);
	strbuf_add(jw->sb, "null", 4);
}

void
dlt_jw_raw(struct dlt_jw *jw, const char *json, size_t len)
{
	jw_value(jw, 0);
	strbuf_add(jw->sb, json, len);
}

void
dlt_jw_break(struct dlt_jw *jw, int indent)
{
	jw->brk = indent >= 0 ? indent : 0;
}

int
dlt_jw_complete(const struct dlt_jw *jw)
{
	return (jw->depth == 0 && !jw->after_key);
}

void
dlt_jw_kv_cstr(struct dlt_jw *jw, const char *k, const char *v)
{
	dlt_jw_key(jw, k);
	dlt_jw_cstr(jw, v);
}

void
dlt_jw_kv_int(struct dlt_jw *jw, const char *k, long long v)
{
	dlt_jw_key(jw, k);
	dlt_jw_int(jw, v);
}

void
dlt_jw_kv_uint(struct dlt_jw *jw, const char *k, unsigned long long v)
{
	dlt_jw_key(jw, k);
	dlt_jw_uint(jw, v);
}

void
dlt_jw_kv_double(struct dlt_jw *jw, const char *k, double v, int decimals)
{
	dlt_jw_key(jw, k);
	dlt_jw_double(jw, v, decimals);
}

void
dlt_jw_kv_bool(struct dlt_jw *jw, const char *k, int v)
{
	dlt_jw_key(jw, k);
	dlt_jw_bool(jw, v);
}
