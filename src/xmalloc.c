/* xmalloc.c: allocation wrappers; see xmalloc.h. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "xmalloc.h"

void *
xmalloc(size_t size)
{
	void	*p;

	if (size == 0)
		dlt_bug("xmalloc: zero size");
	if ((p = malloc(size)) == NULL)
		dlt_die("out of memory allocating %zu bytes", size);
	return (p);
}

void *
xcalloc(size_t nmemb, size_t size)
{
	void	*p;

	if (nmemb == 0 || size == 0)
		dlt_bug("xcalloc: zero size");
	if ((p = calloc(nmemb, size)) == NULL)
		dlt_die("out of memory allocating %zu x %zu bytes", nmemb, size);
	return (p);
}

void *
xrealloc(void *ptr, size_t size)
{
	return (xreallocarray(ptr, 1, size));
}

void *
xreallocarray(void *ptr, size_t nmemb, size_t size)
{
	void	*p;

	if (nmemb == 0 || size == 0)
		dlt_bug("xreallocarray: zero size");
	if (SIZE_MAX / nmemb < size)
		dlt_die("size overflow allocating %zu x %zu bytes", nmemb, size);
	if ((p = realloc(ptr, nmemb * size)) == NULL)
		dlt_die("out of memory allocating %zu x %zu bytes", nmemb, size);
	return (p);
}

char *
xstrdup(const char *s)
{
	return (xstrndup(s, strlen(s)));
}

char *
xstrndup(const char *s, size_t n)
{
	char	*p;
	size_t	 len;

	len = strnlen(s, n);
	p = xmalloc(len + 1);
	memcpy(p, s, len);
	p[len] = '\0';
	return (p);
}

char *
xasprintf(const char *fmt, ...)
{
	va_list	 ap;
	char	*s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	return (s);
}

char *
xvasprintf(const char *fmt, va_list ap)
{
	va_list	 aq;
	int	 n;
	char	*s;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		dlt_die("cannot format message");
	s = xmalloc((size_t)n + 1);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	return (s);
}
