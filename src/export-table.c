/*
 * export-table.c: failures or buckets as JSON Lines (one object per
 * line) or CSV (RFC 4180: a header row, CRLF line ends, text fields in
 * double quotes).  The columns are documented in dltriage-export(1) and
 * only ever grow at the end.
 *
 * Rows are written as the store gives them, one at a time: the memory
 * taken does not grow with the store.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "json.h"
#include "output.h"
#include "store-export.h"
#include "store-show.h"
#include "strbuf.h"
#include "yaml-node.h"

#define TABLE_FRAMES	64	/* frames of a failure written, at most */
#define TABLE_EVIDENCE	256	/* evidence lines written, at most */

static void	csv_int(struct strbuf *, long long);
static void	json_failure(struct strbuf *,
		    const struct dlt_store_member *);
static void	csv_failure(struct strbuf *, const struct dlt_store_member *);
static void	json_bucket(struct strbuf *,
		    const struct dlt_store_xbucket *);
static void	csv_bucket(struct strbuf *,
		    const struct dlt_store_xbucket *);
static int	failure_row(const struct dlt_store_member *, void *);
static int	bucket_row(const struct dlt_store_xbucket *, void *);

/* What the row callbacks write, and where. */
struct table {
	const struct dlt_export_filter	*filter;
	int				 csv;
	FILE				*fp;
	struct strbuf			 sb;
};
static char	*top_frame(const char *);

static const char failure_header[] =
    "id,source,line_start,line_end,class,kind,framework,exception_type,"
    "exception_message,top_frame,signature,bucket,rule,priority,confidence,"
    "security,model,mutant,operator,execution_framework,status\r\n";
static const char bucket_header[] =
    "bucket,class,kind,framework,priority,count,first_seen,last_seen,rule,"
    "top_frame,security,signature\r\n";

static void
csv_int(struct strbuf *sb, long long v)
{
	strbuf_addf(sb, "%lld", v);
}

/* The first of a JSON array of frames, or NULL (to be freed). */
static char *
top_frame(const char *frames)
{
	char	*top = NULL;

	if (ynode_json_strings(frames, &top, 1) == 0)
		return (NULL);
	return (top);
}

static void
json_failure(struct strbuf *sb, const struct dlt_store_member *m)
{
	struct dlt_jw	 jw;
	char		*frames[TABLE_FRAMES], *ev[TABLE_EVIDENCE], *end;
	size_t		 n, i;
	long long	 v;

	dlt_jw_init(&jw, sb, 0);
	dlt_jw_object(&jw);
	dlt_jw_kv_int(&jw, "id", m->id);
	dlt_jw_kv_cstr(&jw, "source", m->source);
	dlt_jw_kv_int(&jw, "line_start", m->line_start);
	dlt_jw_kv_int(&jw, "line_end", m->line_end);
	dlt_jw_kv_cstr(&jw, "class", m->cls);
	dlt_jw_kv_cstr(&jw, "kind", m->kind);
	dlt_jw_kv_cstr(&jw, "framework", dlt_export_framework(m));
	dlt_jw_key(&jw, "exception");
	if (m->exc_type != NULL) {
		dlt_jw_object(&jw);
		dlt_jw_kv_cstr(&jw, "type", m->exc_type);
		dlt_jw_kv_cstr(&jw, "message", m->exc_message);
		dlt_jw_end(&jw);
	} else
		dlt_jw_null(&jw);
	dlt_jw_key(&jw, "frames");
	dlt_jw_array(&jw);
	n = ynode_json_strings(m->frames, frames, TABLE_FRAMES);
	for (i = 0; i < n; i++) {
		dlt_jw_cstr(&jw, frames[i]);
		free(frames[i]);
	}
	dlt_jw_end(&jw);
	dlt_jw_kv_cstr(&jw, "signature", m->signature);
	dlt_jw_kv_cstr(&jw, "bucket", m->bucket);
	dlt_jw_kv_cstr(&jw, "rule", m->rule);
	dlt_jw_key(&jw, "evidence");
	dlt_jw_array(&jw);
	n = ynode_json_strings(m->evidence, ev, TABLE_EVIDENCE);
	for (i = 0; i < n; i++) {
		errno = 0;
		v = strtoll(ev[i], &end, 10);
		if (errno == 0 && *end == '\0' && end != ev[i] && v > 0)
			dlt_jw_int(&jw, v);
		free(ev[i]);
	}
	dlt_jw_end(&jw);
	dlt_jw_kv_cstr(&jw, "priority", m->priority);
	dlt_jw_key(&jw, "confidence");
	if (m->confidence >= 0)
		dlt_jw_double(&jw, m->confidence, 2);
	else
		dlt_jw_null(&jw);
	dlt_jw_kv_bool(&jw, "security", m->security);
	dlt_jw_key(&jw, "run");
	if (m->execution_id != 0 || m->mutant_id != 0) {
		dlt_jw_object(&jw);
		dlt_jw_kv_cstr(&jw, "model", m->model);
		dlt_jw_key(&jw, "mutant");
		if (m->ordinal >= 0)
			dlt_jw_int(&jw, m->ordinal);
		else
			dlt_jw_null(&jw);
		dlt_jw_kv_cstr(&jw, "operator", m->operator);
		dlt_jw_kv_cstr(&jw, "mode", m->mode);
		dlt_jw_kv_cstr(&jw, "framework", m->exec_framework);
		dlt_jw_kv_cstr(&jw, "framework_version", m->framework_version);
		dlt_jw_kv_cstr(&jw, "status", m->status);
		dlt_jw_end(&jw);
	} else
		dlt_jw_null(&jw);
	dlt_jw_end(&jw);
	strbuf_addch(sb, '\n');
}

