/*
 * model-write.c: writing a model as IR YAML (dltriage-model(5)) that
 * dlt_model_load reads back to the same model: keys in a fixed order,
 * attributes as one flow mapping per node, floats with enough digits to
 * round-trip, strings plain only when YAML cannot mistake them.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "error.h"
#include "model-int.h"
#include "model.h"
#include "strbuf.h"
#include "xmalloc.h"

static int	plain_safe(const char *);
static void	put_string(struct strbuf *, const char *);
static void	put_float(struct strbuf *, double);
static void	put_attr(struct strbuf *, const struct dlt_attr *);
static void	put_value(struct strbuf *, const char *);
static void	put_node(struct strbuf *, const struct dlt_node *);

/*
 * Plain when it is a simple word that YAML reads back as the same
 * string: not a number, boolean or null, no indicator characters.
 */
static int
plain_safe(const char *s)
{
	static const char *const special[] = {
		"true", "false", "yes", "no", "on", "off", "y", "n", "null", "~",
		NULL
	};
	const char	*p;
	size_t		 i;

	if (s[0] == '\0' || strlen(s) > 200)
		return (0);
	if (!((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') ||
	    s[0] == '_'))
		return (0);
	for (p = s; *p != '\0'; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || *p == '_' || *p == '-' || *p == '.'))
			return (0);
	for (i = 0; special[i] != NULL; i++)
		if (strcasecmp(s, special[i]) == 0)
			return (0);
	return (1);
}

static void
put_string(struct strbuf *sb, const char *s)
{
	const unsigned char	*p;

	if (plain_safe(s)) {
		strbuf_addstr(sb, s);
		return;
	}
	strbuf_addch(sb, '"');
	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		switch (*p) {
		case '"':
			strbuf_addstr(sb, "\\\"");
			break;
		case '\\':
			strbuf_addstr(sb, "\\\\");
			break;
		case '\n':
			strbuf_addstr(sb, "\\n");
			break;
		case '\t':
			strbuf_addstr(sb, "\\t");
			break;
		case '\r':
			strbuf_addstr(sb, "\\r");
			break;
		default:
			if (*p < 0x20 || *p == 0x7f)
				strbuf_addf(sb, "\\x%02x", *p);
			else
				strbuf_addch(sb, *p);
			break;
		}
	}
	strbuf_addch(sb, '"');
}

/*
 * The shortest text that reads back as v, written so that YAML 1.1
 * readers take it for a float too: a '.' always, an exponent only for
 * very small or large values, with its sign ("1.0e-05").
 */
