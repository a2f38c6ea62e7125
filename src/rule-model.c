/* rule-model.c: the priority model file; see rule-model.h. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "rule-model.h"
#include "strbuf.h"
#include "xmalloc.h"

#define MAX_FIELDS	4096
#define FEATURE_MAX	200

struct mload {
	const char		*path;
	struct dlt_diags	*probs;
	int			 line;
	int			 bad;
	struct dlt_prio_model	*m;
	size_t			 feat_alloc, known_alloc;
	/* the known defects' feature names, resolved once all are read */
	char			**kfeat;	/* one space-separated string per known */
	int			*kline, *kcol;
	int			 seen_magic, seen_bias, seen_cal;
	int			 version;
	int			 end_line;	/* the 'end' line's, or 0 */
};

static void	mproblem(struct mload *, int col, const char *, ...)
		    __attribute__((format(printf, 3, 4)));
static size_t	split_tabs(char *, char **, int *, size_t);
static int	get_double(struct mload *, const char *, int, double *);
static int	get_count(struct mload *, const char *, int, const char *,
		    long *);
static void	read_line(struct mload *, char *);
static int	compare_feat(const void *, const void *);
static void	resolve_known(struct mload *);

static void
mproblem(struct mload *ml, int col, const char *fmt, ...)
{
	va_list	ap;

	ml->bad = 1;
	va_start(ap, fmt);
	dlt_diag_vadd(ml->probs, ml->path, ml->line, col, DLT_SEV_ERROR, 0,
	    fmt, ap);
	va_end(ap);
}

int
dlt_prio_feature_ok(const char *s)
{
	size_t	n = 0;

	for (; *s != '\0'; s++, n++)
		if ((unsigned char)*s <= ' ' || *s == 0x7f)
			return (0);
	return (n > 0 && n <= FEATURE_MAX);
}

/* Split s at tabs in place; cols[] gets each field's 1-based column. */
static size_t
split_tabs(char *s, char **f, int *cols, size_t max)
{
	size_t	n = 0;
	char	*p = s;

	for (;;) {
		if (n == max)
			return (n + 1);
		f[n] = p;
		cols[n] = (int)(p - s) + 1;
		n++;
		if ((p = strchr(p, '\t')) == NULL)
			break;
		*p++ = '\0';
	}
	return (n);
}

static int
get_double(struct mload *ml, const char *s, int col, double *v)
{
	char	*end;

	errno = 0;
	*v = strtod(s, &end);
	if (*s == '\0' || *end != '\0' || errno == ERANGE || !isfinite(*v)) {
		mproblem(ml, col, "'%s' is not a finite number", s);
		return (-1);
	}
	return (0);
}

/* s as a count (0 or more) of what, which the problem names when it is not. */
static int
get_count(struct mload *ml, const char *s, int col, const char *what,
    long *v)
{
	char	*end;

	errno = 0;
	*v = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno != 0 || *v < 0) {
		mproblem(ml, col, "'%s' is not a %s", s, what);
		return (-1);
	}
	return (0);
}

