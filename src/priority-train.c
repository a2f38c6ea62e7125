/*
 * priority-train.c: the defect dataset as examples, the learner and its
 * evaluation; see priority-train.h.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bucket.h"
#include "classify.h"
#include "datadir.h"
#include "diag.h"
#include "error.h"
#include "failure.h"
#include "hash.h"
#include "priority-train.h"
#include "rule-model.h"
#include "strbuf.h"
#include "vocab.h"
#include "xmalloc.h"
#include "yaml-node.h"

#define K	DLT_PRIO_COUNT
#define LINE_MAX_BYTES	(4 << 20)

/* The primary failure of a report, as its features. */
struct primary {
	const struct dlt_ruleset *rules;
	const char		*framework;
	int			 rank;		/* lower is more severe; -1: none yet */
	struct dlt_prio_feats	 feats;
	char			 bucket[DLT_BUCKET_HEXLEN + 1];
	int			 rule_prio;
	int			 security, hint;
	double			 hint_conf;
};

static void	groups(struct dlt_prio_examples *);

static int
primary_cb(struct dlt_failure *f, void *arg)
{
	struct primary	*pr = arg;
	int		 rank;

	rank = dlt_class_rank(f->cls);
	if (pr->rank >= 0 && rank >= pr->rank)
		return (0);
	pr->rank = rank;
	dlt_prio_feats_release(&pr->feats);
	dlt_prio_features(f, pr->framework, &pr->feats);
	dlt_bucket_hex(dlt_bucket_id(pr->rules, f), pr->bucket);
	pr->rule_prio = f->prio_hint != DLT_PRIO_UNSET ? f->prio_hint :
	    dlt_priority_default(f->cls, f->security);
	pr->security = f->security;
	pr->hint = f->prio_hint;
	pr->hint_conf = f->conf_hint;
	return (0);
}

static const char *
scalar(const struct ynode *map, const char *key)
{
	const struct ynode	*n = ynode_get(map, key);

	if (n == NULL || n->type != YNODE_SCALAR || ynode_is_null(n))
		return (NULL);
	return (n->scalar);
}

/* Labels joined by ", ", tabs and newlines made spaces. */
static char *
join_labels(const struct ynode *n)
{
	struct strbuf	sb = STRBUF_INIT;
	size_t		i, j;
	char		c;

	if (n != NULL && n->type == YNODE_SEQUENCE)
		for (i = 0; i < n->n; i++) {
			if (n->items[i]->type != YNODE_SCALAR)
				continue;
			if (sb.len > 0)
				strbuf_addstr(&sb, ", ");
			for (j = 0; j < n->items[i]->scalar_len; j++) {
				c = n->items[i]->scalar[j];
				strbuf_addch(&sb, c == '\t' || c == '\n' ||
				    c == '\r' || c == '\0' ? ' ' : c);
			}
		}
	return (strbuf_detach(&sb, NULL));
}

static void
example_release(struct dlt_prio_example *e)
{
	dlt_prio_feats_release(&e->feats);
	free(e->bucket);
	free(e->url);
	free(e->labels);
	free(e->framework);
	free(e->group);
}

void
dlt_prio_examples_release(struct dlt_prio_examples *ex)
{
	size_t	i;

	for (i = 0; i < ex->n; i++)
		example_release(&ex->v[i]);
	free(ex->v);
	memset(ex, 0, sizeof *ex);
}

/* One line of the dataset; 0, or -1 after recording a problem. */
static int
load_row(const char *path, int lineno, const char *line, size_t len,
    struct dlt_classifier *cl, struct dlt_prio_examples *ex,
    struct dlt_diags *probs)
{
	struct dlt_prio_example	*e;
	struct primary		 pr;
	struct ynode		*root = NULL;
	const struct ynode	*logn;
	const char		*url, *fw, *prio, *num, *api, *only;
	char			*err = NULL, *end, place[PATH_MAX + 32];
	int			 label, col = 0;
	long			 number;

	if (ynode_load_json_buffer(line, len, &root, &err) != 0) {
		if (err != NULL && sscanf(err, "%*d:%d:", &col) != 1)
			col = 0;
		dlt_diag_error(probs, path, lineno, col, "not a JSON object: %s",
		    err != NULL ? err : "?");
		free(err);
		return (-1);
	}
	if (root == NULL || root->type != YNODE_MAPPING) {
		dlt_diag_error(probs, path, lineno, 1, "not a JSON object");
		ynode_free(root);
		return (-1);
	}
	url = scalar(root, "url");
	fw = scalar(root, "framework");
	prio = scalar(root, "priority");
	num = scalar(root, "number");
	logn = ynode_get(root, "log");
	/*
	 * Only the priority is required.  Without a url a report is named by
	 * its place; without a number its url's last digits give its time
	 * order in its tracker, else its line does.
	 */
	if (url == NULL || *url == '\0') {
		snprintf(place, sizeof place, "%s:%d", path, lineno);
		url = place;
	}
	if (fw == NULL || *fw == '\0')
		fw = "unknown";
	if (num != NULL) {
		errno = 0;
		number = strtol(num, &end, 10);
		if (*num == '\0' || *end != '\0' || errno != 0 || number < 0) {
			dlt_diag_error(probs, path, lineno, 1, "'number' is '%s', "
			    "not an issue number", num);
			ynode_free(root);
			return (-1);
		}
	} else {
		end = (char *)url + strlen(url);
		while (end > url && end[-1] >= '0' && end[-1] <= '9')
			end--;
		number = *end != '\0' && url != place ? strtol(end, NULL, 10) :
		    lineno;
	}
	if (prio == NULL || (label = dlt_priority_parse(prio)) < 0) {
		ex->skipped++;
		ynode_free(root);
		return (0);
	}
	if (logn != NULL && logn->type != YNODE_SCALAR) {
		dlt_diag_error(probs, path, lineno, 1, "'log' is not a string");
		ynode_free(root);
		return (-1);
	}
	only = scalar(root, "train_only");
	if (only != NULL && strcmp(only, "true") != 0 &&
	    strcmp(only, "false") != 0) {
		dlt_diag_error(probs, path, lineno, 1, "'train_only' is '%s', "
		    "not true or false", only);
		ynode_free(root);
		return (-1);
	}

