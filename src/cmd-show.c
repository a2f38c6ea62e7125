/*
 * cmd-show.c: "dltriage show [--db FILE] [--format text|json] ID", which
 * shows one unique defect: a bucket (by its id or a prefix of at least
 * four hex digits) or the bucket of a failure (fN): its signature and
 * how it was normalised into the id, its priority and where that came
 * from, its member failures with their log excerpts (the evidence lines
 * marked) and the run that found them, and the buckets near it that
 * were not merged with it, and why.
 *
 * Which operand is which: "f12" or "failure:12" is failure 12; 4 to 16
 * hex digits are a bucket id or prefix; a bare number of one to three
 * digits (too short for a prefix) is a failure id.
 */

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bucket.h"
#include "command.h"
#include "ctx.h"
#include "error.h"
#include "exitcode.h"
#include "failure.h"
#include "json.h"
#include "near.h"
#include "priority.h"
#include "rule-model.h"
#include "store-show.h"
#include "store-view.h"
#include "store.h"
#include "strbuf.h"
#include "vocab.h"
#include "xmalloc.h"
#include "yaml-node.h"

#define SHOW_MEMBERS	5	/* failures shown in full */
#define SHOW_IDS	20	/* further failures named by id */
#define SHOW_PREFIX_MIN	4	/* hex digits of a bucket prefix */
#define SHOW_NEAR	20	/* near buckets proposed, at most */
#define SHOW_NEAR_BELOW	3	/* the nearest not proposed, at most */
#define SHOW_NEAR_FLOOR	0.5	/* below this a bucket is not near at all */
#define SHOW_KNOWN	5	/* nearest known defects */
#define SHOW_WEIGHTS	6	/* features that weighed most */

enum show_format {
	SHOW_TEXT,
	SHOW_JSON
};

/* What the operand names. */
enum show_what {
	SHOW_BUCKET,
	SHOW_FAILURE
};

struct show {
	struct dlt_ctx			*ctx;
	struct dlt_store		*st;
	const char			*db;
	enum show_format		 format;
	struct dlt_store_bucket_info	 b;
	struct dlt_store_member		 members[SHOW_MEMBERS];	/* [0]: the focus */
	size_t				 nmembers;
	int64_t				 more[SHOW_IDS];	/* ids of others */
	size_t				 nmore;
	long				 total;			/* failures in all */
	struct dlt_jw			 jw;
	struct strbuf			 out;
};

static int	cmd_show_exec(struct dlt_ctx *, int, char **);
static int	check_args(int, char **);
static int	parse_operand(const char *, enum show_what *, int64_t *);
static int	resolve(struct show *, const char *, enum show_what, int64_t);
static int	add_member(const struct dlt_store_member *, void *);
static void	member_copy(struct dlt_store_member *,
		    const struct dlt_store_member *);
static void	print_clean(FILE *, const char *, size_t);
static void	show_header(struct show *);
static void	show_priority(struct show *);
static void	show_field(struct show *, const char *, const char *);
static void	show_identity(struct show *);
static void	show_run(struct show *, const struct dlt_store_member *);
static void	show_member(struct show *, const struct dlt_store_member *);
static void	show_members(struct show *);
static int	show_near(struct show *);
static void	show_known_defects(struct show *);
static void	show_release(struct show *);

static const char *const show_formats[] = { "text", "json", NULL };

static const struct dlt_option show_options[] = {
	{ "db", 0, "FILE", DLT_OPT_DB,
	    "the store to read (or $DLTRIAGE_DB)", NULL, NULL },
	DLT_OPTION_RULES,
	{ "format", 0, "FORMAT", 'f', "the output format (default text)",
	    show_formats, NULL },
	DLT_OPTION_END
};

const struct dlt_cmd dlt_cmd_show = {
	"show",
	"[--format text|json] --db FILE BUCKET|fFAILURE",
	"show a unique defect: signature, normalisation, failures, near buckets",
	DLT_CMD_NEEDS_RULES, show_options, cmd_show_exec, check_args
};

static int
check_args(int argc, char **argv)
{
	enum show_what	 w;
	int64_t		 n;
	char		*q;

	if (argc == 0)
		return (dlt_error("no bucket or failure id given"));
	if (argc > 1)
		return (dlt_error("one id at a time ('%s' is extra)", argv[1]));
	if (parse_operand(argv[0], &w, &n) != 0) {
		q = dlt_msg_quote(argv[0], strlen(argv[0]));
		dlt_error("bad id '%s': a bucket id or a prefix of it (4 to 16 "
		    "hex digits), or a failure id (fN)", q);
		free(q);
		return (-1);
	}
	return (0);
}

/*
 * "f12", "failure:12" and "12" (one to three digits) name failure 12;
 * 4 to 16 hex digits a bucket or a prefix.  0, or -1 when s is neither.
 */
