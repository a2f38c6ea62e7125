/*
 * tui-diff.c: a model's IR as lines, and a line diff; see tui-diff.h.
 *
 * The diff is the textbook longest common subsequence over the lines
 * between the common head and tail (a mutant changes a few lines of its
 * seed, so that middle is small); its table is bounded by
 * TUI_DIFF_MAX_CELLS.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "tui-diff.h"
#include "xmalloc.h"
#include "yaml-node.h"

/* One line of the full diff before the hunks are cut out. */
struct op {
	char	 op;
	size_t	 ai, bi;	/* line of a, of b */
};

static void	node_lines(const struct ynode *, int, const char *,
		    struct tui_lines *);
static int	flat(const struct ynode *);
static void	flat_text(const struct ynode *, struct strbuf *);

void
tui_lines_add(struct tui_lines *l, const char *fmt, ...)
{
	va_list	ap;

	XGROW(l->v, l->n + 1, l->alloc);
	va_start(ap, fmt);
	l->v[l->n++] = xvasprintf(fmt, ap);
	va_end(ap);
}

void
tui_lines_release(struct tui_lines *l)
{
	size_t	i;

	for (i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof *l);
}

/* A scalar, or a sequence of scalars: one line. */
static int
flat(const struct ynode *n)
{
	size_t	i;

	if (n == NULL || n->type == YNODE_SCALAR)
		return (1);
	if (n->type != YNODE_SEQUENCE)
		return (n->n == 0);
	for (i = 0; i < n->n; i++)
		if (n->items[i] != NULL && n->items[i]->type != YNODE_SCALAR)
			return (0);
	return (1);
}

static void
flat_text(const struct ynode *n, struct strbuf *sb)
{
	size_t	i;

	if (n == NULL)
		strbuf_addstr(sb, "null");
	else if (n->type == YNODE_SCALAR) {
		if (n->quoted)
			strbuf_addch(sb, '"');
		strbuf_add(sb, n->scalar, n->scalar_len);
		if (n->quoted)
			strbuf_addch(sb, '"');
	} else if (n->type == YNODE_SEQUENCE) {
		strbuf_addch(sb, '[');
		for (i = 0; i < n->n; i++) {
			if (i > 0)
				strbuf_addstr(sb, ", ");
			flat_text(n->items[i], sb);
		}
		strbuf_addch(sb, ']');
	} else
		strbuf_addstr(sb, "{}");
}

/* n at depth, under key (or "-" for a sequence item, or NULL at the top). */
static void
node_lines(const struct ynode *n, int depth, const char *key,
    struct tui_lines *out)
{
	struct strbuf	sb = STRBUF_INIT;
	size_t		i;
	int		inner = depth;

	if (flat(n)) {
		flat_text(n, &sb);
		if (key != NULL)
			tui_lines_add(out, "%*s%s%s %s", depth * 2, "", key,
			    strcmp(key, "-") == 0 ? "" : ":", sb.buf);
		else
			tui_lines_add(out, "%*s%s", depth * 2, "", sb.buf);
		strbuf_release(&sb);
		return;
	}
	if (key != NULL) {
		tui_lines_add(out, "%*s%s%s", depth * 2, "", key,
		    strcmp(key, "-") == 0 ? "" : ":");
		inner = depth + 1;
	}
	for (i = 0; i < n->n; i++) {
		if (n->type == YNODE_MAPPING)
			node_lines(n->items[i], inner, n->keys[i] != NULL &&
			    n->keys[i]->scalar != NULL ? n->keys[i]->scalar :
			    "?", out);
		else
			node_lines(n->items[i], inner, "-", out);
	}
}

int
tui_json_lines(const char *json, struct tui_lines *out)
{
	struct ynode	*root = NULL;
	char		*err = NULL;

	if (json == NULL || ynode_load_json_buffer(json, strlen(json), &root,
	    &err) != 0) {
		free(err);
		return (-1);
	}
	node_lines(root, 0, NULL, out);
	ynode_free(root);
	return (0);
}

