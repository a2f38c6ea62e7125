/* ctx.c: the command context; see ctx.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctx.h"
#include "datadir.h"
#include "diag.h"
#include "error.h"
#include "store.h"
#include "xmalloc.h"

void
dlt_ctx_add_rule_path(struct dlt_ctx *ctx, const char *path)
{
	XGROW(ctx->rule_paths, ctx->nrule_paths + 1, ctx->rule_paths_alloc);
	ctx->rule_paths[ctx->nrule_paths++] = xstrdup(path);
}

int
dlt_ctx_load_rules(struct dlt_ctx *ctx)
{
	struct dlt_diags		 probs = DLT_DIAGS_INIT;
	char				**paths;
	size_t				  n = 0, i;
	const char			 *env;
	char				 *shipped, *p, *save, *copy;
	int				  rc;

	paths = xcalloc(ctx->nrule_paths + 64, sizeof *paths);
	if (!ctx->no_default_rules) {
		shipped = xasprintf("%s/rules", dlt_datadir());
		paths[n++] = shipped;
	}
	env = getenv("DLTRIAGE_RULES");
	if (env != NULL && *env != '\0') {
		copy = xstrdup(env);
		for (p = strtok_r(copy, ":", &save); p != NULL && n < 48;
		    p = strtok_r(NULL, ":", &save))
			paths[n++] = xstrdup(p);
		free(copy);
	}
	for (i = 0; i < ctx->nrule_paths; i++)
		paths[n++] = xstrdup(ctx->rule_paths[i]);
	dlt_error_set_context(n > 0 ? paths[0] : NULL, ctx->db_path);
	rc = dlt_ruleset_load(&ctx->rules, (const char *const *)paths, n, &probs);
	if (rc != 0) {
		dlt_diags_print(&probs, stderr);
		dlt_error("%zu problem%s in rule files", probs.n, probs.n == 1 ? "" : "s");
	} else
		ctx->rules_loaded = 1;
	dlt_diags_release(&probs);
	for (i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
	return (rc);
}

void
dlt_ctx_release(struct dlt_ctx *ctx)
{
	size_t	i;

	if (ctx->rules_loaded)
		dlt_ruleset_release(&ctx->rules);
	ctx->rules_loaded = 0;
	if (ctx->store != NULL)
		dlt_store_close(ctx->store);
	ctx->store = NULL;
	for (i = 0; i < ctx->nrule_paths; i++)
		free(ctx->rule_paths[i]);
	free(ctx->rule_paths);
	ctx->rule_paths = NULL;
	ctx->nrule_paths = ctx->rule_paths_alloc = 0;
	free(ctx->opts);
	ctx->opts = NULL;
	ctx->nopts = ctx->opts_alloc = ctx->next_opt = 0;
}
