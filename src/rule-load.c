/*
 * rule-load.c: loading and validating rule files; see rules.h and
 * rule-schema.h.
 *
 * Each path given to dlt_ruleset_load is a "unit": a directory (every
 * *.yaml in it, sorted by name) or a single file.  Ids are unique within
 * a unit; an entry of a later unit with an id already loaded replaces
 * the earlier entry in place (so that user directories override shipped
 * rules), and must be of the same section.
 *
 * Loading never stops at the first problem: every file is read and every
 * problem recorded, so that `rules check` can show them all.  An entry
 * with a problem is dropped (its id is still remembered, to report
 * duplicates) and the set is released before returning -1.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "error.h"
#include "hash.h"
#include "regex.h"
#include "rule-model.h"
#include "rule-schema.h"
#include "rules.h"
#include "runctx.h"
#include "strbuf.h"
#include "suggest.h"
#include "xmalloc.h"
#include "yaml-node.h"

#define ID_MAX			128	/* longest id, in bytes */
#define ANCHOR_MIN		3	/* shortest anchor, in bytes */
#define NOT_ADDED		((size_t)-1)

struct id_slot {
	char		*id;		/* NULL: free slot */
	int		 section;
	size_t		 index;		/* in the section's array, or NOT_ADDED */
	size_t		 unit;		/* the path that defined it */
	struct dlt_loc	 loc;
};

struct id_map {
	struct id_slot	*v;
	size_t		 size;		/* a power of two, or 0 */
	size_t		 used;
};

/*
 * A named pattern (the top-level "patterns" mapping of any rule file):
 * a regex fragment that every regex of the set may use as %{name}.  The
 * names are gathered from all the files first, so a file may use a
 * pattern that a file loaded after it defines; a later unit's pattern of
 * the same name replaces the earlier one, as entries do.
 */
enum pattern_state { PAT_NEW, PAT_EXPANDING, PAT_DONE, PAT_BAD };

struct pattern {
	char			*name;
	const struct ynode	*key;		/* where it is named (its doc's) */
	const struct ynode	*node;		/* the definition (its doc's) */
	const char		*file;		/* interned */
	size_t			 unit;
	enum pattern_state	 state;
	char			*text;		/* expanded, once PAT_DONE */
};

/* A parsed rule file, held until every file's patterns are known. */
struct doc {
	const char		*file;		/* interned */
	size_t			 unit;
	struct ynode		*root;
};

#define PATTERN_NAME_MAX	64
#define PATTERN_DEPTH_MAX	16

union any_entry {
	struct dlt_detector		d;
	struct dlt_frame_format		f;
	struct dlt_rule			r;
	struct dlt_framework_rule	w;
	struct dlt_ignore_frame		i;
	struct dlt_normalise		n;
};

struct loader {
	struct dlt_ruleset		*set;
	struct dlt_diags	*probs;
	const char			*file;		/* interned, being loaded */
	size_t				 file_problems;
	size_t				 unit;
	struct id_map			 ids;
	size_t				 alloc[DLT_SEC_COUNT];
	size_t				 files_alloc, dirs_alloc;
	struct pattern			*pats;		/* named regex fragments */
	size_t				 npats, pats_alloc;
	struct id_map			 patmap;	/* name -> index in pats */
	struct doc			*docs;		/* parsed, loaded last */
	size_t				 ndocs, docs_alloc;
};

static void	 problem_at(struct loader *, int, int, int, const char *, ...)
		     __attribute__((format(printf, 5, 6)));
static void	 problem(struct loader *, const struct ynode *, int, const char *, ...)
		     __attribute__((format(printf, 4, 5)));
static int	 too_many(struct loader *);
static void	 wrong_type(struct loader *, const struct ynode *, const char *,
		     const char *);
static const struct dlt_schema_key *row(int, enum dlt_schema_where, const char *);
static void	 check_keys(struct loader *, const struct ynode *, int,
		     enum dlt_schema_where);
static int	 get_string(struct loader *, const struct ynode *, const char *, int,
		     char **, size_t *);
static int	 get_bool(struct loader *, const struct ynode *, const char *, int *);
static int	 get_int(struct loader *, const struct ynode *, int,
		     enum dlt_schema_where, const char *, int *);
static int	 get_number(struct loader *, const struct ynode *, int, const char *,
		     double *);
static int	 get_enum(struct loader *, const struct ynode *, int,
		     enum dlt_schema_where, const char *, int *);
static int	 get_enum_string(struct loader *, const struct ynode *, int,
		     enum dlt_schema_where, const char *, char **);
static int	 compile_regex(struct loader *, const struct ynode *, const char *, int,
		     struct dlt_rx **);
static int	 get_regex(struct loader *, const struct ynode *, const char *, int,
		     struct dlt_rx **);
static void	 need_group(struct loader *, const struct ynode *, const char *,
		     const struct dlt_rx *, const char *);
static void	 load_cond_list(struct loader *, const struct ynode *, const char *,
		     struct dlt_cond **, size_t *);
static void	 load_conds(struct loader *, const struct ynode *, struct dlt_conds *,
		     int);
static int	 has_group(const struct dlt_conds *, const char *);
static void	 check_template(struct loader *, const struct ynode *, const char *,
		     const struct dlt_conds *, int);
static void	 check_replacement(struct loader *, const struct ynode *,
		     const struct dlt_rx *);
static void	 load_sample(struct loader *, int, const struct ynode *,
		     struct dlt_sample *);
static void	 load_samples(struct loader *, int, const struct ynode *,
		     struct dlt_entry_common *);
static void	 load_detector(struct loader *, const struct ynode *,
		     struct dlt_detector *);
static void	 load_frame_format(struct loader *, const struct ynode *,
		     struct dlt_frame_format *);
static void	 load_rule(struct loader *, const struct ynode *, struct dlt_rule *);
static void	 load_framework(struct loader *, const struct ynode *,
		     struct dlt_framework_rule *);
static void	 load_ignore(struct loader *, const struct ynode *,
		     struct dlt_ignore_frame *);
static void	 load_normalise(struct loader *, const struct ynode *,
		     struct dlt_normalise *);
static struct dlt_entry_common *common_of(int, union any_entry *);
static void	 load_entry(struct loader *, int, const struct ynode *);
static void	 register_entry(struct loader *, int, union any_entry *, int);
static void	*slot_of(struct loader *, int, size_t);
static size_t	 append_entry(struct loader *, int, union any_entry *);
static void	 load_document(struct loader *, const struct ynode *);
static void	 load_file(struct loader *, const char *);
static int	 compare_names(const void *, const void *);
static void	 load_dir(struct loader *, const char *);
static void	 load_path(struct loader *, const char *);
static int	 compare_rules(const void *, const void *);
static void	 sort_rules(struct dlt_ruleset *);
static uint64_t	 id_hash(const char *);
static struct id_slot *id_find(struct id_map *, const char *);
static struct id_slot *id_insert(struct id_map *, const char *);
static void	 id_map_release(struct id_map *);
static void	 sample_release(struct dlt_sample *);
static void	 common_release(struct dlt_entry_common *);
static void	 conds_release(struct dlt_conds *);
static void	 entry_release(int, void *);

/* Problems. */

static void
problem_at(struct loader *l, int line, int col, int code, const char *fmt, ...)
{
	va_list	ap;

	/* a problem without a line names its file in the message */
	l->file_problems++;
	va_start(ap, fmt);
	dlt_diag_vadd(l->probs, line > 0 ? l->file : NULL, line, col, DLT_SEV_ERROR,
	    code, fmt, ap);
	va_end(ap);
}

static void
problem(struct loader *l, const struct ynode *at, int code, const char *fmt, ...)
{
	va_list	ap;

	l->file_problems++;
	va_start(ap, fmt);
	dlt_diag_vadd(l->probs, l->file, at->line, at->col, DLT_SEV_ERROR, code, fmt,
	    ap);
	va_end(ap);
}

static int
too_many(struct loader *l)
{
	return (dlt_diags_full(l->probs, l->file));
}




/* Scalars. */

static void
wrong_type(struct loader *l, const struct ynode *n, const char *what,
    const char *expected)
{
	char	*got;

	got = ynode_describe(n);
	problem(l, n, DLT_RERR_WRONG_TYPE, "wrong type for %s: expected %s, got %s",
	    what, expected, got);
	free(got);
}

/* Keys. */

static const struct dlt_schema_key *
row(int sec, enum dlt_schema_where where, const char *key)
{
	const struct dlt_schema_key	*k;

	k = dlt_schema_find(sec, where, key);
	if (k == NULL)
		dlt_bug("no schema row for '%s'", key);
	return (k);
}

