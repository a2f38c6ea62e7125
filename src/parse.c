/*
 * parse.c: evidence blocks and incidents; see parse.h and
 * docs/rules-spec.md.  The shapes of evidence (what a Python traceback
 * or a sanitizer report looks like) are parsed here; which lines start
 * them, how frames are parsed, and everything that decides a class is
 * rule data.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "logread.h"
#include "parse.h"
#include "regex.h"
#include "rules.h"
#include "scan.h"
#include "xmalloc.h"

enum { G_FUNC, G_FILE, G_LINE, G_MODULE, G_ADDR, G_LIB, G_COUNT };
static const char *const group_names[G_COUNT] = {
	"func", "file", "line", "module", "addr", "lib"
};

struct fired {
	int	ids[64];
	int	n;
	int	rank;		/* highest shape rank */
	int	primary;	/* detector with that rank, -1 none */
};

#define DLT_HELD_MAX	16	/* incidents held back at most */

struct pstate {
	struct dlt_parser	*p;
	struct dlt_logread	*lr;
	struct dlt_incident	*cur;
	dlt_incident_fn		 fn;
	void			*arg;
	int			 fired;		/* a detector fired somewhere */
	struct dlt_incident	*held[DLT_HELD_MAX]; /* incidents held back: see finish */
	size_t			 nheld;
	int			 finished;	/* an incident was finished */
	unsigned		 unit;		/* test-runner boundaries read so far */
	int			 kept;		/* an incident handed on was not ignored */
	long			*skip;		/* first and last lines of those ignored */
	size_t			 nskip, skip_alloc;
};

static int	shape_rank(int);
static void	collect_id(int, void *);
static void	fire_line(const struct dlt_parser *, const char *, size_t, struct fired *);
static void	inc_add_line(const struct dlt_parser *, struct dlt_incident *,
		    const struct dlt_line *, const struct fired *);
static const char *line_window(const struct dlt_parser *, const char *, size_t, size_t *);
static void	inc_add_frame(struct dlt_incident *, struct dlt_pframe *);
static int	is_blank(const char *, size_t);
static int	is_indented(const char *, size_t);
static int	announces(const char *);
static int	starts(const char *, size_t, const char *);
static int	parse_exception_line(const char *, size_t, char **, char **);
static void	set_exception(struct dlt_incident *, char *, char *);
static void	block_traceback(struct pstate *, const struct dlt_line *, int);
static void	block_faulthandler(struct pstate *, const struct dlt_line *);
static void	block_backtrace(struct pstate *, const struct dlt_line *, int);
static void	block_sanitizer(struct pstate *, const struct dlt_line *, int);
static void	block_exception(struct pstate *, const struct dlt_line *, int);
static int	try_frame(struct pstate *, const char *, size_t, struct dlt_pframe **,
		    size_t *, size_t *);
static char	*clean_func(const char *, size_t);
static char	*python_module(const char *);
static int	emit(struct pstate *, struct dlt_incident *);
static int	lone_line(const struct dlt_incident *);
static int	reported_again(const struct dlt_incident *, const struct dlt_incident *);
static struct dlt_incident *take_held(struct pstate *, size_t);
static int	finish(struct pstate *);
static int	release_held(struct pstate *, int);
static int	unraisable_after(const struct dlt_incident *, const struct dlt_line *);
static int	whole_log(struct pstate *);
static void	message_above(struct pstate *, const struct dlt_line *);
static void	exception_tail(struct pstate *, int);

/* Larger blocks win when several detectors fire on one line. */
static int
shape_rank(int shape)
{
	switch (shape) {
	case DLT_SHAPE_SANITIZER:	return (6);
	case DLT_SHAPE_TRACEBACK:	return (5);
	case DLT_SHAPE_FAULTHANDLER:	return (4);
	case DLT_SHAPE_BACKTRACE:	return (3);
	case DLT_SHAPE_EXCEPTION:	return (2);
	case DLT_SHAPE_BOUNDARY:	return (0);
	default:			return (1);
	}
}

void
dlt_parser_init(struct dlt_parser *p, const struct dlt_ruleset *rules,
    const struct dlt_scanner *sc)
{
	size_t	i;
	int	g;

	memset(p, 0, sizeof *p);
	p->rules = rules;
	p->scanner = sc;
	if (rules->nframes == 0)
		return;
	p->fmt_groups = xcalloc(rules->nframes * G_COUNT, sizeof *p->fmt_groups);
	for (i = 0; i < rules->nframes; i++)
		for (g = 0; g < G_COUNT; g++)
			p->fmt_groups[i * G_COUNT + g] =
			    dlt_rx_group_number(rules->frames[i].match, group_names[g]);
}

void
dlt_parser_release(struct dlt_parser *p)
{
	free(p->fmt_groups);
	p->fmt_groups = NULL;
	free(p->quiet);
	p->quiet = NULL;
}

/*
 * The quiet lines: a direct-mapped table of lines, each whole text kept,
 * on which no detector fired.  Whether a detector fires depends on the
 * line's bytes alone (its anchors, then its match), so a line equal to
 * one of them fires none either.  Logs repeat such lines by the
 * thousand (JAX's "Unable to initialize backend 'tpu' ... cannot open
 * shared object file" at INFO level, at every start), and each would
 * stop the scan, be scanned again for all its anchors and be matched.
 */
#define QUIET_SLOTS	64
#define QUIET_MAX	256	/* longer lines are not kept */

struct dlt_quiet_line {
	uint64_t	hash;
	size_t		len;		/* 0: the slot is free */
	char		text[QUIET_MAX];
};

/*
 * The slot's hash: the length and three words of the line (its first,
 * middle and last eight bytes), not all of it: the text is compared
 * whole anyway, and hashing every byte of every such line cost as much
 * as matching it.
 */
static uint64_t
quiet_hash(const char *s, size_t n)
{
	uint64_t	w[3] = { 0, 0, 0 };

	if (n >= 8) {
		memcpy(&w[0], s, 8);
		memcpy(&w[1], s + n / 2 - 4, 8);
		memcpy(&w[2], s + n - 8, 8);
	} else
		memcpy(&w[0], s, n);
	return (dlt_hash_word(dlt_hash_word(dlt_hash_word(n, w[0]), w[1]), w[2]));
}

static int
quiet_seen(const struct dlt_parser *p, const char *s, size_t n, uint64_t *h)
{
	const struct dlt_quiet_line	*q;

	if (n == 0 || n > QUIET_MAX)
		return (0);
	*h = quiet_hash(s, n);
	if (p->quiet == NULL)
		return (0);
	q = &p->quiet[(*h >> 32) % QUIET_SLOTS];
	return (q->len == n && q->hash == *h && memcmp(q->text, s, n) == 0);
}

static void
quiet_keep(struct dlt_parser *p, const char *s, size_t n, uint64_t h)
{
	struct dlt_quiet_line	*q;

	if (n == 0 || n > QUIET_MAX)
		return;
	if (p->quiet == NULL)
		p->quiet = xcalloc(QUIET_SLOTS, sizeof *p->quiet);
	q = &p->quiet[(h >> 32) % QUIET_SLOTS];
	q->hash = h;
	q->len = n;
	memcpy(q->text, s, n);
}

void
dlt_pframe_release(struct dlt_pframe *f)
{
	free(f->func);
	free(f->file);
	free(f->display);
	memset(f, 0, sizeof *f);
}

/* Release n frames (their strings; the array stays the caller's). */
static void
pframes_release(struct dlt_pframe *f, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		dlt_pframe_release(&f[i]);
}

void
dlt_incident_release(struct dlt_incident *inc)
{
	strbuf_release(&inc->text);
	free(inc->evidence);
	free(inc->head);
	free(inc->exc_type);
	free(inc->exc_message);
	free(inc->header_type);
	free(inc->cause_type);
	free(inc->cause_message);
	pframes_release(inc->frames, inc->nframes);
	free(inc->frames);
	pframes_release(inc->outer, inc->nouter);
	free(inc->outer);
	free(inc->detectors);
	memset(inc, 0, sizeof *inc);
}

static int
is_blank(const char *s, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		if (!isspace((unsigned char)s[i]))
			return (0);
	return (1);
}

/* n, less the blanks that end s's first n bytes. */
static size_t
blank_trimmed(const char *s, size_t n)
{
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return (n);
}

static int
is_indented(const char *s, size_t n)
{
	return (n > 0 && (s[0] == ' ' || s[0] == '\t'));
}

static int
starts(const char *s, size_t n, const char *prefix)
{
	size_t	k = strlen(prefix);

	return (n >= k && memcmp(s, prefix, k) == 0);
}

/*
 * Colab's mark of the frames it folded away inside an IPython traceback
 * ("8 frames", "1 frame"), on a line of its own between two frames.
 */
static int
folded_frames(const char *s, size_t n)
{
	size_t	i = 0;

	while (i < n && s[i] >= '0' && s[i] <= '9')
		i++;
	if (i == 0 || i >= n || s[i] != ' ')
		return (0);
	i++;
	if (n - i >= 6 && memcmp(s + i, "frames", 6) == 0)
		i += 6;
	else if (n - i >= 5 && memcmp(s + i, "frame", 5) == 0)
		i += 5;
	else
		return (0);
	return (is_blank(s + i, n - i));
}

static void
collect_id(int id, void *arg)
{
	struct fired	*f = arg;

	if (f->n < (int)(sizeof f->ids / sizeof f->ids[0]))
		f->ids[f->n++] = id;
}

int
dlt_parser_detector_fires(const struct dlt_parser *p, size_t d, const char *s, size_t n)
{
	const struct dlt_detector	*det = &p->rules->detectors[d];

	if (det->match == NULL)
		return (1);
	return (dlt_rx_match(det->match, s, n, 0, NULL));
}

/* Which detectors fire on this line (anchors, then confirming regexes). */
static void
fire_line(const struct dlt_parser *p, const char *s, size_t n, struct fired *f)
{
	struct fired	cand;
	int		i, r;

	memset(f, 0, sizeof *f);
	f->primary = -1;
	memset(&cand, 0, sizeof cand);
	dlt_scanner_each(p->scanner, s, n, collect_id, &cand);
	for (i = 0; i < cand.n; i++) {
		if (!dlt_parser_detector_fires(p, (size_t)cand.ids[i], s, n))
			continue;
		f->ids[f->n++] = cand.ids[i];
		r = shape_rank(p->rules->detectors[cand.ids[i]].shape);
		if (f->primary < 0 || r > f->rank) {
			f->rank = r;
			f->primary = cand.ids[i];
		}
	}
}

/* Whether a detector of shape boundary is among those that fired. */
static int
boundary_fired(const struct dlt_parser *p, const struct fired *f)
{
	int	i;

	for (i = 0; i < f->n; i++)
		if (p->rules->detectors[f->ids[i]].shape == DLT_SHAPE_BOUNDARY)
			return (1);
	return (0);
}

/*
 * The part of a long line kept as evidence: at most DLT_LINE_KEEP bytes,
 * placed around the first anchor in it so that a message at the end of
 * a 100 MB line is not lost.
 */
#define DLT_LINE_KEEP	4096
static const char *
line_window(const struct dlt_parser *p, const char *s, size_t len, size_t *n)
{
	size_t	at = 0;
	int	id;

	if (len <= DLT_LINE_KEEP) {
		*n = len;
		return (s);
	}
	*n = DLT_LINE_KEEP;
	if (p->scanner == NULL || !dlt_scanner_next(p->scanner, s, len, 0, &at, &id))
		return (s);
	at = at > DLT_LINE_KEEP / 4 ? at - DLT_LINE_KEEP / 4 : 0;
	if (at + DLT_LINE_KEEP > len)
		at = len - DLT_LINE_KEEP;
	return (s + at);
}

