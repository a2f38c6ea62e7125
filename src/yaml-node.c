/*
 * yaml-node.c: the libyaml wrapper; see yaml-node.h.  Only this file
 * includes yaml.h.
 *
 * The document is read with libyaml's event parser and built into a tree
 * of struct ynode.  The parser is limited on purpose: one document, no
 * anchors or aliases, scalar mapping keys, at most YNODE_MAX_DEPTH nested
 * collections, YNODE_MAX_NODES nodes and YNODE_MAX_SIZE bytes.  Whatever
 * a file holds, the result is a tree or a "line:col: message" error.
 *
 * struct ynode.quoted tells how a scalar was written: 0 plain, 1 single-
 * or double-quoted on one line, 2 quoted over several lines, 3 a block
 * scalar (| or >).  Anything non-zero is a string whatever it looks like.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

#include "error.h"
#include "json.h"
#include "xmalloc.h"
#include "yaml-node.h"

#define YNODE_MAX_DEPTH	64
#define YNODE_MAX_NODES	1000000
#define YNODE_MAX_SIZE	(16 * 1024 * 1024)

struct ybuild_frame {
	struct ynode	*node;
	size_t		 alloc;
	int		 want_value;	/* mapping: a key was read, its value is next */
};

/*
 * A document's nodes, scalars and arrays come from one arena, freed at
 * once with the root: a rule set is tens of thousands of nodes, and
 * freeing them one by one cost as much as building them.
 */
struct ychunk {
	struct ychunk	*next;
	size_t		 size, used;
	max_align_t	 data[];
};

struct yarena {
	struct ychunk	*chunks;
};

#define YARENA_CHUNK	(64 * 1024)

struct ybuild {
	const char		*buf;
	size_t			 len;
	struct yarena		*arena;
	struct ynode		*root;
	struct ybuild_frame	 stack[YNODE_MAX_DEPTH + 1];
	int			 depth;
	size_t			 nnodes;
	int			 docs;
	char			*err;
};

static void		 line_col_at(const char *, size_t, size_t, size_t *, size_t *);
static void		 set_error(struct ybuild *, const yaml_mark_t *, const char *, ...)
			    __attribute__((format(printf, 3, 4)));
static void		 parser_error(struct ybuild *, const yaml_parser_t *);
static struct ynode	*node_new(struct ybuild *, enum ynode_type, const yaml_mark_t *);
static int		 attach(struct ybuild *, struct ynode *, const yaml_mark_t *);
static int		 handle_event(struct ybuild *, const yaml_event_t *);
static int		 is_str_tag(const yaml_char_t *);
static int		 plain_text(const struct ynode *);
static int		 load_file(const char *, struct ynode **, char **, int);
static size_t		 fix_surrogates(char *, size_t);

/* Line and column (0-based) of byte offset off in buf. */
static void
line_col_at(const char *buf, size_t len, size_t off, size_t *line, size_t *col)
{
	size_t	i, l = 0, c = 0;

	if (off > len)
		off = len;
	for (i = 0; i < off; i++) {
		if (buf[i] == '\n') {
			l++;
			c = 0;
		} else
			c++;
	}
	*line = l;
	*col = c;
}

static void
set_error(struct ybuild *b, const yaml_mark_t *mark, const char *fmt, ...)
{
	va_list	 ap;
	char	*msg;

	if (b->err != NULL)
		return;
	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	b->err = xasprintf("%zu:%zu: %s", mark->line + 1, mark->column + 1, msg);
	free(msg);
}

