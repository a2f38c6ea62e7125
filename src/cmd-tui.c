/*
 * cmd-tui.c: "dltriage tui [--db FILE]", the triager's screen: the
 * unique defects worst first, the failures of one, the log of one with
 * its evidence, its mutant and its nearest known defects, and the
 * campaign live; triage decisions written to the store at once.
 *
 * The testing aid --dump-screen runs the same model without a terminal:
 * it takes the keys of --keys, then prints the screen (tests/t3007).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "command.h"
#include "ctx.h"
#include "error.h"
#include "exitcode.h"
#include "store-show.h"
#include "store.h"
#include "strbuf.h"
#include "tui-crt.h"
#include "tui-errlog.h"
#include "tui-grid.h"
#include "tui.h"

#define TUI_DUMP_W	100
#define TUI_DUMP_H	30
#define TUI_DUMP_TICKS	100000	/* ticks after a key, at most, in a dump */

static int	cmd_tui_exec(struct dlt_ctx *, int, char **);
static int	check_size(const char *);
static int	parse_size(const char *, int *, int *);
static int	load_rules(void *, const struct dlt_ruleset **);
static int	dump(struct tui *, const char *, int, int, int);

static const struct dlt_option tui_options[] = {
	{ "db", 0, "FILE", DLT_OPT_DB,
	    "the store to browse (or $DLTRIAGE_DB)", NULL, NULL },
	DLT_OPTION_RULES,
	{ "dump-screen", 0, NULL, 'd',
	    "testing aid: no terminal; take --keys, print the screen", NULL,
	    NULL },
	{ "keys", 0, "KEYS", 'k', "with --dump-screen: the keys to take",
	    NULL, NULL },
	{ "size", 0, "WxH", 's',
	    "with --dump-screen: the screen's size (default 100x30)", NULL,
	    check_size },
	{ "attributes", 0, NULL, 'a',
	    "with --dump-screen: print each row's attributes too", NULL, NULL },
	DLT_OPTION_END
};

const struct dlt_cmd dlt_cmd_tui = {
	"tui",
	"[--db FILE]\n"
	"       [--dump-screen [--keys KEYS] [--size WxH] [--attributes]]",
	"browse and triage the unique defects of a store on the terminal",
	0, tui_options, cmd_tui_exec, dlt_cmd_no_operands
};

static int
parse_size(const char *s, int *w, int *h)
{
	char	*end;
	long	 a, b;

	errno = 0;
	a = strtol(s, &end, 10);
	if (end == s || *end != 'x')
		return (-1);
	s = end + 1;
	b = strtol(s, &end, 10);
	if (end == s || *end != '\0' || errno != 0 || a < 20 || b < 4 ||
	    a > 1000 || b > 1000)
		return (-1);
	*w = (int)a;
	*h = (int)b;
	return (0);
}

static int
check_size(const char *s)
{
	int	w, h;

	if (parse_size(s, &w, &h) == 0)
		return (0);
	return (dlt_error("invalid size '%s': expected WxH, from 20x4 to "
	    "1000x1000", s));
}

/* The rule set, loaded the first time the TUI needs it. */
static int
load_rules(void *arg, const struct dlt_ruleset **rs)
{
	struct dlt_ctx	*ctx = arg;

	if (!ctx->rules_loaded && dlt_ctx_load_rules(ctx) != 0)
		return (-1);
	*rs = &ctx->rules;
	return (0);
}

/* Take the keys, then print the screen: 0, or an exit status. */
static int
dump(struct tui *t, const char *keyspec, int w, int h, int attrs)
{
	struct tui_grid	 g;
	struct strbuf	 out = STRBUF_INIT;
	int		*keys = NULL;
	size_t		 nkeys = 0, i;
	int		 n;

	if (keyspec != NULL && tui_keys_parse(keyspec, &keys, &nkeys) != 0)
		return (DLT_EXIT_USAGE);
	tui_grid_init(&g, w, h);
	/* the first screen is drawn before any key, as on a terminal */
	tui_draw(t, &g);
	for (i = 0; i < nkeys; i++) {
		if (tui_key(t, keys[i]) & TUI_QUIT)
			break;
		/* what a terminal would do between keys, to its end */
		for (n = 0; n < TUI_DUMP_TICKS && (tui_tick(t, 50) &
		    TUI_REDRAW); n++)
			;
		tui_draw(t, &g);
	}
	tui_grid_dump(&g, &out, attrs);
	fwrite(out.buf, 1, out.len, stdout);
	strbuf_release(&out);
	tui_grid_release(&g);
	free(keys);
	return (DLT_EXIT_OK);
}

static int
cmd_tui_exec(struct dlt_ctx *ctx, int argc, char **argv)
{
	struct tui_env	 env;
	struct tui	*t;
	const char	*arg, *keys = NULL, *s;
	char		*end;
	long long	 now;
	int		 id, dumping = 0, attrs = 0, w = TUI_DUMP_W;
	int		 h = TUI_DUMP_H, rc, status;

	(void)argc;
	(void)argv;
	while ((id = dlt_cmd_next_option(ctx, &arg)) != -1) {
		switch (id) {
		case 'd':
			dumping = 1;
			break;
		case 'k':
			keys = arg;
			break;
		case 's':
			/* check_size let it through */
			parse_size(arg, &w, &h);
			break;
		case 'a':
			attrs = 1;
			break;
		}
	}
	if (!dumping && (keys != NULL || attrs)) {
		dlt_error("'--keys' and '--attributes' go with '--dump-screen'");
		return (DLT_EXIT_USAGE);
	}
	if (ctx->db_path == NULL && (s = getenv("DLTRIAGE_DB")) != NULL &&
	    *s != '\0')
		ctx->db_path = s;
	if (ctx->db_path == NULL) {
		dlt_error("'tui' needs a store (--db FILE or DLTRIAGE_DB)");
		dlt_cmd_usage(&dlt_cmd_tui, stderr);
		return (DLT_EXIT_USAGE);
	}
	memset(&env, 0, sizeof env);
	/* DLTRIAGE_NOW freezes the clock (seconds since the epoch), for tests */
	if ((s = getenv("DLTRIAGE_NOW")) != NULL && *s != '\0') {
		errno = 0;
		now = strtoll(s, &end, 10);
		if (*end != '\0' || errno != 0 || now <= 0) {
			dlt_error("invalid DLTRIAGE_NOW '%s': expected seconds "
			    "since the epoch", s);
			return (DLT_EXIT_USAGE);
		}
		env.now = (time_t)now;
	}
	dlt_error_set_context(NULL, ctx->db_path);
	/* an existing store only, read-only when it must be */
	if (dlt_store_open_read(ctx->db_path, &ctx->store) != 0)
		return (DLT_EXIT_STORE);
	env.store = ctx->store;
	env.db = ctx->db_path;
	env.rules = load_rules;
	env.rules_arg = ctx;
	env.last_error = tui_errlog_last;
	if (dumping) {
		/* messages on the status line, as on a terminal, and then here */
		tui_errlog_begin();
		t = tui_new(&env, w, h);
		status = dump(t, keys, w, h, attrs);
		tui_free(t);
		tui_errlog_end();
		return (status);
	}
	tui_errlog_begin();
	t = tui_new(&env, 80, 24);
	rc = tui_crt_run(t, getenv("DLTRIAGE_TUI_READY"));
	tui_free(t);
	/* the terminal is back: now what was said meanwhile may be printed */
	tui_errlog_end();
	if (rc < 0)
		return (DLT_EXIT_USAGE);
	if (rc > 0)
		return (DLT_EXIT_INTERRUPTED);
	return (DLT_EXIT_OK);
}