static void
inc_add_line(const struct dlt_parser *p, struct dlt_incident *inc,
    const struct dlt_line *l, const struct fired *f)
{
	const char	*text;
	size_t		 i, j, len;

	text = line_window(p, l->text, l->len, &len);
	if (inc->nlines == 0) {
		inc->first = l->lineno;
		inc->head = xstrndup(text, len);
	}
	inc->last = l->lineno;
	if (inc->nlines < DLT_INCIDENT_MAX_LINES &&
	    inc->text.len < DLT_INCIDENT_MAX_TEXT) {
		if (inc->text.len > 0)
			strbuf_addch(&inc->text, '\n');
		strbuf_add(&inc->text, text, len);
		inc->nlines++;
	}
	if (f == NULL || f->n == 0)
		return;
	if (inc->nevidence < DLT_INCIDENT_MAX_EVIDENCE &&
	    (inc->nevidence == 0 || inc->evidence[inc->nevidence - 1] != l->lineno)) {
		XGROW(inc->evidence, inc->nevidence + 1, inc->evidence_alloc);
		inc->evidence[inc->nevidence++] = l->lineno;
	}
	for (i = 0; i < (size_t)f->n; i++) {
		for (j = 0; j < inc->ndetectors; j++)
			if (inc->detectors[j] == f->ids[i])
				break;
		if (j == inc->ndetectors && inc->ndetectors < 256) {
			XGROW(inc->detectors, inc->ndetectors + 1, inc->detectors_alloc);
			inc->detectors[inc->ndetectors++] = f->ids[i];
		}
	}
}

static void
inc_add_frame(struct dlt_incident *inc, struct dlt_pframe *fr)
{
	if (inc->frames_locked || inc->nframes >= DLT_INCIDENT_MAX_FRAMES) {
		dlt_pframe_release(fr);
		return;
	}
	XGROW(inc->frames, inc->nframes + 1, inc->frames_alloc);
	inc->frames[inc->nframes++] = *fr;
	memset(fr, 0, sizeof *fr);
}

/*
 * Remove an argument list, an offset and surrounding blanks from a
 * native function name: "at::native::f(at::Tensor const&) const" ->
 * "at::native::f"; "(anonymous namespace)::g(int)" keeps its prefix;
 * "f(int) [clone .isra.0]" -> "f"; "g() const &" -> "g".
 */
static char *
clean_func(const char *s, size_t n)
{
	size_t	end, i;
	int	depth;

	while (n > 0 && isspace((unsigned char)s[0])) {
		s++;
		n--;
	}
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		n--;
	/* "+0x1a" offsets */
	for (i = n; i > 3; i--) {
		if (s[i - 1] == '+' && i + 1 < n && s[i] == '0' && s[i + 1] == 'x') {
			n = i - 1;
			break;
		}
	}
	end = n;
	/* GCC's clones: "f(int) [clone .constprop.0] [clone .isra.0]" */
	while (end > 0 && s[end - 1] == ']') {
		for (i = end - 1; i > 0 && s[i - 1] != '['; i--)
			;
		if (i < 2 || end - i < 7 || memcmp(s + i, "clone ", 6) != 0 ||
		    s[i - 2] != ' ')
			break;
		end = i - 2;
	}
	/* qualifiers after the parameters: "f() const", "g() const &", "h() &&" */
	for (;;) {
		if (end >= 6 && memcmp(s + end - 6, " const", 6) == 0)
			end -= 6;
		else if (end >= 3 && memcmp(s + end - 3, " &&", 3) == 0)
			end -= 3;
		else if (end >= 2 && memcmp(s + end - 2, " &", 2) == 0)
			end -= 2;
		else
			break;
	}
	if (end > 0 && s[end - 1] == ')') {
		depth = 0;
		for (i = end; i > 0; i--) {
			if (s[i - 1] == ')')
				depth++;
			else if (s[i - 1] == '(') {
				depth--;
				if (depth == 0) {
					/* keep "(anonymous namespace)" style prefixes */
					if (i - 1 > 0)
						end = i - 1;
					break;
				}
			}
		}
	}
	while (end > 0 && isspace((unsigned char)s[end - 1]))
		end--;
	if (end == 0)
		end = n;
	return (xstrndup(s, end));
}

/*
 * "/usr/lib/python3/dist-packages/torch/nn/functional.py" -> "torch.nn.functional";
 * a Windows path the same ("C:\Python37\lib\site-packages\tensorflow\nn.py"
 * -> "tensorflow.nn"), so that where the user installed it is in no frame's
 * name.
 */
static char *
python_module(const char *file)
{
	const char	*p, *q, *base;
	/*
	 * Where packages are installed; Google's monorepo keeps them under
	 * third_party/py ("google3/third_party/py/jax/core.py")
	 */
	static const char *const roots[] = {
		"site-packages/", "dist-packages/", "third_party/py/", NULL
	};
	static const char *const checkouts[] = {
		"pytorch/torch/", "jax/jax/", "tensorflow/tensorflow/", "keras/keras/", NULL
	};
	char		*path, *m, *c, *r;
	size_t		 i, n;

	/*
	 * A copy only for a Windows path, its separators made '/'; a run
	 * of them is one (a path escaped again where it was pasted,
	 * "C:\\\\Users\\\\x.py" for C:\\Users\\x.py)
	 */
	path = strchr(file, '\\') != NULL ? xstrdup(file) : NULL;
	for (c = r = path; c != NULL && *r != '\0'; r++) {
		if (*r == '\\' && c > path && c[-1] == '/')
			continue;
		*c++ = *r == '\\' ? '/' : *r;
	}
	if (c != NULL)
		*c = '\0';
	base = file = path != NULL ? path : file;
	for (i = 0; roots[i] != NULL; i++) {
		if ((p = strstr(file, roots[i])) != NULL) {
			/* the last occurrence */
			while ((q = strstr(p + 1, roots[i])) != NULL)
				p = q;
			base = p + strlen(roots[i]);
			goto found;
		}
	}
	if ((p = strstr(file, "/lib/python")) != NULL &&
	    (q = strchr(p + 11, '/')) != NULL) {
		base = q + 1;
		goto found;
	}
	/*
	 * A framework's source checkout ("/home/u/pytorch/torch/nn/x.py",
	 * "~/src/jax/jax/_src/api.py"): the package inside the repository
	 * is where the module's name starts, as when it is installed
	 */
	for (i = 0; checkouts[i] != NULL; i++) {
		if ((p = strstr(file, checkouts[i])) != NULL &&
		    (p == file || p[-1] == '/')) {
			base = strchr(p, '/') + 1;
			goto found;
		}
	}
	/*
	 * The install's directory elided where the path was pasted
	 * (".../jax/api.py", "…/torch/nn/functional.py"): the rest is
	 * relative to it
	 */
	if ((p = strstr(file, ".../")) != NULL || (p = strstr(file, "\xe2\x80\xa6/")) != NULL) {
		while ((q = strstr(p + 1, ".../")) != NULL)
			p = q;
		base = strchr(p, '/') + 1;
		if (strchr(base, '/') != NULL)
			goto found;
		base = file;
	}
	if ((p = strrchr(file, '/')) != NULL)
		base = p + 1;
found:
	/*
	 * A package installed as an egg keeps its code one directory down
	 * ("site-packages/keras-2.0.8-py3.6.egg/keras/models.py")
	 */
	if ((p = strchr(base, '/')) != NULL && p - base > 4 &&
	    strncmp(p - 4, ".egg", 4) == 0 && strchr(p + 1, '/') != NULL)
		base = p + 1;
	n = strlen(base);
	if (n > 3 && strcmp(base + n - 3, ".py") == 0)
		n -= 3;
	m = xstrndup(base, n);
	free(path);
	for (c = m; *c != '\0'; c++)
		if (*c == '/')
			*c = '.';
	n = strlen(m);
	if (n > 9 && strcmp(m + n - 9, ".__init__") == 0)
		m[n - 9] = '\0';
	return (m);
}

int
dlt_parse_frame(const struct dlt_parser *p, const char *s, size_t n, struct dlt_pframe *f)
{
	const struct dlt_ruleset	*rs = p->rules;
	struct dlt_rx_match		 m;
	const int			*g;
	size_t				 i;
	int				 k;
	char				*tmp, *module;

	memset(f, 0, sizeof *f);
	if (n > 4096)
		n = 4096;
	for (i = 0; i < rs->nframes; i++) {
		if (!dlt_rx_match(rs->frames[i].match, s, n, 0, &m))
			continue;
		g = p->fmt_groups + i * G_COUNT;
		k = g[G_FUNC];
		f->python = rs->frames[i].python;
		if (k <= 0 || k > m.ngroups || m.gstart[k] == (size_t)-1 ||
		    m.gend[k] <= m.gstart[k]) {
			/*
			 * A Python frame that names no function is the
			 * module's top level (IPython's `File PATH:LINE`).
			 */
			if (!f->python || k <= 0)
				continue;
			f->func = xstrdup("<module>");
		} else if (f->python) {
			f->func = xstrndup(s + m.gstart[k], m.gend[k] - m.gstart[k]);
		} else
			f->func = clean_func(s + m.gstart[k], m.gend[k] - m.gstart[k]);
		k = g[G_FILE];
		if (k > 0 && k <= m.ngroups && m.gstart[k] != (size_t)-1)
			f->file = xstrndup(s + m.gstart[k], m.gend[k] - m.gstart[k]);
		k = g[G_LIB];
		if (f->file == NULL && k > 0 && k <= m.ngroups && m.gstart[k] != (size_t)-1)
			f->file = xstrndup(s + m.gstart[k], m.gend[k] - m.gstart[k]);
		k = g[G_LINE];
		if (k > 0 && k <= m.ngroups && m.gstart[k] != (size_t)-1) {
			tmp = xstrndup(s + m.gstart[k], m.gend[k] - m.gstart[k]);
			f->line = strtol(tmp, NULL, 10);
			free(tmp);
		}
		module = NULL;
		k = g[G_MODULE];
		if (k > 0 && k <= m.ngroups && m.gstart[k] != (size_t)-1 &&
		    m.gend[k] > m.gstart[k])
			module = xstrndup(s + m.gstart[k], m.gend[k] - m.gstart[k]);
		if (f->python) {
			if (module == NULL && f->file != NULL)
				module = python_module(f->file);
			f->display = module != NULL ?
			    xasprintf("%s:%s", module, f->func) : xstrdup(f->func);
		} else
			f->display = xstrdup(f->func);
		free(module);
		return (1);
	}
	return (0);
}

/* Parse a frame line into the list (the incident when NULL); 1 if it was one. */
static int
try_frame(struct pstate *ps, const char *s, size_t n, struct dlt_pframe **list,
    size_t *nlist, size_t *alloc)
{
	struct dlt_pframe	f;

	if (!dlt_parse_frame(ps->p, s, n, &f))
		return (0);
	if (list == NULL) {
		inc_add_frame(ps->cur, &f);
		return (1);
	}
	if (*nlist >= DLT_INCIDENT_MAX_FRAMES * 4) {
		dlt_pframe_release(&f);
		return (1);
	}
	XGROW(*list, *nlist + 1, *alloc);
	(*list)[(*nlist)++] = f;
	return (1);
}

/*
 * "RuntimeError: message", "torch._C._LinAlgError: ...", "KeyError".
 * The type is a dotted identifier; the message follows ": ".
 */
static int
parse_exception_line(const char *s, size_t n, char **type, char **msg)
{
	size_t	i = 0;

	*type = *msg = NULL;
	if (n == 0 || !(isalpha((unsigned char)s[0]) || s[0] == '_'))
		return (0);
	while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '.'))
		i++;
	if (i < n && s[i] != ':')
		return (0);
	if (i > 200)
		return (0);
	/*
	 * A name alone is an exception line when it is named as a class
	 * is ("KeyboardInterrupt") or by its module ("socket.timeout"); a
	 * lower-case word alone is the rest of a wrapped frame line or a
	 * line cut where it was pasted ("tensorfl").
	 */
	if (i == n && !isupper((unsigned char)s[0]) && memchr(s, '.', n) == NULL)
		return (0);
	*type = xstrndup(s, i);
	if (i < n) {
		i++;
		while (i < n && s[i] == ' ')
			i++;
		*msg = xstrndup(s + i, n - i > 4096 ? 4096 : n - i);
	} else
		*msg = xstrdup("");
	return (1);
}

