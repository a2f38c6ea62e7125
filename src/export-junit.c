/*
 * export-junit.c: JUnit XML, as Jenkins and GitLab read it.
 *
 * One test case per execution of `run` (classname MODEL/mutant-N, name
 * the framework), and one per mutant whose oracles found something
 * across frameworks (name "oracles"); for the files classify read, one
 * per file (classname its directory, name its base name).  A test case
 * fails with the failures of real classes found in it, is skipped when
 * it found only false positives (the framework rightly refused an
 * illegal mutant), errs when the harness itself failed (no evidence
 * about the framework), and passes otherwise.  The filters choose which
 * failures count: a test case whose failures are all left out passes.
 *
 * Written with libxml2's xmlTextWriter (export-xml.h); the counts on
 * <testsuites> and <testsuite> are worked out first.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "export-xml.h"
#include "export.h"
#include "strbuf.h"
#include "vocab.h"
#include "xmalloc.h"

#define JUNIT_TEXT_MAX	4000	/* bytes of one failure's excerpt */
#define JUNIT_FAILURES	20	/* failures of a test case told in full */

enum verdict {
	V_PASS,
	V_FAIL,
	V_ERROR,
	V_SKIP
};

struct tcase {
	char		*classname, *name;
	double		 time;		/* seconds; < 0: unknown */
	const size_t	*members;	/* borrowed: indices of failures */
	size_t		 nmembers;
	size_t		*own;		/* members, when the case owns them */
	const struct dlt_export_exec *exec;	/* or NULL */
	enum verdict	 verdict;
};

struct suite {
	const char	*name;
	struct tcase	*cases;
	size_t		 n, alloc;
	long		 count[4];	/* by verdict */
	double		 time;
};

static struct tcase *suite_add(struct suite *);
static void	 suite_release(struct suite *);
static void	 judge(const struct dlt_export *, struct tcase *);
static int	 status_class(const char *);
static void	 run_cases(const struct dlt_export *, struct suite *);
static void	 file_cases(const struct dlt_export *, struct suite *);
static void	 write_case(const struct dlt_export *, struct dlt_xw *,
		     const struct tcase *);
static void	 failure_text(struct strbuf *,
		     const struct dlt_store_member *);
static int	 cmp_mutant(const void *, const void *, void *);
static int	 cmp_path(const void *, const void *, void *);

static struct tcase *
suite_add(struct suite *s)
{
	struct tcase	*c;

	XGROW(s->cases, s->n + 1, s->alloc);
	c = &s->cases[s->n++];
	memset(c, 0, sizeof *c);
	c->time = -1;
	return (c);
}

static void
suite_release(struct suite *s)
{
	size_t	i;

	for (i = 0; i < s->n; i++) {
		free(s->cases[i].classname);
		free(s->cases[i].name);
		free(s->cases[i].own);
	}
	free(s->cases);
}

/* The class an execution's status stands for when no failure says. */
static int
status_class(const char *status)
{
	if (status == NULL)
		return (-1);
	if (strcmp(status, "crashed") == 0)
		return (DLT_CLASS_CRASH);
	if (strcmp(status, "timeout") == 0)
		return (DLT_CLASS_TIMEOUT);
	if (strcmp(status, "oom") == 0)
		return (DLT_CLASS_OOM);
	return (-1);
}

static void
judge(const struct dlt_export *ex, struct tcase *c)
{
	const struct dlt_store_member	*m;
	size_t				 i;
	int				 real = 0, fp = 0, cls;

	for (i = 0; i < c->nmembers; i++) {
		if (!ex->keep[c->members[i]])
			continue;
		m = &ex->failures[c->members[i]];
		if (m->cls != NULL && strcmp(m->cls, "false-positive") == 0)
			fp++;
		else
			real++;
	}
	if (real > 0)
		c->verdict = V_FAIL;
	else if (c->exec != NULL && c->exec->status != NULL &&
	    (strcmp(c->exec->status, "harness") == 0 ||
	    strcmp(c->exec->status, "illegal") == 0))
		c->verdict = V_ERROR;
	else if (fp > 0)
		c->verdict = V_SKIP;
	else if (c->exec != NULL && c->nmembers == 0 &&
	    (cls = status_class(c->exec->status)) >= 0 &&
	    (ex->filter.classes == 0 || (ex->filter.classes & (1u << cls))) &&
	    ex->filter.priorities == 0)
		c->verdict = V_FAIL;	/* it died, and no log said how */
	else
		c->verdict = V_PASS;
}