static int
parse_operand(const char *s, enum show_what *w, int64_t *n)
{
	const char	*p = s;
	char		*end;
	long long	 v;
	size_t		 len;

	if (strncmp(p, "failure:", 8) == 0)
		p += 8;
	else if (p[0] == 'f' && p[1] >= '0' && p[1] <= '9')
		p += 1;
	len = strlen(p);
	if (p != s || (len >= 1 && len < SHOW_PREFIX_MIN &&
	    strspn(p, "0123456789") == len)) {
		if (len == 0 || len > 18 || strspn(p, "0123456789") != len)
			return (-1);
		errno = 0;
		v = strtoll(p, &end, 10);
		if (errno != 0 || *end != '\0' || v <= 0)
			return (-1);
		*w = SHOW_FAILURE;
		*n = v;
		return (0);
	}
	if (len < SHOW_PREFIX_MIN || len > DLT_BUCKET_HEXLEN ||
	    strspn(s, "0123456789abcdefABCDEF") != len)
		return (-1);
	*w = SHOW_BUCKET;
	*n = 0;
	return (0);
}

static void
member_copy(struct dlt_store_member *dst, const struct dlt_store_member *src)
{
	*dst = *src;
#define COPY(f) dst->f = src->f != NULL ? xstrdup(src->f) : NULL
	COPY(source);
	COPY(path);
	COPY(content_hash);
	COPY(cls);
	COPY(kind);
	COPY(framework);
	COPY(exc_type);
	COPY(exc_message);
	COPY(frames);
	COPY(signature);
	COPY(bucket);
	COPY(rule);
	COPY(evidence);
	COPY(priority);
	COPY(excerpt);
	COPY(operator);
	COPY(mode);
	COPY(model);
	COPY(exec_framework);
	COPY(framework_version);
	COPY(status);
	COPY(why);
#undef COPY
}

/* The bucket's failures after the focus: some in full, some by id. */
static int
add_member(const struct dlt_store_member *m, void *arg)
{
	struct show	*sh = arg;

	if (sh->nmembers > 0 && m->id == sh->members[0].id)
		return (0);
	if (sh->nmembers < SHOW_MEMBERS)
		member_copy(&sh->members[sh->nmembers++], m);
	else if (sh->nmore < SHOW_IDS)
		sh->more[sh->nmore++] = m->id;
	return (0);
}

/*
 * Find the bucket and its failures.  0; 1 when the operand names nothing
 * (said); -1 on a store error.
 */
static int
resolve(struct show *sh, const char *arg, enum show_what w, int64_t n)
{
	char		 id[DLT_BUCKET_HEXLEN + 1];
	int		 found = 0, rc;

	if (w == SHOW_FAILURE) {
		if (dlt_store_member_get(sh->st, n, &sh->members[0], &found) != 0)
			return (-1);
		if (!found) {
			dlt_error("no failure %" PRId64 " in store '%s'", n,
			    sh->db);
			return (1);
		}
		sh->nmembers = 1;
		snprintf(id, sizeof id, "%s", sh->members[0].bucket != NULL ?
		    sh->members[0].bucket : "");
	} else if ((rc = dlt_view_bucket_find(sh->st, sh->db, arg, id)) != 0)
		return (rc);
	if (dlt_store_bucket_get(sh->st, id, &sh->b, &found) != 0)
		return (-1);
	if (!found) {
		dlt_error("failure %" PRId64 " names bucket '%s', which store "
		    "'%s' does not hold", n, id, sh->db);
		return (1);
	}
	/* those shown, the focus perhaps among them; then how many in all */
	if (dlt_store_bucket_members_page(sh->st, id, 0,
	    SHOW_MEMBERS + SHOW_IDS, add_member, sh) != 0 ||
	    dlt_store_bucket_failures(sh->st, id, &sh->total) != 0)
		return (-1);
	if (sh->nmembers == 0) {
		dlt_error("bucket '%s' has no failure in store '%s'", id, sh->db);
		return (1);
	}
	return (0);
}


/* Write s with control bytes (other than tab) as '?'. */
static void
print_clean(FILE *fp, const char *s, size_t len)
{
	size_t	i;

	for (i = 0; i < len; i++)
		fputc((unsigned char)s[i] < 0x20 && s[i] != '\t' ? '?' : s[i],
		    fp);
}

static void
show_header(struct show *sh)
{
	const struct dlt_store_bucket_info	*b = &sh->b;

	if (sh->format == SHOW_JSON) {
		dlt_jw_kv_cstr(&sh->jw, "bucket", b->id);
		dlt_jw_kv_cstr(&sh->jw, "signature", b->signature);
		dlt_jw_kv_cstr(&sh->jw, "class", b->cls);
		dlt_jw_kv_cstr(&sh->jw, "kind", b->kind);
		dlt_jw_kv_cstr(&sh->jw, "framework", b->framework);
		dlt_jw_kv_int(&sh->jw, "count", b->count);
		dlt_jw_kv_cstr(&sh->jw, "first_seen", b->first_seen);
		dlt_jw_kv_cstr(&sh->jw, "last_seen", b->last_seen);
		return;
	}
	printf("bucket %s\n", b->id);
	printf("  signature  ");
	print_clean(stdout, b->signature, strlen(b->signature));
	printf("\n  class      %s%s%s, framework %s\n", b->cls,
	    b->kind != NULL ? " / " : "", b->kind != NULL ? b->kind : "",
	    b->framework != NULL ? b->framework : "unknown");
	printf("  failures   %ld (first seen %s, last %s)\n", b->count,
	    b->first_seen != NULL ? b->first_seen : "?",
	    b->last_seen != NULL ? b->last_seen : "?");
}

