/*
 * store-view.c: what show and report read of one unique defect; see
 * store-view.h.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bucket.h"
#include "error.h"
#include "failure.h"
#include "hash.h"
#include "logread.h"
#include "priority.h"
#include "rule-model.h"
#include "rules.h"
#include "store-show.h"
#include "store-view.h"
#include "strbuf.h"
#include "vocab.h"
#include "xmalloc.h"
#include "yaml-node.h"

#define VIEW_CANDIDATES	5	/* ids named for an ambiguous prefix */
#define VIEW_CONTEXT	2	/* lines shown around a failure's range */
#define VIEW_LINES	40	/* lines of an excerpt at most */
#define VIEW_LINE_MAX	400	/* bytes of one excerpt line at most */

int
dlt_view_bucket_find(struct dlt_store *st, const char *db, const char *arg,
    char id[DLT_BUCKET_HEXLEN + 1])
{
	char		*ids[VIEW_CANDIDATES];
	struct strbuf	 sb = STRBUF_INIT;
	size_t		 nids = 0, i;

	if (dlt_store_bucket_prefix(st, arg, ids, VIEW_CANDIDATES, &nids) != 0)
		return (-1);
	if (nids == 0) {
		if (strspn(arg, "0123456789") == strlen(arg))
			dlt_error("no bucket starts with '%s' in store '%s' (for "
			    "failure %s, write f%s)", arg, db, arg, arg);
		else
			dlt_error("no bucket starts with '%s' in store '%s'",
			    arg, db);
		return (1);
	}
	if (nids > 1) {
		for (i = 0; i < nids && i < VIEW_CANDIDATES; i++)
			strbuf_addf(&sb, "%s%s", i > 0 ? ", " : "", ids[i]);
		if (nids > VIEW_CANDIDATES)
			strbuf_addf(&sb, ", and %zu more", nids - VIEW_CANDIDATES);
		dlt_error("bucket prefix '%s' is ambiguous: %s", arg, sb.buf);
		strbuf_release(&sb);
		for (i = 0; i < nids && i < VIEW_CANDIDATES; i++)
			free(ids[i]);
		return (1);
	}
	snprintf(id, DLT_BUCKET_HEXLEN + 1, "%s", ids[0]);
	free(ids[0]);
	return (0);
}

/* The numbers of a JSON array, at most max. */
static size_t
json_longs(const char *json, long *out, size_t max)
{
	char		*items[256], *end;
	long long	 v;
	size_t		 i, n, k = 0;

	n = ynode_json_strings(json, items, max < 256 ? max : 256);
	for (i = 0; i < n; i++) {
		errno = 0;
		v = strtoll(items[i], &end, 10);
		if (errno == 0 && *end == '\0' && end != items[i] && v > 0 &&
		    v <= LONG_MAX)
			out[k++] = (long)v;
		free(items[i]);
	}
	return (k);
}

static int
is_evidence(const long *ev, size_t nev, long line)
{
	size_t	i;

	for (i = 0; i < nev; i++)
		if (ev[i] == line)
			return (1);
	return (0);
}

static void
excerpt_add(struct dlt_excerpt *x, long n, int evidence, const char *s,
    size_t len)
{
	XGROW(x->lines, x->n + 1, x->alloc);
	x->lines[x->n].n = n;
	x->lines[x->n].evidence = evidence;
	x->lines[x->n].text = xstrndup(s, len > VIEW_LINE_MAX ? VIEW_LINE_MAX :
	    len);
	x->n++;
}

void
dlt_excerpt_release(struct dlt_excerpt *x)
{
	size_t	i;

	for (i = 0; i < x->n; i++)
		free(x->lines[i].text);
	free(x->lines);
	free(x->note);
	memset(x, 0, sizeof *x);
}

/* The member's lines around its range, from lr; the evidence marked. */
static void
excerpt_read(struct dlt_logread *lr, const struct dlt_store_member *m,
    const long *ev, size_t nev, struct dlt_excerpt *x)
{
	struct dlt_line	line;
	long		from, to, last = 0;
	size_t		i;

	from = m->line_start - VIEW_CONTEXT > 1 ? m->line_start - VIEW_CONTEXT : 1;
	to = m->line_end + VIEW_CONTEXT;
	if (to - from + 1 > VIEW_LINES)
		to = from + VIEW_LINES - 1;
	/* the file's lines: a JSON record is shown as it is written */
	lr->whole_lines = 1;
	while (dlt_logread_next(lr, &line)) {
		if (line.lineno < from || line.lineno > to)
			continue;
		if (line.lineno == last)
			continue;	/* a long line's further pieces */
		last = line.lineno;
		excerpt_add(x, line.lineno, is_evidence(ev, nev, line.lineno),
		    line.text, line.len);
	}
	for (i = 0; i < nev; i++)
		if (ev[i] > to)
			x->hidden++;
}

static void
excerpt_clear(struct dlt_excerpt *x)
{
	size_t	i;

	for (i = 0; i < x->n; i++)
		free(x->lines[i].text);
	x->n = 0;
	x->hidden = 0;
}

/*
 * The member's lines from its log, when the log is still there with the
 * content it had: 0, or -1 with x->note saying why not.
 */
static int
excerpt_file(const struct dlt_store_member *m, const long *ev, size_t nev,
    struct dlt_excerpt *x)
{
	struct dlt_logread	 lr;
	struct stat		 sb;
	char			 hex[17];
	int			 fd;