	memset(&pr, 0, sizeof pr);
	pr.rules = dlt_classifier_rules(cl);
	pr.framework = fw;
	pr.rank = -1;
	pr.hint = DLT_PRIO_UNSET;
	pr.hint_conf = -1;
	if (logn != NULL && !ynode_is_null(logn) && logn->scalar_len > 0) {
		dlt_classifier_set_framework(cl, fw);
		(void)dlt_classify_buffer(cl, url, logn->scalar,
		    logn->scalar_len, primary_cb, &pr);
		dlt_classifier_set_framework(cl, NULL);
	}
	XGROW(ex->v, ex->n + 1, ex->alloc);
	e = &ex->v[ex->n++];
	memset(e, 0, sizeof *e);
	e->label = label;
	e->url = xstrdup(url);
	e->labels = join_labels(ynode_get(root, "labels"));
	e->framework = xstrdup(fw);
	e->number = number;
	e->failed = pr.rank >= 0;
	e->train_only = only != NULL && strcmp(only, "true") == 0;
	ex->train_only += e->train_only;
	if (pr.rank >= 0) {
		e->feats = pr.feats;
		e->rule_prio = pr.rule_prio;
		e->security = pr.security;
		e->hint = pr.hint;
		e->hint_conf = pr.hint_conf;
	} else {
		dlt_prio_features_report(fw, scalar(root, "class"),
		    scalar(root, "kind"), scalar(root, "api"), &e->feats);
		e->rule_prio = DLT_PRIO_LOW;
		e->hint = DLT_PRIO_UNSET;
		e->hint_conf = -1;
	}
	/* the group keys; groups() joins the reports that share one */
	api = scalar(root, "api");
	e->group = api != NULL && *api != '\0' ?
	    xasprintf("api:%s:%s", fw, api) : xasprintf("url:%s", url);
	if (pr.rank >= 0)
		e->bucket = xasprintf("bucket:%s", pr.bucket);
	ynode_free(root);
	return (0);
}

int
dlt_prio_examples_load(const char *path, struct dlt_classifier *cl,
    struct dlt_prio_examples *ex, struct dlt_diags *probs)
{
	FILE	*fp;
	char	*line = NULL;
	size_t	 cap = 0;
	ssize_t	 len;
	int	 lineno = 0, rc = 0;

	if ((fp = fopen(path, "r")) == NULL) {
		dlt_diag_error(probs, path, 0, 0, "cannot open defect dataset: %s",
		    strerror(errno));
		return (-1);
	}
	while ((len = getline(&line, &cap, fp)) != -1) {
		lineno++;
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if (len == 0)
			continue;
		if (len > LINE_MAX_BYTES) {
			dlt_diag_error(probs, path, lineno, 0, "a report of %zd "
			    "bytes (at most %d)", len, LINE_MAX_BYTES);
			rc = -1;
			continue;
		}
		if (load_row(path, lineno, line, (size_t)len, cl, ex, probs) != 0)
			rc = -1;
		if (dlt_diags_full(probs, path))
			break;
	}
	if (ferror(fp)) {
		dlt_diag_error(probs, path, 0, 0, "cannot read defect dataset: %s",
		    strerror(errno));
		rc = -1;
	}
	free(line);
	fclose(fp);
	groups(ex);
	return (rc);
}

int
dlt_prio_dataset(const struct dlt_ruleset *rules, const char *path,
    size_t min, const char *what, struct dlt_prio_examples *ex, char **used)
{
	struct dlt_diags		 probs = DLT_DIAGS_INIT;
	struct dlt_classify_opts	 copts;
	struct dlt_classifier		*cl;
	int				 rc = 0;

	memset(ex, 0, sizeof *ex);
	memset(&copts, 0, sizeof copts);
	*used = path != NULL ? xstrdup(path) :
	    xasprintf("%s/corpus/defects/defects.jsonl", dlt_datadir());
	cl = dlt_classifier_new(rules, &copts);
	if (dlt_prio_examples_load(*used, cl, ex, &probs) != 0) {
		dlt_diags_print(&probs, stderr);
		dlt_error("the defect dataset '%s' has %zu problem%s%s", *used,
		    probs.n, probs.n == 1 ? "" : "s", strcmp(what, "a model") ==
		    0 ? "; no model written" : "");
		rc = -1;
	} else if (ex->n < min) {
		dlt_error("'%s' holds %zu usable report%s; %s needs at least "
		    "%zu", *used, ex->n, ex->n == 1 ? "" : "s", what, min);
		rc = -1;
	}
	dlt_classifier_free(cl);
	dlt_diags_release(&probs);
	return (rc);
}