/*
 * The bucket's priority (the highest of its failures') and where it came
 * from: the deciding rule's hint, or the default for the class.
 */
static void
show_priority(struct show *sh)
{
	const struct dlt_store_member	*m = NULL;
	const struct dlt_rule		*r;
	const char			*source;
	size_t				 i;
	int				 cls;

	for (i = 0; i < sh->nmembers; i++) {
		if (sh->b.priority != NULL && sh->members[i].priority != NULL &&
		    strcmp(sh->b.priority, sh->members[i].priority) == 0) {
			m = &sh->members[i];
			break;
		}
	}
	if (m == NULL)
		m = &sh->members[0];
	r = dlt_rule_find(&sh->ctx->rules, m->rule);
	/* the layers of dlt_priority_assign (priority.h), first match wins */
	if (m->security)
		source = "security";
	else if (r != NULL && r->priority != DLT_PRIO_UNSET &&
	    (sh->ctx->rules.prio == NULL ||
	    r->confidence >= DLT_PRIORITY_RULE_OVERRIDE))
		source = "rule";
	else if (sh->ctx->rules.prio != NULL)
		source = "model";
	else if (r != NULL && r->priority != DLT_PRIO_UNSET)
		source = "rule";
	else
		source = "default";
	cls = m->cls != NULL ? dlt_class_parse(m->cls) : -1;
	if (sh->format == SHOW_JSON) {
		dlt_jw_key(&sh->jw, "priority");
		dlt_jw_object(&sh->jw);
		dlt_jw_kv_cstr(&sh->jw, "level", sh->b.priority);
		if (m->confidence >= 0)
			dlt_jw_kv_double(&sh->jw, "confidence", m->confidence, 2);
		else {
			dlt_jw_key(&sh->jw, "confidence");
			dlt_jw_null(&sh->jw);
		}
		dlt_jw_kv_cstr(&sh->jw, "source", source);
		dlt_jw_kv_cstr(&sh->jw, "rule", m->rule);
		dlt_jw_kv_int(&sh->jw, "failure", m->id);
		dlt_jw_kv_bool(&sh->jw, "security", m->security);
		dlt_jw_end(&sh->jw);
		return;
	}
	printf("  priority   %s", sh->b.priority != NULL ? sh->b.priority :
	    "unset");
	if (m->confidence >= 0)
		printf(" (confidence %.2f)", m->confidence);
	if (strcmp(source, "security") == 0)
		printf(", memory corruption (rule %s)", m->rule != NULL ?
		    m->rule : "?");
	else if (strcmp(source, "rule") == 0)
		printf(", the hint of rule %s", r->c.id);
	else if (strcmp(source, "model") == 0)
		printf(", the priority model (see known defects below)");
	else if (cls >= 0)
		printf(", the default for %s%s%s%s", m->security ?
		    "a security problem of class " : "class ", m->cls,
		    m->rule != NULL ? "; rule " : "", m->rule != NULL ?
		    m->rule : "");
	printf(" (failure f%" PRId64 ")\n", m->id);
}

/* One part of the identity: as stored, normalised, and what was replaced. */
static void
show_field(struct show *sh, const char *label, const char *raw)
{
	struct dlt_norm_trace	 tr = DLT_NORM_TRACE_INIT;
	const struct dlt_norm_step *s;
	char			*norm;
	size_t			 i, j;

	if (raw == NULL)
		return;
	norm = dlt_normalise_trace(&sh->ctx->rules, raw, strlen(raw), &tr);
	if (sh->format == SHOW_JSON) {
		dlt_jw_object(&sh->jw);
		dlt_jw_kv_cstr(&sh->jw, "field", label);
		dlt_jw_kv_cstr(&sh->jw, "stored", raw);
		dlt_jw_kv_cstr(&sh->jw, "normalised", norm);
		dlt_jw_key(&sh->jw, "replaced");
		dlt_jw_array(&sh->jw);
		for (i = 0; i < tr.nsteps; i++) {
			s = &tr.steps[i];
			dlt_jw_object(&sh->jw);
			dlt_jw_kv_cstr(&sh->jw, "entry", s->id);
			dlt_jw_kv_uint(&sh->jw, "count", s->count);
			dlt_jw_key(&sh->jw, "examples");
			dlt_jw_array(&sh->jw);
			for (j = 0; j < s->nexamples; j++) {
				dlt_jw_object(&sh->jw);
				dlt_jw_kv_cstr(&sh->jw, "from", s->from[j]);
				dlt_jw_kv_cstr(&sh->jw, "to", s->to[j]);
				dlt_jw_end(&sh->jw);
			}
			dlt_jw_end(&sh->jw);
			dlt_jw_end(&sh->jw);
		}
		dlt_jw_end(&sh->jw);
		dlt_jw_end(&sh->jw);
	} else {
		printf("  %-10s ", label);
		print_clean(stdout, raw, strlen(raw));
		putchar('\n');
		if (tr.nsteps == 0)
			printf("  %-10s (unchanged)\n", "");
		else {
			printf("  %-10s ", "  ->");
			print_clean(stdout, norm, strlen(norm));
			putchar('\n');
		}
		for (i = 0; i < tr.nsteps; i++) {
			s = &tr.steps[i];
			printf("  %-10s %s (%zu):", "", s->id, s->count);
			for (j = 0; j < s->nexamples; j++) {
				printf("%s '", j > 0 ? "," : "");
				print_clean(stdout, s->from[j], strlen(s->from[j]));
				printf("' -> '");
				print_clean(stdout, s->to[j], strlen(s->to[j]));
				putchar('\'');
			}
			if (s->count > s->nexamples)
				printf(", ...");
			putchar('\n');
		}
	}
	free(norm);
	dlt_norm_trace_release(&tr);
}

