/*
 * cmd-reproduce.c: "dltriage reproduce ID", which runs one recorded
 * execution of a campaign again, in a fresh process, classifies what it
 * printed by the same rules and says whether the failure came back; with
 * --script FILE it writes a standalone Python script that rebuilds the
 * mutant and shows the failure instead.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "command.h"
#include "ctx.h"
#include "error.h"
#include "exitcode.h"
#include "runner-campaign.h"
#include "runner-repro.h"
#include "strbuf.h"
#include "vocab.h"
#include "xmalloc.h"

static int	cmd_reproduce_exec(struct dlt_ctx *, int, char **);
static int	check_args(int, char **);
static int	parse_id(const char *, enum dlt_repro_kind *, int64_t *, char[17]);

static const struct dlt_option reproduce_options[] = {
	DLT_OPTION_DB,
	DLT_OPTION_RULES,
	{ "timeout", 0, "DURATION", 'T',
	    "the execution's time limit (default 60s)", NULL,
	    dlt_check_duration },
	{ "memory", 0, "SIZE", 'M',
	    "the address-space cap (default 8GiB, as run's; 0: none)", NULL,
	    dlt_check_size },
	{ "script", 0, "FILE", 'S',
	    "write a standalone Python script that shows the failure; run "
	    "nothing", NULL, NULL },
	DLT_OPTION_QUIET("print nothing but errors: the exit status says"),
	DLT_OPTION_END
};

const struct dlt_cmd dlt_cmd_reproduce = {
	"reproduce",
	"ID [--timeout DURATION] [--memory SIZE] [--script FILE] [-q] --db FILE",
	"run a recorded execution again and say whether its failure comes back",
	DLT_CMD_NEEDS_RULES | DLT_CMD_NEEDS_STORE, reproduce_options,
	cmd_reproduce_exec, check_args
};

static int
check_args(int argc, char **argv)
{
	enum dlt_repro_kind	k;
	int64_t		n;
	char		b[17];

	if (argc == 0)
		return (dlt_error("no execution, failure or bucket id given"));
	if (argc > 1)
		return (dlt_error("one id at a time ('%s' is extra)", argv[1]));
	if (parse_id(argv[0], &k, &n, b) != 0) {
		char	*q = dlt_msg_quote(argv[0], strlen(argv[0]));

		dlt_error("bad id '%s': an execution id (N), failure:N, or a "
		    "bucket id (16 hex digits)", q);
		free(q);
		return (-1);
	}
	return (0);
}

/* N or execution:N, failure:N, 16 hex digits or bucket:HEX. */
static int
parse_id(const char *s, enum dlt_repro_kind *k, int64_t *n, char b[17])
{
	const char	*p;
	char		*end;
	long long	 v;
	size_t		 i;

	*n = 0;
	b[0] = '\0';
	if (strncmp(s, "bucket:", 7) == 0 || (strlen(s) == 16 &&
	    strspn(s, "0123456789abcdefABCDEF") == 16)) {
		p = strncmp(s, "bucket:", 7) == 0 ? s + 7 : s;
		if (strlen(p) != 16 || strspn(p, "0123456789abcdefABCDEF") != 16)
			return (-1);
		for (i = 0; i < 16; i++)
			b[i] = p[i] >= 'A' && p[i] <= 'F' ? p[i] - 'A' + 'a' : p[i];
		b[16] = '\0';
		*k = DLT_REPRO_BUCKET;
		return (0);
	}
	if (strncmp(s, "failure:", 8) == 0) {
		*k = DLT_REPRO_FAILURE;
		p = s + 8;
	} else {
		*k = DLT_REPRO_EXECUTION;
		p = strncmp(s, "execution:", 10) == 0 ? s + 10 : s;
	}
	if (*p < '0' || *p > '9')
		return (-1);
	errno = 0;
	v = strtoll(p, &end, 10);
	if (errno != 0 || *end != '\0' || v <= 0)
		return (-1);
	*n = v;
	return (0);
}

static int
cmd_reproduce_exec(struct dlt_ctx *ctx, int argc, char **argv)
{
	struct dlt_repro r;
	enum dlt_repro_kind	 k;
	const char	*arg, *script = NULL;
	double		 timeout = 60;
	uint64_t	 memory = UINT64_MAX;
	int64_t		 n;
	char		 bucket[17];
	int		 id, rc, status, ok;

	(void)argc;
	while ((id = dlt_cmd_next_option(ctx, &arg)) != -1) {
		switch (id) {
		case 'T':
			timeout = dlt_parse_duration(arg);
			break;
		case 'S':
			script = arg;
			break;
		case 'M':
			memory = dlt_parse_size(arg, &ok);
			break;
		}
	}
	if (ctx->db_path == NULL || ctx->store == NULL) {
		dlt_error("'reproduce' needs a store (--db FILE or DLTRIAGE_DB)");
		dlt_cmd_usage(&dlt_cmd_reproduce, stderr);
		return (DLT_EXIT_USAGE);
	}
	if (parse_id(argv[0], &k, &n, bucket) != 0)
		return (DLT_EXIT_USAGE);
	memset(&r, 0, sizeof r);
	r.st = ctx->store;
	r.db = ctx->db_path;
	r.quiet = ctx->quiet;
	rc = dlt_repro_resolve(&r, k, n, bucket);
	if (rc < 0)
		status = DLT_EXIT_STORE;
	else if (rc > 0)
		status = DLT_EXIT_USAGE;
	else if (script != NULL)
		status = dlt_repro_write_script(&r, script);
	else if (r.have_f && r.f.execution_id == 0) {
		dlt_error("failure %" PRId64 " is the oracles' finding about "
		    "several frameworks (%s): reproduce runs one execution; "
		    "--script FILE writes a script that runs them all", r.f.id,
		    r.f.framework != NULL ? r.f.framework : "?");
		status = DLT_EXIT_USAGE;
	} else if (!r.have_f && r.nbuckets == 0 &&
	    strcmp(r.x.status, "ok") == 0) {
		if (!r.quiet)
			printf("execution %" PRId64 " (%s mutant %ld on %s) ran ok "
			    "and has no failure: nothing to reproduce\n", r.x.id,
			    r.x.model, r.x.ordinal, r.x.framework);
		status = DLT_EXIT_FINDINGS;
	} else
		status = dlt_repro_rerun(&r, &ctx->rules, timeout, memory);
	dlt_repro_release(&r);
	return (status);
}