/* Failures with a mutant but no execution, ordered by mutant then id. */
static int
cmp_mutant(const void *a, const void *b, void *arg)
{
	const struct dlt_export	*ex = arg;
	size_t			 x = *(const size_t *)a, y = *(const size_t *)b;
	int64_t			 mx = ex->failures[x].mutant_id;
	int64_t			 my = ex->failures[y].mutant_id;

	if (mx != my)
		return (mx < my ? -1 : 1);
	return (x < y ? -1 : x > y);
}

static void
run_cases(const struct dlt_export *ex, struct suite *s)
{
	const struct dlt_export_exec	*e;
	const struct dlt_store_member	*m;
	struct tcase			*c;
	size_t				*orph = NULL, norph = 0, alloc = 0;
	size_t				 i, j;

	for (i = 0; i < ex->nexecs; i++) {
		e = &ex->execs[i];
		if (!e->keep)
			continue;
		c = suite_add(s);
		c->classname = xasprintf("%s/mutant-%ld", e->model != NULL ?
		    e->model : "?", e->ordinal);
		c->name = xstrdup(e->framework != NULL ? e->framework : "?");
		c->time = e->wall_ms >= 0 ? (double)e->wall_ms / 1000 : -1;
		c->members = e->members;
		c->nmembers = e->nmembers;
		c->exec = e;
	}
	/* the oracles' findings across frameworks: one case per mutant */
	for (i = 0; i < ex->nfailures; i++)
		if (ex->failures[i].execution_id == 0 &&
		    ex->failures[i].mutant_id != 0) {
			XGROW(orph, norph + 1, alloc);
			orph[norph++] = i;
		}
	if (norph > 0)
		qsort_r(orph, norph, sizeof *orph, cmp_mutant, (void *)ex);
	for (i = 0; i < norph; i = j) {
		m = &ex->failures[orph[i]];
		for (j = i + 1; j < norph &&
		    ex->failures[orph[j]].mutant_id == m->mutant_id; j++)
			;
		c = suite_add(s);
		c->classname = xasprintf("%s/mutant-%ld", m->model != NULL ?
		    m->model : "?", m->ordinal);
		c->name = xstrdup("oracles");
		c->own = xcalloc(j - i, sizeof *c->own);
		memcpy(c->own, orph + i, (j - i) * sizeof *c->own);
		c->members = c->own;
		c->nmembers = j - i;
	}
	free(orph);
}

/* Files by path, then id. */
static int
cmp_path(const void *a, const void *b, void *arg)
{
	const struct dlt_export	*ex = arg;
	size_t			 x = *(const size_t *)a, y = *(const size_t *)b;
	int			 c;

	if ((c = strcmp(ex->files[x].path, ex->files[y].path)) != 0)
		return (c);
	return (x < y ? -1 : x > y);
}

/*
 * A case per file, as it is now: a path classified again after its
 * content changed has a row per content in the store, and only the
 * last (the highest id) is a test case.
 */
static void
file_cases(const struct dlt_export *ex, struct suite *s)
{
	const struct dlt_export_file	*f;
	struct tcase			*c;
	const char			*slash;
	unsigned char			*old;
	size_t				*byp, i;

	byp = xcalloc(ex->nfiles + 1, sizeof *byp);
	old = xcalloc(ex->nfiles + 1, 1);
	for (i = 0; i < ex->nfiles; i++)
		byp[i] = i;
	qsort_r(byp, ex->nfiles, sizeof *byp, cmp_path, (void *)ex);
	for (i = 0; i + 1 < ex->nfiles; i++)
		if (strcmp(ex->files[byp[i]].path,
		    ex->files[byp[i + 1]].path) == 0)
			old[byp[i]] = 1;
	for (i = 0; i < ex->nfiles; i++) {
		f = &ex->files[i];
		/* run's logs are its executions' cases */
		if (old[i] || strncmp(f->path, "run:", 4) == 0)
			continue;
		c = suite_add(s);
		if ((slash = strrchr(f->path, '/')) != NULL &&
		    slash[1] != '\0') {
			c->classname = xstrndup(f->path,
			    (size_t)(slash - f->path));
			c->name = xstrdup(slash + 1);
		} else {
			c->classname = xstrdup(".");
			c->name = xstrdup(f->path);
		}
		c->members = f->members;
		c->nmembers = f->nmembers;
	}
	free(byp);
	free(old);
}