static void
parser_error(struct ybuild *b, const yaml_parser_t *p)
{
	yaml_mark_t	 m;
	const char	*problem;

	problem = p->problem != NULL ? p->problem : "cannot parse YAML";
	memset(&m, 0, sizeof m);
	switch (p->error) {
	case YAML_MEMORY_ERROR:
		set_error(b, &m, "out of memory while parsing YAML");
		return;
	case YAML_READER_ERROR:
		line_col_at(b->buf, b->len, p->problem_offset, &m.line, &m.column);
		if (p->problem_value != -1)
			set_error(b, &m, "%s (byte 0x%02x)", problem,
			    (unsigned)p->problem_value & 0xff);
		else
			set_error(b, &m, "%s", problem);
		return;
	case YAML_SCANNER_ERROR:
	case YAML_PARSER_ERROR:
		m = p->problem_mark;
		if (p->context != NULL)
			set_error(b, &m, "%s %s (started at %zu:%zu)", problem,
			    p->context, p->context_mark.line + 1,
			    p->context_mark.column + 1);
		else
			set_error(b, &m, "%s", problem);
		return;
	default:
		set_error(b, &m, "%s", problem);
		return;
	}
}

/* n bytes from the arena, zeroed, aligned for any object. */
static void *
yalloc(struct yarena *a, size_t n)
{
	struct ychunk	*c = a->chunks;
	size_t		 al = sizeof(max_align_t), size;
	void		*p;

	n = (n + al - 1) / al * al;
	if (c == NULL || c->size - c->used < n) {
		size = n > YARENA_CHUNK ? n : YARENA_CHUNK;
		c = xmalloc(sizeof *c + size);
		c->size = size;
		c->used = 0;
		c->next = a->chunks;
		a->chunks = c;
	}
	p = (char *)c->data + c->used;
	c->used += n;
	memset(p, 0, n);
	return (p);
}

static void
yarena_free(struct yarena *a)
{
	struct ychunk	*c, *next;

	if (a == NULL)
		return;
	for (c = a->chunks; c != NULL; c = next) {
		next = c->next;
		free(c);
	}
	free(a);
}

/*
 * Room for want elements of size sz in the array *v of *alloc; the old
 * array stays in the arena (the sizes double: at most half of what an
 * array took is left behind).
 */
static void
ygrow(struct yarena *a, void **v, size_t want, size_t *alloc, size_t sz)
{
	size_t	n = *alloc;
	void	*nv;

	if (want <= n)
		return;
	while (n < want)
		n = n < 4 ? 4 : n * 2;
	nv = yalloc(a, n * sz);
	if (*alloc > 0)
		memcpy(nv, *v, *alloc * sz);
	*v = nv;
	*alloc = n;
}

static struct ynode *
node_new(struct ybuild *b, enum ynode_type type, const yaml_mark_t *mark)
{
	struct ynode	*n;

	if (++b->nnodes > YNODE_MAX_NODES) {
		set_error(b, mark, "too many nodes (more than %d)", YNODE_MAX_NODES);
		return (NULL);
	}
	n = yalloc(b->arena, sizeof *n);
	n->type = type;
	n->line = mark->line + 1 > 0x7fffffff ? 0x7fffffff : (int)mark->line + 1;
	n->col = mark->column + 1 > 0x7fffffff ? 0x7fffffff : (int)mark->column + 1;
	return (n);
}

/*
 * Put n where it belongs: the root, the next item of a sequence, or the
 * next key or value of a mapping.  n is owned by the tree afterwards,
 * even on error.
 */
static int
attach(struct ybuild *b, struct ynode *n, const yaml_mark_t *mark)
{
	struct ybuild_frame	*f;
	struct ynode		*p;

	if (b->depth == 0) {
		if (b->root != NULL) {
			set_error(b, mark, "more than one root node");
			return (-1);
		}
		b->root = n;
		return (0);
	}
	f = &b->stack[b->depth - 1];
	p = f->node;
	if (p->type == YNODE_SEQUENCE) {
		ygrow(b->arena, (void **)&p->items, p->n + 1, &f->alloc,
		    sizeof *p->items);
		p->items[p->n++] = n;
		return (0);
	}
	if (f->want_value) {
		p->items[p->n - 1] = n;
		f->want_value = 0;
		return (0);
	}
	if (n->type != YNODE_SCALAR) {
		set_error(b, mark, "mapping keys must be scalars");
		return (-1);
	}
	if (p->n + 1 > f->alloc) {
		size_t	ka = f->alloc, ia = f->alloc;

		ygrow(b->arena, (void **)&p->keys, p->n + 1, &ka, sizeof *p->keys);
		ygrow(b->arena, (void **)&p->items, p->n + 1, &ia, sizeof *p->items);
		f->alloc = ka;
	}
	p->keys[p->n] = n;
	p->items[p->n] = NULL;
	p->n++;
	f->want_value = 1;
	return (0);
}