/* Does the (dotted) name read as an exception class's: ...Error, ...Exception? */
static int
exception_name(const char *type)
{
	static const char *const suffix[] = { "Error", "Exception", "Warning", "Interrupt",
	    "Exit", "Iteration", "Failed", "Fail" };
	size_t	n = strlen(type), k, l;

	for (k = 0; k < sizeof suffix / sizeof suffix[0]; k++) {
		l = strlen(suffix[k]);
		if (n >= l && strcmp(type + n - l, suffix[k]) == 0)
			return (1);
	}
	return (0);
}

static void
set_exception(struct dlt_incident *inc, char *type, char *msg)
{
	char	*itype, *imsg;

	/*
	 * A wrapper that is no exception class by its name, around one that
	 * is ("FilteredStackTrace: ValueError: ...", JAX's traceback
	 * filtering): the exception is the inner one.
	 */
	if (!exception_name(type) && msg != NULL &&
	    parse_exception_line(msg, strlen(msg), &itype, &imsg)) {
		if (exception_name(itype)) {
			free(type);
			free(msg);
			type = itype;
			msg = imsg;
		} else {
			free(itype);
			free(imsg);
		}
	}
	free(inc->exc_type);
	free(inc->exc_message);
	inc->exc_type = type;
	inc->exc_message = msg;
}

/* The blanks a line starts with (all of it when it is blank). */
static size_t
indent_of(const char *s, size_t n)
{
	size_t	i = 0;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return (i);
}

/* A Python frame's line, or its start: "  File "x.py", line 3, in f". */
static int
frame_header(const char *s, size_t n)
{
	size_t	i = indent_of(s, n);

	return (starts(s + i, n - i, "File \""));
}

/* An exception line whose type is named as exception classes are. */
static int
exception_line_at(const char *s, size_t n)
{
	char	*type, *msg;
	int	 ok;

	if (!parse_exception_line(s, n, &type, &msg))
		return (0);
	ok = exception_name(type);
	free(type);
	free(msg);
	return (ok);
}

/*
 * Whether a line on which a traceback's detector fired is itself a frame
 * ("  File "x.py", line 3, in f"): a traceback pasted from its middle,
 * its header cut off, rather than a header.
 */
static int
traceback_cut(const struct dlt_parser *p, const char *s, size_t n)
{
	const struct dlt_ruleset	*rs = p->rules;
	size_t				 i;

	/* a Python frame format's match, no more: nothing is kept */
	if (n > 4096)
		n = 4096;
	for (i = 0; i < rs->nframes; i++)
		if (rs->frames[i].python &&
		    dlt_rx_match(rs->frames[i].match, s, n, 0, NULL))
			return (1);
	return (0);
}

/*
 * A traceback's frames, listed outermost first, into the incident,
 * innermost first.  They replace the frames of an earlier traceback (a
 * chained one), or, when inner is set, go before the frames the
 * incident has: the frames below a blank line pasted inside a traceback
 * whose exception line was not reached yet.
 */
static void
reverse_into(struct dlt_incident *inc, struct dlt_pframe *list, size_t n, int inner)
{
	struct dlt_pframe	*old = inc->frames;
	size_t			 nold = inc->nframes, i;

	if (!inc->frames_locked) {
		inc->frames = NULL;
		inc->nframes = inc->frames_alloc = 0;
		for (i = n; i > 0; i--)
			inc_add_frame(inc, &list[i - 1]);
		for (i = 0; i < nold; i++) {
			if (inner)
				inc_add_frame(inc, &old[i]);
			else
				dlt_pframe_release(&old[i]);
		}
		free(old);
	}
	pframes_release(list, n);
}

/*
 * IPython's header: the exception's dotted name, two spaces or more, then
 * "Traceback (most recent call last)".
 */
static int
is_ipython_header(const char *s, size_t n)
{
	size_t	i = 0, sp;

	if (n == 0 || !(isalpha((unsigned char)s[0]) || s[0] == '_'))
		return (0);
	while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_' ||
	    s[i] == '.'))
		i++;
	for (sp = 0; i < n && s[i] == ' '; i++)
		sp++;
	return (sp >= 2 && starts(s + i, n - i, "Traceback (most recent call last)"));
}

/* The exception an IPython header names: its first word. */
static char *
ipython_header_type(const char *s, size_t n)
{
	size_t	k;

	for (k = 0; k < n && s[k] != ' '; k++)
		;
	return (xstrndup(s, k));
}

/*
 * Whether a message ends with a colon, and so announces what follows.
 * The colon must be its last byte: one with a blank after it is a key
 * whose value is empty, as TensorFlow ends every eager op's error
 * ("[Op:MatMul] name: "), and the program's own lines below it are no
 * part of the message.
 */
static int
announces(const char *msg)
{
	size_t	k;

	if (msg == NULL)
		return (0);
	k = strlen(msg);
	return ((k > 0 && msg[k - 1] == ':') || dlt_parse_wrapper_message(msg));
}

/*
 * Keras reports an error raised inside a layer's call as "Exception
 * encountered when calling Dense.call()." (Keras 3) or "... calling
 * layer "dense" (type Dense)." (tf.keras), keeping the original type;
 * the original message follows after a blank line, then the arguments
 * ("Arguments received by Dense.call():").  The sentence alone names no
 * failure: its detail is the message's rest.
 */
int
dlt_parse_wrapper_message(const char *msg)
{
	static const char	 lead[] = "Exception encountered when calling ";
	size_t			 k;

	if (msg == NULL || strncmp(msg, lead, sizeof lead - 1) != 0)
		return (0);
	k = blank_trimmed(msg, strcspn(msg, "\n"));
	return (k > sizeof lead - 1 && (msg[k - 1] == '.' || msg[k - 1] == ')'));
}

/*
 * A line that continues an exception's message: appended after a
 * newline (none when the message is still empty), at most 1 KiB of it,
 * while the message is under 8 KiB.
 */
static void
message_append(struct dlt_incident *inc, const struct dlt_line *l)
{
	struct strbuf	sb = STRBUF_INIT;

	if (inc->exc_message == NULL || strlen(inc->exc_message) >= 8192)
		return;
	strbuf_addstr(&sb, inc->exc_message);
	if (sb.len > 0)
		strbuf_addch(&sb, '\n');
	strbuf_add(&sb, l->text, l->len > 1024 ? 1024 : l->len);
	free(inc->exc_message);
	inc->exc_message = strbuf_detach(&sb, NULL);
}

