/* tap.c: TAP helpers for the C unit test programs; see tap.h. */
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "strbuf.h"
#include "tap.h"

int	ntests, nfailed;

void
ok(int cond, const char *fmt, ...)
{
	va_list	ap;

	ntests++;
	if (!cond)
		nfailed++;
	printf("%s %d - ", cond ? "ok" : "not ok", ntests);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

void
is(const char *got, const char *want, const char *name)
{
	int	same = got != NULL && want != NULL ? strcmp(got, want) == 0 :
		    got == want;

	ok(same, "%s", name);
	if (!same)
		printf("# got:  %s\n# want: %s\n", got ? got : "(null)",
		    want ? want : "(null)");
}

void
skip(const char *name, const char *why)
{
	ntests++;
	printf("ok %d - %s # SKIP %s\n", ntests, name, why);
	fflush(stdout);
}

int
tap_done(void)
{
	printf("1..%d\n", ntests);
	return (nfailed > 0 ? 1 : 0);
}

int
read_file(const char *path, struct strbuf *sb)
{
	char	buf[65536];
	ssize_t	n;
	int	fd;

	strbuf_reset(sb);
	if ((fd = open(path, O_RDONLY)) == -1)
		return (-1);
	while ((n = read(fd, buf, sizeof buf)) > 0)
		strbuf_add(sb, buf, (size_t)n);
	close(fd);
	return (n == 0 ? 0 : -1);
}