static int
is_str_tag(const yaml_char_t *tag)
{
	return (tag != NULL &&
	    (strcmp((const char *)tag, YAML_STR_TAG) == 0 ||
	    strcmp((const char *)tag, "!!str") == 0));
}

static int
handle_event(struct ybuild *b, const yaml_event_t *ev)
{
	struct ynode		*n;
	const yaml_mark_t	*m = &ev->start_mark;
	const yaml_char_t	*anchor = NULL;

	switch (ev->type) {
	case YAML_STREAM_START_EVENT:
	case YAML_STREAM_END_EVENT:
	case YAML_NO_EVENT:
	case YAML_DOCUMENT_END_EVENT:
		return (0);
	case YAML_DOCUMENT_START_EVENT:
		if (++b->docs > 1) {
			set_error(b, m, "more than one YAML document");
			return (-1);
		}
		return (0);
	case YAML_ALIAS_EVENT:
		set_error(b, m, "aliases are not allowed ('*%s')",
		    (const char *)ev->data.alias.anchor);
		return (-1);
	case YAML_SCALAR_EVENT:
		anchor = ev->data.scalar.anchor;
		break;
	case YAML_SEQUENCE_START_EVENT:
		anchor = ev->data.sequence_start.anchor;
		break;
	case YAML_MAPPING_START_EVENT:
		anchor = ev->data.mapping_start.anchor;
		break;
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		if (b->depth > 0)
			b->depth--;
		return (0);
	}
	if (anchor != NULL) {
		set_error(b, m, "anchors are not allowed ('&%s')", (const char *)anchor);
		return (-1);
	}

	if (ev->type == YAML_SCALAR_EVENT) {
		if ((n = node_new(b, YNODE_SCALAR, m)) == NULL)
			return (-1);
		n->scalar_len = ev->data.scalar.length;
		n->scalar = yalloc(b->arena, n->scalar_len + 1);
		if (n->scalar_len > 0)
			memcpy(n->scalar, ev->data.scalar.value, n->scalar_len);
		n->scalar[n->scalar_len] = '\0';
		switch (ev->data.scalar.style) {
		case YAML_SINGLE_QUOTED_SCALAR_STYLE:
		case YAML_DOUBLE_QUOTED_SCALAR_STYLE:
			n->quoted = ev->end_mark.line == ev->start_mark.line ? 1 : 2;
			break;
		case YAML_LITERAL_SCALAR_STYLE:
		case YAML_FOLDED_SCALAR_STYLE:
			n->quoted = 3;
			break;
		default:
			n->quoted = is_str_tag(ev->data.scalar.tag) ? 1 : 0;
			break;
		}
		return (attach(b, n, m));
	}

	if (b->depth >= YNODE_MAX_DEPTH) {
		set_error(b, m, "nesting deeper than %d levels", YNODE_MAX_DEPTH);
		return (-1);
	}
	n = node_new(b, ev->type == YAML_SEQUENCE_START_EVENT ?
	    YNODE_SEQUENCE : YNODE_MAPPING, m);
	if (n == NULL)
		return (-1);
	if (attach(b, n, m) != 0)
		return (-1);
	b->stack[b->depth].node = n;
	b->stack[b->depth].alloc = 0;
	b->stack[b->depth].want_value = 0;
	b->depth++;
	return (0);
}