/* A detector of a whole-log shape (message, values) takes no anchors. */
static int
whole_log_detector(int sec, const struct dlt_schema_key *k, const struct ynode *map)
{
	const struct ynode	*shape;

	if (sec != DLT_SEC_DETECTORS || strcmp(k->key, "anchors") != 0)
		return (0);
	shape = ynode_get(map, "shape");
	return (shape != NULL && shape->type == YNODE_SCALAR &&
	    (strcmp(shape->scalar, dlt_shape_names[DLT_SHAPE_MESSAGE]) == 0 ||
	    strcmp(shape->scalar, dlt_shape_names[DLT_SHAPE_VALUES]) == 0 ||
	    strcmp(shape->scalar, dlt_shape_names[DLT_SHAPE_SERIES]) == 0 ||
	    strcmp(shape->scalar, dlt_shape_names[DLT_SHAPE_MENTION]) == 0));
}

/*
 * Report the keys of map that the schema does not know at this place
 * (with a suggestion), duplicated keys, and missing required keys.
 */
static void
check_keys(struct loader *l, const struct ynode *map, int sec,
    enum dlt_schema_where where)
{
	const struct dlt_schema_key	*k;
	const char			*cands[64], *near;
	const struct ynode		*key;
	size_t				 i, j, ncands = 0;
	char				*q;
	int				 dup, have_cands = 0;

	for (i = 0; i < map->n && !too_many(l); i++) {
		key = map->keys[i];
		for (dup = 0, j = 0; j < i; j++)
			if (strcmp(map->keys[j]->scalar, key->scalar) == 0) {
				dup = 1;
				break;
			}
		if (!dup && strlen(key->scalar) == key->scalar_len &&
		    dlt_schema_find(sec, where, key->scalar) != NULL)
			continue;
		/* a problem: the words of its message, only now */
		q = dlt_msg_quote(key->scalar, key->scalar_len);
		if (dup)
			problem(l, key, DLT_RERR_DUP_KEY,
			    "duplicate key '%s' (first at %d:%d)", q,
			    map->keys[j]->line, map->keys[j]->col);
		else {
			for (j = 0; !have_cands && j < dlt_schema_count &&
			    ncands < 64; j++) {
				k = &dlt_schema_table[j];
				if (k->where == where && (where == DLT_SW_TOP ||
				    where == DLT_SW_CONDITION || k->section == sec))
					cands[ncands++] = k->key;
			}
			have_cands = 1;
			near = dlt_suggest(key->scalar, cands, ncands);
			if (near != NULL)
				problem(l, key, DLT_RERR_UNKNOWN_KEY,
				    "unknown %s '%s' (did you mean '%s'?)",
				    where == DLT_SW_TOP ? "section" : "key", q, near);
			else
				problem(l, key, DLT_RERR_UNKNOWN_KEY, "unknown %s '%s'",
				    where == DLT_SW_TOP ? "section" : "key", q);
		}
		free(q);
	}
	for (i = 0; i < dlt_schema_count; i++) {
		k = &dlt_schema_table[i];
		if (k->where != where || !(k->flags & DLT_SK_REQUIRED) ||
		    k->type == DLT_ST_SAMPLES)
			continue;
		if ((where == DLT_SW_ENTRY || where == DLT_SW_SAMPLE) &&
		    k->section != sec)
			continue;
		if (ynode_get(map, k->key) != NULL || whole_log_detector(sec, k, map))
			continue;
		problem(l, map, DLT_RERR_MISSING, "missing required key '%s'", k->key);
	}
}

/*
 * Getters: 1 when the key is there and good (*out set), 0 when it is
 * absent (*out untouched), -1 after reporting a problem.
 */
static int
get_string(struct loader *l, const struct ynode *map, const char *key,
    int allow_nul, char **out, size_t *lenp)
{
	const struct ynode	*n;
	char			*what;

	if ((n = ynode_get(map, key)) == NULL)
		return (0);
	if (n->type != YNODE_SCALAR || ynode_is_null(n)) {
		what = xasprintf("'%s'", key);
		wrong_type(l, n, what, "a string");
		free(what);
		return (-1);
	}
	if (!allow_nul && strlen(n->scalar) != n->scalar_len) {
		problem(l, n, DLT_RERR_BAD_VALUE, "'%s' holds a NUL byte", key);
		return (-1);
	}
	*out = xmalloc(n->scalar_len + 1);
	memcpy(*out, n->scalar, n->scalar_len + 1);
	if (lenp != NULL)
		*lenp = n->scalar_len;
	return (1);
}

static int
get_bool(struct loader *l, const struct ynode *map, const char *key, int *out)
{
	const struct ynode	*n;
	char			*what;
	int			 v;

	if ((n = ynode_get(map, key)) == NULL)
		return (0);
	if (!ynode_plain_bool(n, &v)) {
		what = xasprintf("'%s'", key);
		wrong_type(l, n, what, "true or false");
		free(what);
		return (-1);
	}
	*out = v;
	return (1);
}

static int
get_int(struct loader *l, const struct ynode *map, int sec,
    enum dlt_schema_where where, const char *key, int *out)
{
	const struct dlt_schema_key	*k = row(sec, where, key);
	const struct ynode		*n;
	long long			 v;
	char				*what;

	if ((n = ynode_get(map, key)) == NULL)
		return (0);
	if (!ynode_plain_int(n, &v)) {
		what = xasprintf("'%s'", key);
		wrong_type(l, n, what, "an integer");
		free(what);
		return (-1);
	}
	if (v < (long long)k->min || v > (long long)k->max) {
		problem(l, n, DLT_RERR_BAD_VALUE, "'%s' is out of range (%.0f to %.0f)",
		    key, k->min, k->max);
		return (-1);
	}
	*out = (int)v;
	return (1);
}

static int
get_number(struct loader *l, const struct ynode *map, int sec, const char *key,
    double *out)
{
	const struct dlt_schema_key	*k = row(sec, DLT_SW_ENTRY, key);
	const struct ynode		*n;
	double				 v;
	char				*what;

	if ((n = ynode_get(map, key)) == NULL)
		return (0);
	if (!ynode_plain_number(n, &v)) {
		what = xasprintf("'%s'", key);
		wrong_type(l, n, what, "a number");
		free(what);
		return (-1);
	}
	if (v < k->min || v > k->max) {
		problem(l, n, DLT_RERR_BAD_VALUE, "'%s' is out of range (%g to %g)",
		    key, k->min, k->max);
		return (-1);
	}
	*out = v;
	return (1);
}

static int
get_enum(struct loader *l, const struct ynode *map, int sec,
    enum dlt_schema_where where, const char *key, int *out)
{
	const struct dlt_schema_key	*k = row(sec, where, key);
	const struct ynode		*n;
	const char			*near;
	struct strbuf			 sb = STRBUF_INIT;
	size_t				 i, nchoices;
	char				*what, *q;
	int				 idx;

	if ((n = ynode_get(map, key)) == NULL)
		return (0);
	if (n->type != YNODE_SCALAR || ynode_is_null(n)) {
		what = xasprintf("'%s'", key);
		wrong_type(l, n, what, "a string");
		free(what);
		return (-1);
	}
	if ((idx = dlt_name_index(k->choices, n->scalar)) >= 0 &&
	    strlen(n->scalar) == n->scalar_len) {
		*out = idx;
		return (1);
	}
	for (nchoices = 0; k->choices[nchoices] != NULL; nchoices++)
		;
	q = dlt_msg_quote(n->scalar, n->scalar_len);
	near = dlt_suggest(n->scalar, k->choices, nchoices);
	if (near != NULL)
		problem(l, n, DLT_RERR_BAD_ENUM,
		    "bad value '%s' for '%s' (did you mean '%s'?)", q, key, near);
	else {
		for (i = 0; i < nchoices; i++)
			strbuf_addf(&sb, "%s%s", i > 0 ? ", " : "", k->choices[i]);
		problem(l, n, DLT_RERR_BAD_ENUM,
		    "bad value '%s' for '%s' (one of %s)", q, key, sb.buf);
		strbuf_release(&sb);
	}
	free(q);
	return (-1);
}

static int
get_enum_string(struct loader *l, const struct ynode *map, int sec,
    enum dlt_schema_where where, const char *key, char **out)
{
	int	idx, rc;

	if ((rc = get_enum(l, map, sec, where, key, &idx)) == 1)
		*out = xstrdup(row(sec, where, key)->choices[idx]);
	return (rc);
}

/* Named patterns. */

static int
pattern_name_char(int c)
{
	return ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-');
}

