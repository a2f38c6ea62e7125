/*
 * cmd-triage.c: "dltriage triage BUCKET", which records a triager's
 * decision about a bucket (confirmed, reported upstream, a duplicate of
 * another, won't fix, a false positive, or new again), or prints the
 * decisions made so far.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bucket.h"
#include "command.h"
#include "ctx.h"
#include "error.h"
#include "exitcode.h"
#include "output-table.h"
#include "store-triage.h"
#include "strbuf.h"
#include "vocab.h"
#include "xmalloc.h"

static int	cmd_triage_exec(struct dlt_ctx *, int, char **);
static int	check_args(int, char **);
static int	check_bucket(const char *);
static int	check_url(const char *);
static int	check_author(const char *);
static int	resolve(struct dlt_store *, const char *,
		    char [DLT_BUCKET_HEXLEN + 1]);
static int	print_decision(const struct dlt_store_triage *, void *);
static int	history(struct dlt_store *, const char *);

static const struct dlt_option triage_options[] = {
	{ "db", 0, "FILE", DLT_OPT_DB,
	    "the store FILE (or $DLTRIAGE_DB)", NULL, NULL },
	{ "status", 0, "STATUS", 's', "record this decision", dlt_triage_names,
	    NULL },
	{ "duplicate-of", 0, "BUCKET", 'd',
	    "the bucket this one duplicates (with --status duplicate)", NULL,
	    check_bucket },
	{ "url", 0, "URL", 'u',
	    "where the defect was reported (needed by --status reported)",
	    NULL, check_url },
	{ "note", 0, "TEXT", 'n', "a note kept with the decision", NULL, NULL },
	{ "author", 0, "NAME", 'a', "who decided (default $USER)", NULL,
	    check_author },
	DLT_OPTION_END
};

const struct dlt_cmd dlt_cmd_triage = {
	"triage",
	"[--db FILE] BUCKET\n"
	"       [--status new|confirmed|reported|duplicate|wont-fix|false-positive]\n"
	"       [--duplicate-of BUCKET] [--url URL] [--note TEXT] [--author NAME]",
	"record a triage decision about a bucket, or show its decisions",
	DLT_CMD_NEEDS_STORE | DLT_CMD_EXISTING_STORE, triage_options,
	cmd_triage_exec, check_args
};

/* A bucket id or a prefix of one: 4 to 16 hex digits. */
static int
check_bucket(const char *arg)
{
	size_t	 len = strlen(arg);
	char	*q;

	if (len >= 4 && len <= DLT_BUCKET_HEXLEN &&
	    strspn(arg, "0123456789abcdefABCDEF") == len)
		return (0);
	q = dlt_msg_quote(arg, len);
	dlt_error("invalid bucket '%s': expected 4 to %d hex digits of a "
	    "bucket id", q, DLT_BUCKET_HEXLEN);
	free(q);
	return (-1);
}

/* One word of printable text: no blank, no control character. */
static int
check_url(const char *arg)
{
	const unsigned char	*p;
	char			*q;

	for (p = (const unsigned char *)arg; *p != '\0'; p++)
		if (*p <= ' ' || *p == 0x7f)
			break;
	if (*arg != '\0' && *p == '\0')
		return (0);
	q = dlt_msg_quote(arg, strlen(arg));
	dlt_error("invalid URL '%s': expected one word without blanks", q);
	free(q);
	return (-1);
}

static int
check_author(const char *arg)
{
	if (*arg == '\0')
		return (dlt_error("empty author"));
	return (0);
}

static int
check_args(int argc, char **argv)
{
	if (argc == 0)
		return (dlt_error("no bucket given"));
	if (argc > 1)
		return (dlt_error("unexpected argument '%s'", argv[1]));
	return (check_bucket(argv[0]));
}

/* The id a prefix stands for: 0, or an exit status after a message. */
static int
resolve(struct dlt_store *st, const char *arg, char id[DLT_BUCKET_HEXLEN + 1])
{
	char	prefix[DLT_BUCKET_HEXLEN + 1];
	size_t	i;
	int	rc;

	for (i = 0; arg[i] != '\0' && i < DLT_BUCKET_HEXLEN; i++)
		prefix[i] = arg[i] >= 'A' && arg[i] <= 'F' ?
		    (char)(arg[i] - 'A' + 'a') : arg[i];
	prefix[i] = '\0';
	if ((rc = dlt_store_bucket_resolve(st, prefix, id)) < 0)
		return (DLT_EXIT_STORE);
	return (rc == 0 ? 0 : DLT_EXIT_USAGE);
}