/*
 * A string -> index map for the training vocabulary (open addressing,
 * power-of-two size).
 */
struct vocab {
	const char	**key;
	size_t		 *idx;
	size_t		  size, used;
};

static size_t
vocab_slot(const struct vocab *v, const char *s)
{
	size_t	i = (size_t)dlt_hash(DLT_HASH_INIT, s, strlen(s)) & (v->size - 1);

	while (v->key[i] != NULL && strcmp(v->key[i], s) != 0)
		i = (i + 1) & (v->size - 1);
	return (i);
}

/* The index of s, adding it with index next when new. */
static size_t
vocab_get(struct vocab *v, const char *s, size_t next, int *added)
{
	const char	**ok;
	size_t		 *oi, osize, i, j;

	if (v->used * 2 >= v->size) {
		ok = v->key;
		oi = v->idx;
		osize = v->size;
		v->size = osize ? osize * 2 : 1024;
		v->key = xcalloc(v->size, sizeof *v->key);
		v->idx = xcalloc(v->size, sizeof *v->idx);
		for (i = 0; i < osize; i++)
			if (ok[i] != NULL) {
				j = vocab_slot(v, ok[i]);
				v->key[j] = ok[i];
				v->idx[j] = oi[i];
			}
		free(ok);
		free(oi);
	}
	i = vocab_slot(v, s);
	*added = v->key[i] == NULL;
	if (*added) {
		v->key[i] = s;
		v->idx[i] = next;
		v->used++;
	}
	return (v->idx[i]);
}

static void
vocab_release(struct vocab *v)
{
	free(v->key);
	free(v->idx);
	memset(v, 0, sizeof *v);
}

/* Union-find over the examples: the root of i, paths halved. */
static size_t
uf_find(size_t *up, size_t i)
{
	while (up[i] != i) {
		up[i] = up[up[i]];
		i = up[i];
	}
	return (i);
}

/*
 * Groups for the grouped split: reports that share an api or a bucket,
 * directly or through others, get one group (the name of its first
 * report's), so that neither a duplicate nor the same api is ever on
 * both sides.
 */
static void
groups(struct dlt_prio_examples *ex)
{
	struct dlt_prio_example	*e;
	struct vocab		 voc = { NULL, NULL, 0, 0 };
	size_t			*up, i, f, a, b;
	int			 added;

	if (ex->n == 0)
		return;
	up = xcalloc(ex->n, sizeof *up);
	for (i = 0; i < ex->n; i++)
		up[i] = i;
	/* one map for both kinds of key: "api:..."/"url:..." and "bucket:..." */
	for (i = 0; i < ex->n; i++) {
		e = &ex->v[i];
		for (int pass = 0; pass < 2; pass++) {
			if (pass == 1 && e->bucket == NULL)
				continue;
			f = vocab_get(&voc, pass == 0 ? e->group : e->bucket, i,
			    &added);
			a = uf_find(up, f);
			b = uf_find(up, i);
			if (a != b)
				up[b < a ? a : b] = b < a ? b : a;
		}
	}
	vocab_release(&voc);
	/* the map borrowed the names: rename only now */
	for (i = 0; i < ex->n; i++) {
		if ((f = uf_find(up, i)) == i)
			continue;
		free(ex->v[i].group);
		ex->v[i].group = xstrdup(ex->v[f].group);
	}
	free(up);
}

static int
compare_cstr(const void *a, const void *b)
{
	return (strcmp(*(char *const *)a, *(char *const *)b));
}

/* The training problem: rows as sorted feature indices. */
struct problem {
	size_t		  nrows;
	size_t		**rows;		/* feature indices of each row */
	size_t		 *nfeat;
	int		 *label;
	double		 *weight;	/* recency weight of each row */
	size_t		  nfeat_total;
};

static void
problem_release(struct problem *pb)
{
	size_t	i;

	for (i = 0; i < pb->nrows; i++)
		free(pb->rows[i]);
	free(pb->rows);
	free(pb->nfeat);
	free(pb->label);
	free(pb->weight);
}

