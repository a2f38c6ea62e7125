/* output.c: table, JSON Lines and CSV output of failures; see output.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bucket.h"
#include "failure.h"
#include "json.h"
#include "output-table.h"
#include "output.h"
#include "strbuf.h"
#include "vocab.h"

static void	out_json(struct dlt_output *, const struct dlt_failure *,
		    struct strbuf *);
static void	out_csv(const struct dlt_failure *, struct strbuf *);
static void	out_table(struct dlt_output *, const struct dlt_failure *,
		    struct strbuf *);
static void	table_cell(struct strbuf *, const char *, size_t);
static void	table_row(struct dlt_output *, struct strbuf *, const char *,
		    const char *, struct strbuf *);
static void	table_fixed(struct strbuf *, const char *, const char *,
		    const char *, const char *, const char *);
static void	source_range(struct strbuf *, const struct dlt_failure *);

/* The widths of the table's fixed columns, in characters. */
#define TABLE_CLASS		15
#define TABLE_KIND		30
#define TABLE_FRAMEWORK		11
#define TABLE_PRIORITY		8
#define TABLE_FAILURES		8
/* Without a width to fit, a signature is cut after this many characters. */
#define TABLE_SIGNATURE_MAX	160

int
dlt_format_parse(const char *s)
{
	if (strcmp(s, "table") == 0)
		return (DLT_FORMAT_TABLE);
	if (strcmp(s, "json") == 0)
		return (DLT_FORMAT_JSON);
	if (strcmp(s, "csv") == 0)
		return (DLT_FORMAT_CSV);
	return (-1);
}

/* The CSV header's columns of a failure, and how many they are. */
#define CSV_COLUMNS	"source,line_start,line_end,class,kind,framework," \
			"exception_type,exception_message,top_frame,signature," \
			"bucket,rule,priority,confidence,security"
#define CSV_NCOLUMNS	15

static void
output_begin(struct dlt_output *o, FILE *fp, enum dlt_format format,
    int per_log)
{
	struct strbuf	line = STRBUF_INIT, sb = STRBUF_INIT;

	memset(o, 0, sizeof *o);
	o->fp = fp;
	o->format = format;
	o->per_log = per_log;
	o->held_rank = -1;
	strbuf_init(&o->held);
	strbuf_init(&o->held_source);
	strbuf_init(&o->held_signature);
	strbuf_init(&o->log);
	if (format == DLT_FORMAT_CSV)
		fprintf(fp, "%s" CSV_COLUMNS "\r\n", per_log ?
		    "log,failures," : "");
	else if (format == DLT_FORMAT_TABLE) {
		o->width = dlt_table_width(fileno(fp));
		table_fixed(&line, "CLASS", "KIND", "FRAMEWORK", "PRIORITY",
		    "BUCKET");
		if (per_log)
			table_cell(&line, "FAILURES", TABLE_FAILURES);
		table_row(o, &line, "SOURCE", "SIGNATURE", &sb);
		fwrite(sb.buf, 1, sb.len, fp);
	}
	strbuf_release(&line);
	strbuf_release(&sb);
}

void
dlt_output_begin(struct dlt_output *o, FILE *fp, enum dlt_format format)
{
	output_begin(o, fp, format, 0);
}

void
dlt_output_begin_per_log(struct dlt_output *o, FILE *fp,
    enum dlt_format format)
{
	output_begin(o, fp, format, 1);
}

void
dlt_output_set_triage(struct dlt_output *o, dlt_output_triage_fn fn, void *arg)
{
	o->triage = fn;
	o->triage_arg = arg;
}

static void
source_range(struct strbuf *sb, const struct dlt_failure *f)
{
	strbuf_addstr(sb, f->source);
	if (f->multi)
		strbuf_addf(sb, ":%ld-%ld", f->line_start, f->line_end);
}

