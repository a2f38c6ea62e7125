/* json.c: JSON string writing with UTF-8 sanitising; see json.h. */
#include <stdio.h>
#include <string.h>

#include "json.h"
#include "strbuf.h"

static size_t	utf8_valid_len(const unsigned char *, size_t);

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
	size_t			 i = 0, k;

	while (i < len) {
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