/* A line that is three double quotes alone (a docstring-like quote). */
static int
triple_quote(const char *s, size_t n)
{
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	while (n > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	return (n == 3 && memcmp(s, "\"\"\"", 3) == 0);
}

/*
 * A line of an exception's message that announces a traceback below it:
 * it ends with a colon ("-- Process 1 terminated with the following
 * error:") or is the opening triple quote of _RemoteTraceback's.
 */
static int
line_announces(const char *s, size_t n)
{
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	return ((n > 0 && s[n - 1] == ':') || triple_quote(s, n));
}

/* Box-drawing characters, UTF-8: "│", "╭", "╰". */
#define BOX_V	"\xe2\x94\x82"
#define BOX_TL	"\xe2\x95\xad"
#define BOX_BL	"\xe2\x95\xb0"

/*
 * rich's traceback (rich.traceback, Console.print_exception, its logging
 * handler's): a box whose top border holds "Traceback (most recent call
 * last)".
 */
static int
rich_header(const char *s, size_t n)
{
	size_t	i = indent_of(s, n);

	return (starts(s + i, n - i, BOX_TL));
}

/*
 * A line of a box: its content between "│ " and the right border (which
 * may be cut off, or be a nested box's), into *c and *cn.  0 when the line
 * is no box line.
 */
static int
box_content(const char *s, size_t n, const char **c, size_t *cn)
{
	size_t	i = indent_of(s, n), e;

	if (!starts(s + i, n - i, BOX_V))
		return (0);
	i += 3;
	while (i < n && s[i] == ' ')
		i++;
	e = i + blank_trimmed(s + i, n - i);
	while (e >= i + 3 && memcmp(s + e - 3, BOX_V, 3) == 0) {
		e -= 3;
		while (e > i && s[e - 1] == ' ')
			e--;
	}
	*c = s + i;
	*cn = e - i;
	return (1);
}

/*
 * A rich traceback: the frames in the box ("/x/torch/nn/conv.py:549 in
 * forward", the path wrapped onto two lines when the box is narrow),
 * outermost first as CPython's; source lines, locals' boxes and "... N
 * frames hidden ..." between them; below the box's bottom border the
 * exception line, and its message's wrapped lines (a logging handler's
 * indent is the box's).
 */
#define RICH_MAX_LINES	20000

static void
block_rich(struct pstate *ps, const struct dlt_line *start)
{
	struct dlt_incident	*inc = ps->cur;
	struct dlt_line		 l;
	struct dlt_pframe	*list = NULL;
	struct strbuf		 joined = STRBUF_INIT;
	struct fired		 f;
	size_t			 nlist = 0, alloc = 0, cn, ind, pn = 0;
	const char		*c;
	char			 prev[512], *type, *msg;
	int			 guard = 0, closed = 0, ok;

	ind = indent_of(start->text, start->len);
	fire_line(ps->p, start->text, start->len, &f);
	inc_add_line(ps->p, inc, start, &f);
	inc->has_traceback = 1;
	while (guard++ < RICH_MAX_LINES && dlt_logread_next(ps->lr, &l)) {
		if (box_content(l.text, l.len, &c, &cn)) {
			inc_add_line(ps->p, inc, &l, NULL);
			if (cn == 0 || starts(c, cn, BOX_V) ||
			    starts(c, cn, BOX_TL) || starts(c, cn, BOX_BL)) {
				pn = 0;
				continue;
			}
			/* a path the box's width wrapped, its head on the line above */
			ok = 0;
			if (pn > 0) {
				strbuf_reset(&joined);
				strbuf_add(&joined, prev, pn);
				strbuf_add(&joined, c, cn);
				ok = try_frame(ps, joined.buf, joined.len,
				    &list, &nlist, &alloc);
			}
			if (!ok)
				(void)try_frame(ps, c, cn, &list, &nlist, &alloc);
			/* a lone path (no blank): perhaps a wrapped path's head */
			pn = memchr(c, ' ', cn) == NULL && cn < sizeof prev &&
			    (memchr(c, '/', cn) != NULL ||
			    memchr(c, '\\', cn) != NULL) ? cn : 0;
			if (pn > 0)
				memcpy(prev, c, pn);
			continue;
		}
		if (!closed) {
			size_t	i = indent_of(l.text, l.len);

			if (starts(l.text + i, l.len - i, BOX_BL)) {
				inc_add_line(ps->p, inc, &l, NULL);
				closed = 1;
				continue;
			}
			dlt_logread_unread(ps->lr);
			break;
		}
		/* below the box: the exception line, at the box's indent */
		if (is_blank(l.text, l.len)) {
			dlt_logread_unread(ps->lr);
			break;
		}
		ind = indent_of(l.text, l.len) < ind ? indent_of(l.text, l.len) : ind;
		if (parse_exception_line(l.text + ind, blank_trimmed(l.text,
		    l.len) - ind, &type, &msg)) {
			fire_line(ps->p, l.text, l.len, &f);
			inc_add_line(ps->p, inc, &l, &f);
			set_exception(inc, type, msg);
			/*
			 * The message's lines that a narrow console wrapped,
			 * padded to its width; not the next record of a log
			 * ("[12:00:01] ...") when the box was not indented.
			 */
			while (guard++ < RICH_MAX_LINES && dlt_logread_next(ps->lr, &l)) {
				fire_line(ps->p, l.text, l.len, &f);
				if (is_blank(l.text, l.len) || f.primary >= 0 ||
				    indent_of(l.text, l.len) != ind ||
				    (ind == 0 && l.text[0] == '[') ||
				    strlen(inc->exc_message) >= 4096) {
					dlt_logread_unread(ps->lr);
					break;
				}
				inc_add_line(ps->p, inc, &l, NULL);
				l.len = blank_trimmed(l.text, l.len) - ind;
				l.text += ind;
				message_append(inc, &l);
			}
		} else
			dlt_logread_unread(ps->lr);
		break;
	}
	strbuf_release(&joined);
	if (nlist > 0)
		reverse_into(inc, list, nlist, 0);
	free(list);
}

static void
block_traceback(struct pstate *ps, const struct dlt_line *start, int cut)
{
	struct dlt_incident	*inc = ps->cur;
	struct dlt_line		 l;
	struct fired		 f;
	struct dlt_pframe	*list = NULL;
	size_t			 nlist = 0, alloc = 0, msglines = 0;
	int			 state = 0, blanks = 0, guard = 0, ipy, ipy_blanks = 0;
	int			 msg_open = 0, msg_gap = 0, colon = 0;
	int			 announced, blank_in = 0, interludes = 0;
	int			 announced_tb = 0, exc_colon = 0;
	char			*type, *msg, *htype;
	int			 more;
	size_t			 ind, frame_ind = 0, exc_ind = 0, ann_ind = 0, k;
	size_t			 cont_ind = 0;
	int			 in_msg = 0;
	int			 have_frame = 0, wrap = 0, was_wrap;

	/*
	 * IPython and Jupyter: "ValueError    Traceback (most recent call
	 * last)", then frames whose headers are not indented ("Cell In[3],
	 * line 1", "File PATH:LINE, in f(x)"), source lines marked by an
	 * arrow ("----> 1 f(x)", shorter as the number is longer: "->
	 * 1383 return f(x)") and blank lines between frames.
	 */
	if (!cut && rich_header(start->text, start->len)) {
		block_rich(ps, start);
		return;
	}
	ipy = is_ipython_header(start->text, start->len);
	/*
	 * The type the header names, taken now: the line's text lives in
	 * the reader's buffer, which reading on may replace (a JSON
	 * record's decoded lines are freed once the record is read).
	 */
	htype = ipy ? ipython_header_type(start->text, start->len) : NULL;
	fire_line(ps->p, start->text, start->len, &f);
	inc_add_line(ps->p, inc, start, &f);
	/*
	 * A traceback whose header was cut off starts at a frame (cut, as
	 * traceback_cut says); one that goes on below a blank line (its
	 * exception line not reached yet) adds the inner frames to those
	 * above.
	 */
	more = cut && inc->has_traceback && inc->exc_type == NULL;
	if (cut) {
		have_frame = try_frame(ps, start->text, start->len, &list, &nlist, &alloc);
		frame_ind = indent_of(start->text, start->len);
		/*
		 * A frame at the line's start: a traceback dedented when
		 * it was pasted, read as IPython's are (frames at the
		 * line's start, blank lines between them).
		 */
		if (!is_indented(start->text, start->len))
			ipy = 1;
	}
	inc->has_traceback = 1;
	wrap = cut && frame_header(start->text, start->len);
	while (guard++ < 20000 && dlt_logread_next(ps->lr, &l)) {
		if (state == 0) {		/* frames and source lines */
			ind = indent_of(l.text, l.len);
			was_wrap = wrap;
			wrap = ind < l.len && frame_header(l.text, l.len);
			if (ind > 0 && ind < l.len && !(ind <= frame_ind &&
			    exception_line_at(l.text + ind, l.len - ind))) {
				inc_add_line(ps->p, inc, &l, NULL);
				/*
				 * Deeper than the frames: a frame's source line,
				 * which a native frame format indented by eight
				 * spaces would take for a function.
				 */
				if ((!have_frame || ind <= frame_ind) &&
				    try_frame(ps, l.text, l.len, &list, &nlist, &alloc)) {
					frame_ind = ind;
					have_frame = 1;
				}
				ipy_blanks = 0;
				continue;
			}
			if (ipy && is_blank(l.text, l.len) && ++ipy_blanks <= 2)
				continue;
			if (ipy && !is_blank(l.text, l.len) &&
			    (starts(l.text, l.len, "--") ||
			    starts(l.text, l.len, "->") ||
			    folded_frames(l.text, l.len) ||
			    try_frame(ps, l.text, l.len, &list, &nlist, &alloc))) {
				inc_add_line(ps->p, inc, &l, NULL);
				ipy_blanks = 0;
				continue;
			}
			if (is_blank(l.text, l.len)) {
				dlt_logread_unread(ps->lr);
				break;
			}
			/*
			 * The exception line, or one indented no deeper than
			 * the frames (a traceback pasted indented: its source
			 * lines are deeper than its frames).
			 */
			if (parse_exception_line(l.text + ind, l.len - ind, &type, &msg)) {
				/* "T: " and nothing after it; a bare "T" has no message */
				exc_colon = memchr(l.text + ind, ':', l.len - ind) != NULL;
				fire_line(ps->p, l.text, l.len, &f);
				if (f.rank >= shape_rank(DLT_SHAPE_FAULTHANDLER)) {
					free(type);
					free(msg);
					dlt_logread_unread(ps->lr);
					break;
				}
				inc_add_line(ps->p, inc, &l, &f);
				/*
				 * "RuntimeError: " and nothing after it: Python
				 * prints the type, ": " and str(e), so the message
				 * began with a newline and is the lines below,
				 * indented or not (TorchScript's errors).
				 */
				msg_open = msg == NULL || *msg == '\0';
				/*
				 * A message ending in a colon announces what
				 * follows ("backend='inductor' raised:", "Graph
				 * execution error:"): the lines below are the
				 * rest of it, after one blank line at most.
				 */
				colon = !msg_open && announces(msg);
				msg_gap = colon;
				msg_open = msg_open || colon;
				exc_ind = ind;
				announced_tb = exc_colon && msg_open;
				set_exception(inc, type, msg != NULL ? msg : xstrdup(""));
				reverse_into(inc, list, nlist, more);
				nlist = 0;
				more = 0;
				state = 1;
				msglines = 0;
				cont_ind = 0;
				in_msg = 1;
				continue;
			}
			/*
			 * The rest of a frame's line that a terminal or a
			 * tracker wrapped ("  File "x.py", line 3, in f" cut
			 * inside the function's name or the path): the frames
			 * go on.
			 */
			if (was_wrap && ind == 0) {
				/* a line a detector fires on is no such rest */
				fire_line(ps->p, l.text, l.len, &f);
				if (f.primary < 0) {
					inc_add_line(ps->p, inc, &l, NULL);
					continue;
				}
			}
			dlt_logread_unread(ps->lr);
			break;
		}
		/* state 1: after the exception line */
		if (is_blank(l.text, l.len)) {
			if (msg_gap && msglines == 0 && blanks == 0) {
				msg_gap = 0;
				continue;
			}
			/*
			 * An announced block indented below its line (the
			 * nested traceback of TensorFlow's "in user code:")
			 * goes on after a blank line at its own depth.
			 */
			if (state == 1 && colon && ann_ind > exc_ind &&
			    blanks == 0 && !blank_in) {
				blank_in = 1;
				continue;
			}
			if (blank_in) {
				blank_in = 0;
				blanks = 1;
			}
			msg_open = 0;
			if (++blanks > 2)
				break;
			continue;
		}
		if (blank_in) {
			blank_in = 0;
			if (indent_of(l.text, l.len) < ann_ind) {
				msg_open = 0;
				blanks = 1;
			}
		}
		if (starts(l.text, l.len, "During handling of the above exception") ||
		    starts(l.text, l.len, "The above exception was the direct cause")) {
			inc_add_line(ps->p, inc, &l, NULL);
			state = 2;
			blanks = 0;
			continue;
		}
		/*
		 * The traceback of a worker that a wrapper exception carries
		 * in its message: PyTorch's "Caught T in DataLoader worker
		 * process 0." and its "Original Traceback", torch.multiprocessing's
		 * "-- Process 1 terminated with the following error:" and a
		 * traceback, concurrent.futures' _RemoteTraceback between
		 * triple quotes.  The same failure, read on as a chain: the
		 * worker's exception is the one that failed.
		 */
		if (state == 1 && ((blanks == 0 && starts(l.text, l.len,
		    "Original Traceback (most recent call last)")) ||
		    (blanks <= 1 && announced_tb &&
		    starts(l.text, l.len, "Traceback (most recent call last)")))) {
			fire_line(ps->p, l.text, l.len, &f);
			inc_add_line(ps->p, inc, &l, &f);
			state = 0;
			blanks = 0;
			continue;
		}
		if (state == 2) {
			fire_line(ps->p, l.text, l.len, &f);
			if (starts(l.text, l.len, "Traceback (most recent call last)")) {
				inc_add_line(ps->p, inc, &l, &f);
				state = 0;
				blanks = 0;
				continue;
			}
			/*
			 * IPython prints the chain the same way, each
			 * traceback under its own header: the exception that
			 * propagated is the last, as above, and a header
			 * names it when its line was cut.
			 */
			if (is_ipython_header(l.text, l.len)) {
				inc_add_line(ps->p, inc, &l, &f);
				free(inc->header_type);
				inc->header_type = ipython_header_type(l.text, l.len);
				/* kept in case the last one's line was cut (finish) */
				free(inc->cause_type);
				free(inc->cause_message);
				inc->cause_type = inc->exc_type;
				inc->cause_message = inc->exc_message;
				inc->exc_type = NULL;
				inc->exc_message = NULL;
				ipy = 1;
				state = 0;
				blanks = 0;
				ipy_blanks = 0;
				continue;
			}
			dlt_logread_unread(ps->lr);
			break;
		}
		/*
		 * A line or two that a library prints between the links of
		 * a chain, below a blank line (JAX's "The preceding stack
		 * trace is the source of the JAX operation ..." and a rule
		 * of dashes): passed over, not kept, while the chain's
		 * marker may follow; a line any detector fires on, or a
		 * third such line, ends the traceback as before.
		 */
		if (state == 1 && (blanks > 0 || triple_quote(l.text, l.len)) &&
		    interludes < 2 && !is_indented(l.text, l.len)) {
			fire_line(ps->p, l.text, l.len, &f);
			if (f.primary < 0) {
				/*
				 * A traceback closed by triple quotes was a
				 * worker's, quoted in the message of the
				 * exception chained below it (concurrent.futures'
				 * and multiprocessing.pool's RemoteTraceback): its
				 * frames are the failure's, not those of the
				 * parent that re-raised it.
				 */
				if (blanks == 0 && interludes == 0 &&
				    inc->nframes > 0 && triple_quote(l.text, l.len))
					inc->frames_locked = 1;
				interludes++;
				in_msg = 0;
				announced_tb = exc_colon &&
				    line_announces(l.text, l.len);
				blanks = blanks > 0 ? 1 : 0;
				continue;
			}
			dlt_logread_unread(ps->lr);
			break;
		}
		/*
		 * A message whose lines stand indented below its exception
		 * line goes on below a blank line or two at that depth or
		 * deeper: paragraphs of one message (torch._dynamo's
		 * "Explanation:", "Hint:" and "Developer debug context:").
		 */
		if (state == 1 && blanks > 0 && in_msg && msglines > 0 &&
		    cont_ind > exc_ind && indent_of(l.text, l.len) >= cont_ind)
			blanks = 0;
		if (blanks == 0 && msglines < 20 && (is_indented(l.text, l.len) ||
		    (msg_open && !starts(l.text, l.len, "Traceback (most recent call last)")))) {
			/*
			 * continuation of a multi-line message; one that a
			 * colon announced, not indented, takes no line that
			 * starts a failure of its own but an exception's
			 */
			announced = colon && !is_indented(l.text, l.len);
			fire_line(ps->p, l.text, l.len, &f);
			if ((f.rank >= shape_rank(DLT_SHAPE_FAULTHANDLER) &&
			    !(f.rank == shape_rank(DLT_SHAPE_TRACEBACK) &&
			    traceback_cut(ps->p, l.text, l.len))) ||
			    (announced && f.primary >= 0 &&
			    f.rank != shape_rank(DLT_SHAPE_EXCEPTION))) {
				dlt_logread_unread(ps->lr);
				break;
			}
			inc_add_line(ps->p, inc, &l, &f);
			/* without the indentation of a traceback pasted indented */
			k = exc_ind < indent_of(l.text, l.len) ? exc_ind :
			    indent_of(l.text, l.len);
			if (colon && msglines == 0)
				ann_ind = indent_of(l.text, l.len);
			if (msglines == 0)
				cont_ind = indent_of(l.text, l.len);
			l.text += k;
			l.len -= k;
			announced_tb = exc_colon && line_announces(l.text, l.len);
			message_append(inc, &l);
			msglines++;
			continue;
		}
		dlt_logread_unread(ps->lr);
		break;
	}
	if (nlist > 0)
		reverse_into(inc, list, nlist, more);
	free(list);
	/* IPython's header names the exception (see finish) */
	if (htype != NULL && inc->header_type == NULL)
		inc->header_type = htype;
	else
		free(htype);
}

/*
 * A thread's header in a dump of every thread's Python stack: 1 for
 * faulthandler's (innermost frame first), 2 for the traceback module's
 * order that a program printing sys._current_frames() gets ("Stack for
 * thread N", outermost first); 0 for any other line.
 */
static int
thread_header(const char *s, size_t n)
{
	if (starts(s, n, "Current thread") || starts(s, n, "Thread 0x") ||
	    starts(s, n, "Stack (most recent call first)"))
		return (1);
	while (n > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	if (starts(s, n, "Stack for thread "))
		return (2);
	return (0);
}

static void
block_faulthandler(struct pstate *ps, const struct dlt_line *start)
{
	struct dlt_incident	*inc = ps->cur;
	struct dlt_line		 l;
	struct dlt_pframe	 t;
	struct fired		 f;
	size_t			 base, i, j;
	int			 blanks = 0, collect = 0, guard = 0, seen_thread = 0;
	int			 got_current = 0, is_current, order = 1, h;

	fire_line(ps->p, start->text, start->len, &f);
	inc_add_line(ps->p, inc, start, &f);
	base = inc->nframes;
	/* a dump that begins with a thread's header collects that thread */
	if ((h = thread_header(start->text, start->len)) != 0) {
		seen_thread = collect = 1;
		order = h;
		got_current = starts(start->text, start->len, "Current thread");
	}
	while (guard++ < 2000 && dlt_logread_next(ps->lr, &l)) {
		if (is_blank(l.text, l.len)) {
			if (++blanks > 2)
				break;
			continue;
		}
		blanks = 0;
		if ((h = thread_header(l.text, l.len)) != 0) {
			inc_add_line(ps->p, inc, &l, NULL);
			is_current = starts(l.text, l.len, "Current thread");
			/*
			 * The crashing thread's stack is the one that counts: the
			 * "Current thread" one, else the first one printed.
			 */
			if (!seen_thread) {
				collect = 1;
				order = h;
			} else if (is_current && !got_current) {
				/* (no frames yet: no array to offset, NULL + 0 is UB) */
				if (!inc->frames_locked && inc->nframes > base) {
					pframes_release(inc->frames + base,
					    inc->nframes - base);
					inc->nframes = base;
				}
				collect = 1;
				order = h;
			} else
				collect = 0;
			got_current |= is_current;
			seen_thread = 1;
			continue;
		}
		if (is_indented(l.text, l.len)) {
			inc_add_line(ps->p, inc, &l, NULL);
			if (collect || !seen_thread)
				try_frame(ps, l.text, l.len, NULL, NULL, NULL);
			continue;
		}
		dlt_logread_unread(ps->lr);
		break;
	}
	/* frames are kept innermost first */
	if (order == 2 && !inc->frames_locked && inc->nframes > base)
		for (i = base, j = inc->nframes - 1; i < j; i++, j--) {
			t = inc->frames[i];
			inc->frames[i] = inc->frames[j];
			inc->frames[j] = t;
		}
	if (inc->nframes > 0)
		inc->frames_locked = 1;
}

/*
 * gdb folds a long frame: "#3  0x... in f(...) ()" and, on the next
 * line, "    from /path/lib.so" or "    at file.cc:12".  Such a line
 * gives the last frame its library or file when it has none.
 */
static int
gdb_continuation(struct dlt_incident *inc, const char *s, size_t n)
{
	struct dlt_pframe	*last;
	size_t			 i = 0, b, pe;
	int			 from;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i < 2)
		return (0);
	if (n - i > 5 && memcmp(s + i, "from ", 5) == 0)
		from = 1;
	else if (n - i > 3 && memcmp(s + i, "at ", 3) == 0)
		from = 0;
	else
		return (0);
	i += from ? 5 : 3;
	b = i;
	while (i < n && s[i] != ' ' && s[i] != '\t' && !(from == 0 && s[i] == ':'))
		i++;
	if (i == b)
		return (0);
	pe = i;
	/* nothing but the path (and a line number after "at") may follow */
	if (!from && i < n && s[i] == ':')
		for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i != n)
		return (0);
	if (inc->nframes > 0 && !inc->frames_locked) {
		last = &inc->frames[inc->nframes - 1];
		if (last->file == NULL)
			last->file = xstrndup(s + b, pe - b);
	}
	return (1);
}