/*
 * What the bucket id is the hash of (bucket.h), from the focus failure:
 * framework, class, kind, exception type, the normalised signature and
 * top three frames; or the key of the deciding rule, which the store
 * does not keep.  The id computed again from the store's fields under
 * the rules loaded now says whether that is the whole story.
 */
static void
show_identity(struct show *sh)
{
	const struct dlt_store_member	*m = &sh->members[0];
	const struct dlt_rule		*r;
	struct dlt_failure		 f;
	char				*frames[DLT_MAX_FRAMES];
	char				 label[16], again[DLT_BUCKET_HEXLEN + 1];
	char				 empty[1] = "";
	size_t				 nframes, i;
	int				 same;

	nframes = ynode_json_strings(m->frames, frames, DLT_MAX_FRAMES);
	memset(&f, 0, sizeof f);
	f.framework = m->framework;
	f.cls = m->cls != NULL ? dlt_class_parse(m->cls) : -1;
	f.kind = m->kind;
	f.exc_type = m->exc_type;
	f.signature = m->signature != NULL ? m->signature : empty;
	for (i = 0; i < nframes; i++)
		f.frames[i] = frames[i];
	f.nframes = nframes;
	dlt_bucket_hex(dlt_bucket_id(&sh->ctx->rules, &f), again);
	same = strcmp(again, sh->b.id) == 0;
	r = dlt_rule_find(&sh->ctx->rules, m->rule);

	if (sh->format == SHOW_JSON) {
		dlt_jw_key(&sh->jw, "identity");
		dlt_jw_object(&sh->jw);
		dlt_jw_kv_int(&sh->jw, "failure", m->id);
		dlt_jw_kv_cstr(&sh->jw, "exc_type", m->exc_type);
		dlt_jw_kv_cstr(&sh->jw, "bucket_key_rule", r != NULL &&
		    r->bucket != NULL ? r->c.id : NULL);
		dlt_jw_kv_cstr(&sh->jw, "bucket_key", r != NULL ?
		    r->bucket : NULL);
		dlt_jw_kv_cstr(&sh->jw, "recomputed", again);
		dlt_jw_kv_bool(&sh->jw, "recomputed_matches", same);
		dlt_jw_key(&sh->jw, "fields");
		dlt_jw_array(&sh->jw);
	} else {
		printf("\nidentity (what the id is the hash of, from failure f%"
		    PRId64 ")\n", m->id);
		printf("  framework %s, class %s, kind %s, exception %s\n",
		    m->framework != NULL ? m->framework : "unknown",
		    m->cls != NULL ? m->cls : "?", m->kind != NULL ? m->kind :
		    "none", m->exc_type != NULL ? m->exc_type : "none");
		if (r != NULL && r->bucket != NULL)
			printf("  the key of rule %s, '%s', filled from the log "
			    "(the store does not keep it), is hashed with the "
			    "framework, class and kind, in place of the "
			    "exception type, signature and frames below\n",
			    r->c.id, r->bucket);
	}
	show_field(sh, "signature", m->signature);
	for (i = 0; i < nframes && i < 3; i++) {
		snprintf(label, sizeof label, "frame %zu", i + 1);
		show_field(sh, label, frames[i]);
	}
	if (sh->format == SHOW_JSON) {
		dlt_jw_end(&sh->jw);
		dlt_jw_end(&sh->jw);
	} else {
		if ((r == NULL || r->bucket == NULL) && !same)
			printf("  from these fields the rules loaded now make the "
			    "id %s, not this one: the rules changed since the "
			    "failure was classified, or another program made "
			    "the id\n", again);
	}
	for (i = 0; i < nframes; i++)
		free(frames[i]);
}