/*
 * The next reference %{name} in s[0..len) at or after from: 1 with where
 * it starts, where its name starts, the name's length and the offset
 * past its '}'; 0 when there is none.  A '%' after an odd number of
 * backslashes is a literal, and so is "%{2,3}" (a quantifier): a name
 * starts with a letter.
 */
static int
pattern_ref(const char *s, size_t len, size_t from, size_t *at, size_t *name,
    size_t *nlen, size_t *end)
{
	size_t	i, j, bs;

	for (i = from; i + 3 < len; i++) {
		if (s[i] != '%' || s[i + 1] != '{' || s[i + 2] < 'a' ||
		    s[i + 2] > 'z')
			continue;
		for (bs = 0; bs < i && s[i - 1 - bs] == '\\'; bs++)
			;
		if (bs % 2 == 1)
			continue;
		for (j = i + 2; j < len && pattern_name_char((unsigned char)s[j]); j++)
			;
		if (j >= len || s[j] != '}')
			continue;
		*at = i;
		*name = i + 2;
		*nlen = j - (i + 2);
		*end = j + 1;
		return (1);
	}
	return (0);
}

static struct pattern *
pattern_find(struct loader *l, const char *name, size_t len)
{
	struct id_slot	*slot;
	char		 buf[PATTERN_NAME_MAX + 1];

	if (len > PATTERN_NAME_MAX)
		return (NULL);
	memcpy(buf, name, len);
	buf[len] = '\0';
	if ((slot = id_find(&l->patmap, buf)) == NULL)
		return (NULL);
	return (&l->pats[slot->index]);
}

/* The column of byte off of scalar n, where it can be known. */
static int
scalar_col(const struct ynode *n, size_t off)
{
	size_t	col = (size_t)n->col;

	if (n->quoted == 0)
		col += off;
	else if (n->quoted == 1)
		col += off + 1;
	return (col > 0x7fffffff ? 0x7fffffff : (int)col);
}

/* Where a top-level reference went in an expanded regex. */
struct span {
	size_t			 src, src_len;	/* in the scalar */
	size_t			 dst, dst_len;	/* in the expansion */
	const struct pattern	*p;
};

static int	resolve_pattern(struct loader *, struct pattern *, int);
static int	compile_regex_depth(struct loader *, const struct ynode *,
		    const char *, int, struct dlt_rx **, int, char **);

/* How a message names the value of key: 'match', or pattern 'name'. */
static char *
key_words(const char *key)
{
	if (strncmp(key, "pattern '", 9) == 0)
		return (xstrdup(key));
	return (xasprintf("'%s'", key));
}

/*
 * Expand the references of scalar n (the value of key) into out, each
 * as (?:text); the top-level references' spans go to *spans when it is
 * given.  0, or -1 after a problem was reported.
 */
static int
expand_refs(struct loader *l, const struct ynode *n, const char *key,
    struct strbuf *out, struct span **spans, size_t *nspans, int depth)
{
	struct pattern	*p;
	const char	*near, *cands[256];
	size_t		 pos = 0, at, nm, nl, end, alloc = 0, i, nc;
	char		*q, *kw;

	while (pattern_ref(n->scalar, n->scalar_len, pos, &at, &nm, &nl, &end)) {
		strbuf_add(out, n->scalar + pos, at - pos);
		if ((p = pattern_find(l, n->scalar + nm, nl)) == NULL) {
			q = dlt_msg_quote(n->scalar + nm, nl);
			for (i = nc = 0; i < l->npats && nc < 256; i++)
				cands[nc++] = l->pats[i].name;
			near = nl <= PATTERN_NAME_MAX ? dlt_suggest(q, cands, nc) : NULL;
			kw = key_words(key);
			if (near != NULL)
				problem_at(l, n->line, scalar_col(n, at),
				    DLT_RERR_BAD_REGEX, "unknown pattern '%s' in %s "
				    "(did you mean '%s'?)", q, kw, near);
			else
				problem_at(l, n->line, scalar_col(n, at),
				    DLT_RERR_BAD_REGEX, "unknown pattern '%s' in %s "
				    "(no file's 'patterns' defines it)", q, kw);
			free(kw);
			free(q);
			return (-1);
		}
		if (p->state == PAT_EXPANDING) {
			kw = key_words(key);
			problem_at(l, n->line, scalar_col(n, at), DLT_RERR_BAD_REGEX,
			    "%s uses pattern '%s', which leads back to it", kw,
			    p->name);
			free(kw);
			return (-1);
		}
		if (resolve_pattern(l, p, depth + 1) != 0) {
			kw = key_words(key);
			problem_at(l, n->line, scalar_col(n, at), DLT_RERR_BAD_REGEX,
			    "%s uses pattern '%s', which has a problem of its own",
			    kw, p->name);
			free(kw);
			return (-1);
		}
		if (spans != NULL) {
			XGROW(*spans, *nspans + 1, alloc);
			(*spans)[*nspans].src = at;
			(*spans)[*nspans].src_len = end - at;
			(*spans)[*nspans].dst = out->len;
			(*spans)[*nspans].p = p;
		}
		strbuf_addstr(out, "(?:");
		strbuf_addstr(out, p->text);
		strbuf_addch(out, ')');
		if (spans != NULL) {
			(*spans)[*nspans].dst_len = out->len - (*spans)[*nspans].dst;
			(*nspans)++;
		}
		pos = end;
	}
	strbuf_add(out, n->scalar + pos, n->scalar_len - pos);
	return (0);
}

/*
 * Compile the regex in scalar n, its references to named patterns
 * expanded.  A compile error is placed on the offending byte when the
 * scalar is on one line: its column plus the offset, plus one for an
 * opening quote; an error inside an expanded pattern, on the reference.
 */
static int
compile_regex(struct loader *l, const struct ynode *n, const char *key, int flags,
    struct dlt_rx **out)
{
	return (compile_regex_depth(l, n, key, flags, out, 0, NULL));
}

/*
 * The same, depth patterns deep in the expansion of another pattern;
 * the regex as expanded goes to *expanded when it is given (and the
 * regex compiles).
 */
static int
compile_regex_depth(struct loader *l, const struct ynode *n, const char *key,
    int flags, struct dlt_rx **out, int depth, char **expanded)
{
	struct dlt_rx_error	 err;
	struct dlt_rx		*rx;
	struct strbuf		 sb = STRBUF_INIT;
	struct span		*spans = NULL;
	const struct pattern	*inside = NULL;
	char			*what, *kw;
	size_t			 nspans = 0, off, shift = 0, i;

	if (n->type != YNODE_SCALAR || ynode_is_null(n)) {
		what = xasprintf("'%s'", key);
		wrong_type(l, n, what, "a regex");
		free(what);
		return (-1);
	}
	if (strlen(n->scalar) != n->scalar_len) {
		problem(l, n, DLT_RERR_BAD_VALUE, "'%s' holds a NUL byte", key);
		return (-1);
	}
	if (n->scalar_len == 0) {
		problem(l, n, DLT_RERR_BAD_VALUE, "empty regex in '%s'", key);
		return (-1);
	}
	if (expand_refs(l, n, key, &sb, &spans, &nspans, depth) != 0) {
		strbuf_release(&sb);
		free(spans);
		return (-1);
	}
	memset(&err, 0, sizeof err);
	rx = dlt_rx_compile(sb.buf, flags, &err);
	if (rx == NULL) {
		off = err.offset;
		for (i = 0; i < nspans && off >= spans[i].dst; i++) {
			if (off < spans[i].dst + spans[i].dst_len) {
				inside = spans[i].p;
				break;
			}
			shift += spans[i].dst_len - spans[i].src_len;
		}
		kw = key_words(key);
		if (inside != NULL)
			problem_at(l, n->line, scalar_col(n, spans[i].src),
			    DLT_RERR_BAD_REGEX, "bad regex in %s where it uses "
			    "pattern '%s': %s", kw, inside->name, err.message);
		else
			problem_at(l, n->line, scalar_col(n, off - shift),
			    DLT_RERR_BAD_REGEX, "bad regex in %s: %s at offset %zu",
			    kw, err.message, off - shift);
		free(kw);
	}
	free(spans);
	if (rx == NULL) {
		strbuf_release(&sb);
		return (-1);
	}
	if (expanded != NULL)
		*expanded = strbuf_detach(&sb, NULL);
	else
		strbuf_release(&sb);
	*out = rx;
	return (1);
}

/*
 * Expand pattern p's own references, once, and check that it is a regex
 * of its own without named groups (a pattern used twice in one regex
 * would define its groups twice).  0, or -1 when it is bad (reported
 * once, where it is defined or where it goes wrong).
 */
