/*
 * export.c: reading a store for the exporters, and the filters; see
 * export.h.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "export.h"
#include "store-export.h"
#include "store-show.h"
#include "vocab.h"
#include "xmalloc.h"
#include "yaml-node.h"

const char *const dlt_export_format_names[] = {
	"json", "csv", "junit", "sarif", "html", NULL
};
const char *const dlt_export_what_names[] = { "failures", "buckets", NULL };

/* The priorities a filter takes, by the bit each stands for. */
static const char *const prio_filter_names[] = {
	"low", "medium", "high", "unknown", NULL
};

static int	 parse_list(const char *, const char *, const char *const *,
		     unsigned *);
static int	 add_failure(const struct dlt_store_member *, void *);
static int	 add_bucket(const struct dlt_store_xbucket *, void *);
static int	 add_exec(const struct dlt_store_xexec *, void *);
static int	 add_file(int64_t, const char *, const char *, void *);
static char	*dup_or_null(const char *);
static int	 name_bit(const char *, const char *const *);
static int	 keep_failure(const struct dlt_export_filter *,
		     const struct dlt_store_member *);
static int	 keep_bucket(const struct dlt_export_filter *,
		     const struct dlt_export_bucket *);
static int	 cmp_bucket_id(const void *, const void *, void *);
static void	 sort_index(size_t *, size_t, int (*)(const void *,
		     const void *, void *), void *);
static int	 cmp_exec_id(const void *, const void *, void *);
static struct dlt_export_exec *exec_find(const struct dlt_export *, int64_t);
static struct dlt_export_file *file_find(const struct dlt_export *, int64_t);
static void	 add_index(size_t **, size_t *, size_t *, size_t);

static char *
dup_or_null(const char *s)
{
	return (s != NULL ? xstrdup(s) : NULL);
}

/* The names of list, each checked against valid[], as bits of *bits. */
static int
parse_list(const char *what, const char *list, const char *const *valid,
    unsigned *bits)
{
	char	*copy, *p, *save;
	int	 i, rc = 0, any = 0;

	copy = xstrdup(list);
	for (p = strtok_r(copy, ",", &save); p != NULL;
	    p = strtok_r(NULL, ",", &save)) {
		if ((i = dlt_vocab_choose(what, p, valid)) < 0) {
			rc = -1;
			break;
		}
		*bits |= 1u << i;
		any = 1;
	}
	free(copy);
	if (rc == 0 && !any)
		return (dlt_error("no %s named in '%s'", what, list));
	return (rc);
}

int
dlt_export_parse_classes(const char *list, unsigned *bits)
{
	const char	*valid[DLT_CLASS_COUNT + 1];
	unsigned	 mask = 0;
	int		 c, n = 0;

	/* "ignore" is a rule's word, never a failure's: not offered */
	for (c = 0; c < DLT_CLASS_COUNT; c++)
		if (c != DLT_CLASS_IGNORE)
			valid[n++] = dlt_class_name(c);
	valid[n] = NULL;
	if (parse_list("class", list, valid, &mask) != 0)
		return (-1);
	for (c = 0; c < n; c++)
		if (mask & (1u << c))
			*bits |= 1u << dlt_class_parse(valid[c]);
	return (0);
}

int
dlt_export_parse_frameworks(const char *list, unsigned *bits)
{
	char	*copy, *p, *save;
	int	 fw, rc = 0, any = 0;

	copy = xstrdup(list);
	for (p = strtok_r(copy, ",", &save); p != NULL;
	    p = strtok_r(NULL, ",", &save)) {
		/* aliases too ("torch"), as --framework of classify takes */
		if ((fw = dlt_framework_parse(p, 1)) < 0) {
			(void)dlt_vocab_choose("framework", p,
			    dlt_framework_or_unknown_names);
			rc = -1;
			break;
		}
		*bits |= 1u << fw;
		any = 1;
	}
	free(copy);
	if (rc == 0 && !any)
		return (dlt_error("no framework named in '%s'", list));
	return (rc);
}

int
dlt_export_parse_priorities(const char *list, unsigned *bits)
{
	return (parse_list("priority", list, prio_filter_names, bits));
}

/* The bit of name in names[], or -1 (NULL or not there). */
static int
name_bit(const char *name, const char *const *names)
{
	int	i;

	if (name == NULL)
		return (-1);
	i = dlt_name_index(names, name);
	return (i);
}

const char *
dlt_export_framework(const struct dlt_store_member *m)
{
	if (m->framework != NULL && *m->framework != '\0')
		return (m->framework);
	if (m->exec_framework != NULL && *m->exec_framework != '\0')
		return (m->exec_framework);
	return ("unknown");
}

