/*
 * profile.c: framework constraint profiles; see profile.h.
 *
 * A profile file is a mapping:
 *
 *	framework: pytorch
 *	description: "..."
 *	releases: ["1.13.1", "2.13.0"]	# the releases it was checked on
 *	defaults:			# checks for every op that has none of
 *	  - {check: dtypes, ...}	# the same name itself
 *	ops:
 *	  conv2d:
 *	    checks:
 *	      - check: kernel_fits_padded_input
 *	        source: "where the fact comes from"
 *	        releases: ">=2.0"	# optional: only these releases
 *	    releases:			# optional: checks per release range
 *	      "<2.0":
 *	        checks: [...]
 *
 * Every op a framework supports is listed (with "{}" when nothing
 * constrains it); an op that is not listed is not supported.  The check
 * vocabulary is the table below.
 */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "datadir.h"
#include "diag.h"
#include "error.h"
#include "model.h"
#include "profile.h"
#include "strbuf.h"
#include "vocab.h"
#include "xmalloc.h"
#include "yaml-node.h"

#define MAX_VERSION_PARTS	4

/* What a check needs from its entry. */
#define F_ATTR		0x01
#define F_VALUE		0x02
#define F_ALLOWED	0x04
#define F_RANKS		0x08
#define F_DIM		0x10
#define F_DTYPES	0x20	/* allowed holds dtype names */

static const struct {
	struct dlt_check_info	info;
	int			need;
} checks[DLT_CHK_COUNT] = {
	{ { "rank", "ranks", "the first input's rank is one of ranks" }, F_RANKS },
	{ { "dtypes", "allowed",
	    "the node computes in one of the allowed floating-point dtypes (on "
	    "CPU)" },
	    F_ALLOWED | F_DTYPES },
	{ { "input_dtypes", "allowed",
	    "every input has one of the allowed dtypes" }, F_ALLOWED | F_DTYPES },
	{ { "same_input_dtypes", "",
	    "all inputs have the same dtype (no implicit promotion)" }, 0 },
	{ { "min", "attr, value [, exclusive]",
	    "the attribute (every element of a list) is at least value" },
	    F_ATTR | F_VALUE },
	{ { "max", "attr, value [, exclusive]",
	    "the attribute (every element of a list) is at most value" },
	    F_ATTR | F_VALUE },
	{ { "one_of", "attr, allowed",
	    "the attribute is one of the allowed words (a list counts as "
	    "'explicit')" }, F_ATTR | F_ALLOWED },
	{ { "kernel_fits_padded_input", "",
	    "the dilated kernel is no larger than the padded input" }, 0 },
	{ { "pool_fits_input", "",
	    "the pooling window is no larger than the padded input" }, 0 },
	{ { "groups_divide_channels", "",
	    "groups divides the input channels and the filters" }, 0 },
	{ { "same_padding_requires_stride_1", "",
	    "padding 'same' only with all strides 1" }, 0 },
	{ { "no_dilation_with_strides", "",
	    "no dilation above 1 together with a stride above 1" }, 0 },
	{ { "pad_at_most_half_kernel", "",
	    "explicit padding is at most half the effective kernel" }, 0 },
	{ { "explicit_padding_symmetric", "",
	    "explicit padding is the same before and after" }, 0 },
	{ { "broadcastable", "",
	    "the inputs' shapes broadcast (numpy rules)" }, 0 },
	{ { "same_shapes", "", "all inputs have the same shape" }, 0 },
	{ { "divides", "attr, dim",
	    "the attribute divides the first input's dimension dim" },
	    F_ATTR | F_DIM },
	{ { "nonempty_output", "",
	    "every dimension of the output is at least 1" }, 0 },
	{ { "unsupported", "[message]",
	    "the op is not available (in the releases named)" }, 0 },
};

struct pcheck {
	int	 kind;
	char	*attr;
	double	 value;
	int	 exclusive;
	char	**allowed;
	size_t	  nallowed;
	int64_t	 *ranks;
	size_t	  nranks;
	int	  dim;
	char	 *releases;	/* range, or NULL: every release */
	char	 *source;
	char	 *message;
};

struct pop {
	char		*name;
	struct pcheck	*checks;
	size_t		 nchecks, alloc;
	unsigned	 kinds;		/* bit per kind present */
};

struct dlt_profile {
	char		*path;
	char		*framework;
	char		**releases;
	size_t		  nreleases, relalloc;
	struct pop	  defaults;
	struct pop	 *ops;
	size_t		  nops, opsalloc;
};

struct loader {
	const char		*file;
	int			 problems;
	struct dlt_profile	*p;
	struct dlt_diags	*probs;
};

static int	check_framework(struct loader *, const struct ynode *);
static void	problem(struct loader *, const struct ynode *, const char *, ...)
		    DLT_PRINTF(3, 4);
static int	is_scalar(struct loader *, const struct ynode *, const char *);
static void	pcheck_release(struct pcheck *);
static void	pop_release(struct pop *);
static void	load_check(struct loader *, const struct ynode *, const char *,
		    struct pop *);
static void	load_checks(struct loader *, const struct ynode *, const char *,
		    struct pop *);
static void	load_op(struct loader *, const struct ynode *, const struct ynode *);
static int	parse_version(const char *, long *, size_t *);
static int	cmp_version(const long *, size_t, const long *, size_t);
static const struct pop *find_op(const struct dlt_profile *, const char *);
static int	value_dtype(const struct dlt_model *, int);
static const struct dlt_shape *input_shape(const struct dlt_model *,
		    const struct dlt_node *, size_t);
static int	eval_check(const struct pcheck *, const struct dlt_model *,
		    const struct dlt_node *, struct strbuf *);
static void	add_violation(struct dlt_violations *, const char *, const char *,
		    const struct dlt_node *, int, const char *);
static int	valid_name(const char *);