static void
read_line(struct mload *ml, char *line)
{
	struct dlt_prio_model	*m = ml->m;
	char			*f[MAX_FIELDS + 1];
	int			 cols[MAX_FIELDS + 1];
	size_t			 n, i;
	double			 v[DLT_PRIO_COUNT];
	long			 l, l2;
	int			 p;

	if (line[0] == '#' || line[0] == '\0')
		return;
	n = split_tabs(line, f, cols, MAX_FIELDS);
	if (!ml->seen_magic) {
		if (strcmp(f[0], DLT_PRIO_MODEL_MAGIC) != 0) {
			mproblem(ml, 1, "not a dltriage priority model (the "
			    "first line must be '" DLT_PRIO_MODEL_MAGIC
			    "<TAB>%d')", DLT_PRIO_MODEL_VERSION);
			return;
		}
		if (n != 2 || (strcmp(f[1], "1") != 0 && strcmp(f[1], "2") != 0)) {
			mproblem(ml, n > 1 ? cols[1] : 1, "priority model version "
			    "'%s' is not supported (this dltriage reads 1 to %d)",
			    n > 1 ? f[1] : "", DLT_PRIO_MODEL_VERSION);
			return;
		}
		ml->version = f[1][0] - '0';
		ml->seen_magic = 1;
		return;
	}
	if (ml->end_line != 0) {
		mproblem(ml, 1, "a '%s' line after the 'end' line (line %d)",
		    f[0], ml->end_line);
		return;
	}
#define WANT(k) do {							\
	if (n != (k)) {							\
		mproblem(ml, 1, "'%s' takes %d field%s, not %zu", f[0],	\
		    (k) - 1, (k) == 2 ? "" : "s", n - 1);		\
		return;							\
	}								\
} while (0)
	if (strcmp(f[0], "rows") == 0) {
		WANT(2);
		if (get_count(ml, f[1], cols[1], "row count", &l) == 0)
			m->rows = l;
	} else if (strcmp(f[0], "source") == 0) {
		WANT(2);
		free(m->source);
		m->source = xstrdup(f[1]);
	} else if (strcmp(f[0], "bias") == 0) {
		WANT(1 + DLT_PRIO_COUNT);
		for (i = 0; i < DLT_PRIO_COUNT; i++)
			if (get_double(ml, f[1 + i], cols[1 + i], &m->bias[i]) != 0)
				return;
		ml->seen_bias = 1;
	} else if (strcmp(f[0], "calibration") == 0) {
		WANT(2 + DLT_PRIO_COUNT);
		if (get_double(ml, f[1], cols[1], &v[0]) != 0)
			return;
		if (v[0] <= 0) {
			mproblem(ml, cols[1], "the temperature must be above 0");
			return;
		}
		m->temperature = v[0];
		for (i = 0; i < DLT_PRIO_COUNT; i++)
			if (get_double(ml, f[2 + i], cols[2 + i],
			    &m->adjust[i]) != 0)
				return;
		ml->seen_cal = 1;
	} else if (strcmp(f[0], "decision") == 0) {
		WANT(1 + DLT_PRIO_COUNT);
		for (i = 0; i < DLT_PRIO_COUNT; i++)
			if (get_double(ml, f[1 + i], cols[1 + i],
			    &m->decision[i]) != 0)
				return;
	} else if (strcmp(f[0], "abstain") == 0) {
		WANT(2);
		if (get_double(ml, f[1], cols[1], &v[0]) != 0)
			return;
		if (v[0] < 0 || v[0] > 1) {
			mproblem(ml, cols[1], "the abstain threshold must be "
			    "between 0 and 1");
			return;
		}
		m->abstain = v[0];
	} else if (strcmp(f[0], "feature") == 0) {
		WANT(2 + DLT_PRIO_COUNT);
		if (!dlt_prio_feature_ok(f[1])) {
			mproblem(ml, cols[1], "'%s' is not a feature name "
			    "(1 to %d bytes, no spaces or control characters)",
			    f[1], FEATURE_MAX);
			return;
		}
		for (i = 0; i < DLT_PRIO_COUNT; i++)
			if (get_double(ml, f[2 + i], cols[2 + i], &v[i]) != 0)
				return;
		if (m->nfeat > 0 && strcmp(m->feat[m->nfeat - 1], f[1]) >= 0) {
			mproblem(ml, cols[1], "feature '%s' is out of order or "
			    "repeated (features are sorted and unique)", f[1]);
			return;
		}
		if (m->nfeat == ml->feat_alloc) {
			ml->feat_alloc = ml->feat_alloc ? ml->feat_alloc * 2 : 256;
			m->feat = xreallocarray(m->feat, ml->feat_alloc,
			    sizeof *m->feat);
			m->w = xreallocarray(m->w, ml->feat_alloc, sizeof *m->w);
		}
		m->feat[m->nfeat] = xstrdup(f[1]);
		memcpy(m->w[m->nfeat], v, sizeof v);
		m->nfeat++;
	} else if (strcmp(f[0], "known") == 0) {
		WANT(5);
		if ((p = dlt_priority_parse(f[2])) < 0) {
			mproblem(ml, cols[2], "'%s' is not a priority (low, "
			    "medium or high)", f[2]);
			return;
		}
		if (m->nknown == ml->known_alloc) {
			ml->known_alloc = ml->known_alloc ? ml->known_alloc * 2 : 64;
			m->known = xreallocarray(m->known, ml->known_alloc,
			    sizeof *m->known);
			ml->kfeat = xreallocarray(ml->kfeat, ml->known_alloc,
			    sizeof *ml->kfeat);
			ml->kline = xreallocarray(ml->kline, ml->known_alloc,
			    sizeof *ml->kline);
			ml->kcol = xreallocarray(ml->kcol, ml->known_alloc,
			    sizeof *ml->kcol);
		}
		memset(&m->known[m->nknown], 0, sizeof m->known[0]);
		m->known[m->nknown].url = xstrdup(f[1]);
		m->known[m->nknown].priority = p;
		m->known[m->nknown].labels = xstrdup(f[3]);
		ml->kfeat[m->nknown] = xstrdup(f[4]);
		ml->kline[m->nknown] = ml->line;
		ml->kcol[m->nknown] = cols[4];
		m->nknown++;
	} else if (strcmp(f[0], "end") == 0) {
		WANT(3);
		ml->end_line = ml->line;
		if (get_count(ml, f[1], cols[1], "count", &l) != 0 ||
		    get_count(ml, f[2], cols[2], "count", &l2) != 0)
			return;
		/* after a line refused above the counts cannot agree */
		if (ml->bad)
			return;
		if ((size_t)l != m->nfeat) {
			mproblem(ml, cols[1], "the 'end' line counts %ld features, "
			    "the file holds %zu (a damaged file?)", l, m->nfeat);
			return;
		}
		if ((size_t)l2 != m->nknown)
			mproblem(ml, cols[2], "the 'end' line counts %ld known "
			    "defects, the file holds %zu (a damaged file?)", l2,
			    m->nknown);
	} else
		mproblem(ml, 1, "unknown line kind '%s' (rows, source, bias, "
		    "calibration, decision, abstain, feature, known or end)",
		    f[0]);
