/*
 * regex.h: the PCRE2 wrapper.  This is the only module that includes
 * pcre2.h.  Patterns are compiled UTF-less (logs are bytes: invalid UTF-8
 * and NUL bytes must never make a match fail or crash) with JIT where
 * the library has it.
 */
#ifndef DLT_REGEX_H
#define DLT_REGEX_H

#include <stddef.h>

struct dlt_rx;

#define DLT_RX_CASELESS	0x1
#define DLT_RX_MULTILINE	0x2

/* A compile error: PCRE2's message and the offset in the pattern. */
struct dlt_rx_error {
	char	message[256];
	size_t	offset;
};

/* Compile; on failure returns NULL and fills *err. */
struct dlt_rx	*dlt_rx_compile(const char *pattern, int flags, struct dlt_rx_error *err);
void		 dlt_rx_free(struct dlt_rx *);
const char	*dlt_rx_pattern(const struct dlt_rx *);

/* Up to this many capture groups are reported by dlt_rx_match. */
#define DLT_RX_MAXGROUPS 16

struct dlt_rx_match {
	size_t	start, end;			/* whole match */
	int	ngroups;			/* groups captured (excluding 0) */
	size_t	gstart[DLT_RX_MAXGROUPS + 1];	/* PCRE2_UNSET = not set */
	size_t	gend[DLT_RX_MAXGROUPS + 1];
};

/*
 * Match against subject[0..len) starting at offset.  Returns 1 on match
 * (filling *m when not NULL), 0 on no match.  Errors such as the match
 * limit count as no match: a hostile log must not stop classification.
 */
int	dlt_rx_match(const struct dlt_rx *, const char *subject, size_t len,
	    size_t offset, struct dlt_rx_match *m);

/*
 * Whether dlt_rx_match turns subjects away by their first byte before
 * calling PCRE2 (an anchored pattern whose matches begin with one of a
 * known set of bytes); for tests and benchmarks.
 */
int	dlt_rx_gated(const struct dlt_rx *);

/* Number of the named group, or -1. */
int	dlt_rx_group_number(const struct dlt_rx *, const char *name);
/* Iterate named groups: returns the name of the i-th named group or NULL. */
const char *dlt_rx_group_name(const struct dlt_rx *, int i, int *number);

/*
 * Replace every match in s[0..len) by repl ("$1"/"${name}" refer to
 * groups); result appended to out (a struct strbuf *).
 */
struct strbuf;
void	dlt_rx_replace_all(const struct dlt_rx *, const char *s, size_t len,
	    const char *repl, struct strbuf *out);
/*
 * The same, telling fn about each replacement as it is made: the text
 * matched and what replaced it (neither NUL-terminated; valid for the
 * call).  Returns the number of replacements.
 */
typedef void (*dlt_rx_replaced_fn)(const char *match, size_t mlen,
	    const char *with, size_t wlen, void *arg);
size_t	dlt_rx_replace_each(const struct dlt_rx *, const char *s, size_t len,
	    const char *repl, struct strbuf *out, dlt_rx_replaced_fn, void *arg);

/*
 * Clauses of literals, each at least minlen bytes, such that every
 * subject the regex can match holds at least one literal of every
 * clause: a subject lacking all the literals of some clause need not be
 * matched.  A pattern of one alternative gives a clause for each run of
 * literal bytes and group it cannot do without; one of several
 * alternatives gives a single clause, a literal or more per
 * alternative.  Returns how many literals (filling *out; release it),
 * or 0 when the pattern gives no clause.  clause[k]: the clause of
 * lit[k], from 0 to nclauses - 1, in order.  caseless: compare them
 * without regard to ASCII case.
 */
struct dlt_rx_lits {
	char	**lit;
	size_t	 *len;
	size_t	 *clause;
	size_t	  n, alloc;
	size_t	  nclauses;
	int	  caseless;
};
size_t	dlt_rx_literals(const struct dlt_rx *, size_t minlen, struct dlt_rx_lits *out);
void	dlt_rx_lits_release(struct dlt_rx_lits *);

/* The PCRE2 version string, for --version. */
const char *dlt_rx_version(void);

#endif