/* Fit bias and weights (n features) on the problem. */
static void
fit(const struct problem *pb, const struct dlt_prio_train_opts *o,
    double *bias, double (*w)[K])
{
	double		(*gw)[K], (*hw)[K], gb[K], hb[K], cw[K], s[K], p[K];
	double		 max, sum, total = 0, g, cnt[K] = { 0 }, all = 0;
	size_t		 i, j, f;
	int		 c, e, nclass = 0;
	const double	 eta = 0.3;

	for (i = 0; i < pb->nrows; i++) {
		cnt[pb->label[i]] += pb->weight[i];
		all += pb->weight[i];
	}
	for (c = 0; c < K; c++)
		if (cnt[c] > 0)
			nclass++;
	for (c = 0; c < K; c++) {
		cw[c] = cnt[c] > 0 ? all / (nclass * cnt[c]) : 0;
		total += cw[c] * cnt[c];
		bias[c] = 0;
		hb[c] = 0;
	}
	gw = xcalloc(pb->nfeat_total + 1, sizeof *gw);
	hw = xcalloc(pb->nfeat_total + 1, sizeof *hw);
	memset(w, 0, (pb->nfeat_total) * sizeof *w);
	for (e = 0; e < o->epochs; e++) {
		memset(gw, 0, (pb->nfeat_total + 1) * sizeof *gw);
		memset(gb, 0, sizeof gb);
		for (i = 0; i < pb->nrows; i++) {
			for (c = 0; c < K; c++)
				s[c] = bias[c];
			for (j = 0; j < pb->nfeat[i]; j++)
				for (c = 0; c < K; c++)
					s[c] += w[pb->rows[i][j]][c];
			max = s[0];
			for (c = 1; c < K; c++)
				if (s[c] > max)
					max = s[c];
			sum = 0;
			for (c = 0; c < K; c++)
				sum += p[c] = exp(s[c] - max);
			for (c = 0; c < K; c++) {
				g = cw[pb->label[i]] * pb->weight[i] * (p[c] / sum -
				    (c == pb->label[i])) / total;
				gb[c] += g;
				for (j = 0; j < pb->nfeat[i]; j++)
					gw[pb->rows[i][j]][c] += g;
			}
		}
		for (c = 0; c < K; c++) {
			hb[c] += gb[c] * gb[c];
			bias[c] -= eta * gb[c] / (sqrt(hb[c]) + 1e-8);
		}
		for (f = 0; f < pb->nfeat_total; f++)
			for (c = 0; c < K; c++) {
				g = gw[f][c] + o->l2 * w[f][c];
				hw[f][c] += g * g;
				w[f][c] -= eta * g / (sqrt(hw[f][c]) + 1e-8);
			}
	}
	free(gw);
	free(hw);
}

/* The class-balanced scores of a row. */
static void
row_scores(const double *bias, double (*w)[K], const size_t *row, size_t n,
    double *s)
{
	size_t	j;
	int	c;

	for (c = 0; c < K; c++)
		s[c] = bias[c];
	for (j = 0; j < n; j++)
		for (c = 0; c < K; c++)
			s[c] += w[row[j]][c];
}

static double
nll(const double *s, const double *adj, double t, int y)
{
	double	z[K], max, sum = 0;
	int	c;

	for (c = 0; c < K; c++)
		z[c] = (s[c] + adj[c]) / t;
	max = z[0];
	for (c = 1; c < K; c++)
		if (z[c] > max)
			max = z[c];
	for (c = 0; c < K; c++)
		sum += exp(z[c] - max);
	return (-(z[y] - max - log(sum)));
}

/* Macro-F1 of arg max (score + d) over n rows. */
static double
macro_f1(double (*sc)[K], const int *label, size_t n, const double *d)
{
	long	conf[K][K];
	size_t	i;
	int	c, best, e;
	double	sum = 0, p, r;
	long	tp, pred, real;

	memset(conf, 0, sizeof conf);
	for (i = 0; i < n; i++) {
		best = 0;
		for (c = 1; c < K; c++)
			if (sc[i][c] + d[c] > sc[i][best] + d[best])
				best = c;
		conf[label[i]][best]++;
	}
	for (c = 0; c < K; c++) {
		tp = conf[c][c];
		pred = real = 0;
		for (e = 0; e < K; e++) {
			pred += conf[e][c];
			real += conf[c][e];
		}
		p = pred > 0 ? (double)tp / pred : 0;
		r = real > 0 ? (double)tp / real : 0;
		sum += p + r > 0 ? 2 * p * r / (p + r) : 0;
	}
	return (sum / K);
}

/*
 * The decision offsets (medium's is 0) that give the best macro-F1 on
 * out-of-fold scores; ties go to the smallest change.
 */
static void
choose_decision(double (*sc)[K], const int *label, size_t n, double *d)
{
	double	try[K] = { 0 }, f, best = -1, cost, best_cost = 0;
	int	a, b;

	for (a = -20; a <= 20; a++)
		for (b = -20; b <= 20; b++) {
			try[DLT_PRIO_LOW] = a / 10.0;
			try[DLT_PRIO_MEDIUM] = 0;
			try[DLT_PRIO_HIGH] = b / 10.0;
			f = macro_f1(sc, label, n, try);
			cost = fabs(try[0]) + fabs(try[2]);
			if (f > best + 1e-9 || (fabs(f - best) <= 1e-9 &&
			    cost < best_cost)) {
				best = f;
				best_cost = cost;
				memcpy(d, try, sizeof try);
			}
		}
}

/* The fold of a group name. */
static int
fold_of(const char *group, int folds)
{
	return ((int)(dlt_hash(DLT_HASH_INIT, group, strlen(group)) %
	    (uint64_t)folds));
}

struct by_number {
	long	number;
	size_t	i;
};

