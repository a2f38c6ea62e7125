/*
 * command.h: the command table.
 *
 * To add a command:
 *   1. write src/cmd-<name>.c exporting `const struct dlt_cmd dlt_cmd_<name>`
 *      (for "rules check": src/cmd-rules-check.c, dlt_cmd_rules_check);
 *   2. add a row to the table in command.c (kept sorted by name);
 *   3. add it to src_dltriage_SOURCES in Makefile.am;
 *   4. write man/dltriage-<name>.1 (or a section of the parent's page for
 *      nested verbs) and list it in dltriage(1);
 *   5. add tests/tNNNN-<name>-*.sh to TESTS.
 * tests/t0002-docs.sh checks that the table, dltriage help and the man
 * pages agree.
 *
 * exec() gets argv with argv[0] the command's name (for "rules check",
 * argv[0] is "check"), parses its own options with getopt_long, and
 * returns an enum dlt_exit.  It never calls exit().  The dispatcher then
 * flushes and closes stdout and turns a write error into DLT_EXIT_OUTPUT.
 */
#ifndef DLT_COMMAND_H
#define DLT_COMMAND_H

#include <getopt.h>
#include <stddef.h>

struct dlt_ctx;

#define DLT_CMD_NEEDS_RULES	0x1	/* load and validate the rule set first (exit 3 if bad) */
#define DLT_CMD_NEEDS_STORE	0x2	/* reserved: open the store named by --db */
#define DLT_CMD_INTERACTIVE	0x4	/* needs a terminal */
#define DLT_CMD_GROUP		0x8	/* a word that only groups sub-verbs ("rules") */

struct dlt_cmd {
	const char		*name;		/* "classify", or "rules check" */
	const char		*usage;		/* after "dltriage <name> " */
	const char		*summary;	/* one line, lower case, no full stop */
	int			 flags;
	int			(*exec)(struct dlt_ctx *, int argc, char **argv);
};

const struct dlt_cmd	*dlt_cmd_find(const char *name);
/* The nearest command name by edit distance, or NULL when none is close. */
const char		*dlt_cmd_suggest(const char *name);
/* Iterate the table: NULL past the end. */
const struct dlt_cmd	*dlt_cmd_at(size_t);
/* Print "usage: dltriage <name> <usage>" to fp. */
void			 dlt_cmd_usage(const struct dlt_cmd *, void *fp);
/*
 * Common handling for the rule options shared by commands with
 * DLT_CMD_NEEDS_RULES: --rules DIR and --no-default-rules.  Returns 1
 * when opt was one of them.
 */
int			 dlt_cmd_rule_option(struct dlt_ctx *, int opt, const char *arg);
#define DLT_OPT_RULES		0x100
#define DLT_OPT_NO_DEFAULT_RULES 0x101
#define DLT_RULE_LONGOPTS \
	{ "rules", required_argument, NULL, DLT_OPT_RULES }, \
	{ "no-default-rules", no_argument, NULL, DLT_OPT_NO_DEFAULT_RULES }

/*
 * After getopt_long returned '?' or ':' (with ":" first in optstring):
 * say which option was wrong, print the usage and return DLT_EXIT_USAGE.
 */
int			 dlt_cmd_bad_option(const struct dlt_cmd *, int ch, char **argv);

/* Load rules for a command that needs them; returns 0 or an exit code. */
int			 dlt_cmd_need_rules(struct dlt_ctx *);

extern const struct dlt_cmd dlt_cmd_corpus_check;
extern const struct dlt_cmd dlt_cmd_help;
extern const struct dlt_cmd dlt_cmd_mutate;
extern const struct dlt_cmd dlt_cmd_classify;
extern const struct dlt_cmd dlt_cmd_rules_check;
extern const struct dlt_cmd dlt_cmd_rules_test;
extern const struct dlt_cmd dlt_cmd_rules_list;
extern const struct dlt_cmd dlt_cmd_rules_schema;

#endif
