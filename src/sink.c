/*
 * sink.c: completing the classifier's failures, fanning them out to
 * consumers, and the output and tally consumers; see sink.h.
 */
#include <sys/stat.h>

#include <stdlib.h>
#include <string.h>

#include "bucket.h"
#include "classify.h"
#include "error.h"
#include "failure.h"
#include "output.h"
#include "priority.h"
#include "sink.h"
#include "vocab.h"
#include "xmalloc.h"

enum sink_event {
	SINK_BEGIN,
	SINK_FAILURE,
	SINK_END,
	SINK_ABORT,
	SINK_SKIP
};

/* What classify_cb needs. */
struct sink_classify {
	struct dlt_sink			*sink;
	const struct dlt_ruleset	*rules;		/* borrowed */
};

static int	sink_send(struct dlt_sink *, enum sink_event,
		    const struct dlt_failure *, enum dlt_sink_skip);
static int	classify_cb(struct dlt_failure *, void *);
static int	output_failure(void *, const struct dlt_failure *);
static int	tally_failure(void *, const struct dlt_failure *);
static int	tally_end_file(void *);
static void	tally_skip_file(void *, const char *, enum dlt_sink_skip);

void
dlt_sink_init(struct dlt_sink *sink)
{
	memset(sink, 0, sizeof *sink);
}

void
dlt_sink_release(struct dlt_sink *sink)
{
	free(sink->v);
	dlt_sink_init(sink);
}

void
dlt_sink_add(struct dlt_sink *sink, const struct dlt_sink_consumer *c)
{
	XGROW(sink->v, sink->n + 1, sink->alloc);
	sink->v[sink->n++] = *c;
	if (c->needs_hash)
		sink->needs_hash = 1;
}

/*
 * Send one event to every consumer in order; -1 (and the sink failed)
 * when a callback failed.  The file's path, size and hash are the sink's.
 */
static int
sink_send(struct dlt_sink *sink, enum sink_event ev,
    const struct dlt_failure *f, enum dlt_sink_skip why)
{
	const struct dlt_sink_consumer	*c;
	size_t				 i;
	int				 rc = 0;

	for (i = 0; i < sink->n; i++) {
		c = &sink->v[i];
		switch (ev) {
		case SINK_BEGIN:
			if (c->begin_file != NULL && c->begin_file(c->arg,
			    sink->path, sink->size, sink->hash) != 0)
				rc = -1;
			break;
		case SINK_FAILURE:
			if (c->failure != NULL && c->failure(c->arg, f) != 0)
				rc = -1;
			break;
		case SINK_END:
			if (c->end_file != NULL && c->end_file(c->arg) != 0)
				rc = -1;
			break;
		case SINK_ABORT:
			if (c->abort_file != NULL)
				c->abort_file(c->arg);
			break;
		case SINK_SKIP:
			if (c->skip_file != NULL)
				c->skip_file(c->arg, sink->path, why);
			break;
		}
	}
	if (rc != 0)
		sink->failed = 1;
	return (rc);
}

int
dlt_sink_begin_file(struct dlt_sink *sink, const char *path, int64_t size,
    uint64_t hash)
{
	sink->path = path;
	sink->size = size;
	sink->hash = hash;
	sink->begun = 1;
	return (sink_send(sink, SINK_BEGIN, NULL, 0));
}

int
dlt_sink_failure(struct dlt_sink *sink, const struct dlt_failure *f)
{
	return (sink_send(sink, SINK_FAILURE, f, 0));
}

int
dlt_sink_end_file(struct dlt_sink *sink)
{
	sink->begun = 0;
	return (sink_send(sink, SINK_END, NULL, 0));
}

void
dlt_sink_abort_file(struct dlt_sink *sink)
{
	sink->begun = 0;
	(void)sink_send(sink, SINK_ABORT, NULL, 0);
}

void
dlt_sink_skip_file(struct dlt_sink *sink, const char *path,
    enum dlt_sink_skip why)
{
	sink->path = path;
	(void)sink_send(sink, SINK_SKIP, NULL, why);
	sink->path = NULL;
}

void
dlt_failure_finish(const struct dlt_ruleset *rules, struct dlt_failure *f)
{
	f->bucket = dlt_bucket_id(rules, f);
	dlt_priority_assign(rules, f);
}

/*
 * The classifier reports a file's failures only once it has read the
 * whole file, after the content hash is known, so the file can be begun
 * with its hash on the first failure.
 */