static int
compare_number(const void *a, const void *b)
{
	const struct by_number	*x = a, *y = b;

	if (x->number != y->number)
		return (x->number < y->number ? -1 : 1);
	return (x->i < y->i ? -1 : x->i > y->i);
}

/*
 * Recency weights of the used rows, in their order: a row at rank r of
 * n in its tracker (by issue number, oldest first) weighs
 * exp(alpha (r / (n - 1) - 1)), so the newest row weighs 1 and the
 * oldest exp(-alpha).  Priority policies drift; recent decisions say
 * more about the next ones.
 */
static void
recency(const struct dlt_prio_examples *ex, const unsigned char *use,
    double alpha, double *weight)
{
	struct by_number	*v;
	double			*w;
	size_t			 i, j, k, n, r;

	w = xcalloc(ex->n + 1, sizeof *w);
	v = xcalloc(ex->n + 1, sizeof *v);
	for (i = 0; i < ex->n; i++) {
		if ((use != NULL && !use[i]) || w[i] != 0)
			continue;
		for (j = i, n = 0; j < ex->n; j++)
			if ((use == NULL || use[j]) && strcmp(ex->v[j].framework,
			    ex->v[i].framework) == 0) {
				v[n].number = ex->v[j].number;
				v[n].i = j;
				n++;
			}
		qsort(v, n, sizeof *v, compare_number);
		for (k = 0; k < n; k++)
			w[v[k].i] = n > 1 ? exp(alpha * ((double)k /
			    (double)(n - 1) - 1)) : 1;
	}
	for (i = r = 0; i < ex->n; i++)
		if (use == NULL || use[i])
			weight[r++] = w[i];
	free(v);
	free(w);
}

