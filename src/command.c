/* command.c: the command table and its lookup; see command.h. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "command.h"
#include "ctx.h"
#include "error.h"
#include "exitcode.h"
#include "store.h"
#include "strbuf.h"
#include "suggest.h"
#include "vocab.h"
#include "xmalloc.h"

/*
 * The parser's view of a command's options: the rows of its table and
 * --help, and the getopt_long tables built from them.  A long option's
 * val is LONG_BASE plus its row, so that it never collides with a
 * short option's letter.
 */
struct optparse {
	const struct dlt_cmd	 *cmd;
	const struct dlt_option	**rows;
	size_t			  nrows;
	struct option		 *longopts;
	char			 *shortopts;
};
#define LONG_BASE	0x10000

static void	 optparse_init(struct optparse *, const struct dlt_cmd *);
static void	 optparse_release(struct optparse *);
static const struct dlt_option *optparse_row(const struct optparse *, int);
static int	 bad_option(const struct optparse *, int, char **);
static void	 option_left(const struct dlt_option *, struct strbuf *);
static int	 shared_option(struct dlt_ctx *, const struct dlt_option *,
		     const char *);
static int	 parse_options(struct dlt_ctx *, const struct dlt_cmd *, int,
		     char **, int *);

static const struct dlt_option help_option = {
	"help", 'h', NULL, DLT_OPT_HELP, "print this help and exit", NULL, NULL
};


/* Sorted by name; "rules" verbs sort as their full two-word names. */
static const struct dlt_cmd *const cmd_table[] = {
	&dlt_cmd_buckets,
	&dlt_cmd_classify,
	&dlt_cmd_corpus_check,
	&dlt_cmd_corpus_eval,
	&dlt_cmd_corpus_train,
	&dlt_cmd_export,
	&dlt_cmd_help,
	&dlt_cmd_merge,
	&dlt_cmd_mutate,
	&dlt_cmd_report,
	&dlt_cmd_reproduce,
	&dlt_cmd_rules_check,
	&dlt_cmd_rules_list,
	&dlt_cmd_rules_schema,
	&dlt_cmd_rules_test,
	&dlt_cmd_run,
	&dlt_cmd_show,
	&dlt_cmd_triage,
	&dlt_cmd_tui,
};
#define NCMDS (sizeof cmd_table / sizeof cmd_table[0])

const struct dlt_cmd *
dlt_cmd_at(size_t i)
{
	return (i < NCMDS ? cmd_table[i] : NULL);
}

const struct dlt_cmd *
dlt_cmd_find(const char *name)
{
	size_t	i;

	for (i = 0; i < NCMDS; i++)
		if (strcmp(cmd_table[i]->name, name) == 0)
			return (cmd_table[i]);
	return (NULL);
}


const char *
dlt_cmd_suggest(const char *name)
{
	const char	*best = NULL;
	size_t		 i, d, bestd = (size_t)-1, limit;

	limit = strlen(name) / 3 + 1;
	if (limit > 3)
		limit = 3;
	for (i = 0; i < NCMDS; i++) {
		d = dlt_edit_distance(name, cmd_table[i]->name);
		/* also compare with the last word of two-word names */
		if (strchr(cmd_table[i]->name, ' ') == NULL && d < bestd) {
			bestd = d;
			best = cmd_table[i]->name;
		} else if (strchr(cmd_table[i]->name, ' ') != NULL && d < bestd) {
			bestd = d;
			best = cmd_table[i]->name;
		}
	}
	if (strncmp(name, "rule", 4) == 0 && bestd > limit)
		return ("rules");
	return (bestd <= limit ? best : NULL);
}

int
dlt_cmd_no_operands(int argc, char **argv)
{
	if (argc > 0)
		return (dlt_error("unexpected argument '%s'", argv[0]));
	return (0);
}

void
dlt_cmd_usage(const struct dlt_cmd *cmd, void *fp)
{
	fprintf(fp, "usage: dltriage %s %s\n", cmd->name, cmd->usage);
}

static void
optparse_init(struct optparse *op, const struct dlt_cmd *cmd)
{
	const struct dlt_option	*o;
	struct strbuf		 sb = STRBUF_INIT;
	size_t			 n = 0, i, nlong = 0;

	memset(op, 0, sizeof *op);
	op->cmd = cmd;
	for (o = cmd->options; o != NULL && (o->long_name || o->short_name); o++)
		n++;
	op->rows = xcalloc(n + 1, sizeof *op->rows);
	for (i = 0; i < n; i++)
		op->rows[i] = &cmd->options[i];
	op->rows[n] = &help_option;
	op->nrows = n + 1;
	op->longopts = xcalloc(op->nrows + 1, sizeof *op->longopts);
	/* ":" first: a missing value is ':', not '?' */
	strbuf_addch(&sb, ':');
	for (i = 0; i < op->nrows; i++) {
		o = op->rows[i];
		if (o->short_name != 0) {
			strbuf_addch(&sb, o->short_name);
			if (o->metavar != NULL)
				strbuf_addch(&sb, ':');
		}
		if (o->long_name == NULL)
			continue;
		op->longopts[nlong].name = o->long_name;
		op->longopts[nlong].has_arg = o->metavar != NULL ?
		    required_argument : no_argument;
		op->longopts[nlong].val = LONG_BASE + (int)i;
		nlong++;
	}
	op->shortopts = xstrdup(sb.buf);
	strbuf_release(&sb);
}

