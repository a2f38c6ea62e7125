/*
 * tap.h: the few TAP helpers every C unit test program shares: ok() and
 * is() print one test line, skip() a skipped one, tap_done() the plan,
 * and returns the exit status (1 when a test failed).  read_file() reads
 * a whole file into a strbuf (0, or -1).
 */
#ifndef DLT_TAP_H
#define DLT_TAP_H

struct strbuf;

extern int	ntests, nfailed;

void	ok(int, const char *, ...) __attribute__((format(printf, 2, 3)));
void	is(const char *got, const char *want, const char *name);
void	skip(const char *name, const char *why);
int	tap_done(void);
int	read_file(const char *path, struct strbuf *);

#endif