struct dlt_prio_model *
dlt_prio_train(const struct dlt_prio_examples *ex, const unsigned char *use,
    const struct dlt_prio_train_opts *o, const char *source)
{
	struct dlt_prio_model	*m;
	struct vocab		 voc = { NULL, NULL, 0, 0 };
	struct problem		 pb;
	size_t			*count = NULL, ncount = 0, count_alloc = 0;
	size_t			 i, j, n, idx, nf, feat_alloc;
	char			**names = NULL;
	size_t			 names_alloc = 0;
	double			(*w)[K], bias[K], (*oof)[K], prior[K];
	double			 best_t = 1, best = INFINITY, t, l;
	long			 cnt[K] = { 0 }, cnt_all[K] = { 0 }, nnat = 0;
	unsigned char		*nat;
	int			 added, c, fold;
	const struct dlt_prio_example *e;

	/* 1. the vocabulary of the training rows, and each feature's row count */
	for (i = 0; i < ex->n; i++) {
		if (use != NULL && !use[i])
			continue;
		e = &ex->v[i];
		cnt_all[e->label]++;
		if (!e->train_only) {
			cnt[e->label]++;
			nnat++;
		}
		for (j = 0; j < e->feats.n; j++) {
			idx = vocab_get(&voc, e->feats.v[j], ncount, &added);
			if (added) {
				XGROW(count, ncount + 1, count_alloc);
				XGROW(names, ncount + 1, names_alloc);
				count[ncount] = 0;
				names[ncount] = e->feats.v[j];
				ncount++;
			}
			count[idx]++;
		}
	}
	/* 2. the features kept, sorted by name */
	m = xcalloc(1, sizeof *m);
	feat_alloc = 0;
	for (i = 0; i < ncount; i++)
		if (count[i] >= (size_t)o->min_count) {
			XGROW(m->feat, m->nfeat + 1, feat_alloc);
			m->feat[m->nfeat++] = xstrdup(names[i]);
		}
	if (m->nfeat > 1)
		qsort(m->feat, m->nfeat, sizeof *m->feat, compare_cstr);
	free(count);
	free(names);
	vocab_release(&voc);

	/* 3. the problem over the kept features */
	memset(&pb, 0, sizeof pb);
	pb.nfeat_total = m->nfeat;
	pb.rows = xcalloc(ex->n + 1, sizeof *pb.rows);
	pb.nfeat = xcalloc(ex->n + 1, sizeof *pb.nfeat);
	pb.label = xcalloc(ex->n + 1, sizeof *pb.label);
	pb.weight = xcalloc(ex->n + 1, sizeof *pb.weight);
	recency(ex, use, o->recency, pb.weight);
	/*
	 * Rows chosen for their label (train_only) teach what a class looks
	 * like, but not how common it is: the priors, the decision offsets
	 * and the temperature come from the other rows (all rows when there
	 * are none).
	 */
	nat = xcalloc(ex->n + 1, 1);
	if (nnat == 0)
		memcpy(cnt, cnt_all, sizeof cnt);
	for (i = 0; i < ex->n; i++) {
		if (use != NULL && !use[i])
			continue;
		e = &ex->v[i];
		nat[pb.nrows] = nnat == 0 || !e->train_only;
		pb.rows[pb.nrows] = xcalloc(e->feats.n + 1, sizeof(size_t));
		for (j = n = 0; j < e->feats.n; j++)
			if ((idx = dlt_prio_model_feature(m, e->feats.v[j])) !=
			    (size_t)-1)
				pb.rows[pb.nrows][n++] = idx;
		pb.nfeat[pb.nrows] = n;
		pb.label[pb.nrows] = e->label;
		pb.nrows++;
	}
	nf = m->nfeat > 0 ? m->nfeat : 1;
	m->w = xcalloc(nf, sizeof *m->w);
	fit(&pb, o, m->bias, m->w);

	/* 4. calibration on out-of-fold scores */
	for (c = 0; c < K; c++) {
		prior[c] = ((double)cnt[c] + 1) / ((double)(nnat > 0 ? nnat :
		    (long)pb.nrows) + K);
		m->adjust[c] = log(prior[c]);
	}
	oof = xcalloc(pb.nrows + 1, sizeof *oof);
	if (o->folds >= 2 && pb.nrows >= (size_t)o->folds * 4) {
		struct problem	 sub;
		size_t		*which = xcalloc(pb.nrows + 1, sizeof *which);
		int		*label = xcalloc(pb.nrows + 1, sizeof *label);
		size_t		 r;

		w = xcalloc(nf, sizeof *w);
		for (fold = 0; fold < o->folds; fold++) {
			memset(&sub, 0, sizeof sub);
			sub.nfeat_total = m->nfeat;
			sub.rows = xcalloc(pb.nrows, sizeof *sub.rows);
			sub.nfeat = xcalloc(pb.nrows, sizeof *sub.nfeat);
			sub.label = xcalloc(pb.nrows, sizeof *sub.label);
			sub.weight = xcalloc(pb.nrows, sizeof *sub.weight);
			for (i = r = 0; i < ex->n; i++) {
				if (use != NULL && !use[i])
					continue;
				which[r] = i;
				if (fold_of(ex->v[i].group, o->folds) != fold) {
					sub.rows[sub.nrows] = pb.rows[r];
					sub.nfeat[sub.nrows] = pb.nfeat[r];
					sub.label[sub.nrows] = pb.label[r];
					sub.weight[sub.nrows] = pb.weight[r];
					sub.nrows++;
				}
				r++;
			}
			fit(&sub, o, bias, w);
			for (r = 0; r < pb.nrows; r++)
				if (fold_of(ex->v[which[r]].group, o->folds) == fold)
					row_scores(bias, w, pb.rows[r], pb.nfeat[r],
					    oof[r]);
			free(sub.rows);
			free(sub.nfeat);
			free(sub.label);
			free(sub.weight);
		}
		free(w);
		free(which);
		/* the natural rows' scores moved to the front, in order */
		for (r = n = 0; r < pb.nrows; r++)
			if (nat[r]) {
				memmove(oof[n], oof[r], sizeof oof[n]);
				label[n++] = pb.label[r];
			}
		choose_decision(oof, label, n, m->decision);
		for (t = 0.25; t <= 4.0; t *= 1.05) {
			l = 0;
			for (i = 0; i < n; i++)
				l += nll(oof[i], m->adjust, t, label[i]);
			if (l < best) {
				best = l;
				best_t = t;
			}
		}
		free(label);
	}
	m->temperature = best_t;
	m->abstain = o->abstain;
	free(oof);
	free(nat);

	/* 5. the training rows as known defects */
	m->known = xcalloc(pb.nrows + 1, sizeof *m->known);
	for (i = 0, n = 0; i < ex->n; i++) {
		if (use != NULL && !use[i])
			continue;
		e = &ex->v[i];
		m->known[m->nknown].url = xstrdup(e->url);
		m->known[m->nknown].priority = e->label;
		m->known[m->nknown].labels = xstrdup(e->labels);
		m->known[m->nknown].feat = pb.rows[n];
		m->known[m->nknown].nfeat = pb.nfeat[n];
		pb.rows[n] = NULL;
		m->nknown++;
		n++;
	}
	m->rows = (long)pb.nrows;
	m->source = source != NULL ? xstrdup(source) : NULL;
	problem_release(&pb);
	return (m);
}

/*
 * Evaluation.  The model predicts as dlt_priority_assign does:
 * security first, then a confident rule, then the model.
 */
static int
majority(const struct dlt_prio_examples *ex, const unsigned char *use,
    double *freq)
{
	long	cnt[K] = { 0 }, n = 0;
	int	c, best = 0;

	for (size_t i = 0; i < ex->n; i++)
		if (use[i] && !ex->v[i].train_only) {
			cnt[ex->v[i].label]++;
			n++;
		}
	for (c = 0; c < K; c++) {
		freq[c] = n > 0 ? (double)cnt[c] / n : 1.0 / K;
		if (cnt[c] > cnt[best])
			best = c;
	}
	return (best);
}

static double
brier(const double *p, int y)
{
	double	b = 0, d;
	int	c;

	for (c = 0; c < K; c++) {
		d = p[c] - (c == y);
		b += d * d;
	}
	return (b);
}

/* Test the rows of ex whose test[i] is set on the model m. */
static void
score_rows(const struct dlt_prio_model *m, const struct dlt_prio_examples *ex,
    const unsigned char *test, int maj, const double *freq,
    struct dlt_prio_eval *ev)
{
	struct dlt_prio_pred	 pr;
	const struct dlt_prio_example *e;
	double			 one[K];
	size_t			 i;
	int			 pred, c, bin;

