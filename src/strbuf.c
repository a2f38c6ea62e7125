/* strbuf.c: growable byte buffer; see strbuf.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "strbuf.h"
#include "xmalloc.h"

char strbuf_empty[1];

void
strbuf_init(struct strbuf *sb)
{
	sb->buf = strbuf_empty;
	sb->len = 0;
	sb->alloc = 0;
}

void
strbuf_release(struct strbuf *sb)
{
	if (sb->alloc != 0)
		free(sb->buf);
	strbuf_init(sb);
}

char *
strbuf_detach(struct strbuf *sb, size_t *len)
{
	char	*s;

	if (sb->alloc == 0)
		strbuf_grow(sb, 0);
	s = sb->buf;
	if (len != NULL)
		*len = sb->len;
	strbuf_init(sb);
	return (s);
}

void
strbuf_grow(struct strbuf *sb, size_t extra)
{
	size_t	need;

	need = sb->len + extra + 1;
	if (need < sb->len)
		dlt_die("string too long");
	if (need <= sb->alloc)
		return;
	if (sb->alloc == 0) {
		size_t n = need < 64 ? 64 : need;
		sb->buf = xmalloc(n);
		sb->buf[0] = '\0';
		sb->alloc = n;
		return;
	}
	while (sb->alloc < need)
		sb->alloc = sb->alloc * 2;
	sb->buf = xrealloc(sb->buf, sb->alloc);
}

void
strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	strbuf_grow(sb, len);
	if (len != 0)
		memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void
strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void
strbuf_addch(struct strbuf *sb, int c)
{
	strbuf_grow(sb, 1);
	sb->buf[sb->len++] = (char)c;
	sb->buf[sb->len] = '\0';
}

void
strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}

void
strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list	aq;
	int	n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n <= 0)
		return;
	strbuf_grow(sb, (size_t)n);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	sb->len += (size_t)n;
}

void
strbuf_reset(struct strbuf *sb)
{
	strbuf_setlen(sb, 0);
}

void
strbuf_setlen(struct strbuf *sb, size_t len)
{
	if (sb->alloc == 0)
		return;
	if (len > sb->len)
		len = sb->len;
	sb->len = len;
	sb->buf[len] = '\0';
}

void
strbuf_trim(struct strbuf *sb)
{
	size_t	start = 0, end = sb->len;

	while (start < end && (sb->buf[start] == ' ' || sb->buf[start] == '\t' ||
	    sb->buf[start] == '\n' || sb->buf[start] == '\r'))
		start++;
	while (end > start && (sb->buf[end - 1] == ' ' || sb->buf[end - 1] == '\t' ||
	    sb->buf[end - 1] == '\n' || sb->buf[end - 1] == '\r'))
		end--;
	if (sb->alloc == 0)
		return;
	memmove(sb->buf, sb->buf + start, end - start);
	sb->len = end - start;
	sb->buf[sb->len] = '\0';
}