size_t
tui_diff(const struct tui_lines *a, const struct tui_lines *b, size_t context,
    struct tui_lines *out)
{
	struct op	*ops = NULL;
	uint32_t	*t = NULL;
	size_t		 head = 0, tail = 0, n, m, i, j, k, nops = 0, alloc = 0;
	size_t		 changed = 0, from, to, last_shown = 0, w;
	int		 shown_any = 0;

	while (head < a->n && head < b->n && strcmp(a->v[head],
	    b->v[head]) == 0)
		head++;
	while (tail < a->n - head && tail < b->n - head &&
	    strcmp(a->v[a->n - 1 - tail], b->v[b->n - 1 - tail]) == 0)
		tail++;
	n = a->n - head - tail;
	m = b->n - head - tail;
	for (i = 0; i < head; i++) {
		XGROW(ops, nops + 1, alloc);
		ops[nops++] = (struct op){ ' ', i, i };
	}
	if (n > 0 && m > 0 && (n + 1) <= TUI_DIFF_MAX_CELLS / (m + 1)) {
		/* t[i][j]: the LCS of a[head+i..] and b[head+j..] */
		w = m + 1;
		t = xcalloc((n + 1) * w, sizeof *t);
		for (i = n; i-- > 0;)
			for (j = m; j-- > 0;)
				t[i * w + j] = strcmp(a->v[head + i],
				    b->v[head + j]) == 0 ?
				    t[(i + 1) * w + j + 1] + 1 :
				    t[(i + 1) * w + j] > t[i * w + j + 1] ?
				    t[(i + 1) * w + j] : t[i * w + j + 1];
		i = j = 0;
		while (i < n || j < m) {
			XGROW(ops, nops + 1, alloc);
			if (i < n && j < m && strcmp(a->v[head + i],
			    b->v[head + j]) == 0) {
				ops[nops++] = (struct op){ ' ', head + i,
				    head + j };
				i++;
				j++;
			} else if (j < m && (i == n || t[i * w + j + 1] >=
			    t[(i + 1) * w + j])) {
				ops[nops++] = (struct op){ '+', head + i,
				    head + j };
				j++;
			} else {
				ops[nops++] = (struct op){ '-', head + i,
				    head + j };
				i++;
			}
		}
		free(t);
	} else {
		for (i = 0; i < n; i++) {
			XGROW(ops, nops + 1, alloc);
			ops[nops++] = (struct op){ '-', head + i, head };
		}
		for (j = 0; j < m; j++) {
			XGROW(ops, nops + 1, alloc);
			ops[nops++] = (struct op){ '+', head + n, head + j };
		}
	}
	for (i = 0; i < tail; i++) {
		XGROW(ops, nops + 1, alloc);
		ops[nops++] = (struct op){ ' ', head + n + i, head + m + i };
	}
	/* the hunks: every change with context lines around it */
	for (k = 0; k < nops; k++) {
		if (ops[k].op == ' ')
			continue;
		changed++;
		from = k > context ? k - context : 0;
		if (shown_any && from < last_shown)
			from = last_shown;
		if (!shown_any || from > last_shown)
			tui_lines_add(out, "@@ -%zu +%zu @@", ops[from].ai + 1,
			    ops[from].bi + 1);
		/*
		 * up to the last change that another one follows within
		 * twice the context, and the context after it
		 */
		to = k;
		for (i = k + 1; i < nops && i <= to + 2 * context + 1; i++)
			if (ops[i].op != ' ')
				to = i;
		to = to + context + 1 < nops ? to + context + 1 : nops;
		for (i = from; i < to; i++)
			tui_lines_add(out, "%c%s", ops[i].op, ops[i].op == '+' ?
			    b->v[ops[i].bi] : a->v[ops[i].ai]);
		for (i = k + 1; i < to; i++)
			if (ops[i].op != ' ')
				changed++;
		last_shown = to;
		shown_any = 1;
		k = to - 1;
	}
	free(ops);
	return (changed);
}