const struct dlt_check_info *
dlt_check_at(size_t i)
{
	if (i >= DLT_CHK_COUNT)
		return (NULL);
	return (&checks[i].info);
}

static void
problem(struct loader *l, const struct ynode *n, const char *fmt, ...)
{
	va_list	 ap;
	char	*msg;

	l->problems++;
	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	dlt_diag_error(l->probs, l->file, n != NULL ? n->line : 0,
	    n != NULL ? n->col : 0, "%s", msg);
	free(msg);
}

static int
is_scalar(struct loader *l, const struct ynode *n, const char *what)
{
	if (n->type == YNODE_SCALAR && strlen(n->scalar) == n->scalar_len)
		return (1);
	problem(l, n, "'%s' must be a scalar, not a %s", what,
	    n->type == YNODE_SCALAR ? "string with NUL bytes" :
	    ynode_type_name(n->type));
	return (0);
}

static int
valid_name(const char *s)
{
	if (*s == '\0')
		return (0);
	for (; *s != '\0'; s++) {
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
		    *s == '_' || *s == '-'))
			return (0);
	}
	return (1);
}

static void
pcheck_release(struct pcheck *c)
{
	size_t	i;

	free(c->attr);
	for (i = 0; i < c->nallowed; i++)
		free(c->allowed[i]);
	free(c->allowed);
	free(c->ranks);
	free(c->releases);
	free(c->source);
	free(c->message);
	memset(c, 0, sizeof *c);
}

static void
pop_release(struct pop *o)
{
	size_t	i;

	for (i = 0; i < o->nchecks; i++)
		pcheck_release(&o->checks[i]);
	free(o->checks);
	free(o->name);
	memset(o, 0, sizeof *o);
}

void
dlt_profile_free(struct dlt_profile *p)
{
	size_t	i;

	if (p == NULL)
		return;
	for (i = 0; i < p->nreleases; i++)
		free(p->releases[i]);
	free(p->releases);
	for (i = 0; i < p->nops; i++)
		pop_release(&p->ops[i]);
	free(p->ops);
	pop_release(&p->defaults);
	free(p->framework);
	free(p->path);
	free(p);
}

const char *
dlt_profile_framework(const struct dlt_profile *p)
{
	return (p->framework);
}

size_t
dlt_profile_nreleases(const struct dlt_profile *p)
{
	return (p->nreleases);
}

const char *
dlt_profile_release(const struct dlt_profile *p, size_t i)
{
	return (i < p->nreleases ? p->releases[i] : NULL);
}

static int
parse_version(const char *s, long *v, size_t *n)
{
	char	*end;

	*n = 0;
	for (;;) {
		if (*s < '0' || *s > '9' || *n == MAX_VERSION_PARTS)
			return (-1);
		errno = 0;
		v[(*n)++] = strtol(s, &end, 10);
		if (errno != 0)
			return (-1);
		s = end;
		if (*s == '\0')
			return (0);
		if (*s != '.')
			return (-1);
		s++;
	}
}

/* Compare on the parts both have, so that "1.13" matches "1.13.1". */
static int
cmp_version(const long *a, size_t na, const long *b, size_t nb)
{
	size_t	i;

	for (i = 0; i < na && i < nb; i++) {
		if (a[i] != b[i])
			return (a[i] < b[i] ? -1 : 1);
	}
	return (0);
}

int
dlt_release_match(const char *release, const char *range)
{
	long	 rv[MAX_VERSION_PARTS], bv[MAX_VERSION_PARTS];
	size_t	 rn, bn;
	char	*copy, *p, *save, *q;
	int	 match = 1, c, rc = 0;

	if (release != NULL && parse_version(release, rv, &rn) != 0)
		return (-1);
	copy = xstrdup(range);
	for (p = strtok_r(copy, ",", &save); p != NULL; p = strtok_r(NULL, ",", &save)) {
		while (*p == ' ')
			p++;
		q = p + strlen(p);
		while (q > p && q[-1] == ' ')
			*--q = '\0';
		if (strcmp(p, "*") == 0)
			continue;
		if (strncmp(p, ">=", 2) == 0 || strncmp(p, "<=", 2) == 0 ||
		    strncmp(p, "==", 2) == 0 || strncmp(p, "!=", 2) == 0)
			q = p + 2;
		else if (*p == '<' || *p == '>')
			q = p + 1;
		else
			q = p;
		if (parse_version(q, bv, &bn) != 0) {
			rc = -1;
			break;
		}
		if (release == NULL)
			continue;
		c = cmp_version(rv, rn, bv, bn);
		if (strncmp(p, ">=", 2) == 0)
			match &= c >= 0;
		else if (strncmp(p, "<=", 2) == 0)
			match &= c <= 0;
		else if (strncmp(p, "!=", 2) == 0)
			match &= c != 0;
		else if (*p == '>')
			match &= c > 0;
		else if (*p == '<')
			match &= c < 0;
		else
			match &= c == 0;
	}
	if (p == NULL && copy[0] == '\0')
		rc = -1;
	free(copy);
	if (rc != 0)
		return (-1);
	return (match);
}

static void
load_check(struct loader *l, const struct ynode *n, const char *range,
    struct pop *o)
{
	struct pcheck	 c;
	struct ynode	*k, *v;
	size_t		 i, j;
	int		 kind = -1, seen = 0, bad = 0;
	char		*end;