int
ynode_load_buffer(const char *buf, size_t len, struct ynode **root, char **errmsg)
{
	yaml_parser_t	 parser;
	yaml_event_t	 ev;
	struct ybuild	 b;
	yaml_mark_t	 m;
	int		 done = 0;

	*root = NULL;
	*errmsg = NULL;
	memset(&b, 0, sizeof b);
	b.buf = buf;
	b.len = len;
	b.arena = xcalloc(1, sizeof *b.arena);
	if (len > YNODE_MAX_SIZE) {
		memset(&m, 0, sizeof m);
		set_error(&b, &m, "document too large (more than %d MiB)",
		    YNODE_MAX_SIZE / (1024 * 1024));
		*errmsg = b.err;
		yarena_free(b.arena);
		return (-1);
	}
	if (!yaml_parser_initialize(&parser)) {
		*errmsg = xstrdup("1:1: cannot initialise the YAML parser");
		yarena_free(b.arena);
		return (-1);
	}
	yaml_parser_set_input_string(&parser, (const unsigned char *)buf, len);
	while (!done) {
		if (!yaml_parser_parse(&parser, &ev)) {
			parser_error(&b, &parser);
			break;
		}
		done = ev.type == YAML_STREAM_END_EVENT;
		if (handle_event(&b, &ev) != 0)
			done = 1;
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&parser);
	if (b.err != NULL || b.root == NULL) {
		yarena_free(b.arena);
		*errmsg = b.err;
		return (b.err != NULL ? -1 : 0);
	}
	b.root->arena = b.arena;
	*root = b.root;
	return (0);
}

/*
 * JSON spells a character beyond the BMP as a surrogate pair
 * ("\ud83d\ude00"), and Python's json module writes one for every such
 * character; YAML spells it "\U0001f600" and libyaml refuses the pair.
 * Outside strings JSON has no backslash, and inside one every backslash
 * starts an escape, so a left-to-right pass finds them all.  A lone
 * surrogate becomes U+FFFD.  The text only shrinks; the new length is
 * returned.
 */
static size_t
fix_surrogates(char *s, size_t len)
{
	size_t		i = 0, o = 0;
	unsigned	hi, lo;
	char		tmp[11];

	while (i < len) {
		if (s[i] != '\\' || i + 1 >= len) {
			s[o++] = s[i++];
			continue;
		}
		if (s[i + 1] != 'u' || i + 6 > len || !dlt_json_hex4(s + i + 2, &hi) ||
		    hi < 0xd800 || hi > 0xdfff) {
			s[o++] = s[i++];
			s[o++] = s[i++];
			continue;
		}
		if (hi <= 0xdbff && i + 12 <= len && s[i + 6] == '\\' &&
		    s[i + 7] == 'u' && dlt_json_hex4(s + i + 8, &lo) && lo >= 0xdc00 &&
		    lo <= 0xdfff) {
			(void)snprintf(tmp, sizeof tmp, "\\U%08x",
			    0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00));
			memcpy(s + o, tmp, 10);
			o += 10;
			i += 12;
		} else {
			memcpy(s + o, "\\ufffd", 6);
			o += 6;
			i += 6;
		}
	}
	return (o);
}

