/*
 * xmalloc.h: allocation that never returns NULL.  Zero sizes and size
 * overflows are bugs and die with a message; out of memory dies too.
 */
#ifndef DLT_XMALLOC_H
#define DLT_XMALLOC_H

#include <stdarg.h>
#include <stddef.h>

void	*xmalloc(size_t);
void	*xcalloc(size_t, size_t);
void	*xrealloc(void *, size_t);
void	*xreallocarray(void *, size_t, size_t);
char	*xstrdup(const char *);
char	*xstrndup(const char *, size_t);
char	*xasprintf(const char *, ...) __attribute__((format(printf, 1, 2)));
char	*xvasprintf(const char *, va_list) __attribute__((format(printf, 1, 0)));

/* Grow *array (of *alloc elements of size sz) so that it holds at least n. */
#define XGROW(array, n, alloc) do { \
	if ((size_t)(n) > (alloc)) { \
		size_t xgrow_new_ = (alloc) ? (alloc) * 2 : 8; \
		if (xgrow_new_ < (size_t)(n)) \
			xgrow_new_ = (n); \
		(array) = xreallocarray((array), xgrow_new_, sizeof *(array)); \
		(alloc) = xgrow_new_; \
	} \
} while (0)

#endif