/* One failure as a CI log shows it: what, where, and its excerpt. */
static void
failure_text(struct strbuf *sb, const struct dlt_store_member *m)
{
	size_t	len;

	strbuf_addf(sb, "%s / %s, %s, priority %s, bucket %s\n",
	    m->cls != NULL ? m->cls : "?", m->kind != NULL ? m->kind : "-",
	    dlt_export_framework(m), m->priority != NULL ? m->priority : "-",
	    m->bucket != NULL ? m->bucket : "-");
	strbuf_addf(sb, "%s\n", m->signature != NULL ? m->signature : "");
	strbuf_addf(sb, "%s lines %ld-%ld", m->source != NULL ? m->source :
	    "?", m->line_start, m->line_end);
	if (m->rule != NULL)
		strbuf_addf(sb, ", rule %s", m->rule);
	strbuf_addch(sb, '\n');
	if (m->excerpt != NULL && *m->excerpt != '\0') {
		len = strlen(m->excerpt);
		strbuf_add(sb, m->excerpt, len > JUNIT_TEXT_MAX ?
		    JUNIT_TEXT_MAX : len);
		if (len > JUNIT_TEXT_MAX)
			strbuf_addstr(sb, "\n[...]");
		strbuf_addch(sb, '\n');
	}
}

static void
write_case(const struct dlt_export *ex, struct dlt_xw *w,
    const struct tcase *c)
{
	const struct dlt_store_member	*m, *first = NULL;
	struct strbuf			 text = STRBUF_INIT;
	size_t				 i, n = 0;
	int				 want_fp;

	dlt_xw_start(w, "testcase");
	dlt_xw_attr(w, "classname", c->classname);
	dlt_xw_attr(w, "name", c->name);
	if (c->time >= 0)
		dlt_xw_attrf(w, "time", "%.3f", c->time);
	want_fp = c->verdict == V_SKIP;
	for (i = 0; i < c->nmembers; i++) {
		if (!ex->keep[c->members[i]])
			continue;
		m = &ex->failures[c->members[i]];
		if ((m->cls != NULL && strcmp(m->cls, "false-positive") == 0) !=
		    want_fp)
			continue;
		if (first == NULL)
			first = m;
		if (n++ >= JUNIT_FAILURES)
			continue;
		if (n > 1)
			strbuf_addch(&text, '\n');
		failure_text(&text, m);
	}
	if (n > JUNIT_FAILURES)
		strbuf_addf(&text, "\n(and %zu more)\n", n - JUNIT_FAILURES);
	switch (c->verdict) {
	case V_FAIL:
		dlt_xw_start(w, "failure");
		if (first != NULL) {
			if (n > 1)
				dlt_xw_attrf(w, "message", "%s (and %zu more)",
				    first->signature != NULL ?
				    first->signature : "", n - 1);
			else
				dlt_xw_attr(w, "message", first->signature);
			dlt_xw_attrf(w, "type", "%s/%s", first->cls != NULL ?
			    first->cls : "?", first->kind != NULL ?
			    first->kind : "-");
			dlt_xw_text(w, text.buf);
		} else {
			/* no failure row: the execution's status is all */
			dlt_xw_attrf(w, "message", "%s%s%s", c->exec->status,
			    c->exec->why != NULL ? ": " : "",
			    c->exec->why != NULL ? c->exec->why : "");
			dlt_xw_attr(w, "type", c->exec->status);
		}
		dlt_xw_end(w);
		break;
	case V_ERROR:
		dlt_xw_start(w, "error");
		dlt_xw_attrf(w, "message", "the harness failed (%s)%s%s",
		    c->exec->status, c->exec->why != NULL ? ": " : "",
		    c->exec->why != NULL ? c->exec->why : "");
		dlt_xw_attr(w, "type", c->exec->status);
		dlt_xw_end(w);
		break;
	case V_SKIP:
		dlt_xw_start(w, "skipped");
		dlt_xw_attrf(w, "message", "false positive: %s",
		    first != NULL && first->signature != NULL ?
		    first->signature : "");
		dlt_xw_text(w, text.buf);
		dlt_xw_end(w);
		break;
	case V_PASS:
		break;
	}
	dlt_xw_end(w);
	strbuf_release(&text);
}