/* The run that found a failure: mutant, operator, model, framework. */
static void
show_run(struct show *sh, const struct dlt_store_member *m)
{
	const char	*sig = m->signal != 0 ? dlt_signal_name(m->signal) : NULL;

	if (sh->format == SHOW_JSON) {
		dlt_jw_key(&sh->jw, "run");
		if (m->execution_id == 0 && m->mutant_id == 0) {
			dlt_jw_null(&sh->jw);
			return;
		}
		dlt_jw_object(&sh->jw);
		if (m->execution_id != 0)
			dlt_jw_kv_int(&sh->jw, "execution", m->execution_id);
		if (m->mutant_id != 0)
			dlt_jw_kv_int(&sh->jw, "mutant", m->mutant_id);
		dlt_jw_kv_cstr(&sh->jw, "model", m->model);
		if (m->ordinal >= 0)
			dlt_jw_kv_int(&sh->jw, "ordinal", m->ordinal);
		dlt_jw_kv_cstr(&sh->jw, "operator", m->operator);
		dlt_jw_kv_cstr(&sh->jw, "mode", m->mode);
		dlt_jw_kv_cstr(&sh->jw, "framework", m->exec_framework);
		dlt_jw_kv_cstr(&sh->jw, "framework_version",
		    m->framework_version);
		dlt_jw_kv_cstr(&sh->jw, "status", m->status);
		if (m->exit_code >= 0)
			dlt_jw_kv_int(&sh->jw, "exit_code", m->exit_code);
		if (m->signal != 0)
			dlt_jw_kv_int(&sh->jw, "signal", m->signal);
		dlt_jw_kv_cstr(&sh->jw, "why", m->why);
		dlt_jw_end(&sh->jw);
		return;
	}
	if (m->execution_id == 0 && m->mutant_id == 0)
		return;
	printf("    run        mutant %ld of model %s (operator %s, %s mode)",
	    m->ordinal, m->model != NULL ? m->model : "?",
	    m->operator != NULL ? m->operator : "?",
	    m->mode != NULL ? m->mode : "default");
	if (m->exec_framework != NULL)
		printf(" on %s%s%s", m->exec_framework,
		    m->framework_version != NULL ? " " : "",
		    m->framework_version != NULL ? m->framework_version : "");
	else
		printf(" on several frameworks");
	if (m->status != NULL)
		printf(": %s", m->status);
	if (m->signal != 0) {
		if (sig != NULL)
			printf(", signal %d (%s)", m->signal, sig);
		else
			printf(", signal %d", m->signal);
	} else if (m->exit_code >= 0)
		printf(", exit code %d", m->exit_code);
	if (m->why != NULL)
		printf(" (%s)", m->why);
	printf("\n");
}

/* A failure in full: where, the run, the excerpt with evidence marked. */
static void
show_member(struct show *sh, const struct dlt_store_member *m)
{
	struct dlt_excerpt x;
	size_t		i;

	dlt_excerpt_make(sh->st, m, &x);
	if (sh->format == SHOW_JSON) {
		dlt_jw_object(&sh->jw);
		dlt_jw_kv_int(&sh->jw, "id", m->id);
		dlt_jw_kv_cstr(&sh->jw, "source", m->source);
		dlt_jw_kv_int(&sh->jw, "line_start", m->line_start);
		dlt_jw_kv_int(&sh->jw, "line_end", m->line_end);
		dlt_jw_kv_cstr(&sh->jw, "rule", m->rule);
		dlt_jw_kv_cstr(&sh->jw, "signature", m->signature);
		dlt_jw_key(&sh->jw, "exception");
		if (m->exc_type != NULL) {
			dlt_jw_object(&sh->jw);
			dlt_jw_kv_cstr(&sh->jw, "type", m->exc_type);
			dlt_jw_kv_cstr(&sh->jw, "message", m->exc_message);
			dlt_jw_end(&sh->jw);
		} else
			dlt_jw_null(&sh->jw);
		show_run(sh, m);
		dlt_jw_key(&sh->jw, "excerpt");
		dlt_jw_object(&sh->jw);
		dlt_jw_kv_cstr(&sh->jw, "from", x.from);
		dlt_jw_kv_cstr(&sh->jw, "note", x.note);
		dlt_jw_kv_int(&sh->jw, "evidence_not_shown", x.hidden);
		dlt_jw_key(&sh->jw, "lines");
		dlt_jw_array(&sh->jw);
		for (i = 0; i < x.n; i++) {
			dlt_jw_object(&sh->jw);
			if (x.lines[i].n > 0)
				dlt_jw_kv_int(&sh->jw, "line", x.lines[i].n);
			dlt_jw_kv_bool(&sh->jw, "evidence", x.lines[i].evidence);
			dlt_jw_kv_cstr(&sh->jw, "text", x.lines[i].text);
			dlt_jw_end(&sh->jw);
		}
		dlt_jw_end(&sh->jw);
		dlt_jw_end(&sh->jw);
		dlt_jw_end(&sh->jw);
		dlt_excerpt_release(&x);
		return;
	}
	printf("\n  failure f%" PRId64 "  ", m->id);
	print_clean(stdout, m->source != NULL ? m->source : "?",
	    m->source != NULL ? strlen(m->source) : 1);
	printf(" (lines %ld-%ld)\n", m->line_start, m->line_end);
	if (m->rule != NULL)
		printf("    rule       %s\n", m->rule);
	if (m->exc_type != NULL) {
		printf("    exception  %s: ", m->exc_type);
		print_clean(stdout, m->exc_message != NULL ? m->exc_message : "",
		    m->exc_message != NULL ? strlen(m->exc_message) : 0);
		putchar('\n');
	}
	show_run(sh, m);
	if (strcmp(x.from, "file") == 0)
		printf("    excerpt    from the log ('>' marks the evidence)\n");
	else if (strcmp(x.from, "run") == 0)
		printf("    excerpt    from the run's log, as the store keeps it "
		    "('>' marks the evidence)\n");
	else
		printf("    excerpt    as the store kept it: %s ('>' marks the "
		    "evidence)\n", x.note != NULL ? x.note : "no log");
	for (i = 0; i < x.n; i++) {
		if (x.lines[i].n > 0)
			printf("    %6ld %c ", x.lines[i].n,
			    x.lines[i].evidence ? '>' : ' ');
		else
			printf("           ");
		print_clean(stdout, x.lines[i].text, strlen(x.lines[i].text));
		putchar('\n');
	}
	if (x.n == 0)
		printf("           (no excerpt)\n");
	if (x.hidden > 0)
		printf("           (%ld evidence lines further on not shown)\n",
		    x.hidden);
	dlt_excerpt_release(&x);
}