static void
optparse_release(struct optparse *op)
{
	free(op->rows);
	free(op->longopts);
	free(op->shortopts);
}

/* The row getopt_long's return value ch stands for, or NULL. */
static const struct dlt_option *
optparse_row(const struct optparse *op, int ch)
{
	size_t	i;

	if (ch >= LONG_BASE && (size_t)(ch - LONG_BASE) < op->nrows)
		return (op->rows[ch - LONG_BASE]);
	for (i = 0; i < op->nrows; i++)
		if (op->rows[i]->short_name != 0 && op->rows[i]->short_name == ch)
			return (op->rows[i]);
	return (NULL);
}

/*
 * After getopt_long returned '?' or ':': say which option was wrong
 * (with the nearest long option for a misspelt one), print the usage.
 */
static int
bad_option(const struct optparse *op, int ch, char **argv)
{
	const struct dlt_option	 *o;
	const char		**names, *word, *hint, *eq;
	struct strbuf		  sb = STRBUF_INIT, cands = STRBUF_INIT;
	size_t			  i, n = 0, len;

	word = argv[optind - 1];
	if (ch == ':')
		dlt_error("option '%s' needs a value", word);
	else if (optopt >= LONG_BASE && (o = optparse_row(op, optopt)) != NULL)
		dlt_error("option '--%s' takes no value", o->long_name);
	else if (optopt > 0 && optopt < 0x100)
		dlt_error("unknown option '-%c'", optopt);
	else {
		/* "--formt" or "--formt=json": the name alone */
		if (strncmp(word, "--", 2) == 0)
			word += 2;
		len = (eq = strchr(word, '=')) != NULL ? (size_t)(eq - word) :
		    strlen(word);
		strbuf_add(&sb, word, len);
		names = xcalloc(op->nrows, sizeof *names);
		for (i = 0; i < op->nrows; i++) {
			if ((names[i] = op->rows[i]->long_name) == NULL)
				continue;
			if (len > 0 && strncmp(names[i], sb.buf, len) == 0) {
				strbuf_addf(&cands, "%s--%s", n > 0 ? ", " : "",
				    names[i]);
				n++;
			}
		}
		if (n > 1)
			dlt_error("option '--%s' is ambiguous (%s)", sb.buf,
			    cands.buf);
		else if ((hint = dlt_suggest(sb.buf, names, op->nrows)) != NULL)
			dlt_error("unknown option '--%s' (did you mean '--%s'?)",
			    sb.buf, hint);
		else
			dlt_error("unknown option '%s'", argv[optind - 1]);
		free(names);
	}
	strbuf_release(&sb);
	strbuf_release(&cands);
	dlt_cmd_usage(op->cmd, stderr);
	return (DLT_EXIT_USAGE);
}

/* "-o, --output DIR", "    --format table|json|csv", "-n N". */
static void
option_left(const struct dlt_option *o, struct strbuf *sb)
{
	size_t	i;

	if (o->short_name != 0)
		strbuf_addf(sb, "-%c%s", o->short_name,
		    o->long_name != NULL ? ", " : "");
	else
		strbuf_addstr(sb, "    ");
	if (o->long_name != NULL)
		strbuf_addf(sb, "--%s", o->long_name);
	if (o->metavar == NULL)
		return;
	strbuf_addch(sb, ' ');
	if (o->values == NULL) {
		strbuf_addstr(sb, o->metavar);
		return;
	}
	for (i = 0; o->values[i] != NULL; i++)
		strbuf_addf(sb, "%s%s", i > 0 ? "|" : "", o->values[i]);
}

void
dlt_cmd_print_help(const struct dlt_cmd *cmd, void *fp)
{
	struct optparse	op;
	struct strbuf	sb = STRBUF_INIT;
	size_t		i;

	dlt_cmd_usage(cmd, fp);
	fprintf(fp, "\n%s\n\n", cmd->summary);
	optparse_init(&op, cmd);
	for (i = 0; i < op.nrows; i++) {
		strbuf_reset(&sb);
		option_left(op.rows[i], &sb);
		if (sb.len > 24)
			fprintf(fp, "    %s\n    %-24s %s\n", sb.buf, "",
			    op.rows[i]->help);
		else
			fprintf(fp, "    %-24s %s\n", sb.buf, op.rows[i]->help);
	}
	optparse_release(&op);
	strbuf_release(&sb);
	/* a verb of a group is described on the group's page */
	fprintf(fp, "\nSee dltriage-%.*s(1) for the details.\n",
	    (int)strcspn(cmd->name, " "), cmd->name);
}