int
dlt_export_keep(const struct dlt_export_filter *fl, const char *cls,
    const char *framework, const char *priority)
{
	int	i;

	if (fl->classes != 0 && ((i = cls != NULL ? dlt_class_parse(cls) :
	    -1) < 0 || !(fl->classes & (1u << i))))
		return (0);
	if (fl->frameworks != 0) {
		i = framework != NULL ? dlt_framework_parse(framework, 1) : -1;
		if (i < 0)
			i = DLT_FW_UNKNOWN;
		if (!(fl->frameworks & (1u << i)))
			return (0);
	}
	if (fl->priorities != 0 && ((i = name_bit(priority,
	    prio_filter_names)) < 0 || !(fl->priorities & (1u << i))))
		return (0);
	return (1);
}

static int
keep_failure(const struct dlt_export_filter *fl,
    const struct dlt_store_member *m)
{
	return (dlt_export_keep(fl, m->cls, dlt_export_framework(m),
	    m->priority));
}

static int
keep_bucket(const struct dlt_export_filter *fl,
    const struct dlt_export_bucket *b)
{
	return (dlt_export_keep(fl, b->cls, b->framework, b->priority));
}

static int
add_failure(const struct dlt_store_member *m, void *arg)
{
	struct dlt_export	*ex = arg;
	size_t			 alloc = ex->failures_alloc;

	XGROW(ex->failures, ex->nfailures + 1, ex->failures_alloc);
	if (ex->failures_alloc != alloc)
		ex->keep = xreallocarray(ex->keep, ex->failures_alloc, 1);
	dlt_store_member_copy(&ex->failures[ex->nfailures], m);
	ex->keep[ex->nfailures] = (unsigned char)keep_failure(&ex->filter, m);
	if (ex->keep[ex->nfailures])
		ex->nkept++;
	ex->nfailures++;
	return (0);
}

static int
add_bucket(const struct dlt_store_xbucket *x, void *arg)
{
	struct dlt_export		*ex = arg;
	struct dlt_export_bucket	*b;

	XGROW(ex->buckets, ex->nbuckets + 1, ex->buckets_alloc);
	b = &ex->buckets[ex->nbuckets++];
	memset(b, 0, sizeof *b);
	b->id = xstrdup(x->id);
	b->signature = dup_or_null(x->signature);
	b->cls = dup_or_null(x->cls);
	b->kind = dup_or_null(x->kind);
	b->framework = dup_or_null(x->framework);
	b->priority = dup_or_null(x->priority);
	b->first_seen = dup_or_null(x->first_seen);
	b->last_seen = dup_or_null(x->last_seen);
	b->count = x->count;
	b->rule = dup_or_null(x->rule);
	b->frames = dup_or_null(x->frames);
	b->exc_type = dup_or_null(x->exc_type);
	b->security = x->security;
	b->keep = keep_bucket(&ex->filter, b);
	if (b->keep)
		ex->nbuckets_kept++;
	return (0);
}

static int
add_exec(const struct dlt_store_xexec *x, void *arg)
{
	struct dlt_export	*ex = arg;
	struct dlt_export_exec	*e;
	int			 fw;

	XGROW(ex->execs, ex->nexecs + 1, ex->execs_alloc);
	e = &ex->execs[ex->nexecs++];
	memset(e, 0, sizeof *e);
	e->id = x->id;
	e->mutant_id = x->mutant_id;
	e->model = dup_or_null(x->model);
	e->operator = dup_or_null(x->operator);
	e->framework = dup_or_null(x->framework);
	e->framework_version = dup_or_null(x->framework_version);
	e->status = dup_or_null(x->status);
	e->why = dup_or_null(x->why);
	e->finished_at = dup_or_null(x->finished_at);
	e->ordinal = x->ordinal;
	e->exit_code = x->exit_code;
	e->signal = x->signal;
	e->wall_ms = x->wall_ms;
	/* a target's label ("keras-torch") is no framework: kept */
	fw = e->framework != NULL ? dlt_framework_parse(e->framework, 1) : -1;
	e->keep = ex->filter.frameworks == 0 || fw < 0 ||
	    (ex->filter.frameworks & (1u << fw));
	return (0);
}

static int
add_file(int64_t id, const char *path, const char *classified_at, void *arg)
{
	struct dlt_export	*ex = arg;
	struct dlt_export_file	*f;

	XGROW(ex->files, ex->nfiles + 1, ex->files_alloc);
	f = &ex->files[ex->nfiles++];
	memset(f, 0, sizeof *f);
	f->id = id;
	f->path = xstrdup(path);
	f->classified_at = dup_or_null(classified_at);
	return (0);
}

static void
add_index(size_t **v, size_t *n, size_t *alloc, size_t i)
{
	XGROW(*v, *n + 1, *alloc);
	(*v)[(*n)++] = i;
}

static int
cmp_bucket_id(const void *a, const void *b, void *arg)
{
	const struct dlt_export	*ex = arg;

	return (strcmp(ex->buckets[*(const size_t *)a].id,
	    ex->buckets[*(const size_t *)b].id));
}

static int
cmp_exec_id(const void *a, const void *b, void *arg)
{
	const struct dlt_export	*ex = arg;
	int64_t			 x = ex->execs[*(const size_t *)a].id;
	int64_t			 y = ex->execs[*(const size_t *)b].id;

	return (x < y ? -1 : x > y);
}