static void
show_members(struct show *sh)
{
	size_t	i;

	if (sh->format == SHOW_JSON) {
		dlt_jw_kv_int(&sh->jw, "failures_total", sh->total);
		dlt_jw_key(&sh->jw, "failures");
		dlt_jw_array(&sh->jw);
		for (i = 0; i < sh->nmembers; i++)
			show_member(sh, &sh->members[i]);
		dlt_jw_end(&sh->jw);
		dlt_jw_key(&sh->jw, "failures_more");
		dlt_jw_array(&sh->jw);
		for (i = 0; i < sh->nmore; i++)
			dlt_jw_int(&sh->jw, sh->more[i]);
		dlt_jw_end(&sh->jw);
		return;
	}
	printf("\nfailures (%ld", sh->total);
	if ((long)sh->nmembers < sh->total)
		printf("; %zu shown", sh->nmembers);
	printf(")\n");
	for (i = 0; i < sh->nmembers; i++)
		show_member(sh, &sh->members[i]);
	if (sh->nmore > 0) {
		printf("\n  also");
		for (i = 0; i < sh->nmore; i++)
			printf(" f%" PRId64, sh->more[i]);
		if ((long)(sh->nmembers + sh->nmore) < sh->total)
			printf(" and %ld more",
			    sh->total - (long)(sh->nmembers + sh->nmore));
		printf("\n");
	}
}

/*
 * The buckets near this one (near.h): those proposed as the same defect,
 * and the nearest few that were not, each with what it shares and what
 * differs (which is why it has another id).  0 or -1 (store error).
 */