static int
resolve_pattern(struct loader *l, struct pattern *p, int depth)
{
	struct dlt_rx		*rx;
	const char		*file = l->file, *group;
	char			*what;
	int			 num, rc = -1;

	if (p->state == PAT_DONE)
		return (0);
	if (p->state == PAT_BAD)
		return (-1);
	l->file = p->file;
	if (depth > PATTERN_DEPTH_MAX) {
		problem(l, p->node, DLT_RERR_BAD_REGEX, "pattern '%s' is nested "
		    "more than %d patterns deep", p->name, PATTERN_DEPTH_MAX);
		goto done;
	}
	p->state = PAT_EXPANDING;
	what = xasprintf("pattern '%s'", p->name);
	if (compile_regex_depth(l, p->node, what, 0, &rx, depth, &p->text) != 1) {
		free(what);
		goto done;
	}
	free(what);
	if ((group = dlt_rx_group_name(rx, 0, &num)) != NULL) {
		problem(l, p->node, DLT_RERR_BAD_GROUPS, "pattern '%s' has a "
		    "named group '%s': a pattern cannot name groups (a regex "
		    "that uses it twice would name them twice)", p->name, group);
		dlt_rx_free(rx);
		free(p->text);
		p->text = NULL;
		goto done;
	}
	dlt_rx_free(rx);
	rc = 0;
done:
	p->state = rc == 0 ? PAT_DONE : PAT_BAD;
	l->file = file;
	return (rc);
}

/* Gather the top-level "patterns" mapping of a file's document. */
static void
collect_patterns(struct loader *l, const struct ynode *root)
{
	const struct ynode	*map, *key, *val;
	struct pattern		*p;
	size_t			 i, j;
	char			*q;
	int			 ok;

	if (root == NULL || root->type != YNODE_MAPPING ||
	    (map = ynode_get(root, "patterns")) == NULL || ynode_is_null(map))
		return;
	if (map->type != YNODE_MAPPING) {
		wrong_type(l, map, "'patterns'", "a mapping of names to regexes");
		return;
	}
	for (i = 0; i < map->n && !too_many(l); i++) {
		key = map->keys[i];
		val = map->items[i];
		ok = strlen(key->scalar) == key->scalar_len &&
		    key->scalar[0] >= 'a' && key->scalar[0] <= 'z' &&
		    key->scalar_len <= PATTERN_NAME_MAX;
		for (j = 1; ok && j < key->scalar_len; j++)
			ok = pattern_name_char((unsigned char)key->scalar[j]);
		if (!ok) {
			q = dlt_msg_quote(key->scalar, key->scalar_len);
			problem(l, key, DLT_RERR_BAD_ID, "bad pattern name '%s': "
			    "must match [a-z][a-z0-9-]* (at most %d bytes)", q,
			    PATTERN_NAME_MAX);
			free(q);
			continue;
		}
		if (val->type != YNODE_SCALAR || ynode_is_null(val)) {
			q = xasprintf("pattern '%s'", key->scalar);
			wrong_type(l, val, q, "a regex");
			free(q);
			continue;
		}
		if ((p = pattern_find(l, key->scalar, key->scalar_len)) != NULL) {
			if (p->unit == l->unit) {
				problem(l, key, DLT_RERR_DUP_ID, "pattern '%s' "
				    "defined twice in one rule directory (first at "
				    "%s:%d:%d)", key->scalar, p->file, p->key->line,
				    p->key->col);
				continue;
			}
		} else {
			XGROW(l->pats, l->npats + 1, l->pats_alloc);
			id_insert(&l->patmap, key->scalar)->index = l->npats;
			p = &l->pats[l->npats++];
			memset(p, 0, sizeof *p);
			p->name = xstrdup(key->scalar);
		}
		p->key = key;
		p->node = val;
		p->file = l->file;
		p->unit = l->unit;
	}
}

static int
get_regex(struct loader *l, const struct ynode *map, const char *key, int flags,
    struct dlt_rx **out)
{
	const struct ynode	*n;

	if ((n = ynode_get(map, key)) == NULL)
		return (0);
	return (compile_regex(l, n, key, flags, out));
}

static void
need_group(struct loader *l, const struct ynode *map, const char *key,
    const struct dlt_rx *rx, const char *group)
{
	if (dlt_rx_group_number(rx, group) < 0)
		problem(l, ynode_get(map, key), DLT_RERR_BAD_GROUPS,
		    "'%s' has no named group '%s'", key, group);
}

/* Conditions. */

static void
load_cond_list(struct loader *l, const struct ynode *map, const char *key,
    struct dlt_cond **v, size_t *nv)
{
	const struct ynode	*list, *item, *m;
	struct dlt_cond		*c;
	size_t			 i;
	int			 caseless, field;
	char			*what;

	if ((list = ynode_get(map, key)) == NULL)
		return;
	if (list->type != YNODE_SEQUENCE) {
		what = xasprintf("'%s'", key);
		wrong_type(l, list, what, "a sequence of conditions");
		free(what);
		return;
	}
	if (list->n == 0)
		return;
	*v = xcalloc(list->n, sizeof **v);
	for (i = 0; i < list->n && !too_many(l); i++) {
		item = list->items[i];
		c = &(*v)[*nv];
		memset(c, 0, sizeof *c);
		c->field = DLT_FIELD_TEXT;
		c->loc.file = l->file;
		c->loc.line = item->line;
		c->loc.col = item->col;
		if (item->type == YNODE_SCALAR && !ynode_is_null(item)) {
			if (compile_regex(l, item, key, 0, &c->rx) != 1)
				continue;
			c->pattern = xstrdup(item->scalar);
			(*nv)++;
			continue;
		}
		if (item->type != YNODE_MAPPING) {
			what = xasprintf("a condition of '%s'", key);
			wrong_type(l, item, what, "a regex or a mapping");
			free(what);
			continue;
		}
		check_keys(l, item, -1, DLT_SW_CONDITION);
		caseless = 0;
		field = DLT_FIELD_TEXT;
		if (get_enum(l, item, -1, DLT_SW_CONDITION, "field", &field) < 0 ||
		    get_bool(l, item, "caseless", &caseless) < 0)
			continue;
		if ((m = ynode_get(item, "match")) == NULL)
			continue;	/* reported by check_keys */
		if (compile_regex(l, m, "match", caseless ? DLT_RX_CASELESS : 0,
		    &c->rx) != 1)
			continue;
		c->field = field;
		c->pattern = xstrdup(m->scalar);
		(*nv)++;
	}
}

static void
load_conds(struct loader *l, const struct ynode *map, struct dlt_conds *w,
    int need)
{
	size_t	before = l->file_problems;

	load_cond_list(l, map, "all", &w->all, &w->nall);
	load_cond_list(l, map, "any", &w->any, &w->nany);
	load_cond_list(l, map, "none", &w->none, &w->nnone);
	if (need && l->file_problems == before && w->nall + w->nany == 0)
		problem(l, map, DLT_RERR_NO_CONDITIONS,
		    "no condition in 'all' or 'any' (an entry needs at least one)");
}

static int
has_group(const struct dlt_conds *w, const char *name)
{
	size_t	i;

	for (i = 0; i < w->nall; i++)
		if (dlt_rx_group_number(w->all[i].rx, name) >= 0)
			return (1);
	for (i = 0; i < w->nany; i++)
		if (dlt_rx_group_number(w->any[i].rx, name) >= 0)
			return (1);
	return (0);
}

/* Every {name} in a template must be a built-in or a named group. */
static void
check_template(struct loader *l, const struct ynode *map, const char *key,
    const struct dlt_conds *w, int is_kind)
{
	static const char *const builtins[] = {
		"type", "message", "top", "kind", "class", "framework", NULL
	};
	const struct ynode	*n;
	const char		*p, *end;
	char			*name, *q;

	if ((n = ynode_get(map, key)) == NULL || n->type != YNODE_SCALAR)
		return;
	for (p = n->scalar; (p = strchr(p, '{')) != NULL; p = end + 1) {
		if ((end = strchr(p, '}')) == NULL) {
			problem(l, n, DLT_RERR_BAD_TEMPLATE, "unclosed '{' in '%s'", key);
			return;
		}
		name = xstrndup(p + 1, (size_t)(end - p - 1));
		if ((dlt_name_index(builtins, name) < 0 || (is_kind &&
		    strcmp(name, "kind") == 0)) && !has_group(w, name)) {
			q = dlt_msg_quote(name, strlen(name));
			problem(l, n, DLT_RERR_BAD_TEMPLATE,
			    "unknown placeholder '{%s}' in '%s' (not a named group "
			    "of the conditions)", q, key);
			free(q);
		}
		free(name);
	}
}