static int
load_file(const char *path, struct ynode **root, char **errmsg, int json)
{
	struct stat	 st;
	char		*buf;
	size_t		 len = 0, alloc;
	ssize_t		 r;
	int		 fd, rc, saved;

	*root = NULL;
	*errmsg = NULL;
	if ((fd = open(path, O_RDONLY | O_NOCTTY)) == -1) {
		*errmsg = xasprintf("cannot open '%s': %s", path, strerror(errno));
		return (-1);
	}
	if (fstat(fd, &st) != 0) {
		saved = errno;
		close(fd);
		*errmsg = xasprintf("cannot read '%s': %s", path, strerror(saved));
		return (-1);
	}
	if (S_ISDIR(st.st_mode)) {
		close(fd);
		*errmsg = xasprintf("cannot read '%s': %s", path, strerror(EISDIR));
		return (-1);
	}
	if (S_ISREG(st.st_mode) && st.st_size > YNODE_MAX_SIZE) {
		close(fd);
		*errmsg = xasprintf("'%s' is too large (more than %d MiB)", path,
		    YNODE_MAX_SIZE / (1024 * 1024));
		return (-1);
	}
	/* Read at most one byte past the limit, whatever stat said. */
	alloc = S_ISREG(st.st_mode) ? (size_t)st.st_size + 2 : 65536;
	buf = xmalloc(alloc);
	for (;;) {
		if (len + 1 >= alloc) {
			alloc = alloc * 2 > YNODE_MAX_SIZE + 2 ?
			    YNODE_MAX_SIZE + 2 : alloc * 2;
			buf = xrealloc(buf, alloc);
		}
		r = read(fd, buf + len, alloc - 1 - len);
		if (r == -1 && errno == EINTR)
			continue;
		if (r == -1) {
			saved = errno;
			close(fd);
			free(buf);
			*errmsg = xasprintf("cannot read '%s': %s", path,
			    strerror(saved));
			return (-1);
		}
		if (r == 0)
			break;
		len += (size_t)r;
		if (len > YNODE_MAX_SIZE)
			break;
	}
	close(fd);
	if (len > YNODE_MAX_SIZE) {
		free(buf);
		*errmsg = xasprintf("'%s' is too large (more than %d MiB)", path,
		    YNODE_MAX_SIZE / (1024 * 1024));
		return (-1);
	}
	buf[len] = '\0';
	if (json)
		len = fix_surrogates(buf, len);
	rc = ynode_load_buffer(buf, len, root, errmsg);
	free(buf);
	return (rc);
}

int
ynode_load_file(const char *path, struct ynode **root, char **errmsg)
{
	return (load_file(path, root, errmsg, 0));
}

int
ynode_load_json_file(const char *path, struct ynode **root, char **errmsg)
{
	return (load_file(path, root, errmsg, 1));
}

int
ynode_load_json_buffer(const char *buf, size_t len, struct ynode **root,
    char **errmsg)
{
	char	*copy;
	int	 rc;

	copy = xmalloc(len + 1);
	memcpy(copy, buf, len);
	copy[len] = '\0';
	len = fix_surrogates(copy, len);
	rc = ynode_load_buffer(copy, len, root, errmsg);
	free(copy);
	return (rc);
}

/* A root frees its document's arena: every node of the tree. */
void
ynode_free(struct ynode *n)
{
	if (n == NULL)
		return;
	if (n->arena == NULL)
		dlt_bug("ynode_free on a node that is not a document's root");
	yarena_free(n->arena);
}

struct ynode *
ynode_get(const struct ynode *map, const char *key)
{
	size_t	i;

	if (map == NULL || map->type != YNODE_MAPPING)
		return (NULL);
	for (i = 0; i < map->n; i++)
		if (map->keys[i] != NULL && strcmp(map->keys[i]->scalar, key) == 0)
			return (map->items[i]);
	return (NULL);
}

const char *
ynode_type_name(enum ynode_type t)
{
	switch (t) {
	case YNODE_SCALAR:
		return ("scalar");
	case YNODE_SEQUENCE:
		return ("sequence");
	case YNODE_MAPPING:
		return ("mapping");
	}
	return ("unknown");
}

const char *
ynode_libyaml_version(void)
{
	return (yaml_get_version_string());
}

/* Plain scalars. */