	if (n->type != YNODE_MAPPING) {
		problem(l, n, "a check must be a mapping, not a %s",
		    ynode_type_name(n->type));
		return;
	}
	memset(&c, 0, sizeof c);
	if ((v = ynode_get(n, "check")) == NULL) {
		problem(l, n, "check without a 'check' name");
		return;
	}
	if (!is_scalar(l, v, "check"))
		return;
	for (i = 0; i < DLT_CHK_COUNT; i++)
		if (strcmp(checks[i].info.name, v->scalar) == 0)
			kind = (int)i;
	if (kind < 0) {
		problem(l, v, "unknown check '%s' (see 'dltriage help mutate')",
		    v->scalar);
		return;
	}
	c.kind = kind;
	for (i = 0; i < n->n; i++) {
		k = n->keys[i];
		v = n->items[i];
		if (!is_scalar(l, k, "key")) {
			bad = 1;
			continue;
		}
		if (strcmp(k->scalar, "check") == 0)
			continue;
		if (strcmp(k->scalar, "source") == 0 && is_scalar(l, v, "source")) {
			free(c.source);
			c.source = xstrdup(v->scalar);
		} else if (strcmp(k->scalar, "message") == 0 &&
		    is_scalar(l, v, "message")) {
			free(c.message);
			c.message = xstrdup(v->scalar);
		} else if (strcmp(k->scalar, "releases") == 0 &&
		    is_scalar(l, v, "releases")) {
			if (dlt_release_match(NULL, v->scalar) < 0) {
				problem(l, v, "bad release range '%s' (like "
				    "'>=2.0' or '>=1.13,<2.0')", v->scalar);
				bad = 1;
			}
			free(c.releases);
			c.releases = xstrdup(v->scalar);
		} else if (strcmp(k->scalar, "attr") == 0 && is_scalar(l, v, "attr")) {
			free(c.attr);
			c.attr = xstrdup(v->scalar);
			seen |= F_ATTR;
		} else if (strcmp(k->scalar, "value") == 0 && is_scalar(l, v, "value")) {
			errno = 0;
			c.value = strtod(v->scalar, &end);
			if (errno != 0 || end == v->scalar || *end != '\0' ||
			    !isfinite(c.value)) {
				problem(l, v, "'value' must be a number, not '%s'",
				    v->scalar);
				bad = 1;
			}
			seen |= F_VALUE;
		} else if (strcmp(k->scalar, "dim") == 0 && is_scalar(l, v, "dim")) {
			errno = 0;
			c.dim = (int)strtol(v->scalar, &end, 10);
			if (errno != 0 || end == v->scalar || *end != '\0' ||
			    c.dim < -DLT_MAX_RANK || c.dim >= DLT_MAX_RANK) {
				problem(l, v, "'dim' must be a dimension index, not "
				    "'%s'", v->scalar);
				bad = 1;
			}
			seen |= F_DIM;
		} else if (strcmp(k->scalar, "exclusive") == 0 &&
		    is_scalar(l, v, "exclusive")) {
			if (strcmp(v->scalar, "true") == 0)
				c.exclusive = 1;
			else if (strcmp(v->scalar, "false") != 0) {
				problem(l, v, "'exclusive' must be true or false");
				bad = 1;
			}
		} else if (strcmp(k->scalar, "allowed") == 0 ||
		    strcmp(k->scalar, "ranks") == 0) {
			if (v->type != YNODE_SEQUENCE || v->n == 0) {
				problem(l, v, "'%s' must be a non-empty list",
				    k->scalar);
				bad = 1;
				continue;
			}
			for (j = 0; j < v->n; j++) {
				if (!is_scalar(l, v->items[j], k->scalar)) {
					bad = 1;
					break;
				}
			}
			if (j < v->n)
				continue;
			if (k->scalar[0] == 'a') {
				seen |= F_ALLOWED;
				if (c.allowed != NULL)
					continue;
				c.allowed = xcalloc(v->n, sizeof *c.allowed);
				for (j = 0; j < v->n; j++) {
					c.allowed[j] = xstrdup(v->items[j]->scalar);
					if ((checks[kind].need & F_DTYPES) &&
					    dlt_dtype_parse(c.allowed[j]) < 0) {
						problem(l, v->items[j],
						    "unknown dtype '%s'", c.allowed[j]);
						bad = 1;
					}
				}
				c.nallowed = v->n;
			} else {
				seen |= F_RANKS;
				if (c.ranks != NULL)
					continue;
				c.ranks = xcalloc(v->n, sizeof *c.ranks);
				for (j = 0; j < v->n; j++) {
					errno = 0;
					c.ranks[j] = strtol(v->items[j]->scalar, &end, 10);
					if (errno != 0 || *end != '\0' ||
					    c.ranks[j] < 0 || c.ranks[j] > DLT_MAX_RANK) {
						problem(l, v->items[j], "bad rank '%s'",
						    v->items[j]->scalar);
						bad = 1;
					}
				}
				c.nranks = v->n;
			}
		} else if (k->type == YNODE_SCALAR) {
			problem(l, k, "unknown key '%s' in a check (check, "
			    "source, releases, attr, value, exclusive, allowed, "
			    "ranks, dim, message)", k->scalar);
			bad = 1;
		}
	}
	if ((checks[kind].need & ~F_DTYPES & ~seen) != 0) {
		problem(l, n, "check '%s' needs %s", checks[kind].info.name,
		    checks[kind].info.fields);
		bad = 1;
	}
	if (c.source == NULL) {
		problem(l, n, "check '%s' has no 'source' (the framework source "
		    "or error message it comes from)", checks[kind].info.name);
		bad = 1;
	}
	if (range != NULL) {
		if (c.releases == NULL)
			c.releases = xstrdup(range);
		else {
			end = xasprintf("%s,%s", range, c.releases);
			free(c.releases);
			c.releases = end;
		}
	}
	if (bad) {
		pcheck_release(&c);
		return;
	}
	XGROW(o->checks, o->nchecks + 1, o->alloc);
	o->checks[o->nchecks++] = c;
	o->kinds |= 1u << kind;
}

static void
load_checks(struct loader *l, const struct ynode *n, const char *range,
    struct pop *o)
{
	size_t	i;

	if (n->type != YNODE_SEQUENCE) {
		problem(l, n, "'checks' must be a list, not a %s",
		    ynode_type_name(n->type));
		return;
	}
	for (i = 0; i < n->n; i++)
		load_check(l, n->items[i], range, o);
}

