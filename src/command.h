/*
 * command.h: the command table and the option tables of the commands.
 *
 * To add a command:
 *   1. write src/cmd-<name>.c exporting `const struct dlt_cmd dlt_cmd_<name>`
 *      (for "rules check": src/cmd-rules-check.c, dlt_cmd_rules_check);
 *   2. give it an option table: one struct dlt_option row per option,
 *      the shared rows (DLT_OPTION_RULES, DLT_OPTION_DB, DLT_OPTION_QUIET)
 *      where the command takes them, ending with DLT_OPTION_END (NULL
 *      when it has none); not --help, which every command gets;
 *   3. add a row to the table in command.c (kept sorted by name);
 *   4. add it to src_dltriage_SOURCES in Makefile.am;
 *   5. write man/dltriage-<name>.1 (or a section of the parent's page for
 *      nested verbs), document every option of the table there, and list
 *      the command in dltriage(1);
 *   6. add tests/tNNNN-<name>-*.sh to TESTS.
 * tests/t0002-docs.sh checks that the table, dltriage help and the man
 * pages agree, options included.
 *
 * The dispatcher (dlt_cmd_dispatch) parses the whole command line from the
 * option table before exec runs: it prints "COMMAND --help", refuses an
 * unknown option (with a "did you mean"), a value outside an option's
 * list of valid values or one its check refuses, and operands that the
 * command's check_args refuses, and keeps the shared options in struct
 * dlt_ctx.  Every usage error is found before anything is set up, so a
 * bad command line creates no store and reads no rules.  Then it acts
 * on the flags: with DLT_CMD_RULE_ARGS the operands are rule
 * paths; DLT_CMD_NEEDS_RULES loads the rule set (exit 3 if bad);
 * DLT_CMD_NEEDS_STORE opens the store named by --db or DLTRIAGE_DB, when
 * one is named (exit 4 if it cannot), and with DLT_CMD_EXISTING_STORE
 * refuses to create it (for the commands that read what is there).
 *
 * exec() then gets the operands only (argv[0] is the first operand, argc
 * may be 0), reads its own options in command-line order with
 * dlt_cmd_next_option(), and returns an enum dlt_exit.  It never calls
 * exit().  The dispatcher then flushes and closes stdout and turns a write
 * error into DLT_EXIT_OUTPUT.
 */
#ifndef DLT_COMMAND_H
#define DLT_COMMAND_H

#include <stddef.h>

struct dlt_ctx;

#define DLT_CMD_NEEDS_RULES	0x1	/* load and validate the rule set first (exit 3 if bad) */
#define DLT_CMD_NEEDS_STORE	0x2	/* open the store named by --db or DLTRIAGE_DB, if any */
#define DLT_CMD_INTERACTIVE	0x4	/* needs a terminal */
#define DLT_CMD_GROUP		0x8	/* a word that only groups sub-verbs ("rules") */
#define DLT_CMD_RULE_ARGS	0x10	/* the operands are rule files or directories too */
#define DLT_CMD_EXISTING_STORE	0x20	/* with NEEDS_STORE: it must exist (exit 4) */

/*
 * One option of a command.  An option has a long name, a short one or
 * both; it takes a value when metavar is set ("FILE", "DIR", "N"), and
 * then, when values is set, the value must be one of those (the
 * dispatcher says which are valid otherwise).  id is what
 * dlt_cmd_next_option() gives exec: a short option's letter, or any
 * number below DLT_OPT_SHARED.
 */
struct dlt_option {
	const char		*long_name;	/* "format", or NULL */
	int			 short_name;	/* 'q', or 0 */
	const char		*metavar;	/* NULL: takes no value */
	int			 id;
	const char		*help;		/* one line, lower case, no full stop */
	const char *const	*values;	/* NULL-terminated, or NULL: any */
	/* NULL, or checks a value: 0, or -1 after saying what is wrong */
	int			(*check)(const char *);
};

/* The ids of the options the dispatcher handles itself. */
#define DLT_OPT_SHARED		0x100
#define DLT_OPT_RULES		0x100
#define DLT_OPT_NO_DEFAULT_RULES 0x101
#define DLT_OPT_DB		0x102
#define DLT_OPT_QUIET		0x103
#define DLT_OPT_HELP		0x104