	for (i = 0; i < ex->n; i++) {
		if (!test[i])
			continue;
		e = &ex->v[i];
		ev->n++;
		/* the model, layered */
		dlt_prio_predict(m, &e->feats, &pr);
		if (e->security) {
			pred = DLT_PRIO_HIGH;
			for (c = 0; c < K; c++)
				one[c] = c == pred;
		} else if (e->hint != DLT_PRIO_UNSET &&
		    e->hint_conf >= DLT_PRIORITY_RULE_OVERRIDE) {
			pred = e->hint;
			for (c = 0; c < K; c++)
				one[c] = c == pred;
		} else {
			pred = pr.priority;
			memcpy(one, pr.p, sizeof one);
			bin = (int)(pr.confidence * 10);
			if (bin > 9)
				bin = 9;
			ev->bin_n[bin]++;
			ev->bin_conf[bin] += pr.confidence;
			ev->bin_right[bin] += pr.best == e->label;
		}
		if (pred == DLT_PRIO_UNKNOWN)
			ev->abstained++;
		ev->confusion[DLT_EVAL_MODEL][e->label][pred]++;
		ev->brier[DLT_EVAL_MODEL] += brier(one, e->label);
		/* the rule layer alone */
		for (c = 0; c < K; c++)
			one[c] = c == e->rule_prio;
		ev->confusion[DLT_EVAL_RULES][e->label][e->rule_prio]++;
		ev->brier[DLT_EVAL_RULES] += brier(one, e->label);
		/* the majority class, with the training frequencies */
		ev->confusion[DLT_EVAL_MAJORITY][e->label][maj]++;
		ev->brier[DLT_EVAL_MAJORITY] += brier(freq, e->label);
	}
}

/* Train on the rows of train, test the rows of test (NULL: all others). */
static void
test_rows(const struct dlt_prio_examples *ex, const unsigned char *train,
    const unsigned char *test, const struct dlt_prio_train_opts *o,
    struct dlt_prio_eval *ev)
{
	struct dlt_prio_model	*m;
	unsigned char		*tested;
	double			 freq[K];
	size_t			 i;
	int			 maj;

	m = dlt_prio_train(ex, train, o, NULL);
	maj = majority(ex, train, freq);
	tested = xcalloc(ex->n + 1, 1);
	for (i = 0; i < ex->n; i++) {
		tested[i] = (test != NULL ? test[i] : !train[i]) &&
		    !ex->v[i].train_only;
		ev->train_n += train[i];
	}
	score_rows(m, ex, tested, maj, freq, ev);
	free(tested);
	dlt_prio_model_free(m);
}

static void
eval_finish(struct dlt_prio_eval *ev)
{
	int	p;

	for (p = 0; p < 3; p++)
		if (ev->n > 0)
			ev->brier[p] /= (double)ev->n;
}

/*
 * The time split of the rows of in (NULL: all): per framework, the
 * newest fraction of them by issue number get 0 in train, the older 1;
 * rows outside in get 0.
 */
static void
time_split(const struct dlt_prio_examples *ex, const unsigned char *in,
    double fraction, unsigned char *train)
{
	struct by_number	*v;
	char			**fws = NULL;
	size_t			 nfw = 0, alloc = 0, i, j, n, ntest;
	long			 cut;

	v = xcalloc(ex->n + 1, sizeof *v);
	for (i = 0; i < ex->n; i++) {
		train[i] = 0;
		if ((in != NULL && !in[i]) || ex->v[i].train_only)
			continue;
		for (j = 0; j < nfw; j++)
			if (strcmp(fws[j], ex->v[i].framework) == 0)
				break;
		if (j == nfw) {
			XGROW(fws, nfw + 1, alloc);
			fws[nfw++] = ex->v[i].framework;
		}
	}
	for (j = 0; j < nfw; j++) {
		for (i = n = 0; i < ex->n; i++)
			if ((in == NULL || in[i]) && !ex->v[i].train_only &&
			    strcmp(ex->v[i].framework, fws[j]) == 0) {
				v[n].number = ex->v[i].number;
				v[n].i = i;
				n++;
			}
		qsort(v, n, sizeof *v, compare_number);
		ntest = (size_t)ceil(fraction * (double)n);
		for (i = 0; i + ntest < n; i++)
			train[v[i].i] = 1;
		/* train-only rows train when older than every tested row */
		cut = ntest > 0 ? v[n - ntest].number : LONG_MAX;
		for (i = 0; i < ex->n; i++)
			if ((in == NULL || in[i]) && ex->v[i].train_only &&
			    strcmp(ex->v[i].framework, fws[j]) == 0 &&
			    ex->v[i].number < cut)
				train[i] = 1;
	}
	/* those of a framework with no other row */
	for (i = 0; i < ex->n; i++) {
		if ((in != NULL && !in[i]) || !ex->v[i].train_only)
			continue;
		for (j = 0; j < nfw; j++)
			if (strcmp(fws[j], ex->v[i].framework) == 0)
				break;
		if (j == nfw)
			train[i] = 1;
	}
	free(fws);
	free(v);
}