/* ${name} in a normalise replacement must be a group of its regex. */
static void
check_replacement(struct loader *l, const struct ynode *map,
    const struct dlt_rx *rx)
{
	const struct ynode	*n;
	const char		*p, *end;
	char			*name, *q;

	if ((n = ynode_get(map, "replace")) == NULL || n->type != YNODE_SCALAR)
		return;
	for (p = n->scalar; (p = strstr(p, "${")) != NULL; p = end + 1) {
		if ((end = strchr(p, '}')) == NULL) {
			problem(l, n, DLT_RERR_BAD_TEMPLATE, "unclosed '${' in 'replace'");
			return;
		}
		name = xstrndup(p + 2, (size_t)(end - p - 2));
		if (dlt_rx_group_number(rx, name) < 0) {
			q = dlt_msg_quote(name, strlen(name));
			problem(l, n, DLT_RERR_BAD_TEMPLATE,
			    "unknown group '${%s}' in 'replace'", q);
			free(q);
		}
		free(name);
	}
}

/* Samples. */

/* A sample's run context must parse as the runner's does. */
static void
check_context(struct loader *l, const struct ynode *at, const char *text)
{
	struct dlt_runctx	 c = DLT_RUNCTX_INIT;
	char			*why = NULL;

	if (dlt_runctx_parse(&c, text, &why) < 0)
		problem(l, at, DLT_RERR_BAD_VALUE, "'context': %s", why);
	free(why);
	dlt_runctx_release(&c);
}

static void
load_sample(struct loader *l, int sec, const struct ynode *m, struct dlt_sample *s)
{
	const enum dlt_schema_where	sw = DLT_SW_SAMPLE;

	check_keys(l, m, sec, sw);
	switch (sec) {
	case DLT_SEC_DETECTORS:
		get_string(l, m, "line", 1, &s->input, &s->input_len);
		get_bool(l, m, "hit", &s->hit);
		break;
	case DLT_SEC_FRAMES:
		get_string(l, m, "line", 1, &s->input, &s->input_len);
		get_string(l, m, "func", 0, &s->func, NULL);
		get_string(l, m, "file", 0, &s->file, NULL);
		break;
	case DLT_SEC_RULES:
		get_string(l, m, "log", 1, &s->input, &s->input_len);
		get_enum(l, m, sec, sw, "class", &s->cls);
		get_string(l, m, "kind", 0, &s->kind, NULL);
		get_enum_string(l, m, sec, sw, "framework", &s->framework);
		get_string(l, m, "exception", 0, &s->exc_type, NULL);
		get_string(l, m, "top-frame", 0, &s->top_frame, NULL);
		get_bool(l, m, "security", &s->security);
		if (get_string(l, m, "context", 0, &s->context, NULL) == 1)
			check_context(l, ynode_get(m, "context"), s->context);
		break;
	case DLT_SEC_FRAMEWORKS:
		get_string(l, m, "log", 1, &s->input, &s->input_len);
		get_enum_string(l, m, sec, sw, "framework", &s->framework);
		break;
	case DLT_SEC_IGNORE_FRAMES:
		get_string(l, m, "frame", 0, &s->input, &s->input_len);
		get_string(l, m, "file", 0, &s->file, NULL);
		get_bool(l, m, "ignored", &s->ignored);
		break;
	case DLT_SEC_NORMALISE:
		get_string(l, m, "in", 1, &s->input, &s->input_len);
		get_string(l, m, "out", 0, &s->out, NULL);
		break;
	}
}

static void
load_samples(struct loader *l, int sec, const struct ynode *map,
    struct dlt_entry_common *c)
{
	const struct ynode	*list, *item;
	struct dlt_sample	*s;
	char			*what;
	size_t			 i;

	list = ynode_get(map, "samples");
	if (list == NULL || ynode_is_null(list) ||
	    (list->type == YNODE_SEQUENCE && list->n == 0)) {
		problem(l, list != NULL ? list : map, DLT_RERR_NO_SAMPLES,
		    "no samples (every entry needs at least one)");
		return;
	}
	if (list->type != YNODE_SEQUENCE) {
		wrong_type(l, list, "'samples'", "a sequence of samples");
		return;
	}
	c->samples = xcalloc(list->n, sizeof *c->samples);
	c->nsamples = list->n;
	for (i = 0; i < list->n && !too_many(l); i++) {
		item = list->items[i];
		s = &c->samples[i];
		s->loc.file = l->file;
		s->loc.line = item->line;
		s->loc.col = item->col;
		s->cls = -1;
		s->security = -1;
		s->hit = sec == DLT_SEC_DETECTORS ? 1 : -1;
		s->ignored = sec == DLT_SEC_IGNORE_FRAMES ? 1 : -1;
		if (item->type != YNODE_MAPPING) {
			what = xasprintf("sample %zu", i + 1);
			wrong_type(l, item, what, "a mapping");
			free(what);
			continue;
		}
		load_sample(l, sec, item, s);
	}
}

/* Entries of each section. */

static void
load_detector(struct loader *l, const struct ynode *m, struct dlt_detector *d)
{
	const struct ynode	*list, *a;
	size_t			 i;
	char			*q;
	int			 shape = DLT_SHAPE_LINE;

	d->max_lines = 200;
	d->shape = DLT_SHAPE_LINE;
	if ((list = ynode_get(m, "anchors")) != NULL) {
		if (list->type != YNODE_SEQUENCE)
			wrong_type(l, list, "'anchors'", "a sequence of strings");
		else if (list->n == 0)
			problem(l, list, DLT_RERR_BAD_ANCHORS, "'anchors' is empty");
		else {
			d->anchors = xcalloc(list->n, sizeof *d->anchors);
			for (i = 0; i < list->n; i++) {
				a = list->items[i];
				if (a->type != YNODE_SCALAR || ynode_is_null(a)) {
					wrong_type(l, a, "an anchor", "a string");
					continue;
				}
				q = dlt_msg_quote(a->scalar, a->scalar_len);
				if (strlen(a->scalar) != a->scalar_len)
					problem(l, a, DLT_RERR_BAD_ANCHORS,
					    "anchor '%s' holds a NUL byte", q);
				else if (strchr(a->scalar, '\n') != NULL ||
				    strchr(a->scalar, '\r') != NULL)
					problem(l, a, DLT_RERR_BAD_ANCHORS,
					    "anchor '%s' holds a line break", q);
				else if (a->scalar_len < ANCHOR_MIN)
					problem(l, a, DLT_RERR_BAD_ANCHORS,
					    "anchor '%s' is shorter than %d bytes", q,
					    ANCHOR_MIN);
				else
					d->anchors[d->nanchors++] = xstrdup(a->scalar);
				free(q);
			}
		}
	}
	get_bool(l, m, "caseless", &d->caseless);
	get_bool(l, m, "word", &d->word);
	get_regex(l, m, "match", 0, &d->match);
	if (get_enum(l, m, DLT_SEC_DETECTORS, DLT_SW_ENTRY, "shape", &shape) == 1)
		d->shape = shape;
	get_int(l, m, DLT_SEC_DETECTORS, DLT_SW_ENTRY, "max-lines", &d->max_lines);
	get_bool(l, m, "ends-process", &d->ends_process);
	get_bool(l, m, "apart", &d->apart);
	/* these fire once on the whole log, never on an anchor */
	if ((d->shape == DLT_SHAPE_MESSAGE || d->shape == DLT_SHAPE_VALUES ||
	    d->shape == DLT_SHAPE_SERIES || d->shape == DLT_SHAPE_MENTION) &&
	    list != NULL)
		problem(l, list, DLT_RERR_BAD_ANCHORS,
		    "shape %s takes no anchors (it fires once on the whole log, "
		    "where no other detector fired)", dlt_shape_names[d->shape]);
	if ((d->shape == DLT_SHAPE_VALUES || d->shape == DLT_SHAPE_MENTION) &&
	    ynode_get(m, "match") == NULL)
		problem(l, m, DLT_RERR_MISSING,
		    "missing required key 'match' (shape %s needs it)",
		    dlt_shape_names[d->shape]);
	if (d->shape == DLT_SHAPE_SERIES) {
		if (ynode_get(m, "match") == NULL)
			problem(l, m, DLT_RERR_MISSING,
			    "missing required key 'match' (shape series needs it)");
		else if (d->match != NULL)
			need_group(l, m, "match", d->match, "value");
	}
	if (d->shape == DLT_SHAPE_EXCEPTION && ynode_get(m, "shape") != NULL) {
		if (ynode_get(m, "match") == NULL)
			problem(l, m, DLT_RERR_MISSING,
			    "missing required key 'match' (shape exception needs it)");
		else if (d->match != NULL) {
			need_group(l, m, "match", d->match, "type");
			need_group(l, m, "match", d->match, "message");
		}
	}
}