static void
load_op(struct loader *l, const struct ynode *key, const struct ynode *n)
{
	struct dlt_profile	*p = l->p;
	struct pop		 o;
	struct ynode		*k, *v, *rv, *rc;
	size_t			 i, j;

	if (!is_scalar(l, key, "op"))
		return;
	if (dlt_op_find(key->scalar) < 0) {
		problem(l, key, "unknown op '%s' (see dltriage-model(5))",
		    key->scalar);
		return;
	}
	if (find_op(p, key->scalar) != NULL) {
		problem(l, key, "op '%s' listed twice", key->scalar);
		return;
	}
	memset(&o, 0, sizeof o);
	o.name = xstrdup(key->scalar);
	if (n->type == YNODE_MAPPING) {
		for (i = 0; i < n->n; i++) {
			k = n->keys[i];
			v = n->items[i];
			if (!is_scalar(l, k, "key"))
				continue;
			if (strcmp(k->scalar, "checks") == 0)
				load_checks(l, v, NULL, &o);
			else if (strcmp(k->scalar, "source") == 0 ||
			    strcmp(k->scalar, "note") == 0)
				(void)is_scalar(l, v, k->scalar);
			else if (strcmp(k->scalar, "releases") == 0) {
				if (v->type != YNODE_MAPPING) {
					problem(l, v, "'releases' of an op must map "
					    "release ranges to checks");
					continue;
				}
				for (j = 0; j < v->n; j++) {
					if (!is_scalar(l, v->keys[j], "release range"))
						continue;
					if (dlt_release_match(NULL,
					    v->keys[j]->scalar) < 0) {
						problem(l, v->keys[j], "bad release "
						    "range '%s'", v->keys[j]->scalar);
						continue;
					}
					rv = v->items[j];
					if (rv->type != YNODE_MAPPING ||
					    (rc = ynode_get(rv, "checks")) == NULL ||
					    rv->n != 1) {
						problem(l, rv, "a release range maps "
						    "to {checks: [...]}");
						continue;
					}
					load_checks(l, rc, v->keys[j]->scalar, &o);
				}
			} else
				problem(l, k, "unknown key '%s' in op '%s' (checks, "
				    "releases, source, note)", k->scalar, o.name);
		}
	} else if (!(n->type == YNODE_SCALAR && n->scalar[0] == '\0'))
		problem(l, n, "op '%s' must map to a mapping ({} when nothing "
		    "constrains it)", o.name);
	XGROW(p->ops, p->nops + 1, p->opsalloc);
	p->ops[p->nops++] = o;
}

int
dlt_profile_load(const char *path, struct dlt_profile **out,
    struct dlt_diags *probs)
{
	struct loader		 l;
	struct dlt_profile	*p;
	struct ynode		*root = NULL, *k, *v;
	char			*err = NULL;
	size_t			 i, j;

	*out = NULL;
	if (ynode_load_file(path, &root, &err) != 0) {
		if (err != NULL)
			dlt_diag_error(probs, NULL, 0, 0, "%s:%s", path, err);
		else
			dlt_diag_error(probs, NULL, 0, 0, "cannot read profile "
			    "'%s': %s", path, strerror(errno));
		free(err);
		return (-1);
	}
	memset(&l, 0, sizeof l);
	l.file = path;
	l.probs = probs;
	p = l.p = xcalloc(1, sizeof *p);
	p->path = xstrdup(path);
	if (root == NULL || root->type != YNODE_MAPPING) {
		problem(&l, root, "a profile must be a mapping");
		goto done;
	}
	for (i = 0; i < root->n; i++) {
		k = root->keys[i];
		v = root->items[i];
		if (!is_scalar(&l, k, "key"))
			continue;
		if (strcmp(k->scalar, "framework") == 0) {
			if (!is_scalar(&l, v, "framework"))
				continue;
			if (check_framework(&l, v) != 0)
				continue;
			free(p->framework);
			p->framework = xstrdup(v->scalar);
		} else if (strcmp(k->scalar, "description") == 0 ||
		    strcmp(k->scalar, "source") == 0)
			(void)is_scalar(&l, v, k->scalar);
		else if (strcmp(k->scalar, "releases") == 0) {
			if (v->type != YNODE_SEQUENCE || v->n == 0) {
				problem(&l, v, "'releases' must be a non-empty list "
				    "of the releases the profile was checked on");
				continue;
			}
			for (j = 0; j < v->n; j++) {
				long	vv[MAX_VERSION_PARTS];
				size_t	vn;

				if (!is_scalar(&l, v->items[j], "release"))
					continue;
				if (parse_version(v->items[j]->scalar, vv, &vn) != 0) {
					problem(&l, v->items[j], "bad release '%s' "
					    "(like 2.13.0)", v->items[j]->scalar);
					continue;
				}
				XGROW(p->releases, p->nreleases + 1, p->relalloc);
				p->releases[p->nreleases++] =
				    xstrdup(v->items[j]->scalar);
			}
		} else if (strcmp(k->scalar, "defaults") == 0)
			load_checks(&l, v, NULL, &p->defaults);
		else if (strcmp(k->scalar, "ops") == 0) {
			if (v->type != YNODE_MAPPING) {
				problem(&l, v, "'ops' must be a mapping of op names");
				continue;
			}
			for (j = 0; j < v->n; j++)
				load_op(&l, v->keys[j], v->items[j]);
		} else
			problem(&l, k, "unknown key '%s' (framework, description, "
			    "source, releases, defaults, ops)", k->scalar);
	}
	if (p->framework == NULL)
		problem(&l, root, "no 'framework' name");
	if (p->nreleases == 0)
		problem(&l, root, "no 'releases' list");
done:
	ynode_free(root);
	if (l.problems > 0) {
		dlt_profile_free(p);
		return (-1);
	}
	*out = p;
	return (0);
}

