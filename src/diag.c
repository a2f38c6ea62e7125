/* diag.c: collected problems in user files; see diag.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "xmalloc.h"

struct dlt_diag_count {
	char	*file;		/* NULL for problems without a file */
	size_t	 n;
};

struct diag_order {
	const struct dlt_diag	*d;
	size_t			 rank;	/* of the file, by its first problem */
	size_t			 index;
};

static int			 same_file(const char *, const char *);
static struct dlt_diag_count	*count_of(struct dlt_diags *, const char *);
static const struct dlt_diag_count *count_find(const struct dlt_diags *,
				     const char *);
static void			 push(struct dlt_diags *, const char *, int, int,
				     enum dlt_severity, int, char *);
static int			 compare_order(const void *, const void *);

static const char *const severity_names[] = { "error", "warning", "note" };

void
dlt_diags_init(struct dlt_diags *ds)
{
	memset(ds, 0, sizeof *ds);
}

void
dlt_diags_release(struct dlt_diags *ds)
{
	size_t	i;

	for (i = 0; i < ds->n; i++) {
		free(ds->v[i].file);
		free(ds->v[i].message);
	}
	free(ds->v);
	for (i = 0; i < ds->ncounts; i++)
		free(ds->counts[i].file);
	free(ds->counts);
	memset(ds, 0, sizeof *ds);
}

static int
same_file(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return (a == b);
	return (strcmp(a, b) == 0);
}

static const struct dlt_diag_count *
count_find(const struct dlt_diags *ds, const char *file)
{
	size_t	i;

	/* Problems come in runs per file: look at the latest first. */
	for (i = ds->ncounts; i > 0; i--)
		if (same_file(ds->counts[i - 1].file, file))
			return (&ds->counts[i - 1]);
	return (NULL);
}

static struct dlt_diag_count *
count_of(struct dlt_diags *ds, const char *file)
{
	struct dlt_diag_count	*c;

	if ((c = (struct dlt_diag_count *)count_find(ds, file)) != NULL)
		return (c);
	XGROW(ds->counts, ds->ncounts + 1, ds->counts_alloc);
	c = &ds->counts[ds->ncounts++];
	c->file = file != NULL ? xstrdup(file) : NULL;
	c->n = 0;
	return (c);
}

static void
push(struct dlt_diags *ds, const char *file, int line, int col,
    enum dlt_severity sev, int code, char *message)
{
	struct dlt_diag	*d;

	XGROW(ds->v, ds->n + 1, ds->alloc);
	d = &ds->v[ds->n++];
	d->file = file != NULL ? xstrdup(file) : NULL;
	d->line = line > 0 ? line : 0;
	d->col = line > 0 && col > 0 ? col : 0;
	d->severity = sev;
	d->code = code;
	d->message = message;
}

int
dlt_diag_vadd(struct dlt_diags *ds, const char *file, int line, int col,
    enum dlt_severity sev, int code, const char *fmt, va_list ap)
{
	struct dlt_diag_count	*c;

	c = count_of(ds, file);
	if (c->n >= DLT_DIAG_MAX_PER_FILE)
		return (0);
	push(ds, file, line, col, sev, code, xvasprintf(fmt, ap));
	if (++c->n == DLT_DIAG_MAX_PER_FILE) {
		if (file != NULL)
			push(ds, file, 0, 0, DLT_SEV_ERROR, code,
			    xstrdup("too many problems, skipping the rest of "
			    "the file"));
		else
			push(ds, NULL, 0, 0, DLT_SEV_ERROR, code,
			    xstrdup("too many problems, skipping the rest"));
	}
	return (1);
}

int
dlt_diag_add(struct dlt_diags *ds, const char *file, int line, int col,
    enum dlt_severity sev, int code, const char *fmt, ...)
{
	va_list	ap;
	int	rc;

	va_start(ap, fmt);
	rc = dlt_diag_vadd(ds, file, line, col, sev, code, fmt, ap);
	va_end(ap);
	return (rc);
}

int
dlt_diag_error(struct dlt_diags *ds, const char *file, int line, int col,
    const char *fmt, ...)
{
	va_list	ap;
	int	rc;

	va_start(ap, fmt);
	rc = dlt_diag_vadd(ds, file, line, col, DLT_SEV_ERROR, 0, fmt, ap);
	va_end(ap);
	return (rc);
}