/* The shared rows, for the option tables of the commands that take them. */
#define DLT_OPTION_RULES \
	{ "rules", 0, "DIR", DLT_OPT_RULES, \
	    "also load the rule files in DIR; repeatable", NULL, NULL }, \
	{ "no-default-rules", 0, NULL, DLT_OPT_NO_DEFAULT_RULES, \
	    "do not load the shipped rules", NULL, NULL }
#define DLT_OPTION_DB \
	{ "db", 0, "FILE", DLT_OPT_DB, \
	    "record failures in store FILE (or $DLTRIAGE_DB)", NULL, NULL }
#define DLT_OPTION_QUIET(help) \
	{ "quiet", 'q', NULL, DLT_OPT_QUIET, (help), NULL, NULL }
#define DLT_OPTION_END		{ NULL, 0, NULL, 0, NULL, NULL, NULL }

struct dlt_cmd {
	const char		*name;		/* "classify", or "rules check" */
	const char		*usage;		/* after "dltriage <name> " */
	const char		*summary;	/* one line, lower case, no full stop */
	int			 flags;
	const struct dlt_option	*options;	/* ends with DLT_OPTION_END; or NULL */
	int			(*exec)(struct dlt_ctx *, int argc, char **argv);
	/*
	 * NULL, or checks the operands before anything is set up: 0, or -1
	 * after saying what is wrong (the dispatcher adds the usage).
	 */
	int			(*check_args)(int argc, char **argv);
};

const struct dlt_cmd	*dlt_cmd_find(const char *name);
/* The nearest command name by edit distance, or NULL when none is close. */
const char		*dlt_cmd_suggest(const char *name);
/* Iterate the table: NULL past the end. */
const struct dlt_cmd	*dlt_cmd_at(size_t);
/* A check_args for the commands that take no operand. */
int			 dlt_cmd_no_operands(int argc, char **argv);
/* Print "usage: dltriage <name> <usage>" to fp. */
void			 dlt_cmd_usage(const struct dlt_cmd *, void *fp);
/*
 * Print the usage, the summary and every option, one line each (what
 * "COMMAND --help" and "help COMMAND" show) to fp.
 */
void			 dlt_cmd_print_help(const struct dlt_cmd *, void *fp);
/*
 * Run cmd on argv (argv[0] is the command's last word: "classify", or
 * "check" of "rules check"): parse the options, act on the flags, call
 * exec.  Returns an enum dlt_exit.
 */
int			 dlt_cmd_dispatch(const struct dlt_cmd *, int argc, char **argv);
/*
 * The next option of the command's own, in command-line order: its id,
 * with *arg set to its value (NULL when it takes none); -1 after the last.
 */
int			 dlt_cmd_next_option(struct dlt_ctx *, const char **arg);

extern const struct dlt_cmd dlt_cmd_buckets;
extern const struct dlt_cmd dlt_cmd_corpus_check;
extern const struct dlt_cmd dlt_cmd_corpus_eval;
extern const struct dlt_cmd dlt_cmd_corpus_train;
extern const struct dlt_cmd dlt_cmd_export;
extern const struct dlt_cmd dlt_cmd_help;
extern const struct dlt_cmd dlt_cmd_merge;
extern const struct dlt_cmd dlt_cmd_mutate;
extern const struct dlt_cmd dlt_cmd_report;
extern const struct dlt_cmd dlt_cmd_reproduce;
extern const struct dlt_cmd dlt_cmd_run;
extern const struct dlt_cmd dlt_cmd_show;
extern const struct dlt_cmd dlt_cmd_triage;
extern const struct dlt_cmd dlt_cmd_tui;
extern const struct dlt_cmd dlt_cmd_classify;
extern const struct dlt_cmd dlt_cmd_rules_check;
extern const struct dlt_cmd dlt_cmd_rules_test;
extern const struct dlt_cmd dlt_cmd_rules_list;
extern const struct dlt_cmd dlt_cmd_rules_schema;

#endif