static void
load_frame_format(struct loader *l, const struct ynode *m,
    struct dlt_frame_format *f)
{
	if (get_regex(l, m, "match", 0, &f->match) == 1)
		need_group(l, m, "match", f->match, "func");
	get_bool(l, m, "python", &f->python);
}

static void
load_rule(struct loader *l, const struct ynode *m, struct dlt_rule *r)
{
	const int	sec = DLT_SEC_RULES;
	size_t		before;
	int		cls = -1, kind;

	r->cls = DLT_CLASS_UNKNOWN;
	r->priority = DLT_PRIO_UNSET;
	r->confidence = 0.5;
	r->security = -1;
	if (get_enum(l, m, sec, DLT_SW_ENTRY, "class", &cls) == 1)
		r->cls = cls;
	kind = get_string(l, m, "kind", 0, &r->kind, NULL);
	if (kind == 1 && r->kind[0] == '\0')
		problem(l, ynode_get(m, "kind"), DLT_RERR_BAD_VALUE, "'kind' is empty");
	if (kind == 0 && cls >= 0 && cls != DLT_CLASS_IGNORE)
		problem(l, m, DLT_RERR_MISSING,
		    "missing required key 'kind' (only class ignore goes without)");
	get_enum_string(l, m, sec, DLT_SW_ENTRY, "framework", &r->framework);
	get_enum_string(l, m, sec, DLT_SW_ENTRY, "set-framework", &r->set_framework);
	get_int(l, m, sec, DLT_SW_ENTRY, "precedence", &r->precedence);
	get_enum(l, m, sec, DLT_SW_ENTRY, "priority", &r->priority);
	get_number(l, m, sec, "confidence", &r->confidence);
	get_bool(l, m, "security", &r->security);
	get_bool(l, m, "alone", &r->alone);
	get_string(l, m, "signature", 0, &r->signature, NULL);
	get_string(l, m, "bucket", 0, &r->bucket, NULL);
	get_regex(l, m, "refines", 0, &r->refines);
	before = l->file_problems;
	load_conds(l, m, &r->when, 1);
	if (l->file_problems == before) {
		check_template(l, m, "kind", &r->when, 1);
		check_template(l, m, "signature", &r->when, 0);
		check_template(l, m, "bucket", &r->when, 0);
	}
}

static void
load_framework(struct loader *l, const struct ynode *m,
    struct dlt_framework_rule *w)
{
	w->weight = 1;
	get_enum_string(l, m, DLT_SEC_FRAMEWORKS, DLT_SW_ENTRY, "framework",
	    &w->framework);
	get_int(l, m, DLT_SEC_FRAMEWORKS, DLT_SW_ENTRY, "weight", &w->weight);
	load_conds(l, m, &w->when, 1);
}

static void
load_ignore(struct loader *l, const struct ynode *m, struct dlt_ignore_frame *i)
{
	get_regex(l, m, "func", 0, &i->func);
	get_regex(l, m, "file", 0, &i->file);
	get_enum_string(l, m, DLT_SEC_IGNORE_FRAMES, DLT_SW_ENTRY, "framework",
	    &i->framework);
}

static void
load_normalise(struct loader *l, const struct ynode *m, struct dlt_normalise *n)
{
	get_regex(l, m, "match", 0, &n->match);
	if (get_string(l, m, "replace", 0, &n->replace, NULL) == 1 &&
	    n->match != NULL)
		check_replacement(l, m, n->match);
}

static struct dlt_entry_common *
common_of(int sec, union any_entry *e)
{
	switch (sec) {
	case DLT_SEC_DETECTORS:
		return (&e->d.c);
	case DLT_SEC_FRAMES:
		return (&e->f.c);
	case DLT_SEC_RULES:
		return (&e->r.c);
	case DLT_SEC_FRAMEWORKS:
		return (&e->w.c);
	case DLT_SEC_IGNORE_FRAMES:
		return (&e->i.c);
	case DLT_SEC_NORMALISE:
		return (&e->n.c);
	}
	dlt_bug("bad section %d", sec);
}

static void
load_entry(struct loader *l, int sec, const struct ynode *m)
{
	union any_entry		 e;
	struct dlt_entry_common	*c;
	const struct ynode	*idn;
	size_t			 before = l->file_problems, i;
	char			*q;
	int			 ok;

	memset(&e, 0, sizeof e);
	c = common_of(sec, &e);
	c->loc.file = l->file;
	c->loc.line = m->line;
	c->loc.col = m->col;
	check_keys(l, m, sec, DLT_SW_ENTRY);
	if (get_string(l, m, "id", 0, &c->id, NULL) == 1) {
		idn = ynode_get(m, "id");
		ok = c->id[0] >= 'a' && c->id[0] <= 'z';
		ok = ok || (c->id[0] >= '0' && c->id[0] <= '9');
		for (i = 1; ok && c->id[i] != '\0'; i++)
			ok = (c->id[i] >= 'a' && c->id[i] <= 'z') ||
			    (c->id[i] >= '0' && c->id[i] <= '9') ||
			    c->id[i] == '.' || c->id[i] == '_' || c->id[i] == '-';
		if (!ok || strlen(c->id) > ID_MAX) {
			q = dlt_msg_quote(c->id, strlen(c->id));
			if (ok)
				problem(l, idn, DLT_RERR_BAD_ID,
				    "bad id '%s': longer than %d bytes", q, ID_MAX);
			else
				problem(l, idn, DLT_RERR_BAD_ID,
				    "bad id '%s': must match [a-z0-9][a-z0-9._-]*", q);
			free(q);
			free(c->id);
			c->id = NULL;
		}
	}
	get_string(l, m, "description", 0, &c->description, NULL);
	switch (sec) {
	case DLT_SEC_DETECTORS:
		load_detector(l, m, &e.d);
		break;
	case DLT_SEC_FRAMES:
		load_frame_format(l, m, &e.f);
		break;
	case DLT_SEC_RULES:
		load_rule(l, m, &e.r);
		break;
	case DLT_SEC_FRAMEWORKS:
		load_framework(l, m, &e.w);
		break;
	case DLT_SEC_IGNORE_FRAMES:
		load_ignore(l, m, &e.i);
		break;
	case DLT_SEC_NORMALISE:
		load_normalise(l, m, &e.n);
		break;
	}
	load_samples(l, sec, m, c);
	register_entry(l, sec, &e, l->file_problems == before);
}

/* The set's arrays, and the id map that decides duplicates and overrides. */

static void *
slot_of(struct loader *l, int sec, size_t i)
{
	struct dlt_ruleset	*s = l->set;

	switch (sec) {
	case DLT_SEC_DETECTORS:
		XGROW(s->detectors, i + 1, l->alloc[sec]);
		return (&s->detectors[i]);
	case DLT_SEC_FRAMES:
		XGROW(s->frames, i + 1, l->alloc[sec]);
		return (&s->frames[i]);
	case DLT_SEC_RULES:
		XGROW(s->rules, i + 1, l->alloc[sec]);
		return (&s->rules[i]);
	case DLT_SEC_FRAMEWORKS:
		XGROW(s->frameworks, i + 1, l->alloc[sec]);
		return (&s->frameworks[i]);
	case DLT_SEC_IGNORE_FRAMES:
		XGROW(s->ignores, i + 1, l->alloc[sec]);
		return (&s->ignores[i]);
	case DLT_SEC_NORMALISE:
		XGROW(s->normalise, i + 1, l->alloc[sec]);
		return (&s->normalise[i]);
	}
	dlt_bug("bad section %d", sec);
}

static size_t
append_entry(struct loader *l, int sec, union any_entry *e)
{
	struct dlt_ruleset	*s = l->set;
	size_t			*n = NULL, sz = 0;

	switch (sec) {
	case DLT_SEC_DETECTORS:
		n = &s->ndetectors;
		sz = sizeof e->d;
		break;
	case DLT_SEC_FRAMES:
		n = &s->nframes;
		sz = sizeof e->f;
		break;
	case DLT_SEC_RULES:
		n = &s->nrules;
		sz = sizeof e->r;
		break;
	case DLT_SEC_FRAMEWORKS:
		n = &s->nframeworks;
		sz = sizeof e->w;
		break;
	case DLT_SEC_IGNORE_FRAMES:
		n = &s->nignores;
		sz = sizeof e->i;
		break;
	case DLT_SEC_NORMALISE:
		n = &s->nnormalise;
		sz = sizeof e->n;
		break;
	default:
		dlt_bug("bad section %d", sec);
	}
	memcpy(slot_of(l, sec, *n), e, sz);
	return ((*n)++);
}