static int
show_near(struct show *sh)
{
	struct dlt_near_item	*items = NULL;
	struct dlt_near_index	*ix = NULL;
	struct dlt_near_match	*m = NULL;
	const struct dlt_near_item *o;
	size_t			 n = 0, nm = 0, i, k, self, lo, hi, shown = 0, below = 0;
	int			 c, proposed;

	/* its block only: near.h compares no other */
	if (dlt_store_near_items(sh->st, sh->b.id, 0, &items, &n) != 0)
		goto fail;
	/* items are in id order */
	lo = 0;
	hi = n;
	self = n;
	while (lo < hi) {
		i = lo + (hi - lo) / 2;
		if ((c = strcmp(items[i].id, sh->b.id)) == 0) {
			self = i;
			break;
		}
		if (c < 0)
			lo = i + 1;
		else
			hi = i;
	}
	ix = dlt_near_index_new(&sh->ctx->rules, items, n);
	if (self < n)
		dlt_near_find_scores(ix, self, SHOW_NEAR_FLOOR, &m, &nm);
	/*
	 * The explanations name the operators and models of the runs: read
	 * for the buckets shown only, each a walk through its failures.
	 */
	if (self < n && nm > 0 && dlt_store_near_origins(sh->st,
	    &items[self]) != 0)
		goto fail;
	/* the matches shown, kept in order at the front, with their why */
	for (i = 0, k = 0; i < nm; i++) {
		proposed = m[i].score >= DLT_NEAR_THRESHOLD;
		if (proposed ? shown >= SHOW_NEAR : below >= SHOW_NEAR_BELOW)
			continue;
		if (proposed)
			shown++;
		else
			below++;
		m[k] = m[i];
		if (dlt_store_near_origins(sh->st, &items[m[k].b]) != 0) {
			nm = k;
			goto fail;
		}
		dlt_near_score(ix, self, m[k].b, &m[k]);
		k++;
	}
	nm = k;
	if (sh->format == SHOW_JSON) {
		dlt_jw_kv_double(&sh->jw, "near_threshold", DLT_NEAR_THRESHOLD,
		    2);
		dlt_jw_key(&sh->jw, "near");
		dlt_jw_array(&sh->jw);
	} else
		printf("\nnear buckets (proposed as the same defect at a score "
		    "of %.2f or more)\n", DLT_NEAR_THRESHOLD);
	for (i = 0; i < nm; i++) {
		proposed = m[i].score >= DLT_NEAR_THRESHOLD;
		o = &items[m[i].b];
		if (sh->format == SHOW_JSON) {
			dlt_jw_object(&sh->jw);
			dlt_jw_kv_cstr(&sh->jw, "bucket", o->id);
			dlt_jw_kv_double(&sh->jw, "score", m[i].score, 3);
			dlt_jw_kv_bool(&sh->jw, "proposed", proposed);
			dlt_jw_kv_double(&sh->jw, "message", m[i].message, 3);
			dlt_jw_key(&sh->jw, "frames");
			if (m[i].frames >= 0)
				dlt_jw_double(&sh->jw, m[i].frames, 3);
			else
				dlt_jw_null(&sh->jw);
			dlt_jw_kv_bool(&sh->jw, "same_kind", m[i].same_kind);
			dlt_jw_kv_cstr(&sh->jw, "kind", o->kind);
			dlt_jw_kv_cstr(&sh->jw, "message_text", o->message);
			dlt_jw_kv_cstr(&sh->jw, "shared", m[i].shared);
			dlt_jw_kv_cstr(&sh->jw, "differs", m[i].differs);
			dlt_jw_end(&sh->jw);
			continue;
		}
		printf("  %s  %.2f  %s  ", o->id, m[i].score, proposed ?
		    "proposed" : "not proposed");
		print_clean(stdout, o->message != NULL ? o->message : "",
		    o->message != NULL ? strlen(o->message) : 0);
		printf("\n    shared   ");
		print_clean(stdout, m[i].shared, strlen(m[i].shared));
		printf("\n    differs  ");
		print_clean(stdout, m[i].differs, strlen(m[i].differs));
		putchar('\n');
	}
	if (sh->format == SHOW_JSON)
		dlt_jw_end(&sh->jw);
	else if (nm == 0)
		printf("  none\n");
	dlt_near_matches_free(m, nm);
	dlt_near_index_free(ix);
	for (i = 0; i < n; i++)
		dlt_near_item_release(&items[i]);
	free(items);
	return (0);

fail:
	dlt_near_matches_free(m, nm);
	dlt_near_index_free(ix);
	for (i = 0; i < n; i++)
		dlt_near_item_release(&items[i]);
	free(items);
	return (-1);
}

/*
 * The nearest known defects of the priority model (the curated reports
 * of corpus/defects it was trained on) with their urls, priorities and
 * labels, and the model's explanation: its probabilities and the
 * features that weighed most toward its choice.  Nothing without a
 * model.
 */