static void
csv_failure(struct strbuf *sb, const struct dlt_store_member *m)
{
	char	*top;

	csv_int(sb, m->id);
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, m->source);
	strbuf_addch(sb, ',');
	csv_int(sb, m->line_start);
	strbuf_addch(sb, ',');
	csv_int(sb, m->line_end);
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, m->cls);
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, m->kind);
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, dlt_export_framework(m));
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, m->exc_type);
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, m->exc_message);
	strbuf_addch(sb, ',');
	top = top_frame(m->frames);
	dlt_csv_field(sb, top);
	free(top);
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, m->signature);
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, m->bucket);
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, m->rule);
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, m->priority);
	strbuf_addch(sb, ',');
	if (m->confidence >= 0)
		strbuf_addf(sb, "%.2f", m->confidence);
	strbuf_addf(sb, ",%s,", m->security ? "true" : "false");
	dlt_csv_field(sb, m->model);
	strbuf_addch(sb, ',');
	if (m->ordinal >= 0)
		csv_int(sb, m->ordinal);
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, m->operator);
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, m->exec_framework);
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, m->status);
	strbuf_add(sb, "\r\n", 2);
}

static void
json_bucket(struct strbuf *sb, const struct dlt_store_xbucket *b)
{
	struct dlt_jw	 jw;
	char		*top;

	dlt_jw_init(&jw, sb, 0);
	dlt_jw_object(&jw);
	dlt_jw_kv_cstr(&jw, "bucket", b->id);
	dlt_jw_kv_cstr(&jw, "class", b->cls);
	dlt_jw_kv_cstr(&jw, "kind", b->kind);
	dlt_jw_kv_cstr(&jw, "framework", b->framework);
	dlt_jw_kv_cstr(&jw, "priority", b->priority);
	dlt_jw_kv_int(&jw, "count", b->count);
	dlt_jw_kv_cstr(&jw, "first_seen", b->first_seen);
	dlt_jw_kv_cstr(&jw, "last_seen", b->last_seen);
	dlt_jw_kv_cstr(&jw, "rule", b->rule);
	top = top_frame(b->frames);
	dlt_jw_kv_cstr(&jw, "top_frame", top);
	free(top);
	dlt_jw_kv_bool(&jw, "security", b->security);
	dlt_jw_kv_cstr(&jw, "signature", b->signature);
	dlt_jw_end(&jw);
	strbuf_addch(sb, '\n');
}

static void
csv_bucket(struct strbuf *sb, const struct dlt_store_xbucket *b)
{
	char	*top;

	dlt_csv_field(sb, b->id);
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, b->cls);
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, b->kind);
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, b->framework);
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, b->priority);
	strbuf_addch(sb, ',');
	csv_int(sb, b->count);
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, b->first_seen);
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, b->last_seen);
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, b->rule);
	strbuf_addch(sb, ',');
	top = top_frame(b->frames);
	dlt_csv_field(sb, top);
	free(top);
	strbuf_addf(sb, ",%s,", b->security ? "true" : "false");
	dlt_csv_field(sb, b->signature);
	strbuf_add(sb, "\r\n", 2);
}

static int
failure_row(const struct dlt_store_member *m, void *arg)
{
	struct table	*t = arg;

	if (!dlt_export_keep(t->filter, m->cls, dlt_export_framework(m),
	    m->priority))
		return (0);
	strbuf_reset(&t->sb);
	if (t->csv)
		csv_failure(&t->sb, m);
	else
		json_failure(&t->sb, m);
	fwrite(t->sb.buf, 1, t->sb.len, t->fp);
	return (0);
}

static int
bucket_row(const struct dlt_store_xbucket *b, void *arg)
{
	struct table	*t = arg;

	if (!dlt_export_keep(t->filter, b->cls, b->framework, b->priority))
		return (0);
	strbuf_reset(&t->sb);
	if (t->csv)
		csv_bucket(&t->sb, b);
	else
		json_bucket(&t->sb, b);
	fwrite(t->sb.buf, 1, t->sb.len, t->fp);
	return (0);
}

int
dlt_export_table(struct dlt_store *st, const struct dlt_export_filter *fl,
    enum dlt_export_format format, enum dlt_export_what what, FILE *fp)
{
	struct table	t;
	int		rc;

	t.filter = fl;
	t.csv = format == DLT_EXPORT_CSV;
	t.fp = fp;
	strbuf_init(&t.sb);
	if (t.csv)
		fputs(what == DLT_EXPORT_FAILURES ? failure_header :
		    bucket_header, fp);
	if (what == DLT_EXPORT_FAILURES)
		rc = dlt_store_each_member(st, failure_row, &t);
	else
		rc = dlt_store_each_bucket(st, bucket_row, &t);
	strbuf_release(&t.sb);
	return (rc);
}