/* Whether a line is Java's "Caused by: " (its indent aside). */
static int
caused_by(const char *s, size_t n)
{
	size_t	i = indent_of(s, n);

	return (starts(s + i, n - i, "Caused by: "));
}

/*
 * Whether an incident is a bare exception line with its stack printed
 * below it (Java's printStackTrace, c10's "Exception raised from"): an
 * exception line after that stack is the next failure's, unless it is
 * the cause of this one ("Caused by: ").
 */
static int
stack_printed(const struct dlt_incident *inc)
{
	return (inc->exc_stack && !inc->has_traceback);
}

/*
 * Set an incident's frames aside, as the enclosing exception's, and take
 * the next stack in their place (Java's "Caused by: ").
 */
static void
drop_frames(struct dlt_incident *inc)
{
	pframes_release(inc->outer, inc->nouter);
	free(inc->outer);
	inc->outer = inc->frames;
	inc->nouter = inc->nframes;
	inc->frames = NULL;
	inc->nframes = inc->frames_alloc = 0;
	inc->frames_locked = 0;
	inc->exc_stack = 0;
}

/*
 * Java's "... 36 more" below a cause's frames: the cause's stack goes on
 * with the last 36 frames of the enclosing exception's, which it shares.
 * 1 when the line was that (the frames are added when they are known).
 */
static int
java_more(struct dlt_incident *inc, const char *s, size_t n)
{
	size_t		 i = indent_of(s, n), k = 0, from;
	struct dlt_pframe f;

	if (!starts(s + i, n - i, "... "))
		return (0);
	for (i += 4; i < n && isdigit((unsigned char)s[i]) && k < 100000; i++)
		k = k * 10 + (size_t)(s[i] - '0');
	if (!starts(s + i, n - i, " more"))
		return (0);
	for (i += 5; i < n; i++)
		if (!isspace((unsigned char)s[i]))
			return (0);
	if (k == 0 || k > inc->nouter)
		return (1);
	for (from = inc->nouter - k; from < inc->nouter; from++) {
		f = inc->outer[from];
		f.func = f.func != NULL ? xstrdup(f.func) : NULL;
		f.file = f.file != NULL ? xstrdup(f.file) : NULL;
		f.display = f.display != NULL ? xstrdup(f.display) : NULL;
		inc_add_frame(inc, &f);
		dlt_pframe_release(&f);
	}
	return (1);
}

/* Move frames [base, n) before frames [0, base), keeping each order. */
static void
rotate_frames(struct dlt_incident *inc, size_t base)
{
	struct dlt_pframe	*tmp;
	size_t			 n = inc->nframes;

	tmp = xcalloc(base, sizeof *tmp);
	memcpy(tmp, inc->frames, base * sizeof *tmp);
	memmove(inc->frames, inc->frames + base, (n - base) * sizeof *tmp);
	memcpy(inc->frames + (n - base), tmp, base * sizeof *tmp);
	free(tmp);
}

/*
 * A debugger's innermost frame line ("#0  0x7f in f () from lib"), as gdb
 * prints it where the program stopped and again at the head of `bt`.
 */
static int
frame_zero(const char *s, size_t n)
{
	size_t	i = 0;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return (i + 2 < n && s[i] == '#' && s[i + 1] == '0' &&
	    (s[i + 2] == ' ' || s[i + 2] == '\t'));
}

/*
 * Whether a line of the incident was printed by its process as it died
 * (std::terminate's, glibc's heap check, a failed assert(): detectors
 * with ends-process).  A Python traceback below such a line is another
 * process's, the launcher's or a peer's, however close.
 */
static int
ended_process(const struct dlt_parser *p, const struct dlt_incident *inc)
{
	size_t	i;

	for (i = 0; i < inc->ndetectors; i++)
		if (p->rules->detectors[inc->detectors[i]].ends_process)
			return (1);
	return (0);
}

/* The same function in the same file or library (either may have none). */
static int
same_frame(const struct dlt_pframe *a, const struct dlt_pframe *b)
{
	if (strcmp(a->func, b->func) != 0)
		return (0);
	if (a->file == NULL || b->file == NULL)
		return (1);
	return (strcmp(a->file, b->file) == 0);
}

static void
block_backtrace(struct pstate *ps, const struct dlt_line *start, int max)
{
	struct dlt_incident	*inc = ps->cur;
	struct dlt_line		 l;
	struct fired		 f;
	size_t			 base = inc->nframes;
	int			 misses = 0, n = 0, had = 0, stitch, zero;

	/*
	 * A native backtrace after a Python exception (c10's "Exception
	 * raised from", TF's stack dump) is where the exception came from:
	 * its frames go before the Python traceback's, innermost first.
	 */
	stitch = inc->has_traceback && inc->exc_type != NULL && base > 0 &&
	    !inc->frames_locked;
	fire_line(ps->p, start->text, start->len, &f);
	inc_add_line(ps->p, inc, start, &f);
	try_frame(ps, start->text, start->len, NULL, NULL, NULL);
	/* the last frame kept is a "#0" line of this block */
	zero = inc->nframes > base && frame_zero(start->text, start->len);
	while (n++ < max && dlt_logread_next(ps->lr, &l)) {
		struct dlt_pframe fr;
		size_t		  kept;

		if (dlt_parse_frame(ps->p, l.text, l.len, &fr)) {
			inc_add_line(ps->p, inc, &l, NULL);
			/*
			 * gdb prints the innermost frame where the program
			 * stopped, then again at the head of `bt`: one frame
			 */
			if (zero && frame_zero(l.text, l.len) &&
			    same_frame(&inc->frames[inc->nframes - 1], &fr)) {
				dlt_pframe_release(&fr);
				zero = 0;
				continue;
			}
			kept = inc->nframes;
			inc_add_frame(inc, &fr);
			zero = inc->nframes > kept && frame_zero(l.text, l.len);
			misses = 0;
			had = 1;
			continue;
		}
		if (had && java_more(inc, l.text, l.len)) {
			inc_add_line(ps->p, inc, &l, NULL);
			continue;
		}
		fire_line(ps->p, l.text, l.len, &f);
		/*
		 * A cause whose line names no exception class (JUnit's
		 * "Caused by: arrays first differed at element [16]"): its
		 * stack, below, replaces this one all the same.
		 */
		if (had && f.n == 0 && caused_by(l.text, l.len)) {
			drop_frames(inc);
			inc_add_line(ps->p, inc, &l, NULL);
			continue;
		}
		if ((had || inc->nframes > 0) && gdb_continuation(inc, l.text, l.len)) {
			inc_add_line(ps->p, inc, &l, NULL);
			continue;
		}
		if (f.n > 0) {
			dlt_logread_unread(ps->lr);
			break;
		}
		if (++misses >= 2 || (!had && misses >= 1 && n > 3))
			break;
	}
	if (stitch && inc->nframes > base)
		rotate_frames(inc, base);
	if (had)
		inc->frames_locked = 1;
	if (had && inc->exc_type != NULL && !inc->has_traceback)
		inc->exc_stack = 1;
}