static void
out_json(struct dlt_output *o, const struct dlt_failure *f, struct strbuf *sb)
{
	struct strbuf	 src = STRBUF_INIT;
	struct dlt_jw	 jw;
	const char	*status, *dup;
	char		 bucket[DLT_BUCKET_HEXLEN + 1];

	source_range(&src, f);
	dlt_jw_init(&jw, sb, 0);
	dlt_jw_object(&jw);
	dlt_jw_key(&jw, "source");
	dlt_jw_str(&jw, src.buf, src.len);
	dlt_jw_kv_cstr(&jw, "class", dlt_class_name(f->cls));
	dlt_jw_kv_cstr(&jw, "kind", f->kind);
	dlt_jw_kv_cstr(&jw, "framework", f->framework);
	dlt_jw_key(&jw, "exception");
	if (f->exc_type != NULL) {
		dlt_jw_object(&jw);
		dlt_jw_kv_cstr(&jw, "type", f->exc_type);
		dlt_jw_kv_cstr(&jw, "message", f->exc_message);
		dlt_jw_end(&jw);
	} else
		dlt_jw_null(&jw);
	dlt_jw_key(&jw, "frames");
	dlt_failure_json_frames(&jw, f);
	dlt_jw_kv_cstr(&jw, "signature", f->signature);
	dlt_jw_kv_cstr(&jw, "bucket", dlt_bucket_hex(f->bucket, bucket));
	dlt_jw_kv_cstr(&jw, "rule", f->rule);
	/* the run's facts the deciding rule relied on, when it did */
	if (f->run_evidence != NULL)
		dlt_jw_kv_cstr(&jw, "run_context", f->run_evidence);
	dlt_jw_key(&jw, "evidence");
	dlt_failure_json_evidence(&jw, f);
	dlt_jw_kv_cstr(&jw, "priority", dlt_priority_name(f->priority));
	dlt_jw_kv_double(&jw, "confidence", f->confidence, 2);
	dlt_jw_kv_bool(&jw, "security", f->security);
	/* a triager's decision about its bucket, when the store has one */
	if (o->triage != NULL &&
	    o->triage(o->triage_arg, f->bucket, &status, &dup) == 1) {
		dlt_jw_kv_cstr(&jw, "triage", status);
		if (dup != NULL)
			dlt_jw_kv_cstr(&jw, "duplicate_of", dup);
	}
	dlt_jw_end(&jw);
	strbuf_release(&src);
}

void
dlt_csv_field(struct strbuf *sb, const char *s)
{
	struct strbuf	clean = STRBUF_INIT;
	size_t		i;

	if (s == NULL)
		s = "";
	dlt_utf8_sanitise(&clean, s, strlen(s));
	strbuf_addch(sb, '"');
	for (i = 0; i < clean.len; i++) {
		if (clean.buf[i] == '"')
			strbuf_addch(sb, '"');
		strbuf_addch(sb, clean.buf[i]);
	}
	strbuf_addch(sb, '"');
	strbuf_release(&clean);
}

static void
out_csv(const struct dlt_failure *f, struct strbuf *sb)
{
	char	bucket[DLT_BUCKET_HEXLEN + 1];

	dlt_csv_field(sb, f->source);
	strbuf_addf(sb, ",%ld,%ld,", f->line_start, f->line_end);
	dlt_csv_field(sb, dlt_class_name(f->cls));
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, f->kind);
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, f->framework);
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, f->exc_type);
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, f->exc_message);
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, f->nframes > 0 ? f->frames[0] : NULL);
	strbuf_addch(sb, ',');
	dlt_csv_field(sb, f->signature);
	strbuf_addf(sb, ",%s,", dlt_bucket_hex(f->bucket, bucket));
	dlt_csv_field(sb, f->rule);
	strbuf_addf(sb, ",%s,%.2f,%s", dlt_priority_name(f->priority),
	    f->confidence, f->security ? "true" : "false");
}

/* One cell of a table row, cut to w characters, padded, and a blank. */
static void
table_cell(struct strbuf *line, const char *s, size_t w)
{
	char	*text = dlt_text_line(s);
	size_t	 n;

	dlt_text_cut(line, text, w);
	for (n = dlt_text_width(text); n < w; n++)
		strbuf_addch(line, ' ');
	strbuf_addch(line, ' ');
	free(text);
}

/*
 * Append to out a row (or the header) whose fixed columns are in line,
 * then the source and the signature, fitted to the output's width.
 */
static void
table_row(struct dlt_output *o, struct strbuf *line, const char *source,
    const char *signature, struct strbuf *out)
{
	struct strbuf	 sb = STRBUF_INIT;
	char		*src, *sig;
	size_t		 len;

	src = dlt_text_line(source);
	sig = dlt_text_line(signature);
	strbuf_addf(line, "%s  ", src);
	dlt_text_cut(line, sig, TABLE_SIGNATURE_MAX);
	if (o->width > 0)
		dlt_text_cut(&sb, line->buf, o->width);
	else
		strbuf_addstr(&sb, line->buf);
	for (len = sb.len; len > 0 && sb.buf[len - 1] == ' '; len--)
		;
	strbuf_setlen(&sb, len);
	strbuf_addch(&sb, '\n');
	strbuf_add(out, sb.buf, sb.len);
	strbuf_release(&sb);
	free(src);
	free(sig);
}

/* The fixed columns: they are printed as the failures come. */
static void
table_fixed(struct strbuf *line, const char *cls, const char *kind,
    const char *framework, const char *priority, const char *bucket)
{
	table_cell(line, cls, TABLE_CLASS);
	table_cell(line, kind, TABLE_KIND);
	table_cell(line, framework, TABLE_FRAMEWORK);
	table_cell(line, priority, TABLE_PRIORITY);
	table_cell(line, bucket, DLT_BUCKET_HEXLEN);
}

/* A failure's fixed columns into line, its source range into src. */
static void
table_parts(const struct dlt_failure *f, struct strbuf *line,
    struct strbuf *src)
{
	char	bucket[DLT_BUCKET_HEXLEN + 1];