/* Takes over e: it ends in the set or is released. */
static void
register_entry(struct loader *l, int sec, union any_entry *e, int ok)
{
	struct dlt_entry_common	*c = common_of(sec, e);
	struct id_slot		*slot;
	void			*old;
	size_t			 sz;

	if (c->id == NULL) {
		entry_release(sec, e);
		return;
	}
	if ((slot = id_find(&l->ids, c->id)) == NULL) {
		slot = id_insert(&l->ids, c->id);
		slot->section = sec;
		slot->index = ok ? append_entry(l, sec, e) : NOT_ADDED;
		slot->unit = l->unit;
		slot->loc = c->loc;
		if (!ok)
			entry_release(sec, e);
		return;
	}
	if (slot->unit == l->unit) {
		problem_at(l, c->loc.line, c->loc.col, DLT_RERR_DUP_ID,
		    "duplicate id '%s' (first defined at %s:%d:%d)", c->id,
		    slot->loc.file, slot->loc.line, slot->loc.col);
		entry_release(sec, e);
		return;
	}
	if (slot->section != sec) {
		problem_at(l, c->loc.line, c->loc.col, DLT_RERR_OVERRIDE,
		    "id '%s' replaces a %s entry (at %s:%d:%d) with a %s entry; "
		    "a replacement must be in the same section", c->id,
		    dlt_rule_section_name(slot->section), slot->loc.file,
		    slot->loc.line, slot->loc.col, dlt_rule_section_name(sec));
		entry_release(sec, e);
		return;
	}
	slot->unit = l->unit;
	slot->loc = c->loc;
	if (!ok) {
		entry_release(sec, e);
		return;
	}
	if (slot->index == NOT_ADDED) {
		slot->index = append_entry(l, sec, e);
		return;
	}
	old = slot_of(l, sec, slot->index);
	entry_release(sec, old);
	sz = sec == DLT_SEC_DETECTORS ? sizeof e->d : sec == DLT_SEC_FRAMES ?
	    sizeof e->f : sec == DLT_SEC_RULES ? sizeof e->r :
	    sec == DLT_SEC_FRAMEWORKS ? sizeof e->w :
	    sec == DLT_SEC_IGNORE_FRAMES ? sizeof e->i : sizeof e->n;
	memcpy(old, e, sz);
}

/* Files and directories. */

static void
load_document(struct loader *l, const struct ynode *root)
{
	const struct ynode	*list, *item;
	const char		*name;
	char			*what;
	size_t			 i, j;
	int			 sec, dup;

	if (root == NULL || ynode_is_null(root))
		return;
	if (root->type != YNODE_MAPPING) {
		wrong_type(l, root, "the top level", "a mapping of sections");
		return;
	}
	check_keys(l, root, -1, DLT_SW_TOP);
	for (i = 0; i < root->n && !too_many(l); i++) {
		name = root->keys[i]->scalar;
		if (strlen(name) != root->keys[i]->scalar_len ||
		    (sec = dlt_rule_section_parse(name)) < 0)
			continue;
		for (dup = 0, j = 0; j < i && !dup; j++)
			dup = strcmp(root->keys[j]->scalar, name) == 0;
		list = root->items[i];
		if (dup || ynode_is_null(list))
			continue;
		if (list->type != YNODE_SEQUENCE) {
			what = xasprintf("'%s'", name);
			wrong_type(l, list, what, "a sequence of entries");
			free(what);
			continue;
		}
		for (j = 0; j < list->n && !too_many(l); j++) {
			item = list->items[j];
			if (item->type != YNODE_MAPPING) {
				what = xasprintf("an entry of '%s'", name);
				wrong_type(l, item, what, "a mapping");
				free(what);
				continue;
			}
			load_entry(l, sec, item);
		}
	}
}

static void
load_file(struct loader *l, const char *path)
{
	struct dlt_ruleset	*s = l->set;
	struct ynode		*root;
	char			*err, *end;
	long			 line, col;

	XGROW(s->files, s->nfiles + 1, l->files_alloc);
	s->files[s->nfiles] = xstrdup(path);
	l->file = s->files[s->nfiles++];
	l->file_problems = 0;
	if (ynode_load_file(path, &root, &err) != 0) {
		line = strtol(err, &end, 10);
		if (end != err && *end == ':' &&
		    (col = strtol(end + 1, &end, 10)) > 0 && end[0] == ':' &&
		    end[1] == ' ' && line > 0 && line <= 0x7fffffff &&
		    col <= 0x7fffffff)
			problem_at(l, (int)line, (int)col, DLT_RERR_YAML, "%s", end + 2);
		else
			problem_at(l, 0, 0, DLT_RERR_UNREADABLE, "%s", err);
		free(err);
		return;
	}
	if (root == NULL)
		return;
	collect_patterns(l, root);
	XGROW(l->docs, l->ndocs + 1, l->docs_alloc);
	l->docs[l->ndocs].file = l->file;
	l->docs[l->ndocs].unit = l->unit;
	l->docs[l->ndocs++].root = root;
}

static int
compare_names(const void *a, const void *b)
{
	return (strcmp(*(char *const *)a, *(char *const *)b));
}

static void	load_model(struct loader *, const char *);

static void
load_dir(struct loader *l, const char *dir)
{
	struct dlt_ruleset	*s = l->set;
	DIR			*d;
	struct dirent		*de;
	char			**names = NULL, *path;
	size_t			  n = 0, alloc = 0, i, len;

	if ((d = opendir(dir)) == NULL) {
		l->file = dir;
		l->file_problems = 0;
		problem_at(l, 0, 0, DLT_RERR_UNREADABLE,
		    "cannot open rule directory '%s': %s", dir, strerror(errno));
		return;
	}
	XGROW(s->dirs, s->ndirs + 1, l->dirs_alloc);
	s->dirs[s->ndirs++] = xstrdup(dir);
	while ((de = readdir(d)) != NULL) {
		len = strlen(de->d_name);
		if (de->d_name[0] == '.' || len < 6 ||
		    strcmp(de->d_name + len - 5, ".yaml") != 0)
			continue;
		XGROW(names, n + 1, alloc);
		names[n++] = xstrdup(de->d_name);
	}
	closedir(d);
	if (n > 0)
		qsort(names, n, sizeof *names, compare_names);
	len = strlen(dir);
	for (i = 0; i < n; i++) {
		if (len > 0 && dir[len - 1] == '/')
			path = xasprintf("%s%s", dir, names[i]);
		else
			path = xasprintf("%s/%s", dir, names[i]);
		load_file(l, path);
		free(path);
		free(names[i]);
	}
	free(names);
	load_model(l, dir);
}

/*
 * A directory's priority model, when it has one, replaces the model of
 * the directories before it.
 */
static void
load_model(struct loader *l, const char *dir)
{
	struct dlt_prio_model	*m;
	struct stat		 st;
	char			*path;
	size_t			 len = strlen(dir);

	path = xasprintf("%s%s" DLT_PRIO_MODEL_FILE, dir,
	    len > 0 && dir[len - 1] == '/' ? "" : "/");
	if (stat(path, &st) != 0) {
		free(path);
		return;
	}
	if ((m = dlt_prio_model_load(path, l->probs)) != NULL) {
		dlt_prio_model_free(l->set->prio);
		l->set->prio = m;
	}
	free(path);
}

static void
load_path(struct loader *l, const char *path)
{
	struct stat	 st;
	size_t		 len = strlen(path);

	if (stat(path, &st) != 0) {
		l->file = path;
		l->file_problems = 0;
		if ((len > 5 && strcmp(path + len - 5, ".yaml") == 0) ||
		    (len > 4 && strcmp(path + len - 4, ".yml") == 0))
			problem_at(l, 0, 0, DLT_RERR_UNREADABLE,
			    "cannot open rule file '%s': %s", path, strerror(errno));
		else
			problem_at(l, 0, 0, DLT_RERR_UNREADABLE,
			    "cannot open rule directory '%s': %s", path,
			    strerror(errno));
		return;
	}
	if (S_ISDIR(st.st_mode))
		load_dir(l, path);
	else
		load_file(l, path);
}