/*
 * A profile's framework is a canonical name of vocab.h, as in rules:
 * "pytorch", not "torch".
 */
static int
check_framework(struct loader *l, const struct ynode *v)
{
	struct strbuf	 sb = STRBUF_INIT;
	const char	*canon, *hint;

	canon = dlt_framework_parse(v->scalar, 0) >= 0 ?
	    dlt_framework_canonical(v->scalar) : NULL;
	if (canon != NULL && strcmp(canon, v->scalar) == 0)
		return (0);
	if ((hint = dlt_framework_suggest(v->scalar)) != NULL)
		problem(l, v, "unknown framework '%s' (did you mean '%s'?)",
		    v->scalar, hint);
	else {
		dlt_framework_list(&sb, 0);
		problem(l, v, "unknown framework '%s' (frameworks: %s)",
		    v->scalar, sb.buf);
	}
	strbuf_release(&sb);
	return (-1);
}

char *
dlt_target_canonical(const char *spec)
{
	const char	*at, *canon;
	char		*name, *s;
	int		 f;

	at = strchr(spec, '@');
	name = xstrndup(spec, at != NULL ? (size_t)(at - spec) : strlen(spec));
	if ((f = dlt_framework_parse(name, 0)) < 0) {
		free(name);
		return (xstrdup(spec));
	}
	canon = dlt_framework_name(f);
	s = xasprintf("%s%s", canon, at != NULL ? at : "");
	free(name);
	return (s);
}

char *
dlt_profile_path(const char *name, const char *const *dirs, size_t ndirs)
{
	char	*path;
	FILE	*fp;
	size_t	 i;

	if (!valid_name(name))
		return (NULL);
	for (i = 0; i <= ndirs; i++) {
		if (i < ndirs)
			path = xasprintf("%s/%s.yaml", dirs[i], name);
		else
			path = xasprintf("%s/rules/frameworks/%s.yaml",
			    dlt_datadir(), name);
		if ((fp = fopen(path, "r")) != NULL) {
			fclose(fp);
			return (path);
		}
		free(path);
	}
	return (NULL);
}

static int
compare_str(const void *a, const void *b)
{
	return (strcmp(*(char *const *)a, *(char *const *)b));
}