#undef WANT
}

static int
compare_feat(const void *a, const void *b)
{
	const size_t	*x = a, *y = b;

	return (*x < *y ? -1 : *x > *y);
}

/* Turn each known defect's feature names into sorted indices. */
static void
resolve_known(struct mload *ml)
{
	struct dlt_prio_model	*m = ml->m;
	struct dlt_prio_known	*k;
	size_t			 i, n, alloc, idx;
	char			*p, *save;

	for (i = 0; i < m->nknown; i++) {
		k = &m->known[i];
		n = alloc = 0;
		for (p = strtok_r(ml->kfeat[i], " ", &save); p != NULL;
		    p = strtok_r(NULL, " ", &save)) {
			idx = dlt_prio_model_feature(m, p);
			if (idx == (size_t)-1) {
				ml->line = ml->kline[i];
				mproblem(ml, ml->kcol[i] + (int)(p - ml->kfeat[i]),
				    "known defect '%s' names feature "
				    "'%s', which the model has no line for",
				    k->url, p);
				continue;
			}
			XGROW(k->feat, n + 1, alloc);
			k->feat[n++] = idx;
		}
		if (n > 1)
			qsort(k->feat, n, sizeof *k->feat, compare_feat);
		k->nfeat = n;
	}
}

struct dlt_prio_model *
dlt_prio_model_load(const char *path, struct dlt_diags *probs)
{
	struct mload	 ml;
	FILE		*fp;
	char		*line = NULL;
	size_t		 cap = 0, i;
	ssize_t		 len;

	memset(&ml, 0, sizeof ml);
	ml.path = path;
	ml.probs = probs;
	if ((fp = fopen(path, "r")) == NULL) {
		dlt_diag_error(probs, path, 0, 0, "cannot open priority model: %s",
		    strerror(errno));
		return (NULL);
	}
	ml.m = xcalloc(1, sizeof *ml.m);
	ml.m->path = xstrdup(path);
	ml.m->temperature = 1;
	while ((len = getline(&line, &cap, fp)) != -1) {
		ml.line++;
		if (memchr(line, '\0', (size_t)len) != NULL) {
			mproblem(&ml, 0, "a NUL byte (is this a text file?)");
			break;
		}
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if (len > 0 && line[len - 1] == '\r')
			line[--len] = '\0';
		read_line(&ml, line);
		if (dlt_diags_full(probs, path))
			break;
	}
	if (ferror(fp)) {
		ml.line = 0;
		mproblem(&ml, 0, "cannot read priority model: %s",
		    strerror(errno));
	}
	free(line);
	fclose(fp);
	ml.line = 0;
	if (!ml.bad && !ml.seen_magic)
		mproblem(&ml, 0, "empty priority model (the first line must be '"
		    DLT_PRIO_MODEL_MAGIC "<TAB>%d')", DLT_PRIO_MODEL_VERSION);
	else if (!ml.bad && (!ml.seen_bias || !ml.seen_cal))
		mproblem(&ml, 0, "priority model without a '%s' line",
		    !ml.seen_bias ? "bias" : "calibration");
	else if (!ml.bad && ml.version >= 2 && ml.end_line == 0)
		mproblem(&ml, 0, "priority model without its 'end' line: the "
		    "file is cut short (train it again: dltriage corpus train)");
	if (!ml.bad)
		resolve_known(&ml);
	for (i = 0; i < ml.m->nknown; i++)
		free(ml.kfeat[i]);
	free(ml.kfeat);
	free(ml.kline);
	free(ml.kcol);
	if (ml.bad) {
		dlt_prio_model_free(ml.m);
		return (NULL);
	}
	return (ml.m);
}

