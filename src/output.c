/* output.c: table, JSON Lines and CSV output of failures; see output.h. */
#include <stdio.h>
#include <string.h>

#include "bucket.h"
#include "failure.h"
#include "json.h"
#include "output.h"
#include "strbuf.h"
#include "vocab.h"

static void	out_json(struct dlt_output *, const struct dlt_failure *);
static void	out_csv(struct dlt_output *, const struct dlt_failure *);
static void	out_table(struct dlt_output *, const struct dlt_failure *);
static void	source_range(struct strbuf *, const struct dlt_failure *);

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

void
dlt_output_begin(struct dlt_output *o, FILE *fp, enum dlt_format format)
{
	o->fp = fp;
	o->format = format;
	o->count = 0;
	o->triage = NULL;
	o->triage_arg = NULL;
	if (format == DLT_FORMAT_CSV)
		fputs("source,line_start,line_end,class,kind,framework,exception_type,"
		    "exception_message,top_frame,signature,bucket,rule,priority,"
		    "confidence,security\r\n", fp);
	else if (format == DLT_FORMAT_TABLE)
		fprintf(fp, "%-15s %-30s %-11s %-16s %s\n", "CLASS", "KIND", "FRAMEWORK",
		    "BUCKET", "SOURCE  SIGNATURE");
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
out_json(struct dlt_output *o, const struct dlt_failure *f)
{
	struct strbuf	 sb = STRBUF_INIT, src = STRBUF_INIT;
	struct dlt_jw	 jw;
	const char	*status, *dup;
	char		 bucket[DLT_BUCKET_HEXLEN + 1];

	source_range(&src, f);
	dlt_jw_init(&jw, &sb, 0);
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
	strbuf_addch(&sb, '\n');
	fwrite(sb.buf, 1, sb.len, o->fp);
	strbuf_release(&sb);
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
out_csv(struct dlt_output *o, const struct dlt_failure *f)
{
	struct strbuf	sb = STRBUF_INIT;
	char		bucket[DLT_BUCKET_HEXLEN + 1];

	dlt_csv_field(&sb, f->source);
	strbuf_addf(&sb, ",%ld,%ld,", f->line_start, f->line_end);
	dlt_csv_field(&sb, dlt_class_name(f->cls));
	strbuf_addch(&sb, ',');
	dlt_csv_field(&sb, f->kind);
	strbuf_addch(&sb, ',');
	dlt_csv_field(&sb, f->framework);
	strbuf_addch(&sb, ',');
	dlt_csv_field(&sb, f->exc_type);
	strbuf_addch(&sb, ',');
	dlt_csv_field(&sb, f->exc_message);
	strbuf_addch(&sb, ',');
	dlt_csv_field(&sb, f->nframes > 0 ? f->frames[0] : NULL);
	strbuf_addch(&sb, ',');
	dlt_csv_field(&sb, f->signature);
	strbuf_addf(&sb, ",%s,", dlt_bucket_hex(f->bucket, bucket));
	dlt_csv_field(&sb, f->rule);
	strbuf_addf(&sb, ",%s,%.2f,%s\r\n", dlt_priority_name(f->priority),
	    f->confidence, f->security ? "true" : "false");
	fwrite(sb.buf, 1, sb.len, o->fp);
	strbuf_release(&sb);
}

static void
out_table(struct dlt_output *o, const struct dlt_failure *f)
{
	struct strbuf	sb = STRBUF_INIT, line = STRBUF_INIT;
	char		bucket[DLT_BUCKET_HEXLEN + 1];
	size_t		i;

	source_range(&sb, f);
	strbuf_addf(&line, "%-15s %-30s %-11s %-16s %s  ", dlt_class_name(f->cls),
	    f->kind, f->framework, dlt_bucket_hex(f->bucket, bucket), sb.buf);
	/* one line per failure: flatten and bound the signature */
	for (i = 0; f->signature[i] != '\0' && i < 160; i++)
		strbuf_addch(&line, (unsigned char)f->signature[i] < 0x20 ? ' ' :
		    f->signature[i]);
	strbuf_release(&sb);
	dlt_utf8_sanitise(&sb, line.buf, line.len);
	strbuf_addch(&sb, '\n');
	fwrite(sb.buf, 1, sb.len, o->fp);
	strbuf_release(&sb);
	strbuf_release(&line);
}

void
dlt_output_failure(struct dlt_output *o, const struct dlt_failure *f)
{
	switch (o->format) {
	case DLT_FORMAT_JSON:
		out_json(o, f);
		break;
	case DLT_FORMAT_CSV:
		out_csv(o, f);
		break;
	default:
		out_table(o, f);
		break;
	}
	o->count++;
}

void
dlt_output_end(struct dlt_output *o)
{
	fflush(o->fp);
}