int
dlt_export_junit(const struct dlt_export *ex, struct strbuf *out)
{
	struct suite	 suites[2];
	struct dlt_xw	*w;
	long		 total[4] = { 0, 0, 0, 0 }, tests = 0;
	double		 time = 0;
	size_t		 i, k, nsuites = 0;
	int		 v, rc;

	memset(suites, 0, sizeof suites);
	if (ex->nexecs > 0) {
		suites[nsuites].name = "run";
		run_cases(ex, &suites[nsuites++]);
	}
	suites[nsuites].name = "classify";
	file_cases(ex, &suites[nsuites]);
	/* a store of run alone has no other files: no empty suite then */
	if (suites[nsuites].n > 0 || nsuites == 0)
		nsuites++;
	for (k = 0; k < nsuites; k++) {
		for (i = 0; i < suites[k].n; i++) {
			judge(ex, &suites[k].cases[i]);
			suites[k].count[suites[k].cases[i].verdict]++;
			if (suites[k].cases[i].time > 0)
				suites[k].time += suites[k].cases[i].time;
		}
		for (v = 0; v < 4; v++)
			total[v] += suites[k].count[v];
		tests += (long)suites[k].n;
		time += suites[k].time;
	}

	w = dlt_xw_new();
	dlt_xw_start(w, "testsuites");
	dlt_xw_attr(w, "name", "dltriage");
	dlt_xw_attrf(w, "tests", "%ld", tests);
	dlt_xw_attrf(w, "failures", "%ld", total[V_FAIL]);
	dlt_xw_attrf(w, "errors", "%ld", total[V_ERROR]);
	dlt_xw_attrf(w, "skipped", "%ld", total[V_SKIP]);
	dlt_xw_attrf(w, "time", "%.3f", time);
	for (k = 0; k < nsuites; k++) {
		dlt_xw_start(w, "testsuite");
		dlt_xw_attrf(w, "name", "dltriage %s", suites[k].name);
		dlt_xw_attrf(w, "tests", "%zu", suites[k].n);
		dlt_xw_attrf(w, "failures", "%ld", suites[k].count[V_FAIL]);
		dlt_xw_attrf(w, "errors", "%ld", suites[k].count[V_ERROR]);
		dlt_xw_attrf(w, "skipped", "%ld", suites[k].count[V_SKIP]);
		dlt_xw_attrf(w, "time", "%.3f", suites[k].time);
		dlt_xw_start(w, "properties");
		dlt_xw_start(w, "property");
		dlt_xw_attr(w, "name", "store");
		dlt_xw_attr(w, "value", ex->store_path);
		dlt_xw_end(w);
		dlt_xw_start(w, "property");
		dlt_xw_attr(w, "name", "dltriage.version");
		dlt_xw_attr(w, "value", PACKAGE_VERSION);
		dlt_xw_end(w);
		dlt_xw_end(w);
		for (i = 0; i < suites[k].n; i++)
			write_case(ex, w, &suites[k].cases[i]);
		dlt_xw_end(w);
	}
	dlt_xw_end(w);
	rc = dlt_xw_finish(w, out);
	dlt_xw_free(w);
	for (k = 0; k < 2; k++)
		suite_release(&suites[k]);
	return (rc);
}