	if (m->path == NULL) {
		x->note = xstrdup("no log file recorded");
		return (-1);
	}
	if ((fd = open(m->path, O_RDONLY)) == -1) {
		x->note = xasprintf("cannot read '%s': %s", m->path,
		    strerror(errno));
		return (-1);
	}
	if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
		x->note = xasprintf("'%s' is not a regular file", m->path);
		close(fd);
		return (-1);
	}
	dlt_logread_init_fd(&lr, fd, 1);
	excerpt_read(&lr, m, ev, nev, x);
	if (lr.error != 0)
		x->note = xasprintf("cannot read '%s': %s", m->path,
		    strerror(lr.error));
	else {
		dlt_hash_hex(dlt_logread_hash(&lr), hex);
		if (m->content_hash != NULL && strcmp(hex, m->content_hash) != 0)
			x->note = xasprintf("'%s' has changed since it was "
			    "classified", m->path);
	}
	dlt_logread_release(&lr);
	close(fd);
	if (x->note != NULL) {
		excerpt_clear(x);
		return (-1);
	}
	x->from = "file";
	return (0);
}

/*
 * A run's failure: its log is what the execution printed, which the
 * store keeps as the execution's evidence when it was not cut.  0, or -1
 * (x->note set); -2 on a store error.
 */
static int
excerpt_run(struct dlt_store *st, const struct dlt_store_member *m, const long *ev,
    size_t nev, struct dlt_excerpt *x)
{
	struct dlt_logread	lr;
	struct strbuf		text = STRBUF_INIT;
	int			rc;

	if ((rc = dlt_store_member_run_log(st, m, &text)) != 0) {
		strbuf_release(&text);
		if (rc < 0)
			return (-2);
		x->note = xstrdup("the store does not keep the run's whole log");
		return (-1);
	}
	dlt_logread_init_mem(&lr, text.buf, text.len);
	excerpt_read(&lr, m, ev, nev, x);
	dlt_logread_release(&lr);
	strbuf_release(&text);
	x->from = "run";
	return (0);
}

/*
 * The excerpt the store kept: the failure's lines from line_start, when
 * it has no more lines than the range (else they cannot be numbered).
 */
static void
excerpt_stored(const struct dlt_store_member *m, const long *ev, size_t nev,
    struct dlt_excerpt *x)
{
	const char	*p, *e;
	long		 k = 0, nlines = 1, n;
	size_t		 i;

	if (m->excerpt == NULL)
		return;
	for (p = m->excerpt; *p != '\0'; p++)
		if (*p == '\n' && p[1] != '\0')
			nlines++;
	for (p = m->excerpt; *p != '\0' && x->n < VIEW_LINES; k++) {
		e = strchr(p, '\n');
		if (e == NULL)
			e = p + strlen(p);
		n = nlines <= m->line_end - m->line_start + 1 ?
		    m->line_start + k : 0;
		excerpt_add(x, n, n != 0 && is_evidence(ev, nev, n), p,
		    (size_t)(e - p));
		p = *e == '\n' ? e + 1 : e;
	}
	if (nlines <= m->line_end - m->line_start + 1)
		for (i = 0; i < nev; i++)
			if (ev[i] > m->line_start + (long)x->n - 1)
				x->hidden++;
}

void
dlt_excerpt_make(struct dlt_store *st, const struct dlt_store_member *m,
    struct dlt_excerpt *x)
{
	long	ev[256];
	size_t	nev;

	memset(x, 0, sizeof *x);
	nev = json_longs(m->evidence, ev, sizeof ev / sizeof ev[0]);
	if (m->path != NULL && strncmp(m->path, "run:", 4) == 0) {
		if (m->execution_id != 0 && excerpt_run(st, m, ev, nev, x) == 0)
			return;
		if (x->note == NULL)
			x->note = xstrdup("the store does not keep the run's "
			    "whole log");
	} else if (excerpt_file(m, ev, nev, x) == 0)
		return;
	x->from = "store";
	excerpt_stored(m, ev, nev, x);
}

const struct dlt_rule *
dlt_rule_find(const struct dlt_ruleset *rs, const char *id)
{
	size_t	i;

	if (id == NULL)
		return (NULL);
	for (i = 0; i < rs->nrules; i++)
		if (strcmp(rs->rules[i].c.id, id) == 0)
			return (&rs->rules[i]);
	return (NULL);
}
void
dlt_view_prio_feats(const struct dlt_ruleset *rules,
    const struct dlt_store_member *m, struct dlt_prio_feats *fs)
{
	struct dlt_failure	 f;
	const struct dlt_rule	*r;
	char			*frames[DLT_MAX_FRAMES];
	size_t			 i;

	/* the failure as the classifier gave it, from the store */
	memset(&f, 0, sizeof f);
	f.cls = m->cls != NULL ? dlt_class_parse(m->cls) : DLT_CLASS_UNKNOWN;
	if (f.cls < 0)
		f.cls = DLT_CLASS_UNKNOWN;
	f.kind = m->kind;
	f.framework = m->framework;
	f.exc_type = m->exc_type;
	f.exc_message = m->exc_message;
	f.signature = m->signature;
	f.rule = m->rule;
	f.security = m->security;
	f.nframes = m->frames != NULL ? ynode_json_strings(m->frames, frames,
	    DLT_MAX_FRAMES) : 0;
	for (i = 0; i < f.nframes; i++)
		f.frames[i] = frames[i];
	r = dlt_rule_find(rules, m->rule);
	f.prio_hint = r != NULL ? r->priority : DLT_PRIO_UNSET;
	dlt_prio_features(&f, NULL, fs);
	for (i = 0; i < f.nframes; i++)
		free(frames[i]);
}
