/* regex.c: PCRE2 wrapper; see regex.h.  Only this file includes pcre2.h. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdio.h>
#include <string.h>

#include "error.h"
#include "regex.h"
#include "strbuf.h"
#include "xmalloc.h"

struct dlt_rx {
	pcre2_code		*code;
	pcre2_match_data	*md;
	pcre2_match_context	*mctx;
	char			*pattern;
	int			 jit;
};

struct dlt_rx *
dlt_rx_compile(const char *pattern, int flags, struct dlt_rx_error *err)
{
	struct dlt_rx	*rx;
	pcre2_code	*code;
	int		 ec;
	PCRE2_SIZE	 off;
	uint32_t	 opts = 0;

	if (flags & DLT_RX_CASELESS)
		opts |= PCRE2_CASELESS;
	if (flags & DLT_RX_MULTILINE)
		opts |= PCRE2_MULTILINE;
	code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, opts,
	    &ec, &off, NULL);
	if (code == NULL) {
		if (err != NULL) {
			pcre2_get_error_message(ec, (PCRE2_UCHAR *)err->message,
			    sizeof err->message);
			err->offset = off;
		}
		return (NULL);
	}
	rx = xcalloc(1, sizeof *rx);
	rx->code = code;
	rx->jit = pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) == 0;
	rx->md = pcre2_match_data_create_from_pattern(code, NULL);
	rx->mctx = pcre2_match_context_create(NULL);
	/* Bound the work one hostile line can cause. */
	pcre2_set_match_limit(rx->mctx, 1000000);
	pcre2_set_depth_limit(rx->mctx, 10000);
	rx->pattern = xstrdup(pattern);
	return (rx);
}

void
dlt_rx_free(struct dlt_rx *rx)
{
	if (rx == NULL)
		return;
	pcre2_match_data_free(rx->md);
	pcre2_match_context_free(rx->mctx);
	pcre2_code_free(rx->code);
	free(rx->pattern);
	free(rx);
}

const char *
dlt_rx_pattern(const struct dlt_rx *rx)
{
	return (rx->pattern);
}

int
dlt_rx_match(const struct dlt_rx *rx, const char *subject, size_t len,
    size_t offset, struct dlt_rx_match *m)
{
	PCRE2_SIZE	*ov;
	uint32_t	 n, i;
	int		 rc;

	if (offset > len)
		return (0);
	rc = pcre2_match(rx->code, (PCRE2_SPTR)subject, len, offset, 0,
	    rx->md, rx->mctx);
	if (rc <= 0)
		return (0);
	if (m == NULL)
		return (1);
	ov = pcre2_get_ovector_pointer(rx->md);
	n = pcre2_get_ovector_count(rx->md);
	m->start = ov[0];
	m->end = ov[1];
	m->ngroups = 0;
	for (i = 1; i < n && i <= DLT_RX_MAXGROUPS; i++) {
		m->gstart[i] = ov[2 * i];
		m->gend[i] = ov[2 * i + 1];
		m->ngroups = (int)i;
	}
	return (1);
}

int
dlt_rx_group_number(const struct dlt_rx *rx, const char *name)
{
	int	n;

	n = pcre2_substring_number_from_name(rx->code, (PCRE2_SPTR)name);
	return (n > 0 ? n : -1);
}

const char *
dlt_rx_group_name(const struct dlt_rx *rx, int i, int *number)
{
	uint32_t	 count, size;
	PCRE2_SPTR	 table, entry;

	if (pcre2_pattern_info(rx->code, PCRE2_INFO_NAMECOUNT, &count) != 0 ||
	    i < 0 || (uint32_t)i >= count)
		return (NULL);
	pcre2_pattern_info(rx->code, PCRE2_INFO_NAMEENTRYSIZE, &size);
	pcre2_pattern_info(rx->code, PCRE2_INFO_NAMETABLE, &table);
	entry = table + (size_t)i * size;
	if (number != NULL)
		*number = (entry[0] << 8) | entry[1];
	return ((const char *)entry + 2);
}

void
dlt_rx_replace_all(const struct dlt_rx *rx, const char *s, size_t len,
    const char *repl, struct strbuf *out)
{
	struct dlt_rx_match	 m;
	size_t			 pos = 0;
	const char		*r;

	while (pos <= len && dlt_rx_match(rx, s, len, pos, &m)) {
		strbuf_add(out, s + pos, m.start - pos);
		for (r = repl; *r != '\0'; r++) {
			int g = -1;

			if (r[0] == '$' && r[1] >= '0' && r[1] <= '9') {
				g = r[1] - '0';
				r++;
			} else if (r[0] == '$' && r[1] == '{') {
				const char *e = strchr(r, '}');
				if (e != NULL) {
					char *name = xstrndup(r + 2, (size_t)(e - r - 2));
					g = dlt_rx_group_number(rx, name);
					free(name);
					r = e;
					if (g < 0)
						continue;
				}
			}
			if (g < 0) {
				strbuf_addch(out, *r);
				continue;
			}
			if (g == 0)
				strbuf_add(out, s + m.start, m.end - m.start);
			else if (g <= m.ngroups && m.gstart[g] != PCRE2_UNSET)
				strbuf_add(out, s + m.gstart[g], m.gend[g] - m.gstart[g]);
		}
		if (m.end == m.start) {
			if (m.end < len)
				strbuf_addch(out, s[m.end]);
			pos = m.end + 1;
		} else
			pos = m.end;
	}
	if (pos < len)
		strbuf_add(out, s + pos, len - pos);
}

const char *
dlt_rx_version(void)
{
	static char	buf[64];

	if (buf[0] == '\0')
		pcre2_config(PCRE2_CONFIG_VERSION, buf);
	return (buf);
}