int
ynode_is_null(const struct ynode *n)
{
	if (n == NULL)
		return (1);
	if (n->type != YNODE_SCALAR || n->quoted)
		return (0);
	return (n->scalar_len == 0 || strcmp(n->scalar, "~") == 0 ||
	    strcmp(n->scalar, "null") == 0 || strcmp(n->scalar, "Null") == 0 ||
	    strcmp(n->scalar, "NULL") == 0);
}

int
ynode_plain_bool(const struct ynode *n, int *v)
{
	if (n == NULL || n->type != YNODE_SCALAR || n->quoted)
		return (0);
	if (strcmp(n->scalar, "true") == 0 || strcmp(n->scalar, "True") == 0 ||
	    strcmp(n->scalar, "TRUE") == 0) {
		*v = 1;
		return (1);
	}
	if (strcmp(n->scalar, "false") == 0 || strcmp(n->scalar, "False") == 0 ||
	    strcmp(n->scalar, "FALSE") == 0) {
		*v = 0;
		return (1);
	}
	return (0);
}

/* A plain scalar without NUL bytes. */
static int
plain_text(const struct ynode *n)
{
	return (n != NULL && n->type == YNODE_SCALAR && !n->quoted &&
	    n->scalar_len > 0 && strlen(n->scalar) == n->scalar_len);
}

int
ynode_plain_int(const struct ynode *n, long long *v)
{
	const char	*p;

	if (!plain_text(n))
		return (0);
	p = n->scalar;
	if (*p == '-' || *p == '+')
		p++;
	if (*p == '\0')
		return (0);
	for (; *p != '\0'; p++)
		if (*p < '0' || *p > '9')
			return (0);
	errno = 0;
	*v = strtoll(n->scalar, NULL, 10);
	if (errno == ERANGE)
		*v = n->scalar[0] == '-' ? LLONG_MIN : LLONG_MAX;
	return (1);
}

int
ynode_plain_uint64(const struct ynode *n, uint64_t *v)
{
	const char		*p;
	unsigned long long	 u;

	if (!plain_text(n))
		return (0);
	for (p = n->scalar; *p != '\0'; p++)
		if (*p < '0' || *p > '9')
			return (0);
	errno = 0;
	u = strtoull(n->scalar, NULL, 10);
	if (errno == ERANGE || u > UINT64_MAX)
		return (0);
	*v = (uint64_t)u;
	return (1);
}

int
ynode_plain_number(const struct ynode *n, double *v)
{
	char	*end;

	if (!plain_text(n))
		return (0);
	if (strchr("+-.0123456789", n->scalar[0]) == NULL ||
	    strpbrk(n->scalar, "xXnNiIpP") != NULL)
		return (0);
	errno = 0;
	*v = strtod(n->scalar, &end);
	if (*end != '\0' || end == n->scalar || !isfinite(*v))
		return (0);
	return (1);
}

char *
ynode_describe(const struct ynode *n)
{
	char	*q, *s;

	if (ynode_is_null(n))
		return (xstrdup("null"));
	if (n->type == YNODE_SEQUENCE)
		return (xstrdup("a sequence"));
	if (n->type == YNODE_MAPPING)
		return (xstrdup("a mapping"));
	q = dlt_msg_quote(n->scalar, n->scalar_len);
	s = xasprintf("'%s'", q);
	free(q);
	return (s);
}

size_t
ynode_json_strings(const char *json, char **out, size_t max)
{
	struct ynode	*root = NULL, *e;
	char		*err = NULL;
	size_t		 i, n = 0;

	if (json == NULL)
		return (0);
	if (ynode_load_json_buffer(json, strlen(json), &root, &err) != 0) {
		free(err);
		return (0);
	}
	if (root != NULL && root->type == YNODE_SEQUENCE)
		for (i = 0; i < root->n && n < max; i++) {
			e = root->items[i];
			if (e != NULL && e->type == YNODE_SCALAR &&
			    e->scalar != NULL)
				out[n++] = xstrdup(e->scalar);
		}
	ynode_free(root);
	return (n);
}