static void
sort_index(size_t *v, size_t n, int (*cmp)(const void *, const void *,
    void *), void *arg)
{
	qsort_r(v, n, sizeof *v, cmp, arg);
}

struct dlt_export_bucket *
dlt_export_bucket_find(const struct dlt_export *ex, const char *id)
{
	size_t	lo = 0, hi = ex->nbuckets, mid;
	int	c;

	if (id == NULL)
		return (NULL);
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		c = strcmp(ex->buckets[ex->bucket_by_id[mid]].id, id);
		if (c == 0)
			return (&ex->buckets[ex->bucket_by_id[mid]]);
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (NULL);
}

static struct dlt_export_exec *
exec_find(const struct dlt_export *ex, int64_t id)
{
	size_t	lo = 0, hi = ex->nexecs, mid;
	int64_t	v;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		v = ex->execs[ex->exec_by_id[mid]].id;
		if (v == id)
			return (&ex->execs[ex->exec_by_id[mid]]);
		if (v < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (NULL);
}

static struct dlt_export_file *
file_find(const struct dlt_export *ex, int64_t id)
{
	size_t	lo = 0, hi = ex->nfiles, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (ex->files[mid].id == id)
			return (&ex->files[mid]);
		if (ex->files[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (NULL);
}

int
dlt_export_load(struct dlt_export *ex, struct dlt_store *st)
{
	struct dlt_export_bucket	*b;
	struct dlt_export_exec		*e;
	struct dlt_export_file		*f;
	const struct dlt_store_member	*m;
	size_t				 i;

	if (dlt_store_each_member(st, add_failure, ex) != 0 ||
	    dlt_store_each_bucket(st, add_bucket, ex) != 0 ||
	    dlt_store_each_execution(st, add_exec, ex) != 0 ||
	    dlt_store_each_file(st, add_file, ex) != 0)
		return (-1);
	ex->bucket_by_id = xcalloc(ex->nbuckets + 1, sizeof *ex->bucket_by_id);
	for (i = 0; i < ex->nbuckets; i++)
		ex->bucket_by_id[i] = i;
	sort_index(ex->bucket_by_id, ex->nbuckets, cmp_bucket_id, ex);
	ex->exec_by_id = xcalloc(ex->nexecs + 1, sizeof *ex->exec_by_id);
	for (i = 0; i < ex->nexecs; i++)
		ex->exec_by_id[i] = i;
	sort_index(ex->exec_by_id, ex->nexecs, cmp_exec_id, ex);
	/* each failure into its bucket, execution and file (by id order) */
	for (i = 0; i < ex->nfailures; i++) {
		m = &ex->failures[i];
		if ((b = dlt_export_bucket_find(ex, m->bucket)) != NULL)
			add_index(&b->members, &b->nmembers, &b->members_alloc,
			    i);
		if (m->execution_id != 0 &&
		    (e = exec_find(ex, m->execution_id)) != NULL)
			add_index(&e->members, &e->nmembers, &e->members_alloc,
			    i);
		if ((f = file_find(ex, m->file_id)) != NULL)
			add_index(&f->members, &f->nmembers, &f->members_alloc,
			    i);
	}
	return (0);
}

void
dlt_export_release(struct dlt_export *ex)
{
	struct dlt_export_bucket	*b;
	struct dlt_export_exec		*e;
	size_t				 i;

	for (i = 0; i < ex->nfailures; i++)
		dlt_store_member_release(&ex->failures[i]);
	free(ex->failures);
	free(ex->keep);
	for (i = 0; i < ex->nbuckets; i++) {
		b = &ex->buckets[i];
		free(b->id);
		free(b->signature);
		free(b->cls);
		free(b->kind);
		free(b->framework);
		free(b->priority);
		free(b->first_seen);
		free(b->last_seen);
		free(b->rule);
		free(b->frames);
		free(b->exc_type);
		free(b->members);
	}
	free(ex->buckets);
	free(ex->bucket_by_id);
	for (i = 0; i < ex->nexecs; i++) {
		e = &ex->execs[i];
		free(e->model);
		free(e->operator);
		free(e->framework);
		free(e->framework_version);
		free(e->status);
		free(e->why);
		free(e->finished_at);
		free(e->members);
	}
	free(ex->execs);
	free(ex->exec_by_id);
	for (i = 0; i < ex->nfiles; i++) {
		free(ex->files[i].path);
		free(ex->files[i].classified_at);
		free(ex->files[i].members);
	}
	free(ex->files);
	ex->failures = NULL;
	ex->keep = NULL;
	ex->buckets = NULL;
	ex->bucket_by_id = NULL;
	ex->execs = NULL;
	ex->exec_by_id = NULL;
	ex->files = NULL;
	ex->nfailures = ex->failures_alloc = ex->nkept = 0;
	ex->nbuckets = ex->buckets_alloc = ex->nbuckets_kept = 0;
	ex->nexecs = ex->execs_alloc = ex->nfiles = ex->files_alloc = 0;
}

