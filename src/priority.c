/* priority.c: rule, model and default priorities; see priority.h. */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "failure.h"
#include "priority.h"
#include "rule-model.h"
#include "rules.h"
#include "strbuf.h"
#include "vocab.h"
#include "xmalloc.h"

#define WORDS_MAX	32	/* message words per failure */
#define WORD_MIN	3
#define WORD_MAX	24
#define FRAMES_NAMED	3	/* top frames that are features by name */
#define FRAME_MAX	80

static const char *const source_names[] = {
	"security", "rule", "model", "default"
};

const char *
dlt_prio_source_name(int s)
{
	return (s >= 0 && s <= DLT_PRIO_SRC_DEFAULT ? source_names[s] : "?");
}

void
dlt_prio_feats_release(struct dlt_prio_feats *fs)
{
	size_t	i;

	for (i = 0; i < fs->n; i++)
		free(fs->v[i]);
	free(fs->v);
	memset(fs, 0, sizeof *fs);
}

/* Add "prefix=value", value cleaned to a feature name, cut at max bytes. */
static void
feat_add(struct dlt_prio_feats *fs, const char *prefix, const char *value,
    size_t max)
{
	struct strbuf	sb = STRBUF_INIT;
	size_t		i;
	unsigned char	c;

	strbuf_addstr(&sb, prefix);
	strbuf_addch(&sb, '=');
	for (i = 0; value[i] != '\0' && i < max; i++) {
		c = (unsigned char)value[i];
		strbuf_addch(&sb, c <= ' ' || c == 0x7f ? '_' : c);
	}
	XGROW(fs->v, fs->n + 1, fs->alloc);
	fs->v[fs->n++] = strbuf_detach(&sb, NULL);
}

static int
compare_str(const void *a, const void *b)
{
	return (strcmp(*(char *const *)a, *(char *const *)b));
}

/* Sort and drop repeats. */
static void
feats_finish(struct dlt_prio_feats *fs)
{
	size_t	i, j;

	if (fs->n < 2)
		return;
	qsort(fs->v, fs->n, sizeof *fs->v, compare_str);
	for (i = 1, j = 1; i < fs->n; i++) {
		if (strcmp(fs->v[i], fs->v[j - 1]) == 0)
			free(fs->v[i]);
		else
			fs->v[j++] = fs->v[i];
	}
	fs->n = j;
}

/*
 * The words of a message: runs of letters (and '_') of WORD_MIN to
 * WORD_MAX bytes, lower-cased; runs touching a digit are numbers or
 * generated names and are left out.
 */
static void
feat_words(struct dlt_prio_feats *fs, const char *s)
{
	char		 w[WORD_MAX + 1];
	size_t		 n, words = 0;
	const char	*p, *q;
	int		 digit;

	for (p = s; *p != '\0' && words < WORDS_MAX; p = q) {
		if (!isalnum((unsigned char)*p) && *p != '_') {
			q = p + 1;
			continue;
		}
		digit = 0;
		for (q = p; isalnum((unsigned char)*q) || *q == '_'; q++)
			if (isdigit((unsigned char)*q))
				digit = 1;
		n = (size_t)(q - p);
		if (digit || n < WORD_MIN || n > WORD_MAX)
			continue;
		for (size_t i = 0; i < n; i++)
			w[i] = (char)tolower((unsigned char)p[i]);
		w[n] = '\0';
		feat_add(fs, "w", w, WORD_MAX);
		words++;
	}
}

/*
 * A frame's module, as far as it says where in a framework the code is:
 * the first two dotted components, leaving out private ones ("_src",
 * "_C"); for a native frame ("at::native::add"), the first two
 * namespaces.
 */
