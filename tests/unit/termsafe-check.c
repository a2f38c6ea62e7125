/* termsafe-check.c: termsafe.h's promises checked; see termsafe-check.h. */
#include <stdint.h>
#include <string.h>

#include "strbuf.h"
#include "termsafe.h"
#include "termsafe-check.h"

static const char	*check_bytes(const char *, size_t);

/* Valid UTF-8, shortest forms, no surrogates, no C0, DEL or C1. */
static const char *
check_bytes(const char *s, size_t n)
{
	const unsigned char	*p = (const unsigned char *)s, *end = p + n;
	unsigned int		 c, need, min;

	while (p < end) {
		c = *p++;
		if (c < 0x20)
			return ("output holds a C0 control byte");
		if (c == 0x7f)
			return ("output holds DEL");
		if (c < 0x80)
			continue;
		if (c >= 0xc2 && c <= 0xdf) {
			need = 1;
			min = 0x80;
			c &= 0x1f;
		} else if (c >= 0xe0 && c <= 0xef) {
			need = 2;
			min = 0x800;
			c &= 0x0f;
		} else if (c >= 0xf0 && c <= 0xf4) {
			need = 3;
			min = 0x10000;
			c &= 0x07;
		} else
			return ("output is not UTF-8 (lead byte)");
		if ((size_t)(end - p) < need)
			return ("output is not UTF-8 (cut sequence)");
		while (need-- > 0) {
			if ((*p & 0xc0) != 0x80)
				return ("output is not UTF-8 (continuation)");
			c = (c << 6) | (*p++ & 0x3f);
		}
		if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
			return ("output is not UTF-8 (overlong, surrogate)");
		if (c < 0xa0)
			return ("output holds a C1 control");
	}
	return (NULL);
}

const char *
termsafe_check(const char *in, size_t len, size_t skip, size_t maxcols)
{
	struct strbuf	 out = STRBUF_INIT, again = STRBUF_INIT;
	const char	*why = NULL;
	size_t		 cols, full, c, prev, off, step;

	cols = dlt_termsafe_line(&out, in, len, skip, maxcols);
	full = dlt_termsafe_width(in, len);
	if ((why = check_bytes(out.buf, out.len)) != NULL)
		goto done;
	if (memchr(out.buf, 0x1b, out.len) != NULL) {
		why = "output holds ESC";
		goto done;
	}
	if (dlt_termsafe_width(out.buf, out.len) != cols) {
		why = "output's width is not the columns returned";
		goto done;
	}
	if (cols > maxcols) {
		why = "more columns than maxcols";
		goto done;
	}
	if (cols > (full > skip ? full - skip : 0)) {
		why = "more columns than the full width less skip";
		goto done;
	}

	strbuf_reset(&out);
	if (dlt_termsafe_line(&out, in, len, 0, SIZE_MAX) != full) {
		why = "the whole line's columns are not its width";
		goto done;
	}
	if (dlt_termsafe_line(&again, out.buf, out.len, 0, SIZE_MAX) != full ||
	    again.len != out.len || memcmp(again.buf, out.buf, out.len) != 0) {
		why = "sanitising twice changes the line";
		goto done;
	}

	/*
	 * Every offset of the first 256 bytes, then about 64 more: each
	 * call walks the input from its start, and a fuzzer's inputs run
	 * to kilobytes.
	 */
	prev = 0;
	for (off = 0; off < len; off += step) {
		step = off < 256 ? 1 : (len - 256) / 64 + 1;
		c = dlt_termsafe_column(in, len, off);
		if (c < prev || c > full) {
			why = "column is not monotonic or beyond the width";
			goto done;
		}
		prev = c;
	}
	if (dlt_termsafe_column(in, len, len) != full) {
		why = "the column of the end is not the width";
		goto done;
	}

done:
	strbuf_release(&out);
	strbuf_release(&again);
	return (why);
}
