/*
 * export.h: `dltriage export`: a store's failures and unique defects in
 * the formats other tools read.  JSON Lines and CSV of failures or of
 * buckets (export-table.c), JUnit XML (export-junit.c), SARIF 2.1.0
 * (export-sarif.c) and a self-contained HTML report (export-html.c).
 *
 * JSON Lines and CSV are streamed from the store.  For the others,
 * dlt_export_load() reads what the store holds into memory, marking what
 * the filter keeps, and a writer appends its format to a strbuf.  XML
 * and HTML go through export-xml.h (libxml2), JSON through json.h: no
 * exporter puts markup or JSON together from strings.
 *
 * The struct dlt_export owns everything it holds; it borrows the rule
 * set, which must outlive it.
 */
#ifndef DLT_EXPORT_H
#define DLT_EXPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "store-show.h"

struct dlt_ruleset;
struct dlt_store;
struct strbuf;

enum dlt_export_format {
	DLT_EXPORT_JSON,
	DLT_EXPORT_CSV,
	DLT_EXPORT_JUNIT,
	DLT_EXPORT_SARIF,
	DLT_EXPORT_HTML
};

enum dlt_export_what {
	DLT_EXPORT_FAILURES,
	DLT_EXPORT_BUCKETS
};

/* The names of the formats and of --what, in the order of the enums. */
extern const char *const dlt_export_format_names[];
extern const char *const dlt_export_what_names[];

/* The priorities a filter knows: the ordered three and "unknown". */
#define DLT_EXPORT_PRIO_BITS	4

/* Sets of names as bits; 0 keeps everything. */
struct dlt_export_filter {
	unsigned	classes;	/* 1 << enum dlt_class */
	unsigned	frameworks;	/* 1 << enum dlt_framework */
	unsigned	priorities;	/* 1 << enum dlt_priority, unknown included */
};

/*
 * Parse a comma-separated list of classes, frameworks (or their
 * aliases) or priorities into *bits: 0, or -1 after saying which name
 * is unknown and what it might have been.
 */
int	dlt_export_parse_classes(const char *, unsigned *bits);
int	dlt_export_parse_frameworks(const char *, unsigned *bits);
int	dlt_export_parse_priorities(const char *, unsigned *bits);

/*
 * Whether a filter keeps what has this class, framework (a name or an
 * alias; NULL or unknown names are "unknown") and priority.
 */
int	dlt_export_keep(const struct dlt_export_filter *, const char *cls,
	    const char *framework, const char *priority);

/* A bucket, with the failures that are in it. */
struct dlt_export_bucket {
	char		*id, *signature, *cls, *kind, *framework, *priority;
	char		*first_seen, *last_seen;
	long		 count;
	char		*rule;		/* its first failure's */
	char		*frames;	/* its first failure's, JSON */
	char		*exc_type;
	int		 security;
	int		 keep;		/* the filter keeps it */
	size_t		*members;	/* indices into failures[], by id */
	size_t		 nmembers, members_alloc;
};

/* An execution of `run`, with the failures found in it. */
struct dlt_export_exec {
	int64_t		 id, mutant_id;
	char		*model, *operator, *framework, *framework_version;
	char		*status, *why, *finished_at;
	long		 ordinal;
	int		 exit_code, signal;
	int64_t		 wall_ms;
	int		 keep;
	size_t		*members;
	size_t		 nmembers, members_alloc;
};

struct dlt_export_file {
	int64_t		 id;
	char		*path, *classified_at;
	size_t		*members;
	size_t		 nmembers, members_alloc;
};

struct dlt_export {
	const char			*store_path;	/* borrowed */
	const struct dlt_ruleset	*rules;		/* borrowed; or NULL */
	struct dlt_export_filter	 filter;

	struct dlt_store_member		*failures;	/* every one, by id */
	unsigned char			*keep;		/* [i]: the filter keeps it */
	size_t				 nfailures, failures_alloc;
	size_t				 nkept;
	struct dlt_export_bucket	*buckets;	/* by first_seen, id */
	size_t				 nbuckets, buckets_alloc;
	size_t				 nbuckets_kept;
	size_t				*bucket_by_id;	/* indices, by id */
	struct dlt_export_exec		*execs;		/* by mutant, id */
	size_t				 nexecs, execs_alloc;
	size_t				*exec_by_id;	/* indices, by id */
	struct dlt_export_file		*files;		/* by id */
	size_t				 nfiles, files_alloc;
};

/*
 * Read the store: 0, or -1 after a message (the store could not be
 * read).  ex->store_path, rules and filter are set before.
 */
int	dlt_export_load(struct dlt_export *, struct dlt_store *);
void	dlt_export_release(struct dlt_export *);

/* The bucket whose id this is, or NULL. */
struct dlt_export_bucket *dlt_export_bucket_find(const struct dlt_export *,
	    const char *id);
/* A failure's framework: its own, else its execution's, else "unknown". */
const char *dlt_export_framework(const struct dlt_store_member *);

/*
 * JSON Lines or CSV, streamed from the store to fp as the rows are read,
 * so that a store of any size takes little memory: 0, or -1 after a
 * message (the store could not be read).  The caller checks fp for
 * write errors.
 */
int	dlt_export_table(struct dlt_store *, const struct dlt_export_filter *,
	    enum dlt_export_format, enum dlt_export_what, FILE *fp);

/* The other writers: append the format to out.  0, or -1 after a message. */
int	dlt_export_junit(const struct dlt_export *, struct strbuf *);
int	dlt_export_sarif(const struct dlt_export *, struct strbuf *);
int	dlt_export_html(const struct dlt_export *, struct strbuf *);

#endif
