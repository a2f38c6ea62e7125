/*
 * error.h: the error helpers.  Messages follow git's rules: lower-case
 * start, no trailing full stop, problem first, subject in single quotes.
 * Everything goes to stderr as "dltriage: <problem>".
 *
 * dlt_error() prints and returns -1 so that "return dlt_error(...)" works.
 * dlt_die() prints and exits with DLT_EXIT_INTERNAL unless told otherwise
 * by dlt_die_code().  Commands return a status and do not call exit.
 */
#ifndef DLT_ERROR_H
#define DLT_ERROR_H

#include <stdnoreturn.h>

#define DLT_PRINTF(a, b) __attribute__((format(printf, a, b)))

int		dlt_error(const char *, ...) DLT_PRINTF(1, 2);
int		dlt_error_errno(const char *, ...) DLT_PRINTF(1, 2);
void		dlt_warn(const char *, ...) DLT_PRINTF(1, 2);
noreturn void	dlt_die(const char *, ...) DLT_PRINTF(1, 2);
noreturn void	dlt_die_code(int, const char *, ...) DLT_PRINTF(2, 3);
noreturn void	dlt_die_errno(const char *, ...) DLT_PRINTF(1, 2);
noreturn void	dlt_bug_at(const char *, int, const char *, ...) DLT_PRINTF(3, 4);
#define dlt_bug(...) dlt_bug_at(__FILE__, __LINE__, __VA_ARGS__)

/* Context printed by dlt_bug so that a report can be pasted as is. */
void		dlt_error_set_context(const char *rules, const char *store);

/* Count of dlt_warn calls so far (for summaries). */
unsigned long	dlt_warn_count(void);

/*
 * A user string fit for a message: control bytes escaped, cut after
 * DLT_QUOTE_MAX bytes with "...".  The caller frees the result.
 */
#define DLT_QUOTE_MAX	60
char		*dlt_msg_quote(const char *, size_t);

/* Quiet warnings (classify -q). */
void		dlt_set_quiet(int);

#endif