static void
put_float(struct strbuf *sb, double v)
{
	char	buf[64], *e;
	int	prec;

	if (!isfinite(v)) {
		strbuf_addstr(sb, isnan(v) ? ".nan" : v > 0 ? ".inf" : "-.inf");
		return;
	}
	if (v == 0 || (fabs(v) >= 1e-4 && fabs(v) < 1e15)) {
		for (prec = 1; prec <= 30; prec++) {
			snprintf(buf, sizeof buf, "%.*f", prec, v);
			if (strtod(buf, NULL) == v)
				break;
		}
		strbuf_addstr(sb, buf);
		return;
	}
	for (prec = 1; prec <= 17; prec++) {
		snprintf(buf, sizeof buf, "%.*e", prec - 1, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	if ((e = strchr(buf, 'e')) != NULL && strchr(buf, '.') == NULL) {
		strbuf_add(sb, buf, (size_t)(e - buf));
		strbuf_addstr(sb, ".0");
		strbuf_addstr(sb, e);
	} else
		strbuf_addstr(sb, buf);
}

static void
put_attr(struct strbuf *sb, const struct dlt_attr *a)
{
	size_t	i;

	strbuf_addf(sb, "%s: ", a->name);
	switch (a->type) {
	case DLT_ATTR_INT:
		strbuf_addf(sb, "%lld", (long long)a->i);
		break;
	case DLT_ATTR_FLOAT:
		put_float(sb, a->f);
		break;
	case DLT_ATTR_BOOL:
		strbuf_addstr(sb, a->i ? "true" : "false");
		break;
	case DLT_ATTR_STRING:
		put_string(sb, a->s != NULL ? a->s : "");
		break;
	case DLT_ATTR_INTS:
		dlt_dims_format(sb, a->v, a->n, 0);
		break;
	case DLT_ATTR_PAIRS:
		strbuf_addch(sb, '[');
		for (i = 0; i < a->n; i++) {
			if (i > 0)
				strbuf_addstr(sb, ", ");
			dlt_dims_format(sb, a->v + 2 * i, 2, 0);
		}
		strbuf_addch(sb, ']');
		break;
	}
}

int
dlt_model_value_is_raw(const char *v)
{
	size_t	len = strlen(v);
	char	*end;

	if (len > 0 && ((v[0] == '[' && v[len - 1] == ']') ||
	    (v[0] == '{' && v[len - 1] == '}') || plain_safe(v)))
		return (1);
	if (len > 0 && strchr("+-.0123456789", v[0]) != NULL) {
		errno = 0;
		(void)strtod(v, &end);
		if (*end == '\0' && strpbrk(v, "xXnNiI") == NULL)
			return (1);
	}
	return (0);
}

/* A mutation record value: flow collections and numbers as they are. */
static void
put_value(struct strbuf *sb, const char *v)
{
	if (dlt_model_value_is_raw(v))
		strbuf_addstr(sb, v);
	else
		put_string(sb, v);
}

static void
put_node(struct strbuf *sb, const struct dlt_node *n)
{
	const struct dlt_weight_mutation	*w;
	size_t					 i;

	strbuf_addstr(sb, "  - name: ");
	put_string(sb, n->name != NULL ? n->name : "");
	strbuf_addstr(sb, "\n    op: ");
	put_string(sb, n->op != NULL ? n->op : "");
	strbuf_addstr(sb, "\n    inputs: [");
	for (i = 0; i < n->ninputs; i++) {
		if (i > 0)
			strbuf_addstr(sb, ", ");
		put_string(sb, n->inputs[i]);
	}
	strbuf_addstr(sb, "]\n");
	if (n->nattrs > 0) {
		strbuf_addstr(sb, "    attrs: {");
		for (i = 0; i < n->nattrs; i++) {
			if (i > 0)
				strbuf_addstr(sb, ", ");
			put_attr(sb, &n->attrs[i]);
		}
		strbuf_addstr(sb, "}\n");
	}
	if (n->dtype >= 0)
		strbuf_addf(sb, "    dtype: %s\n", dlt_dtype_name(n->dtype));
	if (n->nwmut > 0) {
		strbuf_addstr(sb, "    weight_mutations:\n");
		for (i = 0; i < n->nwmut; i++) {
			w = &n->wmut[i];
			strbuf_addstr(sb, "      - {op: ");
			put_string(sb, w->op != NULL ? w->op : "");
			if (w->param != NULL) {
				strbuf_addstr(sb, ", param: ");
				put_string(sb, w->param);
			}
			strbuf_addstr(sb, ", scale: ");
			put_float(sb, w->scale);
			strbuf_addstr(sb, ", fraction: ");
			put_float(sb, w->fraction);
			if (w->nneurons > 0) {
				strbuf_addstr(sb, ", neurons: ");
				dlt_dims_format(sb, w->neurons, w->nneurons, 0);
			}
			strbuf_addf(sb, ", seed: %llu}\n", (unsigned long long)w->seed);
		}
	}
}

int
dlt_model_write(const struct dlt_model *m, FILE *fp)
{
	struct strbuf			 sb = STRBUF_INIT;
	const struct dlt_model_input	*in;
	const struct dlt_mutation_info	*mi;
	size_t				 i;
	int				 rc = 0;

	strbuf_addstr(&sb, "model: ");
	put_string(&sb, m->name != NULL ? m->name : "");
	strbuf_addch(&sb, '\n');
	if (m->description != NULL) {
		strbuf_addstr(&sb, "description: ");
		put_string(&sb, m->description);
		strbuf_addch(&sb, '\n');
	}
	if (m->source != NULL) {
		strbuf_addstr(&sb, "source: ");
		put_string(&sb, m->source);
		strbuf_addch(&sb, '\n');
	}
	strbuf_addf(&sb, "seed: %llu\n", (unsigned long long)m->seed);
	if (m->has_published) {
		strbuf_addstr(&sb, "published:\n");
		if (m->pub_params >= 0)
			strbuf_addf(&sb, "  params: %lld\n", (long long)m->pub_params);
		strbuf_addf(&sb, "  counts: %s\n", m->pub_counts_trainable ?
		    "trainable" : "all");
		if (m->pub_output.rank > 0) {
			strbuf_addstr(&sb, "  output: ");
			dlt_dims_format(&sb, m->pub_output.dim,
			    (size_t)m->pub_output.rank, 0);
			strbuf_addch(&sb, '\n');
		}
	}
	strbuf_addstr(&sb, "inputs:\n");
	for (i = 0; i < m->ninputs; i++) {
		in = &m->inputs[i];
		strbuf_addstr(&sb, "  - name: ");
		put_string(&sb, in->name != NULL ? in->name : "");
		strbuf_addstr(&sb, "\n    shape: ");
		dlt_dims_format(&sb, in->shape.dim, (size_t)in->shape.rank, 0);
		strbuf_addf(&sb, "\n    dtype: %s\n", dlt_dtype_name(in->dtype));
		if (in->has_range) {
			strbuf_addstr(&sb, "    range: [");
			put_float(&sb, in->range[0]);
			strbuf_addstr(&sb, ", ");
			put_float(&sb, in->range[1]);
			strbuf_addstr(&sb, "]\n");
		}
		if (in->fill != NULL)
			strbuf_addf(&sb, "    fill: %s\n", in->fill);
		if (in->fill != NULL && in->has_fill_at)
			strbuf_addf(&sb, "    fill_at: %lld\n",
			    (long long)in->fill_at);
	}
	strbuf_addstr(&sb, "nodes:\n");
	for (i = 0; i < m->nnodes; i++)
		put_node(&sb, &m->nodes[i]);
	strbuf_addstr(&sb, "outputs: [");
	for (i = 0; i < m->noutputs; i++) {
		if (i > 0)
			strbuf_addstr(&sb, ", ");
		put_string(&sb, m->outputs[i]);
	}
	strbuf_addstr(&sb, "]\n");
	if ((mi = m->mutation) != NULL) {
		strbuf_addstr(&sb, "mutation:\n");
		if (mi->parent != NULL) {
			strbuf_addstr(&sb, "  parent: ");
			put_string(&sb, mi->parent);
			strbuf_addch(&sb, '\n');
		}
		if (mi->op != NULL) {
			strbuf_addstr(&sb, "  operator: ");
			put_string(&sb, mi->op);
			strbuf_addch(&sb, '\n');
		}
		if (mi->position != NULL) {
			strbuf_addstr(&sb, "  position: ");
			put_value(&sb, mi->position);
			strbuf_addch(&sb, '\n');
		}
		if (mi->nparams > 0) {
			strbuf_addstr(&sb, "  params: {");
			for (i = 0; i < mi->nparams; i++) {
				if (i > 0)
					strbuf_addstr(&sb, ", ");
				put_string(&sb, mi->params[i].key);
				strbuf_addstr(&sb, ": ");
				put_value(&sb, mi->params[i].value != NULL ?
				    mi->params[i].value : "");
			}
			strbuf_addstr(&sb, "}\n");
		}
		strbuf_addf(&sb, "  seed: %llu\n", (unsigned long long)mi->seed);
		if (mi->repaired != NULL) {
			strbuf_addstr(&sb, "  repaired: ");
			put_string(&sb, mi->repaired);
			strbuf_addch(&sb, '\n');
		}
	}
	if (fwrite(sb.buf, 1, sb.len, fp) != sb.len)
		rc = -1;
	strbuf_release(&sb);
	return (rc);
}

int
dlt_model_write_file(const struct dlt_model *m, const char *path)
{
	FILE	*fp;
	int	 rc;

	if ((fp = fopen(path, "w")) == NULL)
		return (dlt_error_errno("cannot create '%s'", path));
	rc = dlt_model_write(m, fp);
	if (fflush(fp) != 0 || ferror(fp))
		rc = -1;
	if (fclose(fp) != 0)
		rc = -1;
	if (rc != 0)
		return (dlt_error_errno("cannot write '%s'", path));
	return (0);
}