void
dlt_prio_eval_time(const struct dlt_prio_examples *ex, double fraction,
    const struct dlt_prio_train_opts *o, struct dlt_prio_eval *ev)
{
	unsigned char	*train;

	memset(ev, 0, sizeof *ev);
	ev->name = "time";
	train = xcalloc(ex->n + 1, 1);
	time_split(ex, NULL, fraction, train);
	test_rows(ex, train, NULL, o, ev);
	eval_finish(ev);
	free(train);
}

void
dlt_prio_eval_validation(const struct dlt_prio_examples *ex, double fraction,
    const struct dlt_prio_train_opts *o, struct dlt_prio_eval *ev)
{
	unsigned char	*outer, *train, *test;
	size_t		 i;

	memset(ev, 0, sizeof *ev);
	ev->name = "validation";
	outer = xcalloc(ex->n + 1, 1);
	train = xcalloc(ex->n + 1, 1);
	test = xcalloc(ex->n + 1, 1);
	time_split(ex, NULL, fraction, outer);
	time_split(ex, outer, fraction, train);
	for (i = 0; i < ex->n; i++)
		test[i] = outer[i] && !train[i];	/* test_rows skips train_only */
	test_rows(ex, train, test, o, ev);
	eval_finish(ev);
	free(test);
	free(train);
	free(outer);
}

void
dlt_prio_eval_grouped(const struct dlt_prio_examples *ex, int folds,
    const struct dlt_prio_train_opts *o, struct dlt_prio_eval *ev)
{
	unsigned char	*train;
	size_t		 i;
	int		 fold;
	long		 train_n = 0;

	memset(ev, 0, sizeof *ev);
	ev->name = "grouped";
	train = xcalloc(ex->n + 1, 1);
	for (fold = 0; fold < folds; fold++) {
		for (i = 0; i < ex->n; i++)
			train[i] = fold_of(ex->v[i].group, folds) != fold;
		test_rows(ex, train, NULL, o, ev);
		train_n += ev->train_n;
		ev->train_n = 0;
	}
	ev->train_n = folds > 0 ? train_n / folds : 0;
	eval_finish(ev);
	free(train);
}

void
dlt_prio_eval_model(const struct dlt_prio_examples *ex,
    const struct dlt_prio_model *m, struct dlt_prio_eval *ev)
{
	unsigned char	*test;
	long		 cnt[K] = { 0 };
	double		 freq[K];
	size_t		 i, k;
	int		 c, maj = 0;

	memset(ev, 0, sizeof *ev);
	ev->name = "model";
	/* the majority class and the frequencies of the model's own rows */
	for (k = 0; k < m->nknown; k++)
		if (m->known[k].priority >= 0 && m->known[k].priority < K)
			cnt[m->known[k].priority]++;
	for (c = 0; c < K; c++) {
		freq[c] = m->nknown > 0 ? (double)cnt[c] / (double)m->nknown :
		    1.0 / K;
		if (cnt[c] > cnt[maj])
			maj = c;
	}
	test = xcalloc(ex->n + 1, 1);
	for (i = 0; i < ex->n; i++) {
		test[i] = !ex->v[i].train_only;
		if (!test[i])
			continue;
		for (k = 0; k < m->nknown; k++)
			if (m->known[k].url != NULL &&
			    strcmp(m->known[k].url, ex->v[i].url) == 0) {
				ev->seen++;
				break;
			}
	}
	ev->train_n = m->rows;
	score_rows(m, ex, test, maj, freq, ev);
	eval_finish(ev);
	free(test);
}

double
dlt_prio_eval_precision(const struct dlt_prio_eval *ev, int pd, int prio)
{
	long	tp = ev->confusion[pd][prio][prio], all = 0;
	int	c;

	for (c = 0; c < K; c++)
		all += ev->confusion[pd][c][prio];
	return (all > 0 ? (double)tp / all : 0);
}

double
dlt_prio_eval_recall(const struct dlt_prio_eval *ev, int pd, int prio)
{
	long	tp = ev->confusion[pd][prio][prio], all = 0;
	int	c;

	for (c = 0; c <= K; c++)
		all += ev->confusion[pd][prio][c];
	return (all > 0 ? (double)tp / all : 0);
}

double
dlt_prio_eval_macro_f1(const struct dlt_prio_eval *ev, int pd)
{
	double	p, r, sum = 0;
	int	c, classes = 0;

	for (c = 0; c < K; c++) {
		long	all = 0;

		for (int d = 0; d <= K; d++)
			all += ev->confusion[pd][c][d];
		if (all == 0)
			continue;
		classes++;
		p = dlt_prio_eval_precision(ev, pd, c);
		r = dlt_prio_eval_recall(ev, pd, c);
		sum += p + r > 0 ? 2 * p * r / (p + r) : 0;
	}
	return (classes > 0 ? sum / classes : 0);
}

double
dlt_prio_eval_accuracy(const struct dlt_prio_eval *ev, int pd)
{
	long	right = 0;
	int	c;

	for (c = 0; c < K; c++)
		right += ev->confusion[pd][c][c];
	return (ev->n > 0 ? (double)right / (double)ev->n : 0);
}