char *
dlt_profile_names(const char *const *dirs, size_t ndirs)
{
	struct strbuf	 sb = STRBUF_INIT;
	char		**names = NULL, *dir;
	size_t		  n = 0, alloc = 0, i, len;
	DIR		 *d;
	struct dirent	 *de;

	for (i = 0; i <= ndirs; i++) {
		if (i < ndirs)
			dir = xstrdup(dirs[i]);
		else
			dir = xasprintf("%s/rules/frameworks", dlt_datadir());
		if ((d = opendir(dir)) != NULL) {
			while ((de = readdir(d)) != NULL) {
				len = strlen(de->d_name);
				if (len < 6 || de->d_name[0] == '.' ||
				    strcmp(de->d_name + len - 5, ".yaml") != 0)
					continue;
				XGROW(names, n + 1, alloc);
				names[n++] = xstrndup(de->d_name, len - 5);
			}
			closedir(d);
		}
		free(dir);
	}
	if (n > 0)
		qsort(names, n, sizeof *names, compare_str);
	for (i = 0; i < n; i++) {
		if (i == 0 || strcmp(names[i], names[i - 1]) != 0) {
			if (sb.len > 0)
				strbuf_addstr(&sb, ", ");
			strbuf_addstr(&sb, names[i]);
		}
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	if (sb.len == 0)
		strbuf_addstr(&sb, "none");
	return (strbuf_detach(&sb, NULL));
}

int
dlt_target_load(const char *spec, const char *const *dirs, size_t ndirs,
    struct dlt_profile **profile, struct dlt_target *t)
{
	struct dlt_diags	 probs = DLT_DIAGS_INIT;
	const char		*hint;
	char	*name, *at, *path, *known;
	size_t	 i;
	long	 vv[MAX_VERSION_PARTS];
	size_t	 vn;

	memset(t, 0, sizeof *t);
	*profile = NULL;
	name = dlt_target_canonical(spec);
	if ((at = strchr(name, '@')) != NULL)
		*at++ = '\0';
	if ((path = dlt_profile_path(name, dirs, ndirs)) == NULL) {
		known = dlt_profile_names(dirs, ndirs);
		if (dlt_framework_parse(name, 0) >= 0)
			dlt_error("no profile for framework '%s' (profiles: %s)",
			    name, known);
		else if ((hint = dlt_framework_suggest(name)) != NULL)
			dlt_error("unknown framework '%s' (did you mean '%s'? "
			    "profiles: %s)", name, hint, known);
		else
			dlt_error("unknown framework '%s' (profiles: %s)", name,
			    known);
		free(known);
		free(name);
		return (-1);
	}
	if (dlt_profile_load(path, profile, &probs) != 0) {
		dlt_diags_print(&probs, stderr);
		dlt_diags_release(&probs);
		free(path);
		free(name);
		return (-1);
	}
	dlt_diags_release(&probs);
	free(path);
	if (strcmp((*profile)->framework, name) != 0)
		dlt_warn("profile '%s' names framework '%s'", name,
		    (*profile)->framework);
	if (at != NULL) {
		if (parse_version(at, vv, &vn) != 0) {
			dlt_error("bad release '%s' in '%s' (like %s@2.13.0)", at,
			    spec, name);
			goto fail;
		}
		for (i = 0; i < (*profile)->nreleases; i++)
			if (dlt_release_match((*profile)->releases[i], at) == 1)
				break;
		if (i == (*profile)->nreleases)
			dlt_warn("release %s of %s is not among those its profile "
			    "was checked on", at, name);
		t->release = xstrdup(at);
	}
	t->profile = *profile;
	free(name);
	return (0);
fail:
	dlt_profile_free(*profile);
	*profile = NULL;
	free(name);
	return (-1);
}

void
dlt_target_release(struct dlt_target *t)
{
	free(t->release);
	t->release = NULL;
	t->profile = NULL;
}

void
dlt_violations_release(struct dlt_violations *vs)
{
	size_t	i;

	for (i = 0; i < vs->n; i++) {
		free(vs->v[i].framework);
		free(vs->v[i].release);
		free(vs->v[i].node);
		free(vs->v[i].message);
	}
	free(vs->v);
	memset(vs, 0, sizeof *vs);
}

static const struct pop *
find_op(const struct dlt_profile *p, const char *name)
{
	size_t	i;

	for (i = 0; i < p->nops; i++)
		if (strcmp(p->ops[i].name, name) == 0)
			return (&p->ops[i]);
	return (NULL);
}

static int
value_dtype(const struct dlt_model *m, int idx)
{
	if (idx < 0)
		return (-1);
	if ((size_t)idx < m->ninputs)
		return (m->inputs[idx].dtype);
	if ((size_t)idx - m->ninputs < m->nnodes)
		return (m->nodes[idx - m->ninputs].out_dtype);
	return (-1);
}

static const struct dlt_shape *
input_shape(const struct dlt_model *m, const struct dlt_node *nd, size_t i)
{
	int	idx;

	if (i >= nd->ninputs)
		return (NULL);
	idx = dlt_model_value_index(m, nd->inputs[i]);
	if (idx < 0)
		return (NULL);
	return (dlt_model_value_shape(m, idx));
}

/* Spatial geometry of a conv or pool node, channels last. */
struct geom {
	int	nsp;
	int64_t	in[3], k[3], s[3], d[3], pb[3], pa[3];
	int	same, explicit_pad;
};

static int
attr_list(const struct dlt_node *nd, const char *name, int64_t *out, int n,
    int64_t def)
{
	struct dlt_attr	*a;
	int		 i;

	for (i = 0; i < n; i++)
		out[i] = def;
	if ((a = dlt_node_attr(nd, name)) == NULL)
		return (0);
	if (a->type == DLT_ATTR_INT) {
		for (i = 0; i < n; i++)
			out[i] = a->i;
	} else if (a->type == DLT_ATTR_INTS && a->n == 1) {
		for (i = 0; i < n; i++)
			out[i] = a->v[0];
	} else if (a->type == DLT_ATTR_INTS && a->n == (size_t)n) {
		for (i = 0; i < n; i++)
			out[i] = a->v[i];
	}
	return (1);
}

static int
node_geom(const struct dlt_model *m, const struct dlt_node *nd,
    const char *window, struct geom *g)
{
	const struct dlt_shape	*in;
	struct dlt_attr		*a;
	int			 i, is_pool;

	memset(g, 0, sizeof *g);
	if ((in = input_shape(m, nd, 0)) == NULL || in->rank < 3 || in->rank > 5)
		return (-1);
	g->nsp = in->rank - 2;
	for (i = 0; i < g->nsp; i++)
		g->in[i] = in->dim[i + 1];
	if (dlt_node_attr(nd, window) == NULL)
		window = strcmp(window, "kernel") == 0 ? "pool" : "kernel";
	if (dlt_node_attr(nd, window) == NULL)
		return (-1);
	is_pool = strcmp(window, "pool") == 0;
	attr_list(nd, window, g->k, g->nsp, 1);
	if (!attr_list(nd, "strides", g->s, g->nsp, 1) && is_pool)
		memcpy(g->s, g->k, sizeof g->s);
	attr_list(nd, "dilation", g->d, g->nsp, 1);
	if ((a = dlt_node_attr(nd, "padding")) != NULL) {
		if (a->type == DLT_ATTR_STRING)
			g->same = strcmp(a->s, "same") == 0;
		else if (a->type == DLT_ATTR_INTS) {
			g->explicit_pad = 1;
			for (i = 0; i < g->nsp; i++)
				g->pb[i] = g->pa[i] = a->n == 1 ? a->v[0] :
				    (size_t)i < a->n ? a->v[i] : 0;
		} else if (a->type == DLT_ATTR_PAIRS) {
			g->explicit_pad = 1;
			for (i = 0; i < g->nsp && (size_t)i < a->n; i++) {
				g->pb[i] = a->v[2 * i];
				g->pa[i] = a->v[2 * i + 1];
			}
		}
	}
	return (0);
}

static void
dims(struct strbuf *sb, const int64_t *v, int n)
{
	int	i;

	for (i = 0; i < n; i++)
		strbuf_addf(sb, "%s%lld", i > 0 ? "x" : "", (long long)v[i]);
}

/* 1: the node passes; 0: it does not and *why says why. */
static int
eval_check(const struct pcheck *c, const struct dlt_model *m,
    const struct dlt_node *nd, struct strbuf *why)
{
	const struct dlt_shape	*s0, *si;
	struct dlt_attr		*a;
	struct geom		 g;
	int64_t			 eff[3], padded[3], cin, groups, filters, x;
	size_t			 i, j, nv;
	int			 k, dt, ok, r, rank;
	const char		*word;

	s0 = input_shape(m, nd, 0);
	switch (c->kind) {
	case DLT_CHK_RANK:
		if (s0 == NULL)
			return (1);
		for (i = 0; i < c->nranks; i++)
			if (c->ranks[i] == s0->rank)
				return (1);
		strbuf_addf(why, "%s expects an input of rank ", nd->op);
		for (i = 0; i < c->nranks; i++)
			strbuf_addf(why, "%s%lld", i == 0 ? "" :
			    i + 1 == c->nranks ? " or " : ", ", (long long)c->ranks[i]);
		strbuf_addf(why, ", got rank %d", s0->rank);
		return (0);
	case DLT_CHK_DTYPES:
		/* integer data is the business of input_dtypes and the IR */
		dt = nd->dtype >= 0 ? nd->dtype : nd->out_dtype;
		if (dt < 0 || dt == DLT_DT_INT32 || dt == DLT_DT_INT64)
			return (1);
		for (i = 0; i < c->nallowed; i++)
			if (dlt_dtype_parse(c->allowed[i]) == dt)
				return (1);
		strbuf_addf(why, "%s does not compute in %s on CPU", nd->op,
		    dlt_dtype_name(dt));
		return (0);
	case DLT_CHK_INPUT_DTYPES:
		for (j = 0; j < nd->ninputs; j++) {
			dt = value_dtype(m, dlt_model_value_index(m, nd->inputs[j]));
			if (dt < 0)
				continue;
			for (i = 0; i < c->nallowed; i++)
				if (dlt_dtype_parse(c->allowed[i]) == dt)
					break;
			if (i == c->nallowed) {
				strbuf_addf(why, "%s does not take %s input '%s'",
				    nd->op, dlt_dtype_name(dt), nd->inputs[j]);
				return (0);
			}
		}
		return (1);
	case DLT_CHK_SAME_INPUT_DTYPES:
		dt = -1;
		for (j = 0; j < nd->ninputs; j++) {
			k = value_dtype(m, dlt_model_value_index(m, nd->inputs[j]));
			if (j > 0 && k != dt) {
				strbuf_addf(why, "inputs of different dtypes (%s and "
				    "%s)", dlt_dtype_name(dt), dlt_dtype_name(k));
				return (0);
			}
			dt = k;
		}
		return (1);
	case DLT_CHK_MIN:
	case DLT_CHK_MAX:
		if ((a = dlt_node_attr(nd, c->attr)) == NULL)
			return (1);
		nv = a->type == DLT_ATTR_INTS ? a->n : a->type == DLT_ATTR_PAIRS ?
		    2 * a->n : 1;
		for (i = 0; i < nv; i++) {
			double	val;

			if (a->type == DLT_ATTR_FLOAT)
				val = a->f;
			else if (a->type == DLT_ATTR_INT || a->type == DLT_ATTR_BOOL)
				val = (double)a->i;
			else if (a->type == DLT_ATTR_STRING)
				return (1);
			else
				val = (double)a->v[i];
			if (c->kind == DLT_CHK_MIN)
				ok = c->exclusive ? val > c->value : val >= c->value;
			else
				ok = c->exclusive ? val < c->value : val <= c->value;
			if (!ok) {
				strbuf_addf(why, "%s %g %s %s%g", c->attr, val,
				    c->kind == DLT_CHK_MIN ? "below" : "above",
				    c->exclusive ? "or at " : "", c->value);
				return (0);
			}
		}
		return (1);
	case DLT_CHK_ONE_OF:
		if ((a = dlt_node_attr(nd, c->attr)) == NULL)
			return (1);
		word = a->type == DLT_ATTR_STRING ? a->s :
		    a->type == DLT_ATTR_BOOL ? (a->i ? "true" : "false") :
		    "explicit";
		for (i = 0; i < c->nallowed; i++)
			if (strcmp(c->allowed[i], word) == 0)
				return (1);
		strbuf_addf(why, "%s '%s' not accepted", c->attr, word);
		return (0);
	case DLT_CHK_KERNEL_FITS_PADDED_INPUT:
	case DLT_CHK_POOL_FITS_INPUT:
		if (node_geom(m, nd, c->kind == DLT_CHK_POOL_FITS_INPUT ? "pool" :
		    "kernel", &g) != 0 || g.same)
			return (1);
		ok = 1;
		for (k = 0; k < g.nsp; k++) {
			eff[k] = (g.k[k] - 1) * g.d[k] + 1;
			padded[k] = g.in[k] + g.pb[k] + g.pa[k];
			if (eff[k] > padded[k])
				ok = 0;
		}
		if (ok)
			return (1);
		strbuf_addstr(why, c->kind == DLT_CHK_POOL_FITS_INPUT ? "pool " :
		    "kernel ");
		dims(why, eff, g.nsp);
		strbuf_addstr(why, " larger than padded input ");
		dims(why, padded, g.nsp);
		return (0);
	case DLT_CHK_GROUPS_DIVIDE_CHANNELS:
		if (s0 == NULL || s0->rank < 2)
			return (1);
		cin = s0->dim[s0->rank - 1];
		groups = dlt_node_attr_int(nd, "groups", 1);
		filters = dlt_node_attr_int(nd, "filters", cin);
		if (groups >= 1 && cin % groups == 0 && filters % groups == 0)
			return (1);
		strbuf_addf(why, "groups %lld does not divide %lld input channels "
		    "and %lld filters", (long long)groups, (long long)cin,
		    (long long)filters);
		return (0);
	case DLT_CHK_SAME_PADDING_REQUIRES_STRIDE_1:
		if (node_geom(m, nd, "kernel", &g) != 0 || !g.same)
			return (1);
		for (k = 0; k < g.nsp; k++) {
			if (g.s[k] != 1) {
				strbuf_addstr(why, "padding 'same' with strides ");
				dims(why, g.s, g.nsp);
				return (0);
			}
		}
		return (1);
	case DLT_CHK_NO_DILATION_WITH_STRIDES:
		if (node_geom(m, nd, "kernel", &g) != 0)
			return (1);
		r = 0;
		ok = 0;
		for (k = 0; k < g.nsp; k++) {
			r |= g.s[k] > 1;
			ok |= g.d[k] > 1;
		}
		if (!(r && ok))
			return (1);
		strbuf_addstr(why, "dilation ");
		dims(why, g.d, g.nsp);
		strbuf_addstr(why, " with strides ");
		dims(why, g.s, g.nsp);
		return (0);
	case DLT_CHK_PAD_AT_MOST_HALF_KERNEL:
		if (node_geom(m, nd, "kernel", &g) != 0 || !g.explicit_pad)
			return (1);
		for (k = 0; k < g.nsp; k++) {
			eff[k] = (g.k[k] - 1) * g.d[k] + 1;
			if (g.pb[k] > eff[k] / 2 || g.pa[k] > eff[k] / 2) {
				strbuf_addf(why, "padding %lld more than half the "
				    "effective kernel %lld", (long long)(g.pb[k] >
				    g.pa[k] ? g.pb[k] : g.pa[k]), (long long)eff[k]);
				return (0);
			}
		}
		return (1);
	case DLT_CHK_EXPLICIT_PADDING_SYMMETRIC:
		if (node_geom(m, nd, "kernel", &g) != 0 || !g.explicit_pad)
			return (1);
		for (k = 0; k < g.nsp; k++) {
			if (g.pb[k] != g.pa[k]) {
				strbuf_addf(why, "asymmetric padding %lld/%lld",
				    (long long)g.pb[k], (long long)g.pa[k]);
				return (0);
			}
		}
		return (1);
	case DLT_CHK_BROADCASTABLE:
	case DLT_CHK_SAME_SHAPES:
		if (s0 == NULL)
			return (1);
		rank = s0->rank;
		for (j = 1; j < nd->ninputs; j++) {
			if ((si = input_shape(m, nd, j)) == NULL)
				continue;
			if (c->kind == DLT_CHK_SAME_SHAPES) {
				ok = si->rank == s0->rank;
				for (k = 0; ok && k < si->rank; k++)
					ok = si->dim[k] == s0->dim[k];
			} else {
				ok = 1;
				for (k = 1; k <= si->rank && k <= rank; k++) {
					int64_t	p = s0->dim[rank - k];
					int64_t	q = si->dim[si->rank - k];

					if (p != q && p != 1 && q != 1)
						ok = 0;
				}
			}
			if (!ok) {
				char	b1[128], b2[128];

				dlt_shape_format(s0, b1, sizeof b1);
				dlt_shape_format(si, b2, sizeof b2);
				strbuf_addf(why, "input shapes %s and %s %s", b1, b2,
				    c->kind == DLT_CHK_SAME_SHAPES ? "differ" :
				    "do not broadcast");
				return (0);
			}
		}
		return (1);
	case DLT_CHK_DIVIDES:
		if (s0 == NULL || (a = dlt_node_attr(nd, c->attr)) == NULL ||
		    a->type != DLT_ATTR_INT)
			return (1);
		k = c->dim < 0 ? s0->rank + c->dim : c->dim;
		if (k < 0 || k >= s0->rank)
			return (1);
		x = s0->dim[k];
		if (a->i > 0 && x % a->i == 0)
			return (1);
		strbuf_addf(why, "%s %lld does not divide dimension %d (%lld)",
		    c->attr, (long long)a->i, k, (long long)x);
		return (0);
	case DLT_CHK_NONEMPTY_OUTPUT:
		for (k = 0; k < nd->shape.rank; k++) {
			if (nd->shape.dim[k] < 1) {
				strbuf_addstr(why, "empty output");
				return (0);
			}
		}
		return (1);
	case DLT_CHK_UNSUPPORTED:
		strbuf_addf(why, "%s", c->message != NULL ? c->message :
		    "op not available");
		return (0);
	}
	return (1);
}

static void
add_violation(struct dlt_violations *out, const char *fw, const char *rel,
    const struct dlt_node *nd, int kind, const char *why)
{
	struct dlt_violation	*v;

	XGROW(out->v, out->n + 1, out->alloc);
	v = &out->v[out->n++];
	v->framework = xstrdup(fw);
	v->release = rel != NULL ? xstrdup(rel) : NULL;
	v->node = nd != NULL ? xstrdup(nd->name) : NULL;
	v->check = kind;
	v->message = xasprintf("%s%s%s: node '%s': %s (%s)", fw,
	    rel != NULL ? " " : "", rel != NULL ? rel : "",
	    nd != NULL ? nd->name : "?", why,
	    kind >= 0 ? checks[kind].info.name : "op not in profile");
}

static size_t
check_release(const struct dlt_profile *p, const char *rel,
    const struct dlt_model *m, struct dlt_violations *out)
{
	const struct pop	*o;
	const struct pcheck	*c;
	const struct dlt_node	*nd;
	struct strbuf		 why = STRBUF_INIT;
	size_t			 i, j, n = 0;
	int			 pass;

	for (i = 0; i < m->nnodes; i++) {
		nd = &m->nodes[i];
		if ((o = find_op(p, nd->op)) == NULL) {
			add_violation(out, p->framework, rel, nd, -1,
			    "op not supported");
			n++;
			continue;
		}
		for (j = 0; j < o->nchecks + p->defaults.nchecks; j++) {
			if (j < o->nchecks)
				c = &o->checks[j];
			else {
				c = &p->defaults.checks[j - o->nchecks];
				if (o->kinds & (1u << c->kind))
					continue;
			}
			if (c->releases != NULL && rel != NULL &&
			    dlt_release_match(rel, c->releases) != 1)
				continue;
			strbuf_reset(&why);
			pass = eval_check(c, m, nd, &why);
			if (!pass) {
				add_violation(out, p->framework, rel, nd, c->kind,
				    why.buf);
				n++;
			}
		}
	}
	strbuf_release(&why);
	return (n);
}

size_t
dlt_profile_check_model(const struct dlt_target *t, size_t nt,
    const struct dlt_model *m, struct dlt_violations *out)
{
	size_t	i, r, n = 0;

	for (i = 0; i < nt; i++) {
		if (t[i].release != NULL) {
			n += check_release(t[i].profile, t[i].release, m, out);
			continue;
		}
		for (r = 0; r < t[i].profile->nreleases; r++)
			n += check_release(t[i].profile, t[i].profile->releases[r],
			    m, out);
	}
	return (n);
}
