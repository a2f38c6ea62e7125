/*
 * store-sink.h: the store as a sink consumer (sink.h).  The store writer
 * makes each file one store transaction: the file is begun on its first
 * failure or at its end, rolled back on a read error, and a file the
 * store already holds unchanged is not written again.  After the first
 * store error nothing more is written; failed says so (the error was
 * reported).
 */
#ifndef DLT_STORE_SINK_H
#define DLT_STORE_SINK_H

#include "sink.h"

struct dlt_store;

struct dlt_store_writer {
	struct dlt_store	*store;		/* borrowed */
	int			 begun;		/* a store file is open */
	int			 unchanged;	/* ... and already complete */
	int			 failed;
};

/* The store must outlive the writer, and the writer the sink. */
void	dlt_store_writer_init(struct dlt_store_writer *, struct dlt_store *);
struct dlt_sink_consumer dlt_store_consumer(struct dlt_store_writer *);

#endif