static void
block_sanitizer(struct pstate *ps, const struct dlt_line *start, int max)
{
	struct dlt_incident	*inc = ps->cur;
	struct dlt_line		 l;
	struct fired		 f;
	int			 n = 0, started = 0, locked_before = inc->frames_locked;

	fire_line(ps->p, start->text, start->len, &f);
	inc_add_line(ps->p, inc, start, &f);
	if (!locked_before && inc->nframes > 0 && !inc->has_traceback) {
		/* a sanitizer stack is better evidence than frames seen before */
		pframes_release(inc->frames, inc->nframes);
		inc->nframes = 0;
	}
	while (n++ < max && dlt_logread_next(ps->lr, &l)) {
		struct dlt_pframe fr;

		fire_line(ps->p, l.text, l.len, &f);
		if (f.rank >= shape_rank(DLT_SHAPE_FAULTHANDLER) &&
		    f.rank != shape_rank(DLT_SHAPE_BACKTRACE)) {
			dlt_logread_unread(ps->lr);
			break;
		}
		inc_add_line(ps->p, inc, &l, &f);
		if (!inc->frames_locked) {
			if (dlt_parse_frame(ps->p, l.text, l.len, &fr)) {
				inc_add_frame(inc, &fr);
				started = 1;
			} else if (started)
				inc->frames_locked = 1;
		}
		if (memmem(l.text, l.len, "==ABORTING", 10) != NULL)
			break;
		if (starts(l.text, l.len, "SUMMARY:"))
			break;
	}
	if (started)
		inc->frames_locked = 1;
}

/* A copy of the named group of match m in text, or NULL when it took no part. */
static char *
group_dup(const struct dlt_rx *rx, const struct dlt_rx_match *m, const char *text,
    const char *name)
{
	int	g = dlt_rx_group_number(rx, name);

	if (g <= 0 || g > m->ngroups || m->gstart[g] == (size_t)-1)
		return (NULL);
	return (xstrndup(text + m->gstart[g], m->gend[g] - m->gstart[g]));
}

/*
 * Decode in place the escapes of a Python string literal as repr()
 * writes it (\' \" \\ \n \t \r \xHH): the message of an exception
 * printed as its repr, RuntimeError('"clamp" not implemented for
 * \'Half\''), reads as str() would have printed it.  Other escapes stay
 * as written; "\r\n" is one line break.
 */
static void
repr_unescape(char *s)
{
	char		*o = s;
	const char	*hex = "0123456789abcdef";
	const char	*h, *l;

	for (; *s != '\0'; s++) {
		if (*s != '\\' || s[1] == '\0') {
			*o++ = *s;
			continue;
		}
		switch (s[1]) {
		case '\'':
		case '"':
		case '\\':
			*o++ = s[1];
			s++;
			break;
		case 'n':
			*o++ = '\n';
			s++;
			break;
		case 't':
			*o++ = '\t';
			s++;
			break;
		case 'r':
			if (!(s[2] == '\\' && s[3] == 'n'))
				*o++ = '\n';
			s++;
			break;
		case 'x':
			if (s[2] != '\0' && s[3] != '\0' &&
			    (h = strchr(hex, tolower((unsigned char)s[2]))) != NULL &&
			    (l = strchr(hex, tolower((unsigned char)s[3]))) != NULL &&
			    (h - hex) * 16 + (l - hex) != 0) {
				*o++ = (char)((h - hex) * 16 + (l - hex));
				s += 3;
				break;
			}
			/* FALLTHROUGH */
		default:
			*o++ = *s;
			break;
		}
	}
	*o = '\0';
}

static void
block_exception(struct pstate *ps, const struct dlt_line *start, int det)
{
	struct dlt_incident		*inc = ps->cur;
	const struct dlt_detector	*d = &ps->p->rules->detectors[det];
	struct dlt_rx_match		 m;
	struct fired			 f;
	char				*type = NULL, *msg = NULL, *follows = NULL;
	char				*repr;
	size_t				 len = start->len > 8192 ? 8192 : start->len;
	int				 below = 0;

	fire_line(ps->p, start->text, start->len, &f);
	inc_add_line(ps->p, inc, start, &f);
	if (d->match != NULL && dlt_rx_match(d->match, start->text, len, 0, &m)) {
		type = group_dup(d->match, &m, start->text, "type");
		msg = group_dup(d->match, &m, start->text, "message");
		/*
		 * A header that names the type alone, its message printed on
		 * the lines below (VS Code's "Exception has occurred: T",
		 * Visual Studio's "An unhandled exception of type 'T'
		 * occurred in M"): the group follows took part.
		 */
		follows = group_dup(d->match, &m, start->text, "follows");
		below = follows != NULL;
		free(follows);
		/* the message is a repr's string literal: as str() prints it */
		if (msg != NULL && (repr = group_dup(d->match, &m, start->text,
		    "repr")) != NULL) {
			repr_unescape(msg);
			free(repr);
		}
	}
	if (type == NULL) {
		free(msg);
		msg = NULL;
		if (!parse_exception_line(start->text, len, &type, &msg))
			return;
	}
	if (msg == NULL)
		msg = xstrdup("");
	/* a traceback's own exception line wins over a later bare one */
	if (inc->exc_type != NULL && inc->has_traceback) {
		free(type);
		free(msg);
		return;
	}
	/*
	 * Java's "Caused by: T: msg" is the exception below the one printed
	 * above it, the root of the chain when it is the last: its stack,
	 * which follows, replaces the enclosing exception's.
	 */
	if (caused_by(start->text, len) && inc->exc_type != NULL)
		drop_frames(inc);
	set_exception(inc, type, msg);
	inc->exc_apart = d->apart;
	exception_tail(ps, below && inc->exc_message[0] == '\0');
}

/*
 * The lines right below a bare exception line that are the rest of what
 * it printed: up to EXC_TAIL_MAX lines, none blank, none that a detector
 * fires on or that is a frame.
 *  - Indented ones join its evidence, not its message: TensorFlow's
 *    status errors name the failing node there ("\t [[{{node
 *    gradient_tape/...}}]]").
 *  - When the message ends with a colon, it announces what follows:
 *    the lines below, indented or not, are the rest of the message
 *    (XLA's status, then JAX's "This is a bug in JAX's shape-checking
 *    rules; please report it!"); so are they when below is set (the
 *    header named the type alone and its message follows).
 */
#define EXC_TAIL_MAX	8

static void
exception_tail(struct pstate *ps, int below)
{
	struct dlt_incident	*inc = ps->cur;
	struct dlt_line		 l;
	struct dlt_pframe	 fr;
	struct fired		 f;
	int			 n, open;

	open = below || announces(inc->exc_message);
	/* a wrapper's detail comes after one blank line: past it */
	if (dlt_parse_wrapper_message(inc->exc_message) &&
	    dlt_logread_next(ps->lr, &l) && !is_blank(l.text, l.len))
		dlt_logread_unread(ps->lr);
	for (n = 0; n < EXC_TAIL_MAX && dlt_logread_next(ps->lr, &l); n++) {
		if (is_blank(l.text, l.len) ||
		    (!open && !is_indented(l.text, l.len))) {
			dlt_logread_unread(ps->lr);
			return;
		}
		fire_line(ps->p, l.text, l.len, &f);
		if (f.primary >= 0) {
			/*
			 * The message a header said follows is the message,
			 * whatever fires on it; the line is read again, as the
			 * evidence it is.
			 */
			if (below && n == 0)
				message_append(inc, &l);
			dlt_logread_unread(ps->lr);
			return;
		}
		if (dlt_parse_frame(ps->p, l.text, l.len, &fr)) {
			/*
			 * A native, Java or .NET stack printed on the lines
			 * right below the exception is where it was thrown:
			 * its frames, innermost first, whatever detector
			 * their lines fire.  Below the message's own lines
			 * an indented symbol is as likely a printed value.
			 */
			if (n == 0 && !fr.python && !inc->has_traceback) {
				dlt_pframe_release(&fr);
				block_backtrace(ps, &l, 200);
				return;
			}
			dlt_pframe_release(&fr);
			dlt_logread_unread(ps->lr);
			return;
		}
		inc_add_line(ps->p, inc, &l, NULL);
		if (open)
			message_append(inc, &l);
	}
}

/*
 * The lines of their own among a log's n lines that are not blank, as a
 * lone message counts them: lines indented deeper than a first line
 * that is a sentence (words, not a key of a listing) carry on its
 * message.
 */
static size_t
lone_heads(const struct dlt_line *lines, size_t n)
{
	size_t	i, heads = 1, ind;

	ind = indent_of(lines[0].text, lines[0].len);
	if (memchr(lines[0].text + ind, ' ', lines[0].len - ind) == NULL)
		return (n);
	for (i = 1; i < n; i++)
		if (indent_of(lines[i].text, lines[i].len) <= ind)
			heads++;
	return (heads);
}

/*
 * Whether detector d, of a shape that fires on a whole log, takes these
 * lines (the log's n lines that are not blank, total bytes in all):
 *  - shape message: a lone message, at most DLT_LONE_MAX_LINES lines
 *    of its own (heads: lone_heads) and DLT_LONE_MAX_BYTES, whose first
 *    line its match takes;
 *  - shape values: printed values, two lines at least (a comparison
 *    shows two things; one line is a lone message) and at most max-lines
 *    (default DLT_VALUES_MAX_LINES), every one of which its match takes.
 * m is the first line's match, for the group message.
 */
static int
whole_log_hits(const struct dlt_detector *det, const struct dlt_line *lines,
    size_t n, size_t heads, size_t total, struct dlt_rx_match *m)
{
	size_t	i, max;

	switch (det->shape) {
	case DLT_SHAPE_MESSAGE:
		if (heads > DLT_LONE_MAX_LINES || total > DLT_LONE_MAX_BYTES)
			return (0);
		return (det->match == NULL ||
		    dlt_rx_match(det->match, lines[0].text, lines[0].len, 0, m));
	case DLT_SHAPE_VALUES:
		max = det->max_lines > 0 ? (size_t)det->max_lines : DLT_VALUES_MAX_LINES;
		if (n < 2 || n > max || det->match == NULL)
			return (0);
		for (i = n; i-- > 0; )
			if (!dlt_rx_match(det->match, lines[i].text, lines[i].len, 0, m))
				return (0);
		return (1);
	default:
		return (0);
	}
}

/*
 * A reading's value in the unit of its group unit: K, M, G, T (any case,
 * with or without "i" and "B") scale by powers of 1024; no unit, "B" or
 * "bytes" by one.  Negative when the group value is not a number.
 */
static double
reading(const struct dlt_rx *rx, const struct dlt_rx_match *m, const char *text)
{
	char	 buf[64], *end;
	double	 v, scale = 1;
	size_t	 len;
	int	 g;

	if ((g = dlt_rx_group_number(rx, "value")) <= 0 || g > m->ngroups ||
	    m->gstart[g] == (size_t)-1)
		return (-1);
	len = m->gend[g] - m->gstart[g];
	if (len == 0 || len >= sizeof buf)
		return (-1);
	memcpy(buf, text + m->gstart[g], len);
	buf[len] = '\0';
	v = strtod(buf, &end);
	if (end == buf || *end != '\0' || !(v >= 0))
		return (-1);
	g = dlt_rx_group_number(rx, "unit");
	if (g > 0 && g <= m->ngroups && m->gstart[g] != (size_t)-1 &&
	    m->gend[g] > m->gstart[g]) {
		switch (text[m->gstart[g]]) {
		case 'T': case 't':	scale *= 1024;	/* FALLTHROUGH */
		case 'G': case 'g':	scale *= 1024;	/* FALLTHROUGH */
		case 'M': case 'm':	scale *= 1024;	/* FALLTHROUGH */
		case 'K': case 'k':	scale *= 1024;	break;
		default:		break;
		}
	}
	return (v * scale);
}

/*
 * Whether detector d, of shape series, takes these lines: DLT_SERIES_MIN
 * lines at least that its match takes (the others are free text), whose
 * readings (group value, scaled by group unit) rise: the last one is
 * DLT_SERIES_GROWTH times the first at least, and no more than one step
 * in four goes down.  take[i] says which lines are readings.
 */
static int
series_hits(const struct dlt_detector *det, const struct dlt_line *lines,
    size_t n, unsigned char *take)
{
	struct dlt_rx_match	 m;
	double			 v, first = -1, prev = -1;
	size_t			 i, count = 0, drops = 0;

	if (det->match == NULL)
		return (0);
	for (i = 0; i < n; i++) {
		take[i] = 0;
		if (!dlt_rx_match(det->match, lines[i].text, lines[i].len, 0, &m) ||
		    (v = reading(det->match, &m, lines[i].text)) < 0)
			continue;
		take[i] = 1;
		if (count++ == 0)
			first = v;
		else if (v < prev)
			drops++;
		prev = v;
	}
	return (count >= DLT_SERIES_MIN && first > 0 &&
	    prev >= DLT_SERIES_GROWTH * first && drops * 4 <= count - 1);
}

