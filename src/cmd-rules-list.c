/*
 * cmd-rules-list.c: "dltriage rules list": one line per entry of the
 * loaded rule set, "section<TAB>id<TAB>file:line"; with --anchors, every
 * distinct detector anchor once, one per line (for grep -F -f).
 */
#include <getopt.h>
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
static void	list_entry(int, const struct dlt_entry_common *);
static void	list_section(const struct dlt_ruleset *, int);
static void	list_anchors(const struct dlt_ruleset *);

const struct dlt_cmd dlt_cmd_rules_list = {
	"rules list", "[--rules DIR]... [--no-default-rules] [--section NAME] [--anchors]",
	"list the entries of the rule set, or the detector anchors",
	DLT_CMD_NEEDS_RULES, cmd_rules_list_exec
};

static const struct option rules_list_longopts[] = {
	DLT_RULE_LONGOPTS,
	{ "section", required_argument, NULL, 's' },
	{ "anchors", no_argument, NULL, 'a' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
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
cmd_rules_list_exec(struct dlt_ctx *ctx, int argc, char **argv)
{
	const char	*section = NULL;
	int		 ch, rc, sec = -1, anchors = 0, i;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":h", rules_list_longopts,
	    NULL)) != -1) {
		if (dlt_cmd_rule_option(ctx, ch, optarg))
			continue;
		switch (ch) {
		case 's':
			section = optarg;
			break;
		case 'a':
			anchors = 1;
			break;
		case 'h':
			dlt_cmd_usage(&dlt_cmd_rules_list, stdout);
			return (DLT_EXIT_OK);
		case ':':
		default:
			return (dlt_cmd_bad_option(&dlt_cmd_rules_list, ch, argv));
		}
	}
	if (optind < argc) {
		dlt_error("'rules list' takes no arguments (use --rules DIR)");
		dlt_cmd_usage(&dlt_cmd_rules_list, stderr);
		return (DLT_EXIT_USAGE);
	}
	if (section != NULL && (sec = dlt_rule_section_parse(section)) < 0) {
		dlt_error("unknown section '%s' (one of detectors, frames, rules, "
		    "frameworks, ignore-frames, normalise)", section);
		return (DLT_EXIT_USAGE);
	}
	if ((rc = dlt_cmd_need_rules(ctx)) != 0)
		return (rc);
	if (anchors) {
		list_anchors(&ctx->rules);
		return (DLT_EXIT_OK);
	}
	for (i = 0; i < DLT_SEC_COUNT; i++)
		if (sec < 0 || sec == i)
			list_section(&ctx->rules, i);
	return (DLT_EXIT_OK);
}
