/*
 * cmd-rules-list.c: "dltriage rules list": one line per entry of the
 * loaded rule set, "section<TAB>id<TAB>file:line"; with --anchors, every
 * distinct detector anchor once, one per line (for grep -F -f).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "ctx.h"
#include "error.h"
#include "exitcode.h"
#include "rule-schema.h"
#include "rules.h"
#include "xmalloc.h"

static int	cmd_rules_list_exec(struct dlt_ctx *, int, char **);
static int	check_args(int, char **);
static void	list_entry(int, const struct dlt_entry_common *);
static void	list_section(const struct dlt_ruleset *, int);
static void	list_anchors(const struct dlt_ruleset *);

static const struct dlt_option rules_list_options[] = {
	DLT_OPTION_RULES,
	{ "section", 0, "NAME", 's', "list only the entries of this section",
	    dlt_rule_section_names, NULL },
	{ "anchors", 0, NULL, 'a', "list every distinct detector anchor instead",
	    NULL, NULL },
	DLT_OPTION_END
};

const struct dlt_cmd dlt_cmd_rules_list = {
	"rules list", "[--rules DIR]... [--no-default-rules] [--section NAME] [--anchors]",
	"list the entries of the rule set, or the detector anchors",
	DLT_CMD_NEEDS_RULES, rules_list_options, cmd_rules_list_exec, check_args
};

static void
list_entry(int sec, const struct dlt_entry_common *c)
{
	printf("%s\t%s\t%s:%d\n", dlt_rule_section_name(sec), c->id, c->loc.file,
	    c->loc.line);
}

static void
list_section(const struct dlt_ruleset *s, int sec)
{
	size_t	i;

	switch (sec) {
	case DLT_SEC_DETECTORS:
		for (i = 0; i < s->ndetectors; i++)
			list_entry(sec, &s->detectors[i].c);
		break;
	case DLT_SEC_FRAMES:
		for (i = 0; i < s->nframes; i++)
			list_entry(sec, &s->frames[i].c);
		break;
	case DLT_SEC_RULES:
		for (i = 0; i < s->nrules; i++)
			list_entry(sec, &s->rules[i].c);
		break;
	case DLT_SEC_FRAMEWORKS:
		for (i = 0; i < s->nframeworks; i++)
			list_entry(sec, &s->frameworks[i].c);
		break;
	case DLT_SEC_IGNORE_FRAMES:
		for (i = 0; i < s->nignores; i++)
			list_entry(sec, &s->ignores[i].c);
		break;
	case DLT_SEC_NORMALISE:
		for (i = 0; i < s->nnormalise; i++)
			list_entry(sec, &s->normalise[i].c);
		break;
	}
}

/* Each distinct anchor once, in load order. */
static void
list_anchors(const struct dlt_ruleset *s)
{
	const char	**seen = NULL;
	size_t		  nseen = 0, alloc = 0, i, j, k;

	for (i = 0; i < s->ndetectors; i++) {
		for (j = 0; j < s->detectors[i].nanchors; j++) {
			for (k = 0; k < nseen; k++)
				if (strcmp(seen[k], s->detectors[i].anchors[j]) == 0)
					break;
			if (k < nseen)
				continue;
			XGROW(seen, nseen + 1, alloc);
			seen[nseen++] = s->detectors[i].anchors[j];
			printf("%s\n", s->detectors[i].anchors[j]);
		}
	}
	free(seen);
}

static int
check_args(int argc, char **argv)
{
	(void)argv;
	if (argc > 0)
		return (dlt_error("'rules list' takes no arguments (use --rules DIR)"));
	return (0);
}

static int
cmd_rules_list_exec(struct dlt_ctx *ctx, int argc, char **argv)
{
	const char	*arg;
	int		 id, sec = -1, anchors = 0, i;

	/* the dispatcher checked --section against the section names */
	while ((id = dlt_cmd_next_option(ctx, &arg)) != -1) {
		if (id == 's')
			sec = dlt_rule_section_parse(arg);
		else if (id == 'a')
			anchors = 1;
	}
	(void)argc;
	(void)argv;
	if (anchors) {
		list_anchors(&ctx->rules);
		return (DLT_EXIT_OK);
	}
	for (i = 0; i < DLT_SEC_COUNT; i++)
		if (sec < 0 || sec == i)
			list_section(&ctx->rules, i);
	return (DLT_EXIT_OK);
}