static void
feat_module(struct dlt_prio_feats *fs, const char *frame)
{
	struct strbuf	 sb = STRBUF_INIT;
	const char	*colon, *p, *q, *end;
	int		 parts = 0;
	size_t		 n;

	if ((colon = strstr(frame, "::")) != NULL) {
		/* native: namespaces before the last "::" */
		for (p = frame; parts < 2 && (q = strstr(p, "::")) != NULL;
		    p = q + 2) {
			if (parts++ > 0)
				strbuf_addstr(&sb, "::");
			strbuf_add(&sb, p, (size_t)(q - p));
		}
	} else if ((colon = strchr(frame, ':')) != NULL) {
		end = colon;
		for (p = frame; p < end && parts < 2; p = q + 1) {
			if ((q = memchr(p, '.', (size_t)(end - p))) == NULL)
				q = end;
			n = (size_t)(q - p);
			if (n == 0 || p[0] == '_')
				continue;
			if (parts++ > 0)
				strbuf_addch(&sb, '.');
			strbuf_add(&sb, p, n);
		}
	}
	if (sb.len > 0)
		feat_add(fs, "mod", sb.buf, FRAME_MAX);
	strbuf_release(&sb);
}

void
dlt_prio_features(const struct dlt_failure *f, const char *framework,
    struct dlt_prio_feats *fs)
{
	struct strbuf	 sb = STRBUF_INIT;
	const char	*fw = framework != NULL ? framework : f->framework;
	const char	*cls = dlt_class_name(f->cls);
	size_t		 i;

	if (fw == NULL || *fw == '\0')
		fw = "unknown";
	feat_add(fs, "fw", fw, FRAME_MAX);
	feat_add(fs, "class", cls, FRAME_MAX);
	strbuf_addf(&sb, "%s.%s", cls, fw);
	feat_add(fs, "class.fw", sb.buf, FRAME_MAX);
	if (f->kind != NULL) {
		feat_add(fs, "kind", f->kind, FRAME_MAX);
		strbuf_reset(&sb);
		strbuf_addf(&sb, "%s.%s", f->kind, fw);
		feat_add(fs, "kind.fw", sb.buf, FRAME_MAX);
	}
	if (f->exc_type != NULL)
		feat_add(fs, "exc", dlt_short_type(f->exc_type), FRAME_MAX);
	if (f->rule != NULL)
		feat_add(fs, "rule", f->rule, FRAME_MAX);
	if (f->security)
		feat_add(fs, "security", "1", 1);
	if (f->prio_hint >= DLT_PRIO_LOW && f->prio_hint <= DLT_PRIO_HIGH)
		feat_add(fs, "hint", dlt_priority_name(f->prio_hint), FRAME_MAX);
	feat_add(fs, "frames", f->nframes == 0 ? "0" : f->nframes < 4 ? "1-3" :
	    "4+", FRAME_MAX);
	for (i = 0; i < f->nframes; i++) {
		if (i < FRAMES_NAMED)
			feat_add(fs, "frame", f->frames[i], FRAME_MAX);
		feat_module(fs, f->frames[i]);
	}
	if (f->exc_message != NULL)
		feat_words(fs, f->exc_message);
	else if (f->signature != NULL)
		feat_words(fs, f->signature);
	strbuf_release(&sb);
	feats_finish(fs);
}

void
dlt_prio_features_report(const char *framework, const char *cls,
    const char *kind, const char *api, struct dlt_prio_feats *fs)
{
	struct strbuf	 sb = STRBUF_INIT;
	const char	*fw = framework != NULL && *framework != '\0' ?
			    framework : "unknown";

	feat_add(fs, "fw", fw, FRAME_MAX);
	if (cls == NULL || dlt_class_parse(cls) < 0)
		cls = "none";
	feat_add(fs, "class", cls, FRAME_MAX);
	strbuf_addf(&sb, "%s.%s", cls, fw);
	feat_add(fs, "class.fw", sb.buf, FRAME_MAX);
	if (kind != NULL && *kind != '\0') {
		feat_add(fs, "kind", kind, FRAME_MAX);
		strbuf_reset(&sb);
		strbuf_addf(&sb, "%s.%s", kind, fw);
		feat_add(fs, "kind.fw", sb.buf, FRAME_MAX);
	}
	if (api != NULL)
		feat_words(fs, api);
	strbuf_release(&sb);
	feats_finish(fs);
}

