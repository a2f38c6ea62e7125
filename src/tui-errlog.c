/*
 * tui-errlog.c: stderr kept aside while the TUI runs; see tui-errlog.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "strbuf.h"
#include "tui-errlog.h"

static FILE		*errlog_fp;	/* the temporary file, or NULL */
static int		 errlog_saved = -1;	/* the real stderr */
static long		 errlog_pos;	/* read up to here */
static struct strbuf	 errlog_last = STRBUF_INIT;

int
tui_errlog_begin(void)
{
	static int	hooked;

	if (errlog_fp != NULL)
		return (0);
	/*
	 * an exit() while stderr is kept aside (dlt_die) still prints it;
	 * registered before the curses driver's hook, it runs after it,
	 * once the terminal is back
	 */
	if (!hooked) {
		atexit(tui_errlog_end);
		hooked = 1;
	}
	fflush(stderr);
	if ((errlog_fp = tmpfile()) == NULL)
		return (-1);
	if ((errlog_saved = dup(STDERR_FILENO)) == -1 ||
	    dup2(fileno(errlog_fp), STDERR_FILENO) == -1) {
		if (errlog_saved != -1)
			close(errlog_saved);
		errlog_saved = -1;
		fclose(errlog_fp);
		errlog_fp = NULL;
		return (-1);
	}
	errlog_pos = 0;
	return (0);
}

const char *
tui_errlog_last(void *unused)
{
	char	 buf[4096];
	size_t	 n;
	char	*nl, *line;

	(void)unused;
	if (errlog_fp == NULL)
		return (NULL);
	fflush(stderr);
	strbuf_reset(&errlog_last);
	if (fseek(errlog_fp, errlog_pos, SEEK_SET) != 0)
		return (NULL);
	/* keep the last complete line of what is new */
	while ((n = fread(buf, 1, sizeof buf, errlog_fp)) > 0)
		strbuf_add(&errlog_last, buf, n);
	errlog_pos = ftell(errlog_fp);
	strbuf_trim(&errlog_last);
	if (errlog_last.len == 0)
		return (NULL);
	line = errlog_last.buf;
	if ((nl = strrchr(line, '\n')) != NULL)
		line = nl + 1;
	if (strncmp(line, "dltriage: ", 10) == 0)
		line += 10;
	return (line);
}

void
tui_errlog_end(void)
{
	char	buf[4096];
	size_t	n;

	if (errlog_fp == NULL)
		return;
	fflush(stderr);
	dup2(errlog_saved, STDERR_FILENO);
	close(errlog_saved);
	errlog_saved = -1;
	/* everything, the lines already shown included: they may matter */
	if (fseek(errlog_fp, 0, SEEK_SET) == 0)
		while ((n = fread(buf, 1, sizeof buf, errlog_fp)) > 0)
			fwrite(buf, 1, n, stderr);
	fflush(stderr);
	fclose(errlog_fp);
	errlog_fp = NULL;
	strbuf_release(&errlog_last);
}
