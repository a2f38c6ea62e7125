/* error.c: the error helpers; see error.h. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "error.h"
#include "exitcode.h"

static void	vreport(const char *, const char *, va_list, int)
		    __attribute__((format(printf, 2, 0)));

static const char	*ctx_rules;
static const char	*ctx_store;
static unsigned long	 nwarn;
static int		 quiet;

void
dlt_error_set_context(const char *rules, const char *store)
{
	ctx_rules = rules;
	ctx_store = store;
}

void
dlt_set_quiet(int q)
{
	quiet = q;
}

unsigned long
dlt_warn_count(void)
{
	return (nwarn);
}

static void
vreport(const char *prefix, const char *fmt, va_list ap, int err)
{
	fflush(stdout);
	fputs("dltriage: ", stderr);
	if (prefix != NULL)
		fputs(prefix, stderr);
	vfprintf(stderr, fmt, ap);
	if (err != 0)
		fprintf(stderr, ": %s", strerror(err));
	fputc('\n', stderr);
}

int
dlt_error(const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	vreport(NULL, fmt, ap, 0);
	va_end(ap);
	return (-1);
}

int
dlt_error_errno(const char *fmt, ...)
{
	va_list	ap;
	int	err = errno;

	va_start(ap, fmt);
	vreport(NULL, fmt, ap, err);
	va_end(ap);
	return (-1);
}

void
dlt_warn(const char *fmt, ...)
{
	va_list	ap;

	nwarn++;
	if (quiet)
		return;
	va_start(ap, fmt);
	vreport("warning: ", fmt, ap, 0);
	va_end(ap);
}

void
dlt_die(const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	vreport(NULL, fmt, ap, 0);
	va_end(ap);
	exit(DLT_EXIT_INTERNAL);
}

void
dlt_die_code(int code, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	vreport(NULL, fmt, ap, 0);
	va_end(ap);
	exit(code);
}

void
dlt_die_errno(const char *fmt, ...)
{
	va_list	ap;
	int	err = errno;

	va_start(ap, fmt);
	vreport(NULL, fmt, ap, err);
	va_end(ap);
	exit(DLT_EXIT_INTERNAL);
}

void
dlt_bug_at(const char *file, int line, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	vreport("BUG: ", fmt, ap, 0);
	va_end(ap);
	fprintf(stderr, "dltriage: at %s:%d, version %s, rules '%s', store '%s'\n"
	    "dltriage: please report this with the command line that caused it\n",
	    file, line, PACKAGE_VERSION, ctx_rules ? ctx_rules : "-",
	    ctx_store ? ctx_store : "-");
	exit(DLT_EXIT_INTERNAL);
}

/*
 * Built in a fixed buffer rather than a strbuf: the allocation and
 * string modules report their failures through this one, and must not
 * be below it too.
 */
char *
dlt_msg_quote(const char *s, size_t len)
{
	char		buf[DLT_QUOTE_MAX + 16], *out;
	size_t		i, n = 0;
	unsigned char	c;

	for (i = 0; i < len; i++) {
		if (n >= DLT_QUOTE_MAX) {
			memcpy(buf + n, "...", 3);
			n += 3;
			break;
		}
		c = (unsigned char)s[i];
		if (c == '\n' || c == '\t') {
			buf[n++] = '\\';
			buf[n++] = c == '\n' ? 'n' : 't';
		} else if (c < 0x20 || c == 0x7f)
			n += (size_t)snprintf(buf + n, sizeof buf - n, "\\x%02x", c);
		else
			buf[n++] = (char)c;
	}
	buf[n] = '\0';
	if ((out = strdup(buf)) == NULL)
		dlt_die("out of memory");
	return (out);
}