void
dlt_prio_scores(const struct dlt_prio_model *m,
    const struct dlt_prio_feats *fs, double score[DLT_PRIO_COUNT])
{
	size_t	i, k;
	int	p;

	for (p = 0; p < DLT_PRIO_COUNT; p++)
		score[p] = m->bias[p];
	for (i = 0; i < fs->n; i++) {
		if ((k = dlt_prio_model_feature(m, fs->v[i])) == (size_t)-1)
			continue;
		for (p = 0; p < DLT_PRIO_COUNT; p++)
			score[p] += m->w[k][p];
	}
}

static void
softmax(const double *s, double *out, int n)
{
	double	max = s[0], sum = 0;
	int	i;

	for (i = 1; i < n; i++)
		if (s[i] > max)
			max = s[i];
	for (i = 0; i < n; i++)
		sum += out[i] = exp(s[i] - max);
	for (i = 0; i < n; i++)
		out[i] /= sum;
}

void
dlt_prio_predict(const struct dlt_prio_model *m,
    const struct dlt_prio_feats *fs, struct dlt_prio_pred *pr)
{
	double	s[DLT_PRIO_COUNT], d[DLT_PRIO_COUNT], bal[DLT_PRIO_COUNT];
	double	cal[DLT_PRIO_COUNT];
	int	p, best = 0;

	dlt_prio_scores(m, fs, s);
	for (p = 0; p < DLT_PRIO_COUNT; p++)
		d[p] = s[p] + m->decision[p];
	softmax(d, bal, DLT_PRIO_COUNT);
	for (p = 1; p < DLT_PRIO_COUNT; p++)
		if (bal[p] > bal[best])
			best = p;
	for (p = 0; p < DLT_PRIO_COUNT; p++)
		cal[p] = (s[p] + m->adjust[p]) / m->temperature;
	softmax(cal, pr->p, DLT_PRIO_COUNT);
	pr->best = best;
	pr->balanced = bal[best];
	pr->confidence = pr->p[best];
	pr->priority = bal[best] < m->abstain ? DLT_PRIO_UNKNOWN : best;
}

static int
compare_weight(const void *a, const void *b)
{
	const struct dlt_prio_weight	*x = a, *y = b;
	double				 ax = fabs(x->weight), ay = fabs(y->weight);

	if (ax != ay)
		return (ax > ay ? -1 : 1);
	return (strcmp(x->feature, y->feature));
}

size_t
dlt_prio_weighed(const struct dlt_prio_model *m,
    const struct dlt_prio_feats *fs, int prio, struct dlt_prio_weight *out,
    size_t k)
{
	struct dlt_prio_weight	*all;
	size_t			 i, n = 0, idx;
	double			 others;
	int			 p;

	if (prio < 0 || prio >= DLT_PRIO_COUNT || fs->n == 0 || k == 0)
		return (0);
	all = xcalloc(fs->n, sizeof *all);
	for (i = 0; i < fs->n; i++) {
		if ((idx = dlt_prio_model_feature(m, fs->v[i])) == (size_t)-1)
			continue;
		others = 0;
		for (p = 0; p < DLT_PRIO_COUNT; p++)
			if (p != prio)
				others += m->w[idx][p];
		all[n].feature = m->feat[idx];
		all[n].weight = m->w[idx][prio] - others / (DLT_PRIO_COUNT - 1);
		n++;
	}
	qsort(all, n, sizeof *all, compare_weight);
	if (n > k)
		n = k;
	memcpy(out, all, n * sizeof *out);
	free(all);
	return (n);
}

/* How much a feature says about priority: the spread of its weights. */
static double
importance(const struct dlt_prio_model *m, size_t idx)
{
	double	lo = m->w[idx][0], hi = m->w[idx][0];
	int	p;

	for (p = 1; p < DLT_PRIO_COUNT; p++) {
		if (m->w[idx][p] < lo)
			lo = m->w[idx][p];
		if (m->w[idx][p] > hi)
			hi = m->w[idx][p];
	}
	return (hi - lo + 1e-3);
}