void
dlt_prio_model_free(struct dlt_prio_model *m)
{
	size_t	i;

	if (m == NULL)
		return;
	for (i = 0; i < m->nfeat; i++)
		free(m->feat[i]);
	free(m->feat);
	free(m->w);
	for (i = 0; i < m->nknown; i++) {
		free(m->known[i].url);
		free(m->known[i].labels);
		free(m->known[i].feat);
	}
	free(m->known);
	free(m->source);
	free(m->path);
	free(m);
}

size_t
dlt_prio_model_feature(const struct dlt_prio_model *m, const char *name)
{
	size_t	lo = 0, hi = m->nfeat, mid;
	int	c;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		c = strcmp(name, m->feat[mid]);
		if (c == 0)
			return (mid);
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return ((size_t)-1);
}

int
dlt_prio_model_write(const struct dlt_prio_model *m, FILE *fp)
{
	size_t	i, j;
	int	p;

	fprintf(fp, "%s\t%d\n", DLT_PRIO_MODEL_MAGIC, DLT_PRIO_MODEL_VERSION);
	fprintf(fp, "# written by dltriage corpus train; see dltriage-corpus(1)\n");
	fprintf(fp, "# weights and biases are in the order low, medium, high\n");
	fprintf(fp, "rows\t%ld\n", m->rows);
	if (m->source != NULL)
		fprintf(fp, "source\t%s\n", m->source);
	fprintf(fp, "bias");
	for (p = 0; p < DLT_PRIO_COUNT; p++)
		fprintf(fp, "\t%.6g", m->bias[p]);
	fprintf(fp, "\ncalibration\t%.6g", m->temperature);
	for (p = 0; p < DLT_PRIO_COUNT; p++)
		fprintf(fp, "\t%.6g", m->adjust[p]);
	fprintf(fp, "\ndecision");
	for (p = 0; p < DLT_PRIO_COUNT; p++)
		fprintf(fp, "\t%.6g", m->decision[p]);
	fprintf(fp, "\nabstain\t%.6g\n", m->abstain);
	for (i = 0; i < m->nfeat; i++) {
		fprintf(fp, "feature\t%s", m->feat[i]);
		for (p = 0; p < DLT_PRIO_COUNT; p++)
			fprintf(fp, "\t%.6g", m->w[i][p]);
		fputc('\n', fp);
	}
	for (i = 0; i < m->nknown; i++) {
		fprintf(fp, "known\t%s\t%s\t%s\t", m->known[i].url,
		    dlt_priority_name(m->known[i].priority), m->known[i].labels);
		for (j = 0; j < m->known[i].nfeat; j++)
			fprintf(fp, "%s%s", j > 0 ? " " : "",
			    m->feat[m->known[i].feat[j]]);
		fputc('\n', fp);
	}
	fprintf(fp, "end\t%zu\t%zu\n", m->nfeat, m->nknown);
	if (fflush(fp) != 0 || ferror(fp))
		return (-1);
	return (0);
}
