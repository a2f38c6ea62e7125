/*
 * store-view.h: what the commands that present one unique defect (show,
 * report) read of it from a store: the bucket an operand names (an id or
 * a prefix of one), a failure's log excerpt with its evidence lines
 * marked, and the failure as the priority model sees it.  Reads only.
 */
#ifndef DLT_STORE_VIEW_H
#define DLT_STORE_VIEW_H

#include <stddef.h>

#include "bucket.h"

struct dlt_prio_feats;
struct dlt_rule;
struct dlt_ruleset;
struct dlt_store;
struct dlt_store_member;

/*
 * The one bucket whose id starts with prefix (hex digits, any case) into
 * id: 0; 1 when none or several do (said, naming db); -1 on a store
 * error.
 */
int	dlt_view_bucket_find(struct dlt_store *, const char *db,
	    const char *prefix, char id[DLT_BUCKET_HEXLEN + 1]);

/* One line of an excerpt. */
struct dlt_xline {
	long	 n;			/* its line number, or 0: unknown */
	int	 evidence;
	char	*text;			/* as read, control bytes included */
};

/* A failure's excerpt: from its log, or the copy kept in the store. */
struct dlt_excerpt {
	struct dlt_xline *lines;
	size_t		  n, alloc;
	const char	 *from;		/* "file", "run" (the store's copy of a
					   run's log) or "store" (the excerpt) */
	char		 *note;		/* why not from the log, or NULL */
	long		  hidden;	/* evidence lines past the window */
};

/*
 * The failure's lines around its range (a few of context, 40 at most),
 * from its log when the log is still there with the content it had,
 * else from the store's copy; dlt_excerpt_release frees it.
 */
void	dlt_excerpt_make(struct dlt_store *, const struct dlt_store_member *,
	    struct dlt_excerpt *);
void	dlt_excerpt_release(struct dlt_excerpt *);

/* The rule of the set with that id, or NULL. */
const struct dlt_rule *dlt_rule_find(const struct dlt_ruleset *,
	    const char *id);

/*
 * The priority model's features of a stored failure, as the classifier
 * gave it (its deciding rule's hint from rules).
 */
void	dlt_view_prio_feats(const struct dlt_ruleset *,
	    const struct dlt_store_member *, struct dlt_prio_feats *);

#endif