/* The most lines that are not blank a detector of a whole-log shape takes. */
static size_t
whole_log_max_lines(const struct dlt_ruleset *rs)
{
	const struct dlt_detector	*det;
	size_t				 d, max = 0, n;

	for (d = 0; d < rs->ndetectors; d++) {
		det = &rs->detectors[d];
		if (det->shape == DLT_SHAPE_MESSAGE)
			n = DLT_LONE_MAX_LINES;
		else if (det->shape == DLT_SHAPE_VALUES ||
		    det->shape == DLT_SHAPE_SERIES || det->shape == DLT_SHAPE_MENTION)
			n = det->max_lines > 0 ? (size_t)det->max_lines :
			    DLT_VALUES_MAX_LINES;
		else
			continue;
		if (n > max)
			max = n;
	}
	return (max);
}

/* Whether detector d, of shape mention, takes a line; take[i] says which. */
static int
mention_hits(const struct dlt_detector *det, const struct dlt_line *lines,
    size_t n, unsigned char *take)
{
	size_t	i, count = 0;

	for (i = 0; i < n; i++) {
		take[i] = det->match != NULL &&
		    dlt_rx_match(det->match, lines[i].text, lines[i].len, 0, NULL);
		count += take[i];
	}
	return (count > 0);
}

/*
 * The incident of a detector of shape series or mention (d took the lines
 * marked in take): those lines; a series' message is its first and last
 * readings, a mention's its first line.
 */
static int
whole_log_taken(struct pstate *ps, size_t d, const struct dlt_line *lines,
    size_t n, const unsigned char *take)
{
	const struct dlt_detector	*det = &ps->p->rules->detectors[d];
	struct dlt_rx_match		 m;
	struct fired			 f;
	size_t				 i, first = n, last = n, count = 0, below = 0;
	char				*msg = NULL;
	int				 g, follows = 0;

	for (i = 0; i < n; i++)
		if (take[i]) {
			if (first == n)
				first = i;
			last = i;
			count++;
		}
	/* a mention's message: the group message of the first line's match */
	if (det->shape == DLT_SHAPE_MENTION && det->match != NULL &&
	    dlt_rx_match(det->match, lines[first].text, lines[first].len, 0, &m) &&
	    (msg = group_dup(det->match, &m, lines[first].text, "message")) == NULL)
		follows = (g = dlt_rx_group_number(det->match, "follows")) > 0 &&
		    g <= m.ngroups && m.gstart[g] != (size_t)-1;
	memset(&f, 0, sizeof f);
	f.ids[f.n++] = (int)d;
	f.primary = (int)d;
	ps->cur = xcalloc(1, sizeof *ps->cur);
	ps->cur->first_shape = det->shape;
	inc_add_line(ps->p, ps->cur, &lines[first], &f);
	if (follows) {
		/*
		 * A group follows that took part, and no message: the
		 * message is on the lines right below, up to a blank line,
		 * DLT_FOLLOW_MAX at most; they join the incident.
		 */
		ps->cur->exc_message = xstrdup("");
		for (i = first + 1; i < n && below < DLT_FOLLOW_MAX &&
		    lines[i].lineno == lines[i - 1].lineno + 1; i++, below++) {
			inc_add_line(ps->p, ps->cur, &lines[i], NULL);
			message_append(ps->cur, &lines[i]);
		}
		if (below > 0)
			msg = ps->cur->exc_message;
		else
			free(ps->cur->exc_message);
		ps->cur->exc_message = NULL;
	}
	for (i = first + 1 + below; i < n; i++)
		if (take[i])
			inc_add_line(ps->p, ps->cur, &lines[i], NULL);
	if (det->shape != DLT_SHAPE_MENTION) {
		free(msg);
		msg = xasprintf("%zu readings rising from \"%.*s\" to \"%.*s\"", count,
		    (int)(lines[first].len > 120 ? 120 : lines[first].len), lines[first].text,
		    (int)(lines[last].len > 120 ? 120 : lines[last].len), lines[last].text);
	} else if (msg == NULL)	/* no group message: the first line */
		msg = xstrndup(lines[first].text, lines[first].len);
	ps->cur->exc_message = msg;
	return (finish(ps));
}

/* A dashed rule: a line of ten dashes or more and nothing else. */
int
dlt_parse_dashed_rule(const char *s, size_t n)
{
	size_t	i, dashes = 0;

	for (i = 0; i < n; i++) {
		if (s[i] == '-')
			dashes++;
		else if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			return (0);
	}
	return (dashes >= 10);
}

/* "[LEVEL] MODULE(" at the start: a line of MindSpore's own log. */
static int
framework_log_line(const char *s, size_t n)
{
	size_t	i = 0;

	if (n < 4 || s[0] != '[')
		return (0);
	for (i = 1; i < n && s[i] >= 'A' && s[i] <= 'Z'; i++)
		;
	if (i < 2 || i + 1 >= n || s[i] != ']' || s[i + 1] != ' ')
		return (0);
	for (i += 2; i < n && ((s[i] >= 'A' && s[i] <= 'Z') || s[i] == '_'); i++)
		;
	return (i < n && s[i] == '(');
}

/*
 * A report's sections that start a failure of their own right below a
 * dashed rule: the program printed the error's message without its type
 * (MindSpore's str(e), "For 'Conv2D', ..." or "The kernel RmsNorm
 * unregistered", above "- C++ Call Stack: (For framework developers)").
 * The line of text above the rule, a blank line between them at most,
 * is the failure's message and its first line, when the sections are the
 * log's first failure (after another, the line ends that one's report)
 * and the line is no frame or section line (indented) and no line of the
 * framework's own log ("[ERROR] ANALYZER(pid,...): ...", whose message
 * the rules read where it stands).
 */
static void
message_above(struct pstate *ps, const struct dlt_line *l)
{
	struct dlt_line	 rule, msg;

	if (!dlt_logread_prev(ps->lr, l, &rule) ||
	    !dlt_parse_dashed_rule(rule.text, rule.len) ||
	    !dlt_logread_prev(ps->lr, &rule, &msg))
		return;
	if (is_blank(msg.text, msg.len)) {
		struct dlt_line	blank = msg;

		if (!dlt_logread_prev(ps->lr, &blank, &msg))
			return;
	}
	if (ps->finished || framework_log_line(msg.text, msg.len) ||
	    is_blank(msg.text, msg.len) ||
	    is_indented(msg.text, msg.len) ||
	    dlt_parse_dashed_rule(msg.text, msg.len) ||
	    memchr(msg.text, '\0', msg.len) != NULL)
		return;
	ps->cur->exc_message = xstrndup(msg.text, msg.len > 1024 ? 1024 : msg.len);
	inc_add_line(ps->p, ps->cur, &msg, NULL);
}

/*
 * Python's report of a warning as warnings.formatwarning writes it,
 * "path.py:47: UserWarning: message": a library's notice, never the
 * error a program printed alone.
 */
static int
python_warning(const char *s, size_t n)
{
	size_t	i, j, name;

	for (i = 0; i + 4 < n && s[i] != ' ' && s[i] != '\t'; i++) {
		if (s[i] != '.' || s[i + 1] != 'p' || s[i + 2] != 'y')
			continue;
		j = i + 3;
		if (j < n && (s[j] == 'w' || s[j] == 'c'))
			j++;
		if (j >= n || s[j++] != ':')
			continue;
		if (j >= n || s[j] < '0' || s[j] > '9')
			continue;
		while (j < n && s[j] >= '0' && s[j] <= '9')
			j++;
		if (j + 2 >= n || s[j] != ':' || s[j + 1] != ' ' ||
		    s[j + 2] < 'A' || s[j + 2] > 'Z')
			continue;
		for (name = j += 2; j < n && (isalnum((unsigned char)s[j]) ||
		    s[j] == '_'); j++)
			;
		return (j - name >= 7 && j + 1 < n && s[j] == ':' &&
		    s[j + 1] == ' ' && memcmp(s + j - 7, "Warning", 7) == 0);
	}
	return (0);
}

/* Whether line lineno is in an incident the rules ignored. */
static int
skipped(const struct pstate *ps, long lineno)
{
	size_t	i;

	for (i = 0; i + 1 < ps->nskip; i += 2)
		if (lineno >= ps->skip[i] && lineno <= ps->skip[i + 1])
			return (1);
	return (0);
}

/*
 * A log in which no detector fired, or all that fired the rules ignored,
 * read whole into its head: the first detector of a whole-log shape
 * (message, values, series, mention), in the order the rule files list
 * them, that takes its lines that are not blank (nor ignored, nor a
 * Python warning and the source line it quotes) makes them one
 * incident.  That is an error pasted or saved alone,
 * with no exception type, signal or traceback around it, or nothing but
 * printed results, or a native stack pasted alone (message, values: the
 * detector's group message, or the first line, is the incident's
 * message, its lines' native frames are its frames); or readings that
 * keep rising, or lines of one kind among free text (series, mention:
 * whole_log_taken).  The rules decide what it is.
 */
static int
whole_log(struct pstate *ps)
{
	const struct dlt_ruleset	*rs = ps->p->rules;
	const struct dlt_logread	*lr = ps->lr;
	struct dlt_line			*lines = NULL;
	struct dlt_rx_match		 m;
	struct fired			 f;
	struct dlt_pframe		 fr;
	unsigned char			*take = NULL;
	const char			*p, *end, *nl;
	size_t				 n = 0, cap = 0, i, d, len, max, heads;
	long				 lineno = 1;
	int				 rc = 0, warned = 0;

	if (!lr->eof || lr->error != 0 || lr->total != lr->headlen)
		return (0);
	max = whole_log_max_lines(rs);
	for (p = lr->head, end = lr->head + lr->headlen; p < end; p = nl + 1, lineno++) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		len = (size_t)(nl - p);
		if (len > 0 && p[len - 1] == '\r')
			len--;
		if (is_blank(p, len) || skipped(ps, lineno))
			continue;
		/* a Python warning and the source line it quotes */
		if (python_warning(p, len)) {
			warned = 1;
			continue;
		}
		if (warned) {
			warned = 0;
			if (is_indented(p, len))
				continue;
		}
		if (n == max) {		/* more lines than any detector takes */
			free(lines);
			return (0);
		}
		if (n == cap) {
			cap = cap == 0 ? 16 : cap * 2;
			lines = xreallocarray(lines, cap, sizeof *lines);
		}
		memset(&lines[n], 0, sizeof lines[n]);
		lines[n].text = p;
		lines[n].len = len;
		lines[n].lineno = lineno;
		n++;
	}
	heads = n > 0 ? lone_heads(lines, n) : 0;
	for (d = 0; n > 0 && d < rs->ndetectors; d++) {
		if (rs->detectors[d].shape == DLT_SHAPE_SERIES ||
		    rs->detectors[d].shape == DLT_SHAPE_MENTION) {
			if (take == NULL)
				take = xcalloc(n, 1);
			if (rs->detectors[d].shape == DLT_SHAPE_SERIES ?
			    series_hits(&rs->detectors[d], lines, n, take) :
			    mention_hits(&rs->detectors[d], lines, n, take)) {
				rc = whole_log_taken(ps, d, lines, n, take);
				free(take);
				free(lines);
				return (rc);
			}
			continue;
		}
		if (whole_log_hits(&rs->detectors[d], lines, n, heads, lr->total, &m))
			break;
	}
	free(take);
	if (n > 0 && d < rs->ndetectors) {
		memset(&f, 0, sizeof f);
		f.ids[f.n++] = (int)d;
		f.primary = (int)d;
		ps->cur = xcalloc(1, sizeof *ps->cur);
		ps->cur->first_shape = rs->detectors[d].shape;
		inc_add_line(ps->p, ps->cur, &lines[0], &f);
		for (i = 1; i < n; i++)
			inc_add_line(ps->p, ps->cur, &lines[i], NULL);
		/* native frames, innermost first as debuggers print them */
		for (i = 0; i < n; i++) {
			if (!dlt_parse_frame(ps->p, lines[i].text, lines[i].len, &fr))
				continue;
			if (fr.python)
				dlt_pframe_release(&fr);
			else
				inc_add_frame(ps->cur, &fr);
		}
		if (rs->detectors[d].match == NULL || (ps->cur->exc_message =
		    group_dup(rs->detectors[d].match, &m, lines[0].text, "message")) == NULL)
			ps->cur->exc_message = xstrndup(lines[0].text, lines[0].len);
		/* a lone message's other lines are its message too */
		if (rs->detectors[d].shape == DLT_SHAPE_MESSAGE)
			for (i = 1; i < n; i++)
				message_append(ps->cur, &lines[i]);
		rc = finish(ps);
	}
	free(lines);
	return (rc);
}