/* Keep a shared option in ctx; 0 when o is not one. */
static int
shared_option(struct dlt_ctx *ctx, const struct dlt_option *o, const char *arg)
{
	switch (o->id) {
	case DLT_OPT_RULES:
		dlt_ctx_add_rule_path(ctx, arg);
		return (1);
	case DLT_OPT_NO_DEFAULT_RULES:
		ctx->no_default_rules = 1;
		return (1);
	case DLT_OPT_DB:
		ctx->db_path = arg;
		return (1);
	case DLT_OPT_QUIET:
		ctx->quiet = 1;
		dlt_set_quiet(1);
		return (1);
	}
	return (0);
}

/*
 * Parse argv against cmd's table.  Returns -1 when exec is to run, with
 * *first the index of the first operand; else the exit status (--help
 * is DLT_EXIT_OK).
 */
static int
parse_options(struct dlt_ctx *ctx, const struct dlt_cmd *cmd, int argc,
    char **argv, int *first)
{
	const struct dlt_option	*o;
	struct optparse		 op;
	int			 ch, rc = -1;

	optparse_init(&op, cmd);
	optind = 0;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, op.shortopts, op.longopts,
	    NULL)) != -1) {
		if (ch == ':' || ch == '?' || (o = optparse_row(&op, ch)) == NULL) {
			rc = bad_option(&op, ch, argv);
			break;
		}
		if (o->id == DLT_OPT_HELP) {
			dlt_cmd_print_help(cmd, stdout);
			rc = DLT_EXIT_OK;
			break;
		}
		if (o->values != NULL && dlt_vocab_choose(o->long_name != NULL ?
		    o->long_name : o->metavar, optarg, o->values) < 0) {
			rc = DLT_EXIT_USAGE;
			break;
		}
		if (o->check != NULL && o->check(optarg) != 0) {
			rc = DLT_EXIT_USAGE;
			break;
		}
		if (shared_option(ctx, o, optarg))
			continue;
		XGROW(ctx->opts, ctx->nopts + 1, ctx->opts_alloc);
		ctx->opts[ctx->nopts].id = o->id;
		ctx->opts[ctx->nopts].arg = o->metavar != NULL ? optarg : NULL;
		ctx->nopts++;
	}
	*first = optind;
	optparse_release(&op);
	return (rc);
}

int
dlt_cmd_next_option(struct dlt_ctx *ctx, const char **arg)
{
	const struct dlt_optval	*v;

	if (ctx->next_opt >= ctx->nopts) {
		*arg = NULL;
		return (-1);
	}
	v = &ctx->opts[ctx->next_opt++];
	*arg = v->arg;
	return (v->id);
}

int
dlt_cmd_dispatch(const struct dlt_cmd *cmd, int argc, char **argv)
{
	struct dlt_ctx	 ctx;
	const char	*env;
	int		 rc, first, i;

	memset(&ctx, 0, sizeof ctx);
	ctx.argv0 = "dltriage";
	if ((cmd->flags & DLT_CMD_INTERACTIVE) &&
	    (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))) {
		dlt_error("'%s' needs a terminal", cmd->name);
		return (DLT_EXIT_USAGE);
	}
	if ((cmd->flags & DLT_CMD_NEEDS_STORE) &&
	    (env = getenv("DLTRIAGE_DB")) != NULL && *env != '\0')
		ctx.db_path = env;
	if ((rc = parse_options(&ctx, cmd, argc, argv, &first)) >= 0)
		goto out;
	argc -= first;
	argv += first;
	if (cmd->check_args != NULL && cmd->check_args(argc, argv) != 0) {
		dlt_cmd_usage(cmd, stderr);
		rc = DLT_EXIT_USAGE;
		goto out;
	}
	if (cmd->flags & DLT_CMD_RULE_ARGS) {
		for (i = 0; i < argc; i++)
			dlt_ctx_add_rule_path(&ctx, argv[i]);
		argc = 0;
	}
	if ((cmd->flags & DLT_CMD_NEEDS_RULES) && dlt_ctx_load_rules(&ctx) != 0) {
		rc = DLT_EXIT_RULES;
		goto out;
	}
	if ((cmd->flags & DLT_CMD_NEEDS_STORE) && ctx.db_path != NULL) {
		dlt_error_set_context(NULL, ctx.db_path);
		if (((cmd->flags & DLT_CMD_EXISTING_STORE) ?
		    dlt_store_open_existing(ctx.db_path, &ctx.store) :
		    dlt_store_open(ctx.db_path, &ctx.store)) != 0) {
			rc = DLT_EXIT_STORE;
			goto out;
		}
	}
	rc = cmd->exec(&ctx, argc, argv);
out:
	dlt_ctx_release(&ctx);
	return (rc);
}
