/* store-sink.c: the store writer, a sink consumer; see store-sink.h. */
#include <stdint.h>
#include <string.h>

#include "sink.h"
#include "store-sink.h"
#include "store.h"

static int	writer_begin_file(void *, const char *, int64_t, uint64_t);
static int	writer_failure(void *, const struct dlt_failure *);
static int	writer_end_file(void *);
static void	writer_abort_file(void *);

void
dlt_store_writer_init(struct dlt_store_writer *w, struct dlt_store *store)
{
	memset(w, 0, sizeof *w);
	w->store = store;
}

static int
writer_begin_file(void *arg, const char *path, int64_t size, uint64_t hash)
{
	struct dlt_store_writer	*w = arg;

	w->begun = w->unchanged = 0;
	if (w->failed)
		return (0);
	if (dlt_store_begin_file(w->store, path, size, hash,
	    &w->unchanged) != 0) {
		w->failed = 1;
		return (-1);
	}
	w->begun = 1;
	return (0);
}

static int
writer_failure(void *arg, const struct dlt_failure *f)
{
	struct dlt_store_writer	*w = arg;

	if (!w->begun || w->unchanged)
		return (0);
	if (dlt_store_add_failure(w->store, f) != 0) {
		dlt_store_abort_file(w->store);
		w->begun = 0;
		w->failed = 1;
		return (-1);
	}
	return (0);
}

static int
writer_end_file(void *arg)
{
	struct dlt_store_writer	*w = arg;

	if (!w->begun)
		return (0);
	w->begun = 0;
	if (dlt_store_end_file(w->store) != 0) {
		w->failed = 1;
		return (-1);
	}
	return (0);
}

static void
writer_abort_file(void *arg)
{
	struct dlt_store_writer	*w = arg;

	if (w->begun)
		dlt_store_abort_file(w->store);
	w->begun = 0;
}

struct dlt_sink_consumer
dlt_store_consumer(struct dlt_store_writer *w)
{
	return ((struct dlt_sink_consumer){ .begin_file = writer_begin_file,
	    .failure = writer_failure, .end_file = writer_end_file,
	    .abort_file = writer_abort_file, .arg = w, .needs_hash = 1 });
}