/*
 * Python's report of an exception it ignored ("Exception ignored in:
 * <function Delegate.__del__ at 0x...>", a detector of the rules, which
 * joins the incident it follows) and, on the next line, the traceback
 * it prints: when the incident holds a failure besides that line, the
 * traceback is its aftermath (a finaliser failing on the object the
 * failure left half-built), not a failure of its own.
 */
static int
unraisable_after(const struct dlt_incident *inc, const struct dlt_line *l)
{
	size_t	i;

	if (inc == NULL || inc->nlines < 2 || inc->last != l->lineno - 1 ||
	    (inc->exc_type == NULL && !inc->has_traceback))
		return (0);
	/* the incident's last line, as it was added */
	for (i = inc->text.len; i > 0 && inc->text.buf[i - 1] != '\n'; i--)
		;
	return (starts(inc->text.buf + i, inc->text.len - i,
	    "Exception ignored in"));
}

/*
 * Hand a finished incident to the callback, and free it.
 */
static int
emit(struct pstate *ps, struct dlt_incident *inc)
{
	int	rc = 0;

	if (inc->nlines > 0) {
		rc = ps->fn(inc, ps->arg);
		if (!inc->ignored)
			ps->kept = 1;
		else if (!ps->kept && ps->lr->total == ps->lr->headlen) {
			/*
			 * Only while the whole-log readers may still run (a
			 * log that fits its head): a long log of passing
			 * tests keeps no list of them.
			 */
			XGROW(ps->skip, ps->nskip + 2, ps->skip_alloc);
			ps->skip[ps->nskip++] = inc->first;
			ps->skip[ps->nskip++] = inc->last;
		}
	}
	dlt_incident_release(inc);
	free(inc);
	return (rc);
}

/*
 * An incident that is an exception's line alone, with no traceback or
 * stack of its own: a framework's log line of the status an op failed
 * with (TensorFlow's "OP_REQUIRES failed at ...: INVALID_ARGUMENT: ...",
 * "Local rendezvous is aborting with status: ..."), or the message a
 * program printed before it let the exception go.  The traceback that
 * follows may report the same failure again.
 */
static int
lone_line(const struct dlt_incident *inc)
{
	return (inc->first_shape == DLT_SHAPE_EXCEPTION &&
	    inc->nframes == 0 && inc->exc_type != NULL &&
	    inc->exc_message != NULL && inc->exc_message[0] != '\0');
}

/*
 * Does traceback incident tb report the failure of lone line incident
 * line again: does its exception's message hold the first words of the
 * line's (the first 48 bytes of its first line, 12 at least; what
 * follows may name the node or the device differently)?
 */
static int
reported_again(const struct dlt_incident *line, const struct dlt_incident *tb)
{
	const char	*m, *nl;
	size_t		 n;

	if (!tb->has_traceback || tb->exc_message == NULL)
		return (0);
	for (m = line->exc_message; *m == ' ' || *m == '\t'; m++)
		continue;
	nl = strchr(m, '\n');
	n = nl != NULL ? (size_t)(nl - m) : strlen(m);
	while (n > 0 && isspace((unsigned char)m[n - 1]))
		n--;
	if (n < 12)
		return (0);
	if (n > 48)
		n = 48;
	return (memmem(tb->exc_message, strlen(tb->exc_message), m, n) != NULL);
}

/*
 * Take the i-th incident out of the queue of those held back.
 */
static struct dlt_incident *
take_held(struct pstate *ps, size_t i)
{
	struct dlt_incident	*inc = ps->held[i];

	memmove(&ps->held[i], &ps->held[i + 1],
	    (ps->nheld - i - 1) * sizeof ps->held[0]);
	ps->nheld--;
	return (inc);
}

static int
finish(struct pstate *ps)
{
	struct dlt_incident	*inc, *held;
	char			*msg;
	size_t			 i;
	int			 rc = 0;

	if (ps->cur == NULL)
		return (0);
	/*
	 * A traceback cut before its exception line, whose IPython header
	 * named the exception: that type, and no message at all (not even
	 * an empty one: the rules can tell that the line was not seen) -
	 * unless it ends a chain whose earlier traceback raised the same
	 * type ("except RuntimeError as e: raise RuntimeError(...)"): that
	 * one's message, as a chain of plain tracebacks cut the same way
	 * keeps the exception seen last.
	 */
	if (ps->cur->exc_type == NULL && ps->cur->header_type != NULL) {
		msg = NULL;
		if (ps->cur->cause_type != NULL &&
		    strcmp(ps->cur->cause_type, ps->cur->header_type) == 0) {
			msg = ps->cur->cause_message;
			ps->cur->cause_message = NULL;
		}
		set_exception(ps->cur, ps->cur->header_type, msg);
		ps->cur->header_type = NULL;
	}
	inc = ps->cur;
	ps->cur = NULL;
	ps->finished = 1;
	/*
	 * Once a lone exception line was read, it and every incident after
	 * it are held back (DLT_HELD_MAX at most; the oldest goes first) and
	 * handed on in the order they were read: a traceback that reports
	 * the line's failure again, further on than the incident gap (a
	 * worker's, after the status lines of the op that failed), is that
	 * failure, and says where it was raised; the lines it reports are
	 * dropped.
	 */
	for (i = 0; i < ps->nheld; ) {
		if (lone_line(ps->held[i]) && reported_again(ps->held[i], inc)) {
			held = take_held(ps, i);
			dlt_incident_release(held);
			free(held);
		} else
			i++;
	}
	if (ps->nheld == 0 && !lone_line(inc))
		return (emit(ps, inc));
	if (ps->nheld == DLT_HELD_MAX &&
	    (rc = emit(ps, take_held(ps, 0))) != 0) {
		dlt_incident_release(inc);
		free(inc);
		return (rc);
	}
	ps->held[ps->nheld++] = inc;
	/* the incidents at the head of the queue that no traceback can take */
	while (rc == 0 && ps->nheld > 0 && !lone_line(ps->held[0]))
		rc = emit(ps, take_held(ps, 0));
	return (rc);
}

/*
 * The end of the log: the lines still held back are failures of their
 * own, in the order they were read.
 */
static int
release_held(struct pstate *ps, int rc)
{
	size_t	i;

	for (i = 0; i < ps->nheld; i++) {
		if (rc == 0)
			rc = emit(ps, ps->held[i]);
		else {
			dlt_incident_release(ps->held[i]);
			free(ps->held[i]);
		}
	}
	ps->nheld = 0;
	return (rc);
}

int
dlt_parse_log(struct dlt_parser *p, struct dlt_logread *lr, dlt_incident_fn fn, void *arg)
{
	struct pstate			 ps;
	struct dlt_line			 l;
	struct fired			 f;
	const struct dlt_detector	*d;
	uint64_t			 h = 0;
	int				 rc = 0, shape, cut;

	memset(&ps, 0, sizeof ps);
	ps.p = p;
	ps.lr = lr;
	ps.fn = fn;
	ps.arg = arg;
	while (rc == 0 && dlt_logread_skip(lr, p->scanner)) {
		if (!dlt_logread_next(lr, &l))
			break;
		if (quiet_seen(p, l.text, l.len, &h))
			continue;
		fire_line(p, l.text, l.len, &f);
		if (f.primary < 0) {
			quiet_keep(p, l.text, l.len, h);
			continue;
		}
		d = &p->rules->detectors[f.primary];
		shape = d->shape;
		/*
		 * A line that starts another unit of the log (a test
		 * runner's header for the next test's report) ends the
		 * incident before it, however close; it starts one only
		 * when another detector fires on it too (pytest's one-line
		 * report of a test, "FAILED t.py::test_x - ValueError: ...").
		 */
		if (boundary_fired(p, &f)) {
			/* what follows is another test's: no death folds across */
			ps.unit++;
			if (ps.cur != NULL && (rc = finish(&ps)) != 0)
				break;
		}
		if (shape == DLT_SHAPE_BOUNDARY)
			continue;
		ps.fired = 1;
		cut = shape == DLT_SHAPE_TRACEBACK && traceback_cut(p, l.text, l.len);
		/*
		 * Frames right below a traceback's exception line are its
		 * message's (TensorFlow's "in user code:", "Detected at node
		 * ... defined at"), no traceback of their own.
		 */
		if (cut && ps.cur != NULL && ps.cur->has_traceback &&
		    ps.cur->exc_type != NULL &&
		    l.lineno - ps.cur->last <= DLT_INCIDENT_GAP)
			continue;
		/*
		 * An ignored exception's traceback right after a failure:
		 * read, so that its lines are passed over, and dropped; the
		 * failure stays open.
		 */
		if (shape == DLT_SHAPE_TRACEBACK && !cut &&
		    unraisable_after(ps.cur, &l)) {
			struct dlt_incident	*keep = ps.cur;

			ps.cur = xcalloc(1, sizeof *ps.cur);
			ps.cur->first_shape = shape;
			block_traceback(&ps, &l, 0);
			dlt_incident_release(ps.cur);
			free(ps.cur);
			ps.cur = keep;
			continue;
		}
		if (ps.cur != NULL &&
		    (l.lineno - ps.cur->last > DLT_INCIDENT_GAP ||
		    (shape == DLT_SHAPE_TRACEBACK && !cut &&
		    ended_process(p, ps.cur)) ||
		    (shape == DLT_SHAPE_TRACEBACK && ps.cur->has_traceback &&
		    !(ps.cur->exc_type == NULL && cut)) ||
		    (shape == DLT_SHAPE_SANITIZER && ps.cur->first_shape == DLT_SHAPE_SANITIZER) ||
		    (shape == DLT_SHAPE_EXCEPTION && stack_printed(ps.cur) &&
		    !caused_by(l.text, l.len)) ||
		    (shape == DLT_SHAPE_EXCEPTION && d->apart &&
		    ps.cur->exc_apart && !ps.cur->has_traceback)))
			rc = finish(&ps);
		if (rc != 0)
			break;
		if (ps.cur == NULL) {
			ps.cur = xcalloc(1, sizeof *ps.cur);
			ps.cur->first_shape = shape;
			ps.cur->unit = ps.unit;
			if (shape == DLT_SHAPE_BACKTRACE)
				message_above(&ps, &l);
		}
		switch (shape) {
		case DLT_SHAPE_TRACEBACK:
			block_traceback(&ps, &l, cut);
			break;
		case DLT_SHAPE_FAULTHANDLER:
			block_faulthandler(&ps, &l);
			break;
		case DLT_SHAPE_BACKTRACE:
			block_backtrace(&ps, &l, d->max_lines > 0 ? d->max_lines : 200);
			break;
		case DLT_SHAPE_SANITIZER:
			block_sanitizer(&ps, &l, d->max_lines > 0 ? d->max_lines : 200);
			break;
		case DLT_SHAPE_EXCEPTION:
			block_exception(&ps, &l, f.primary);
			break;
		default:
			inc_add_line(p, ps.cur, &l, &f);
			break;
		}
	}
	if (rc == 0)
		rc = finish(&ps);
	else {
		dlt_incident_release(ps.cur);
		free(ps.cur);
	}
	rc = release_held(&ps, rc);
	/*
	 * Nothing fired, or only what the rules ignore (a library's
	 * warning above the line that reports the error): the log is read
	 * whole, without the lines ignored.
	 */
	if (rc == 0 && (!ps.fired || !ps.kept))
		rc = whole_log(&ps);
	free(ps.skip);
	return (rc);
}
