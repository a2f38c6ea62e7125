/*
 * exitcode.h: the one list of dltriage exit statuses.
 *
 * Every status is below 126 so that it can never be mistaken for the
 * 128+N status a shell gives a process killed by signal N, which is
 * exactly what dltriage reports about the programs it watches.  The
 * EXIT STATUS section of dltriage(1) lists the same values.
 */
#ifndef DLT_EXITCODE_H
#define DLT_EXITCODE_H

enum dlt_exit {
	DLT_EXIT_OK = 0,	/* success */
	DLT_EXIT_FINDINGS = 1,	/* findings present (classify --fail-on, rules test failures) */
	DLT_EXIT_USAGE = 2,	/* bad command line */
	DLT_EXIT_RULES = 3,	/* rule files invalid */
	DLT_EXIT_STORE = 4,	/* store cannot be opened, written, or is of a newer schema */
	DLT_EXIT_INPUT = 5,	/* some input could not be read; the rest was processed */
	DLT_EXIT_OUTPUT = 6,	/* writing the output failed (disk full, closed pipe) */
	DLT_EXIT_INTERNAL = 7,	/* a bug in dltriage */
	DLT_EXIT_INTERRUPTED = 8 /* stopped by a signal after its work in flight; run again to resume */
};

#endif
