/*
 * cmd-rules-schema.c: "dltriage rules schema": print the rule file schema
 * (the table in rule-schema.c), one line per key.
 */
#include <stdio.h>

#include "command.h"
#include "ctx.h"
#include "error.h"
#include "exitcode.h"
#include "rule-schema.h"
#include "strbuf.h"

static int	cmd_rules_schema_exec(struct dlt_ctx *, int, char **);
static int	check_args(int, char **);
static void	schema_values(const struct dlt_schema_key *, struct strbuf *);

const struct dlt_cmd dlt_cmd_rules_schema = {
	"rules schema", "[--help]",
	"print every key of the rule file format with its type and default",
	0, NULL, cmd_rules_schema_exec, check_args
};

static void
schema_values(const struct dlt_schema_key *k, struct strbuf *sb)
{
	size_t	i;

	switch (k->type) {
	case DLT_ST_ENUM:
		for (i = 0; k->choices[i] != NULL; i++)
			strbuf_addf(sb, "%s%s", i > 0 ? "|" : "", k->choices[i]);
		break;
	case DLT_ST_BOOL:
		strbuf_addstr(sb, "true|false");
		break;
	case DLT_ST_INT:
		strbuf_addf(sb, "%.0f..%.0f", k->min, k->max);
		break;
	case DLT_ST_NUMBER:
		strbuf_addf(sb, "%g..%g", k->min, k->max);
		break;
	case DLT_ST_ID:
		strbuf_addstr(sb, "[a-z0-9][a-z0-9._-]*");
		break;
	default:
		strbuf_addstr(sb, "-");
		break;
	}
}

static int
check_args(int argc, char **argv)
{
	(void)argv;
	if (argc > 0)
		return (dlt_error("'rules schema' takes no arguments"));
	return (0);
}

static int
cmd_rules_schema_exec(struct dlt_ctx *ctx, int argc, char **argv)
{
	const struct dlt_schema_key	*k;
	struct strbuf			 values = STRBUF_INIT, req = STRBUF_INIT;
	char				 where[64];
	size_t				 i;

	(void)ctx;
	(void)argc;
	(void)argv;
	printf("%-21s %-13s %-11s %-11s %-22s %s\n", "SECTION", "KEY", "TYPE",
	    "DEFAULT", "VALUES", "DESCRIPTION");
	for (i = 0; i < dlt_schema_count; i++) {
		k = &dlt_schema_table[i];
		strbuf_reset(&values);
		strbuf_reset(&req);
		schema_values(k, &values);
		if (k->flags & (DLT_SK_REQUIRED | DLT_SK_REQUIRED_RULE))
			strbuf_addstr(&req, "required");
		else if (k->deflt != NULL)
			strbuf_addstr(&req, k->deflt);
		else
			strbuf_addstr(&req, "-");
		printf("%-21s %-13s %-11s %-11s %-22s %s\n",
		    dlt_schema_where_name(k, where, sizeof where), k->key,
		    dlt_schema_type_name(k->type), req.buf, values.buf, k->help);
	}
	strbuf_release(&values);
	strbuf_release(&req);
	return (DLT_EXIT_OK);
}
