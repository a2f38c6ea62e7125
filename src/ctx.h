/*
 * ctx.h: what the dispatcher sets up for a command and passes down
 * (instead of globals): options shared by commands, the rule set and the
 * store, opened according to the command's flags.
 */
#ifndef DLT_CTX_H
#define DLT_CTX_H

#include <stddef.h>

#include "rules.h"

struct dlt_store;

/* A command's own option as the dispatcher found it (see command.h). */
struct dlt_optval {
	int			 id;
	const char		*arg;
};

struct dlt_ctx {
	const char		*argv0;
	/* rule directories: the shipped one first, then DLTRIAGE_RULES, then --rules */
	char			**rule_paths;
	size_t			  nrule_paths;
	size_t			  rule_paths_alloc;
	int			  no_default_rules;	/* --no-default-rules */
	struct dlt_ruleset	  rules;
	int			  rules_loaded;
	const char		 *db_path;		/* --db or DLTRIAGE_DB */
	struct dlt_store	 *store;
	int			  quiet;		/* -q */
	/* the command's own options, for dlt_cmd_next_option() */
	struct dlt_optval	 *opts;
	size_t			  nopts, opts_alloc, next_opt;
};

void		 dlt_ctx_add_rule_path(struct dlt_ctx *, const char *);
/* Load the rules named in ctx (shipped + user); prints problems; 0 or -1. */
int		 dlt_ctx_load_rules(struct dlt_ctx *);
void		 dlt_ctx_release(struct dlt_ctx *);

#endif