static int
compare_near(const void *a, const void *b)
{
	const struct dlt_prio_near	*x = a, *y = b;

	if (x->similarity != y->similarity)
		return (x->similarity > y->similarity ? -1 : 1);
	return (strcmp(x->known->url, y->known->url));
}

size_t
dlt_prio_nearest(const struct dlt_prio_model *m,
    const struct dlt_prio_feats *fs, struct dlt_prio_near *out, size_t k)
{
	struct dlt_prio_near		*all;
	const struct dlt_prio_known	*kn;
	size_t				*mine, nmine = 0, i, a, b, n = 0;
	double				 wm = 0, inter, uni, wa;

	if (m->nknown == 0 || k == 0)
		return (0);
	mine = xcalloc(fs->n + 1, sizeof *mine);
	for (i = 0; i < fs->n; i++)
		if ((mine[nmine] = dlt_prio_model_feature(m, fs->v[i])) !=
		    (size_t)-1)
			nmine++;
	/* fs is sorted by name and so are the model's features: indices ascend */
	for (i = 0; i < nmine; i++)
		wm += importance(m, mine[i]);
	all = xcalloc(m->nknown, sizeof *all);
	for (i = 0; i < m->nknown; i++) {
		kn = &m->known[i];
		inter = 0;
		uni = wm;
		for (a = b = 0; b < kn->nfeat; b++) {
			while (a < nmine && mine[a] < kn->feat[b])
				a++;
			wa = importance(m, kn->feat[b]);
			if (a < nmine && mine[a] == kn->feat[b])
				inter += wa;
			else
				uni += wa;
		}
		if (inter <= 0)
			continue;
		all[n].known = kn;
		all[n].similarity = inter / uni;
		n++;
	}
	qsort(all, n, sizeof *all, compare_near);
	if (n > k)
		n = k;
	memcpy(out, all, n * sizeof *out);
	free(all);
	free(mine);
	return (n);
}

int
dlt_priority_default(int cls, int security)
{
	if (security)
		return (DLT_PRIO_HIGH);
	switch (cls) {
	case DLT_CLASS_CRASH:
	case DLT_CLASS_NAN:
	case DLT_CLASS_INCONSISTENCY:
		return (DLT_PRIO_MEDIUM);
	default:
		return (DLT_PRIO_LOW);
	}
}

int
dlt_priority_assign(const struct dlt_ruleset *rules, struct dlt_failure *f)
{
	const struct dlt_prio_model	*m = rules != NULL ? rules->prio : NULL;
	struct dlt_prio_feats		 fs = { NULL, 0, 0 };
	struct dlt_prio_pred		 pr;

	if (f->security) {
		f->priority = DLT_PRIO_HIGH;
		f->confidence = f->conf_hint >= 0 ? f->conf_hint : 0.9;
		return (DLT_PRIO_SRC_SECURITY);
	}
	if (f->prio_hint != DLT_PRIO_UNSET && (m == NULL ||
	    f->conf_hint >= DLT_PRIORITY_RULE_OVERRIDE)) {
		f->priority = f->prio_hint;
		f->confidence = f->conf_hint >= 0 ? f->conf_hint :
		    DLT_PRIORITY_DEFAULT_CONFIDENCE;
		return (DLT_PRIO_SRC_RULE);
	}
	if (m != NULL) {
		dlt_prio_features(f, NULL, &fs);
		dlt_prio_predict(m, &fs, &pr);
		dlt_prio_feats_release(&fs);
		f->priority = pr.priority;
		f->confidence = pr.confidence;
		return (DLT_PRIO_SRC_MODEL);
	}
	f->priority = dlt_priority_default(f->cls, 0);
	f->confidence = DLT_PRIORITY_DEFAULT_CONFIDENCE;
	return (DLT_PRIO_SRC_DEFAULT);
}