static int
classify_cb(struct dlt_failure *f, void *arg)
{
	struct sink_classify	*sc = arg;
	struct dlt_sink		*sink = sc->sink;

	dlt_failure_finish(sc->rules, f);
	if (!sink->begun)
		dlt_sink_begin_file(sink, sink->path, sink->size, sink->hash);
	dlt_sink_failure(sink, f);
	return (0);
}

int
dlt_sink_classify_fd(struct dlt_sink *sink, struct dlt_classifier *cl,
    const char *path, int fd)
{
	struct sink_classify	sc;
	struct stat		st;
	int			rc;

	sc.sink = sink;
	sc.rules = dlt_classifier_rules(cl);
	sink->path = path;
	sink->size = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ?
	    (int64_t)st.st_size : -1;
	sink->hash = 0;
	sink->begun = 0;
	rc = dlt_classify_fd(cl, path, fd, classify_cb, &sc,
	    sink->needs_hash ? &sink->hash : NULL);
	if (rc == DLT_CLASSIFY_BINARY) {
		dlt_warn("skipping '%s': binary file", path);
		dlt_sink_skip_file(sink, path, DLT_SINK_BINARY);
		return (0);
	}
	if (rc == DLT_CLASSIFY_READ_ERROR) {
		dlt_error_errno("cannot read '%s'", path);
		if (sink->begun)
			dlt_sink_abort_file(sink);
		dlt_sink_skip_file(sink, path, DLT_SINK_UNREADABLE);
		return (0);
	}
	if (!sink->begun)
		dlt_sink_begin_file(sink, path, sink->size, sink->hash);
	dlt_sink_end_file(sink);
	sink->path = NULL;
	return (sink->failed ? 1 : 0);
}

int
dlt_sink_classify_buffer(struct dlt_sink *sink, struct dlt_classifier *cl,
    const char *path, int64_t size, uint64_t hash, const char *buf,
    size_t len)
{
	struct sink_classify	sc;

	sc.sink = sink;
	sc.rules = dlt_classifier_rules(cl);
	sink->path = path;
	sink->size = size;
	sink->hash = hash;
	sink->begun = 0;
	(void)dlt_classify_buffer(cl, path, buf, len, classify_cb, &sc);
	if (!sink->begun)
		dlt_sink_begin_file(sink, path, sink->size, sink->hash);
	dlt_sink_end_file(sink);
	sink->path = NULL;
	return (sink->failed ? 1 : 0);
}

/* The output formatter. */

static int
output_failure(void *arg, const struct dlt_failure *f)
{
	dlt_output_failure(arg, f);
	return (0);
}

static int
output_begin_file(void *arg, const char *path, int64_t size, uint64_t hash)
{
	(void)size;
	(void)hash;
	dlt_output_log_begin(arg, path);
	return (0);
}

static int
output_end_file(void *arg)
{
	dlt_output_log_end(arg);
	return (0);
}

static void
output_abort_file(void *arg)
{
	dlt_output_log_abort(arg);
}

struct dlt_sink_consumer
dlt_output_consumer(struct dlt_output *out)
{
	if (out->per_log)
		return ((struct dlt_sink_consumer){ .failure = output_failure,
		    .begin_file = output_begin_file,
		    .end_file = output_end_file,
		    .abort_file = output_abort_file, .arg = out });
	return ((struct dlt_sink_consumer){ .failure = output_failure,
	    .arg = out });
}

/* The tally. */

void
dlt_tally_init(struct dlt_tally *t)
{
	memset(t, 0, sizeof *t);
	dlt_bucket_set_init(&t->buckets);
}

void
dlt_tally_release(struct dlt_tally *t)
{
	size_t	i;

	dlt_bucket_set_release(&t->buckets);
	for (i = 0; i < t->nbv; i++)
		free(t->bv[i].title);
	free(t->bv);
	free(t->bmap);
	t->bv = NULL;
	t->bmap = NULL;
	t->nbv = t->bv_alloc = t->bmap_size = 0;
}

#define TALLY_TITLE_MAX	100

static size_t
tally_slot(const struct dlt_tally *t, uint64_t id)
{
	size_t	i = (size_t)(id ^ (id >> 29)) & (t->bmap_size - 1);

	while (t->bmap[i] != 0 && t->bv[t->bmap[i] - 1].id != id)
		i = (i + 1) & (t->bmap_size - 1);
	return (i);
}

/* Worst-first rank of a priority: high 3, medium 2, low 1, unknown 0. */
static int
tally_prio_rank(int p)
{
	if (p >= DLT_PRIO_LOW && p <= DLT_PRIO_HIGH)
		return (p + 1);
	return (p == DLT_PRIO_UNKNOWN ? 0 : -1);
}

