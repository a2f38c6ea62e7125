/*
 * logview-bench.c: the driver of bench/logview-open.sh; opens a log the
 * way the TUI does and says how long each step took.  Built by "make
 * bench-logview" only (an EXTRA_PROGRAMS entry), never installed.
 *
 *	logview-bench first FILE [BUDGET_MS]
 *		open, index for BUDGET_MS (default 50) milliseconds, fetch
 *		lines 0-59 and sanitise them for a 200-column screen: what
 *		the first screen costs
 *	logview-bench full FILE
 *		open and index the whole file
 *
 * Prints one line: "<mode> <milliseconds> <lines indexed> <complete>
 * <RssAnon kB> <RssFile kB>", the last two from /proc/self/status at the
 * end: the memory of our own (the index) and the pages of the log
 * mapped, which the kernel may take back at any time.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "logview.h"
#include "strbuf.h"
#include "termsafe.h"

#define SCREEN_LINES	60
#define SCREEN_COLS	200
#define FIRST_BUDGET_MS	50.0

static double	now_ms(void);
static long	status_kb(const char *);

/* A "Name:   N kB" field of /proc/self/status, or -1. */
static long
status_kb(const char *name)
{
	FILE	*fp;
	char	 line[256];
	size_t	 n = strlen(name);
	long	 kb = -1;

	if ((fp = fopen("/proc/self/status", "r")) == NULL)
		return (-1);
	while (fgets(line, sizeof line, fp) != NULL)
		if (strncmp(line, name, n) == 0 && line[n] == ':') {
			kb = strtol(line + n + 1, NULL, 10);
			break;
		}
	fclose(fp);
	return (kb);
}

static double
now_ms(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6);
}

int
main(int argc, char **argv)
{
	struct dlt_logview	*lv;
	struct strbuf		 screen = STRBUF_INIT;
	const char		*p;
	char			*err;
	size_t			 i, len, cols = 0;
	double			 t0, t1, budget = FIRST_BUDGET_MS;
	int			 first;

	if (argc < 3 || argc > 4 || (strcmp(argv[1], "first") != 0 &&
	    strcmp(argv[1], "full") != 0)) {
		fprintf(stderr, "usage: logview-bench first|full FILE "
		    "[BUDGET_MS]\n");
		return (2);
	}
	first = strcmp(argv[1], "first") == 0;
	if (argc == 4)
		budget = strtod(argv[3], NULL);

	t0 = now_ms();
	if ((lv = dlt_logview_open(argv[2], &err)) == NULL) {
		fprintf(stderr, "logview-bench: %s\n", err);
		free(err);
		return (1);
	}
	if (first) {
		dlt_logview_index(lv, budget);
		for (i = 0; i < SCREEN_LINES; i++) {
			if (dlt_logview_line(lv, i, &p, &len) != 0)
				break;
			strbuf_reset(&screen);
			cols += dlt_termsafe_line(&screen, p, len, 0, SCREEN_COLS);
		}
	} else
		while (!dlt_logview_index(lv, 1000.0))
			continue;
	t1 = now_ms();

	printf("%s %.3f %zu %d %ld %ld\n", argv[1], t1 - t0,
	    dlt_logview_lines(lv), dlt_logview_complete(lv),
	    status_kb("RssAnon"), status_kb("RssFile"));
	/* the columns drawn, so that the sanitising is not optimised away */
	if (cols == SIZE_MAX)
		printf("%zu\n", cols);
	strbuf_release(&screen);
	dlt_logview_close(lv);
	return (0);
}