int
dlt_diags_full(const struct dlt_diags *ds, const char *file)
{
	const struct dlt_diag_count	*c;

	c = count_find(ds, file);
	return (c != NULL && c->n >= DLT_DIAG_MAX_PER_FILE);
}

size_t
dlt_diags_count(const struct dlt_diags *ds, enum dlt_severity sev)
{
	size_t	i, n = 0;

	for (i = 0; i < ds->n; i++)
		if (ds->v[i].severity == sev)
			n++;
	return (n);
}

void
dlt_diags_take(struct dlt_diags *dst, struct dlt_diags *src)
{
	struct dlt_diag_count	*c;
	size_t			 i;

	for (i = 0; i < src->n; i++) {
		XGROW(dst->v, dst->n + 1, dst->alloc);
		dst->v[dst->n++] = src->v[i];
		c = count_of(dst, src->v[i].file);
		c->n++;
	}
	free(src->v);
	src->v = NULL;
	src->n = src->alloc = 0;
	dlt_diags_release(src);
}

static int
compare_order(const void *va, const void *vb)
{
	const struct diag_order	*a = va, *b = vb;
	long			 la, lb;

	if (a->rank != b->rank)
		return (a->rank < b->rank ? -1 : 1);
	/* problems without a line come after those of their file */
	la = a->d->line > 0 ? a->d->line : -1;
	lb = b->d->line > 0 ? b->d->line : -1;
	if (la != lb) {
		if (la < 0 || lb < 0)
			return (la < 0 ? 1 : -1);
		return (la < lb ? -1 : 1);
	}
	if (a->d->col != b->d->col)
		return (a->d->col < b->d->col ? -1 : 1);
	return (a->index < b->index ? -1 : a->index > b->index);
}

const struct dlt_diag **
dlt_diags_sorted(const struct dlt_diags *ds)
{
	struct diag_order	 *order;
	const struct dlt_diag	**out;
	const char		**firsts;
	size_t			  i, j, nranks = 0;

	if (ds->n == 0)
		return (NULL);
	order = xcalloc(ds->n, sizeof *order);
	firsts = xcalloc(ds->n, sizeof *firsts);
	for (i = 0; i < ds->n; i++) {
		order[i].d = &ds->v[i];
		order[i].index = i;
		if (i > 0 && same_file(ds->v[i].file, ds->v[i - 1].file)) {
			order[i].rank = order[i - 1].rank;
			continue;
		}
		for (j = 0; j < nranks; j++)
			if (same_file(ds->v[i].file, firsts[j]))
				break;
		if (j == nranks)
			firsts[nranks++] = ds->v[i].file;
		order[i].rank = j;
	}
	free(firsts);
	qsort(order, ds->n, sizeof *order, compare_order);
	out = xcalloc(ds->n, sizeof *out);
	for (i = 0; i < ds->n; i++)
		out[i] = order[i].d;
	free(order);
	return (out);
}

char *
dlt_diag_format(const struct dlt_diag *d)
{
	const char	*sev = "";

	if (d->severity == DLT_SEV_WARNING)
		sev = "warning: ";
	else if (d->severity == DLT_SEV_NOTE)
		sev = "note: ";
	if (d->file != NULL && d->line > 0)
		return (xasprintf("%s:%d:%d: %s%s", d->file, d->line, d->col, sev,
		    d->message));
	if (d->file != NULL)
		return (xasprintf("%s: %s%s", d->file, sev, d->message));
	return (xasprintf("dltriage: %s%s", sev, d->message));
}

void
dlt_diags_print(const struct dlt_diags *ds, FILE *fp)
{
	const struct dlt_diag	**sorted;
	char			 *s;
	size_t			  i;

	if (ds->n == 0)
		return;
	sorted = dlt_diags_sorted(ds);
	fflush(stdout);
	for (i = 0; i < ds->n; i++) {
		s = dlt_diag_format(sorted[i]);
		fprintf(fp, "%s\n", s);
		free(s);
	}
	free(sorted);
}

const char *
dlt_severity_name(enum dlt_severity sev)
{
	if ((unsigned)sev >= sizeof severity_names / sizeof severity_names[0])
		return ("error");
	return (severity_names[sev]);
}
