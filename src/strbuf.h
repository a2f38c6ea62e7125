/*
 * strbuf.h: a growable NUL-terminated byte buffer (git's strbuf idea).
 * STRBUF_INIT gives an empty buffer that owns nothing; strbuf_release()
 * frees and reinitialises; strbuf_detach() hands the string to the caller.
 */
#ifndef DLT_STRBUF_H
#define DLT_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

struct strbuf {
	char	*buf;
	size_t	 len;
	size_t	 alloc;
};

extern char strbuf_empty[];
#define STRBUF_INIT { strbuf_empty, 0, 0 }

void	 strbuf_init(struct strbuf *);
void	 strbuf_release(struct strbuf *);
char	*strbuf_detach(struct strbuf *, size_t *);
void	 strbuf_grow(struct strbuf *, size_t);
void	 strbuf_add(struct strbuf *, const void *, size_t);
void	 strbuf_addstr(struct strbuf *, const char *);
void	 strbuf_addch(struct strbuf *, int);
void	 strbuf_addf(struct strbuf *, const char *, ...) __attribute__((format(printf, 2, 3)));
void	 strbuf_vaddf(struct strbuf *, const char *, va_list) __attribute__((format(printf, 2, 0)));
void	 strbuf_reset(struct strbuf *);
void	 strbuf_setlen(struct strbuf *, size_t);
void	 strbuf_trim(struct strbuf *);

#endif