/* "2024-01-02T10:00:00Z  duplicate of ID  by alice: the note". */
static int
print_decision(const struct dlt_store_triage *t, void *arg)
{
	struct strbuf	 sb = STRBUF_INIT;
	char		*line;

	(void)arg;
	strbuf_addf(&sb, "%s  %s", t->decided_at != NULL ? t->decided_at : "?",
	    t->decision != NULL ? t->decision : "?");
	if (t->duplicate_of != NULL)
		strbuf_addf(&sb, " of %s", t->duplicate_of);
	if (t->url != NULL)
		strbuf_addf(&sb, " %s", t->url);
	if (t->author != NULL)
		strbuf_addf(&sb, "  by %s", t->author);
	if (t->note != NULL)
		strbuf_addf(&sb, ": %s", t->note);
	line = dlt_text_line(sb.buf);
	printf("%s\n", line);
	free(line);
	strbuf_release(&sb);
	return (0);
}

static int
history(struct dlt_store *st, const char *id)
{
	struct dlt_store_triage	t;
	int			found;

	if (dlt_store_triage_get(st, id, &t, &found) != 0)
		return (DLT_EXIT_STORE);
	printf("bucket %s: %s%s\n", id, dlt_triage_name(t.status),
	    found ? "" : " (no decision)");
	dlt_store_triage_release(&t);
	if (dlt_store_triage_history(st, id, print_decision, NULL) != 0)
		return (DLT_EXIT_STORE);
	return (DLT_EXIT_OK);
}

static int
cmd_triage_exec(struct dlt_ctx *ctx, int argc, char **argv)
{
	struct dlt_store_triage	 before;
	const char		*arg, *dup = NULL, *url = NULL, *note = NULL;
	const char		*author = NULL, *given = NULL;
	char			 id[DLT_BUCKET_HEXLEN + 1];
	char			 target[DLT_BUCKET_HEXLEN + 1];
	int			 ch, rc, found, status = -1;

	(void)argc;
	while ((ch = dlt_cmd_next_option(ctx, &arg)) != -1) {
		switch (ch) {
		case 's':
			/* the dispatcher checked it against the names */
			status = dlt_triage_parse(arg);
			break;
		case 'd':
			dup = arg;
			given = "--duplicate-of";
			break;
		case 'u':
			url = arg;
			given = "--url";
			break;
		case 'n':
			/* an empty note is no note */
			note = *arg != '\0' ? arg : NULL;
			given = "--note";
			break;
		case 'a':
			author = arg;
			given = "--author";
			break;
		}
	}
	if (status < 0 && given != NULL) {
		dlt_error("'%s' needs '--status'", given);
		dlt_cmd_usage(&dlt_cmd_triage, stderr);
		return (DLT_EXIT_USAGE);
	}
	if (status == DLT_TRIAGE_DUPLICATE && dup == NULL) {
		dlt_error("'--status duplicate' needs '--duplicate-of BUCKET'");
		return (DLT_EXIT_USAGE);
	}
	if (status != DLT_TRIAGE_DUPLICATE && dup != NULL) {
		dlt_error("'--duplicate-of' goes with '--status duplicate' only");
		return (DLT_EXIT_USAGE);
	}
	if (status == DLT_TRIAGE_REPORTED && url == NULL) {
		dlt_error("'--status reported' needs '--url URL'");
		return (DLT_EXIT_USAGE);
	}
	if (ctx->store == NULL) {
		dlt_error("no store given (--db FILE or DLTRIAGE_DB)");
		dlt_cmd_usage(&dlt_cmd_triage, stderr);
		return (DLT_EXIT_USAGE);
	}

	if ((rc = resolve(ctx->store, argv[0], id)) != 0)
		return (rc);
	if (status < 0)
		return (history(ctx->store, id));
	if (dlt_store_triage_get(ctx->store, id, &before, &found) != 0)
		return (DLT_EXIT_STORE);
	/* the same path as the TUI's decisions */
	rc = dlt_store_triage_decide(ctx->store, id, status, dup, url, note,
	    author, target);
	if (rc == 0) {
		printf("bucket %s: %s -> %s", id, dlt_triage_name(before.status),
		    dlt_triage_name(status));
		if (dup != NULL)
			printf(" of %s", target);
		putchar('\n');
	}
	dlt_store_triage_release(&before);
	if (rc < 0)
		return (DLT_EXIT_STORE);
	return (rc == 0 ? DLT_EXIT_OK : DLT_EXIT_USAGE);
}