static void
tally_bucket(struct dlt_tally *t, const struct dlt_failure *f)
{
	struct dlt_tally_bucket	*b;
	size_t			 i, n, old;
	size_t			*om;

	if (t->nbv * 2 >= t->bmap_size) {
		om = t->bmap;
		old = t->bmap_size;
		t->bmap_size = old ? old * 2 : 64;
		t->bmap = xcalloc(t->bmap_size, sizeof *t->bmap);
		for (i = 0; i < old; i++)
			if (om[i] != 0)
				t->bmap[tally_slot(t, t->bv[om[i] - 1].id)] = om[i];
		free(om);
	}
	i = tally_slot(t, f->bucket);
	if (t->bmap[i] != 0) {
		b = &t->bv[t->bmap[i] - 1];
		b->count++;
		if (tally_prio_rank(f->priority) > tally_prio_rank(b->priority))
			b->priority = f->priority;
		return;
	}
	XGROW(t->bv, t->nbv + 1, t->bv_alloc);
	b = &t->bv[t->nbv++];
	t->bmap[i] = t->nbv;
	b->id = f->bucket;
	b->priority = f->priority;
	b->cls = f->cls;
	b->count = 1;
	n = f->signature != NULL ? strlen(f->signature) : 0;
	b->title = xstrndup(f->signature != NULL ? f->signature : "",
	    n > TALLY_TITLE_MAX ? TALLY_TITLE_MAX : n);
}

static int
tally_class_rank(int c)
{
	switch (c) {
	case DLT_CLASS_CRASH:		return (0);
	case DLT_CLASS_OOM:		return (1);
	case DLT_CLASS_TIMEOUT:		return (2);
	case DLT_CLASS_INCONSISTENCY:	return (3);
	case DLT_CLASS_NAN:		return (4);
	case DLT_CLASS_FALSE_POSITIVE:	return (5);
	default:			return (6);
	}
}

static int
compare_worst(const void *va, const void *vb)
{
	const struct dlt_tally_bucket	*a = *(const struct dlt_tally_bucket *const *)va;
	const struct dlt_tally_bucket	*b = *(const struct dlt_tally_bucket *const *)vb;
	int				 c;

	if ((c = tally_prio_rank(b->priority) - tally_prio_rank(a->priority)) != 0)
		return (c);
	if ((c = tally_class_rank(a->cls) - tally_class_rank(b->cls)) != 0)
		return (c);
	if (a->count != b->count)
		return (a->count > b->count ? -1 : 1);
	return (a->id < b->id ? -1 : a->id > b->id);
}

size_t
dlt_tally_worst(const struct dlt_tally *t, const struct dlt_tally_bucket **out,
    size_t max)
{
	const struct dlt_tally_bucket	**all;
	size_t				  i, n;

	if (t->nbv == 0 || max == 0)
		return (0);
	all = xcalloc(t->nbv, sizeof *all);
	for (i = 0; i < t->nbv; i++)
		all[i] = &t->bv[i];
	qsort(all, t->nbv, sizeof *all, compare_worst);
	n = t->nbv < max ? t->nbv : max;
	memcpy(out, all, n * sizeof *out);
	free(all);
	return (n);
}

static int
tally_failure(void *arg, const struct dlt_failure *f)
{
	struct dlt_tally	*t = arg;

	t->failures++;
	if (f->cls >= 0 && f->cls < DLT_CLASS_COUNT) {
		t->by_class[f->cls]++;
		if (t->fail_on & (1u << f->cls))
			t->found_fail_on = 1;
	}
	dlt_bucket_set_add(&t->buckets, f->bucket);
	tally_bucket(t, f);
	return (0);
}

static int
tally_end_file(void *arg)
{
	struct dlt_tally	*t = arg;

	t->files++;
	return (0);
}

static void
tally_skip_file(void *arg, const char *path, enum dlt_sink_skip why)
{
	struct dlt_tally	*t = arg;

	(void)path;
	if (why == DLT_SINK_BINARY)
		t->skipped++;
	else
		t->unreadable++;
}

void
dlt_tally_execution(struct dlt_tally *t, int status)
{
	t->executions++;
	if (status >= 0 && status < DLT_RUNREC_STATUS_COUNT)
		t->by_status[status]++;
	else
		t->no_record++;
}

struct dlt_sink_consumer
dlt_tally_consumer(struct dlt_tally *t)
{
	return ((struct dlt_sink_consumer){ .failure = tally_failure,
	    .end_file = tally_end_file, .skip_file = tally_skip_file,
	    .arg = t });
}