	table_fixed(line, dlt_class_name(f->cls), f->kind, f->framework,
	    dlt_priority_name(f->priority), dlt_bucket_hex(f->bucket, bucket));
	source_range(src, f);
}

static void
out_table(struct dlt_output *o, const struct dlt_failure *f, struct strbuf *out)
{
	struct strbuf	src = STRBUF_INIT, line = STRBUF_INIT;

	table_parts(f, &line, &src);
	table_row(o, &line, src.buf, f->signature, out);
	strbuf_release(&src);
	strbuf_release(&line);
}

/*
 * Per log: hold the most severe failure of the log so far (the first of
 * the most severe class), rendered; dlt_output_log_end prints it.
 */
static void
hold(struct dlt_output *o, const struct dlt_failure *f)
{
	int	rank = dlt_class_rank(f->cls);

	o->held_failures++;
	if (o->held_rank >= 0 && rank >= o->held_rank)
		return;
	o->held_rank = rank;
	strbuf_reset(&o->held);
	strbuf_reset(&o->held_source);
	strbuf_reset(&o->held_signature);
	switch (o->format) {
	case DLT_FORMAT_JSON:
		out_json(o, f, &o->held);
		break;
	case DLT_FORMAT_CSV:
		out_csv(f, &o->held);
		break;
	default:
		table_parts(f, &o->held, &o->held_source);
		strbuf_addstr(&o->held_signature, f->signature);
		break;
	}
}

void
dlt_output_failure(struct dlt_output *o, const struct dlt_failure *f)
{
	struct strbuf	sb = STRBUF_INIT;

	if (o->per_log) {
		hold(o, f);
		return;
	}
	switch (o->format) {
	case DLT_FORMAT_JSON:
		out_json(o, f, &sb);
		strbuf_addch(&sb, '\n');
		break;
	case DLT_FORMAT_CSV:
		out_csv(f, &sb);
		strbuf_addstr(&sb, "\r\n");
		break;
	default:
		out_table(o, f, &sb);
		break;
	}
	fwrite(sb.buf, 1, sb.len, o->fp);
	strbuf_release(&sb);
	o->count++;
}

void
dlt_output_log_begin(struct dlt_output *o, const char *path)
{
	o->held_rank = -1;
	o->held_failures = 0;
	strbuf_reset(&o->held);
	strbuf_reset(&o->held_source);
	strbuf_reset(&o->held_signature);
	strbuf_reset(&o->log);
	strbuf_addstr(&o->log, path != NULL ? path : "");
}

void
dlt_output_log_abort(struct dlt_output *o)
{
	dlt_output_log_begin(o, NULL);
}

void
dlt_output_log_end(struct dlt_output *o)
{
	struct strbuf	 sb = STRBUF_INIT, line = STRBUF_INIT;
	struct dlt_jw	 jw;
	const char	*path = o->log.buf;
	char		 n[DLT_TEXT_NUMLEN];
	int		 i;

	if (!o->per_log)
		return;
	switch (o->format) {
	case DLT_FORMAT_JSON:
		dlt_jw_init(&jw, &sb, 0);
		dlt_jw_object(&jw);
		dlt_jw_kv_cstr(&jw, "log", path);
		dlt_jw_kv_int(&jw, "failures", o->held_failures);
		dlt_jw_key(&jw, "verdict");
		if (o->held_rank >= 0)
			dlt_jw_raw(&jw, o->held.buf, o->held.len);
		else
			dlt_jw_null(&jw);
		dlt_jw_end(&jw);
		strbuf_addch(&sb, '\n');
		break;
	case DLT_FORMAT_CSV:
		dlt_csv_field(&sb, path);
		strbuf_addf(&sb, ",%ld,", o->held_failures);
		if (o->held_rank >= 0)
			strbuf_add(&sb, o->held.buf, o->held.len);
		else
			for (i = 1; i < CSV_NCOLUMNS; i++)
				strbuf_addch(&sb, ',');
		strbuf_addstr(&sb, "\r\n");
		break;
	default:
		if (o->held_rank < 0) {
			table_fixed(&line, "-", "-", "-", "-", "-");
			strbuf_addstr(&o->held_source, path);
		} else
			strbuf_add(&line, o->held.buf, o->held.len);
		dlt_text_long(n, o->held_failures);
		table_cell(&line, n, TABLE_FAILURES);
		table_row(o, &line, o->held_source.buf,
		    o->held_rank >= 0 ? o->held_signature.buf : "", &sb);
		break;
	}
	fwrite(sb.buf, 1, sb.len, o->fp);
	o->count++;
	strbuf_release(&sb);
	strbuf_release(&line);
	dlt_output_log_begin(o, NULL);
}

void
dlt_output_end(struct dlt_output *o)
{
	fflush(o->fp);
	strbuf_release(&o->held);
	strbuf_release(&o->held_source);
	strbuf_release(&o->held_signature);
	strbuf_release(&o->log);
}