static void
show_known_defects(struct show *sh)
{
	const struct dlt_prio_model	*pm = sh->ctx->rules.prio;
	const struct dlt_store_member	*m = &sh->members[0];
	struct dlt_prio_feats		 fs = { NULL, 0, 0 };
	struct dlt_prio_pred		 pr;
	struct dlt_prio_near		 near[SHOW_KNOWN];
	struct dlt_prio_weight		 why[SHOW_WEIGHTS];
	size_t				 nnear, nwhy, i;
	int				 p;

	if (pm == NULL || sh->nmembers == 0)
		return;
	dlt_view_prio_feats(&sh->ctx->rules, m, &fs);
	dlt_prio_predict(pm, &fs, &pr);
	nnear = dlt_prio_nearest(pm, &fs, near, SHOW_KNOWN);
	nwhy = dlt_prio_weighed(pm, &fs, pr.best, why, SHOW_WEIGHTS);
	if (sh->format == SHOW_JSON) {
		dlt_jw_key(&sh->jw, "priority_model");
		dlt_jw_object(&sh->jw);
		dlt_jw_kv_cstr(&sh->jw, "model", pm->path);
		dlt_jw_kv_cstr(&sh->jw, "predicted",
		    dlt_priority_name(pr.priority));
		dlt_jw_key(&sh->jw, "probabilities");
		dlt_jw_object(&sh->jw);
		for (p = DLT_PRIO_COUNT - 1; p >= 0; p--)
			dlt_jw_kv_double(&sh->jw, dlt_priority_name(p), pr.p[p], 3);
		dlt_jw_end(&sh->jw);
		dlt_jw_key(&sh->jw, "weighed");
		dlt_jw_array(&sh->jw);
		for (i = 0; i < nwhy; i++) {
			dlt_jw_object(&sh->jw);
			dlt_jw_kv_cstr(&sh->jw, "feature", why[i].feature);
			dlt_jw_kv_double(&sh->jw, "weight", why[i].weight, 3);
			dlt_jw_end(&sh->jw);
		}
		dlt_jw_end(&sh->jw);
		dlt_jw_key(&sh->jw, "known_defects");
		dlt_jw_array(&sh->jw);
		for (i = 0; i < nnear; i++) {
			dlt_jw_object(&sh->jw);
			dlt_jw_kv_cstr(&sh->jw, "url", near[i].known->url);
			dlt_jw_kv_cstr(&sh->jw, "priority",
			    dlt_priority_name(near[i].known->priority));
			dlt_jw_kv_cstr(&sh->jw, "labels", near[i].known->labels);
			dlt_jw_kv_double(&sh->jw, "similarity",
			    near[i].similarity, 3);
			dlt_jw_end(&sh->jw);
		}
		dlt_jw_end(&sh->jw);
		dlt_jw_end(&sh->jw);
	} else {
		printf("\npriority model (%s)\n  predicts %s (decided on "
		    "class-balanced scores); calibrated probabilities: high "
		    "%.2f, medium %.2f, low %.2f\n", pm->path,
		    dlt_priority_name(pr.priority), pr.p[DLT_PRIO_HIGH],
		    pr.p[DLT_PRIO_MEDIUM], pr.p[DLT_PRIO_LOW]);
		if (nwhy > 0) {
			printf("  weighed most toward %s:\n",
			    dlt_priority_name(pr.best));
			for (i = 0; i < nwhy; i++)
				printf("    %+.2f  %s\n", why[i].weight,
				    why[i].feature);
		}
		printf("\nnearest known defects\n");
		if (nnear == 0)
			printf("  none shares a feature with this failure\n");
		for (i = 0; i < nnear; i++)
			printf("  %.2f  %-6s %s%s%s%s\n", near[i].similarity,
			    dlt_priority_name(near[i].known->priority),
			    near[i].known->url,
			    *near[i].known->labels != '\0' ? " [" : "",
			    near[i].known->labels,
			    *near[i].known->labels != '\0' ? "]" : "");
	}
	dlt_prio_feats_release(&fs);
}

static void
show_release(struct show *sh)
{
	size_t	i;

	dlt_store_bucket_info_release(&sh->b);
	for (i = 0; i < sh->nmembers; i++)
		dlt_store_member_release(&sh->members[i]);
	strbuf_release(&sh->out);
}

static int
cmd_show_exec(struct dlt_ctx *ctx, int argc, char **argv)
{
	struct show	 sh;
	enum show_what	 w;
	const char	*arg, *env;
	int64_t		 n;
	int		 id, rc, status = DLT_EXIT_OK;

	(void)argc;
	memset(&sh, 0, sizeof sh);
	sh.ctx = ctx;
	strbuf_init(&sh.out);
	while ((id = dlt_cmd_next_option(ctx, &arg)) != -1) {
		switch (id) {
		case 'f':
			/* the dispatcher checked it against show_formats[] */
			sh.format = strcmp(arg, "json") == 0 ? SHOW_JSON :
			    SHOW_TEXT;
			break;
		}
	}
	if (ctx->db_path == NULL && (env = getenv("DLTRIAGE_DB")) != NULL &&
	    *env != '\0')
		ctx->db_path = env;
	if (ctx->db_path == NULL) {
		dlt_error("'show' needs a store (--db FILE or DLTRIAGE_DB)");
		dlt_cmd_usage(&dlt_cmd_show, stderr);
		return (DLT_EXIT_USAGE);
	}
	if (parse_operand(argv[0], &w, &n) != 0)
		return (DLT_EXIT_USAGE);
	dlt_error_set_context(NULL, ctx->db_path);
	/* an existing store only: show never makes an empty one */
	if (dlt_store_open_read(ctx->db_path, &ctx->store) != 0)
		return (DLT_EXIT_STORE);
	sh.st = ctx->store;
	sh.db = ctx->db_path;
	if ((rc = resolve(&sh, argv[0], w, n)) != 0) {
		show_release(&sh);
		return (rc < 0 ? DLT_EXIT_STORE : DLT_EXIT_USAGE);
	}
	if (sh.format == SHOW_JSON) {
		dlt_jw_init(&sh.jw, &sh.out, 0);
		dlt_jw_object(&sh.jw);
	}
	show_header(&sh);
	show_priority(&sh);
	show_identity(&sh);
	show_members(&sh);
	if (show_near(&sh) != 0)
		status = DLT_EXIT_STORE;
	show_known_defects(&sh);
	if (sh.format == SHOW_JSON && status == DLT_EXIT_OK) {
		dlt_jw_end(&sh.jw);
		if (!dlt_jw_complete(&sh.jw))
			dlt_bug("show's JSON is not complete");
		fwrite(sh.out.buf, 1, sh.out.len, stdout);
		putchar('\n');
	}
	show_release(&sh);
	return (status);
}