/* Rules: precedence descending, then load order. */
static int
compare_rules(const void *a, const void *b)
{
	const struct dlt_rule	*ra = *(const struct dlt_rule *const *)a;
	const struct dlt_rule	*rb = *(const struct dlt_rule *const *)b;

	if (ra->precedence != rb->precedence)
		return (ra->precedence > rb->precedence ? -1 : 1);
	return (ra < rb ? -1 : ra > rb);
}

static void
sort_rules(struct dlt_ruleset *s)
{
	const struct dlt_rule	**order;
	struct dlt_rule		 *sorted;
	size_t			  i;

	if (s->nrules < 2)
		return;
	order = xcalloc(s->nrules, sizeof *order);
	for (i = 0; i < s->nrules; i++)
		order[i] = &s->rules[i];
	qsort(order, s->nrules, sizeof *order, compare_rules);
	sorted = xcalloc(s->nrules, sizeof *sorted);
	for (i = 0; i < s->nrules; i++)
		sorted[i] = *order[i];
	free(order);
	free(s->rules);
	s->rules = sorted;
}

/* The id map: open addressing, linear probing. */

static uint64_t
id_hash(const char *id)
{
	return (dlt_hash(DLT_HASH_INIT, id, strlen(id)));
}

static struct id_slot *
id_find(struct id_map *m, const char *id)
{
	size_t	i;

	if (m->size == 0)
		return (NULL);
	for (i = id_hash(id) & (m->size - 1); m->v[i].id != NULL;
	    i = (i + 1) & (m->size - 1))
		if (strcmp(m->v[i].id, id) == 0)
			return (&m->v[i]);
	return (NULL);
}

static struct id_slot *
id_insert(struct id_map *m, const char *id)
{
	struct id_slot	*old = m->v;
	size_t		 oldsize = m->size, i, j;

	if ((m->used + 1) * 2 > m->size) {
		m->size = m->size ? m->size * 2 : 64;
		m->v = xcalloc(m->size, sizeof *m->v);
		for (i = 0; i < oldsize; i++) {
			if (old[i].id == NULL)
				continue;
			for (j = id_hash(old[i].id) & (m->size - 1);
			    m->v[j].id != NULL; j = (j + 1) & (m->size - 1))
				;
			m->v[j] = old[i];
		}
		free(old);
	}
	for (i = id_hash(id) & (m->size - 1); m->v[i].id != NULL;
	    i = (i + 1) & (m->size - 1))
		;
	m->v[i].id = xstrdup(id);
	m->used++;
	return (&m->v[i]);
}

static void
id_map_release(struct id_map *m)
{
	size_t	i;

	for (i = 0; i < m->size; i++)
		free(m->v[i].id);
	free(m->v);
	memset(m, 0, sizeof *m);
}

/* Releasing. */

static void
sample_release(struct dlt_sample *s)
{
	free(s->input);
	free(s->kind);
	free(s->framework);
	free(s->exc_type);
	free(s->top_frame);
	free(s->context);
	free(s->func);
	free(s->file);
	free(s->out);
}

static void
common_release(struct dlt_entry_common *c)
{
	size_t	i;

	free(c->id);
	free(c->description);
	for (i = 0; i < c->nsamples; i++)
		sample_release(&c->samples[i]);
	free(c->samples);
}

static void
conds_release(struct dlt_conds *w)
{
	size_t	i;

	for (i = 0; i < w->nall; i++) {
		dlt_rx_free(w->all[i].rx);
		free(w->all[i].pattern);
	}
	for (i = 0; i < w->nany; i++) {
		dlt_rx_free(w->any[i].rx);
		free(w->any[i].pattern);
	}
	for (i = 0; i < w->nnone; i++) {
		dlt_rx_free(w->none[i].rx);
		free(w->none[i].pattern);
	}
	free(w->all);
	free(w->any);
	free(w->none);
}

static void
entry_release(int sec, void *p)
{
	struct dlt_detector		*d;
	struct dlt_frame_format		*f;
	struct dlt_rule			*r;
	struct dlt_framework_rule	*w;
	struct dlt_ignore_frame		*ig;
	struct dlt_normalise		*n;
	size_t				 i;

	switch (sec) {
	case DLT_SEC_DETECTORS:
		d = p;
		common_release(&d->c);
		for (i = 0; i < d->nanchors; i++)
			free(d->anchors[i]);
		free(d->anchors);
		dlt_rx_free(d->match);
		break;
	case DLT_SEC_FRAMES:
		f = p;
		common_release(&f->c);
		dlt_rx_free(f->match);
		break;
	case DLT_SEC_RULES:
		r = p;
		common_release(&r->c);
		free(r->kind);
		free(r->framework);
		free(r->set_framework);
		free(r->signature);
		free(r->bucket);
		dlt_rx_free(r->refines);
		conds_release(&r->when);
		break;
	case DLT_SEC_FRAMEWORKS:
		w = p;
		common_release(&w->c);
		free(w->framework);
		conds_release(&w->when);
		break;
	case DLT_SEC_IGNORE_FRAMES:
		ig = p;
		common_release(&ig->c);
		free(ig->framework);
		dlt_rx_free(ig->func);
		dlt_rx_free(ig->file);
		break;
	case DLT_SEC_NORMALISE:
		n = p;
		common_release(&n->c);
		dlt_rx_free(n->match);
		free(n->replace);
		break;
	}
}

/* The interface. */

int
dlt_ruleset_load(struct dlt_ruleset *set, const char *const *paths, size_t npaths,
    struct dlt_diags *probs)
{
	struct loader	l;
	size_t		i;

	memset(set, 0, sizeof *set);
	memset(&l, 0, sizeof l);
	l.set = set;
	l.probs = probs;
	for (i = 0; i < npaths; i++) {
		l.unit = i;
		load_path(&l, paths[i]);
	}
	/* every file's patterns known, the entries can use them */
	for (i = 0; i < l.npats; i++) {
		l.file = l.pats[i].file;
		l.file_problems = 0;
		(void)resolve_pattern(&l, &l.pats[i], 0);
	}
	for (i = 0; i < l.ndocs; i++) {
		l.file = l.docs[i].file;
		l.unit = l.docs[i].unit;
		l.file_problems = 0;
		load_document(&l, l.docs[i].root);
	}
	set->npatterns = l.npats;
	for (i = 0; i < l.ndocs; i++)
		ynode_free(l.docs[i].root);
	free(l.docs);
	for (i = 0; i < l.npats; i++) {
		free(l.pats[i].name);
		free(l.pats[i].text);
	}
	free(l.pats);
	id_map_release(&l.patmap);
	id_map_release(&l.ids);
	if (probs->n > 0) {
		dlt_ruleset_release(set);
		return (-1);
	}
	sort_rules(set);
	return (0);
}

void
dlt_ruleset_release(struct dlt_ruleset *s)
{
	size_t	i;

	for (i = 0; i < s->ndetectors; i++)
		entry_release(DLT_SEC_DETECTORS, &s->detectors[i]);
	for (i = 0; i < s->nframes; i++)
		entry_release(DLT_SEC_FRAMES, &s->frames[i]);
	for (i = 0; i < s->nrules; i++)
		entry_release(DLT_SEC_RULES, &s->rules[i]);
	for (i = 0; i < s->nframeworks; i++)
		entry_release(DLT_SEC_FRAMEWORKS, &s->frameworks[i]);
	for (i = 0; i < s->nignores; i++)
		entry_release(DLT_SEC_IGNORE_FRAMES, &s->ignores[i]);
	for (i = 0; i < s->nnormalise; i++)
		entry_release(DLT_SEC_NORMALISE, &s->normalise[i]);
	free(s->detectors);
	free(s->frames);
	free(s->rules);
	free(s->frameworks);
	free(s->ignores);
	free(s->normalise);
	dlt_prio_model_free(s->prio);
	for (i = 0; i < s->nfiles; i++)
		free(s->files[i]);
	free(s->files);
	for (i = 0; i < s->ndirs; i++)
		free(s->dirs[i]);
	free(s->dirs);
	memset(s, 0, sizeof *s);
}

/* Names of the enums in rules.h. */

const char *
dlt_shape_name(int c)
{
	return (c >= 0 && c < DLT_SHAPE_COUNT ? dlt_shape_names[c] : "?");
}

int
dlt_shape_parse(const char *s)
{
	return (dlt_name_index(dlt_shape_names, s));
}

const char *
dlt_field_name(int c)
{
	return (c >= 0 && c < DLT_FIELD_COUNT ? dlt_field_names[c] : "?");
}

int
dlt_field_parse(const char *s)
{
	return (dlt_name_index(dlt_field_names, s));
}
