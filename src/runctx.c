/* runctx.c: an execution's run context; see runctx.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runctx.h"
#include "strbuf.h"
#include "xmalloc.h"

const char *const dlt_runctx_names[] = {
	"run.mode", "run.profile", "run.status", "run.operator",
	"run.others", "run.other", NULL
};

_Static_assert(sizeof dlt_runctx_names / sizeof dlt_runctx_names[0] ==
    DLT_RUNCTX_COUNT + 1, "dlt_runctx_names and enum dlt_runctx_field differ");

/* A run-context file is a few lines; anything larger is not one. */
#define RUNCTX_MAX	(64 * 1024)

void
dlt_runctx_init(struct dlt_runctx *c)
{
	memset(c, 0, sizeof *c);
}

void
dlt_runctx_release(struct dlt_runctx *c)
{
	size_t	i;

	for (i = 0; i < DLT_RUNCTX_COUNT; i++)
		free(c->v[i]);
	for (i = 0; i < c->nother; i++)
		free(c->other[i]);
	free(c->other);
	dlt_runctx_init(c);
}

int
dlt_runctx_empty(const struct dlt_runctx *c)
{
	size_t	i;

	for (i = 0; i < DLT_RUNCTX_COUNT; i++)
		if (c->v[i] != NULL)
			return (0);
	return (c->nother == 0);
}

void
dlt_runctx_copy(struct dlt_runctx *dst, const struct dlt_runctx *src)
{
	size_t	i;

	dlt_runctx_release(dst);
	for (i = 0; i < DLT_RUNCTX_COUNT; i++)
		if (src->v[i] != NULL)
			dst->v[i] = xstrdup(src->v[i]);
	if (src->nother > 0) {
		dst->other = xreallocarray(NULL, src->nother, sizeof *dst->other);
		for (i = 0; i < src->nother; i++)
			dst->other[i] = xstrdup(src->other[i]);
		dst->nother = src->nother;
	}
}

static int
field_index(const char *name, size_t len)
{
	int	i;

	for (i = 0; i < DLT_RUNCTX_COUNT; i++)
		if (strlen(dlt_runctx_names[i]) == len &&
		    memcmp(dlt_runctx_names[i], name, len) == 0)
			return (i);
	return (-1);
}

static int
good_value(const char *v, size_t len)
{
	size_t	i;

	if (len == 0)
		return (0);
	for (i = 0; i < len; i++)
		if ((unsigned char)v[i] <= ' ' || v[i] == '=' ||
		    (unsigned char)v[i] == 0x7f)
			return (0);
	return (1);
}

static int
set_n(struct dlt_runctx *c, const char *name, size_t nlen, const char *value,
    size_t vlen)
{
	int	f;

	if ((f = field_index(name, nlen)) < 0 || !good_value(value, vlen))
		return (-1);
	if (f == DLT_RUNCTX_OTHER) {
		c->other = xreallocarray(c->other, c->nother + 1,
		    sizeof *c->other);
		c->other[c->nother++] = xstrndup(value, vlen);
		/* v[OTHER] says the list is known, even when it is short */
		if (c->v[f] == NULL)
			c->v[f] = xstrndup(value, vlen);
		return (0);
	}
	free(c->v[f]);
	c->v[f] = xstrndup(value, vlen);
	return (0);
}

int
dlt_runctx_set(struct dlt_runctx *c, const char *name, const char *value)
{
	if (name == NULL || value == NULL)
		return (-1);
	return (set_n(c, name, strlen(name), value, strlen(value)));
}

int
dlt_runctx_parse(struct dlt_runctx *c, const char *text, char **why)
{
	const char	*p = text, *item, *eq;
	size_t		 n;

	*why = NULL;
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
			p++;
		if (*p == '\0')
			return (0);
		item = p;
		while (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\n' &&
		    *p != '\r')
			p++;
		n = (size_t)(p - item);
		eq = memchr(item, '=', n);
		if (eq == NULL) {
			*why = xasprintf("'%.*s' is not FIELD=VALUE", (int)(n > 64 ?
			    64 : n), item);
			return (-1);
		}
		if (field_index(item, (size_t)(eq - item)) < 0) {
			*why = xasprintf("unknown run context field '%.*s' (known: "
			    "run.mode, run.profile, run.status, run.operator, "
			    "run.others, run.other)", (int)((size_t)(eq - item) > 64 ?
			    64 : (size_t)(eq - item)), item);
			return (-1);
		}
		if (set_n(c, item, (size_t)(eq - item), eq + 1,
		    n - (size_t)(eq - item) - 1) < 0) {
			*why = xasprintf("empty or bad value in '%.*s'",
			    (int)(n > 64 ? 64 : n), item);
			return (-1);
		}
	}
}

void
dlt_runctx_format(const struct dlt_runctx *c, const char *sep,
    struct strbuf *sb)
{
	size_t	i;
	int	first = 1;

	for (i = 0; i < DLT_RUNCTX_COUNT; i++) {
		if (i == DLT_RUNCTX_OTHER || c->v[i] == NULL)
			continue;
		strbuf_addf(sb, "%s%s=%s", first ? "" : sep,
		    dlt_runctx_names[i], c->v[i]);
		first = 0;
	}
	for (i = 0; i < c->nother; i++) {
		strbuf_addf(sb, "%s%s=%s", first ? "" : sep,
		    dlt_runctx_names[DLT_RUNCTX_OTHER], c->other[i]);
		first = 0;
	}
}

size_t
dlt_runctx_values(const struct dlt_runctx *c, int f, const char *const **out)
{
	*out = NULL;
	if (f < 0 || f >= DLT_RUNCTX_COUNT)
		return (0);
	if (f == DLT_RUNCTX_OTHER) {
		*out = (const char *const *)c->other;
		return (c->nother);
	}
	if (c->v[f] == NULL)
		return (0);
	*out = (const char *const *)&c->v[f];
	return (1);
}

int
dlt_runctx_read_dir(struct dlt_runctx *c, const char *dir, char **why)
{
	char	*path, buf[RUNCTX_MAX + 1];
	ssize_t	 r;
	size_t	 len = 0;
	int	 fd, rc;

	*why = NULL;
	path = xasprintf("%s/%s", dir, DLT_RUNCTX_FILE);
	if ((fd = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC)) == -1) {
		rc = errno == ENOENT || errno == ENOTDIR ? 0 : -1;
		if (rc < 0)
			*why = xasprintf("%s: %s", path, strerror(errno));
		free(path);
		return (rc);
	}
	while (len < sizeof buf - 1 &&
	    (r = read(fd, buf + len, sizeof buf - 1 - len)) != 0) {
		if (r < 0) {
			if (errno == EINTR)
				continue;
			*why = xasprintf("%s: %s", path, strerror(errno));
			close(fd);
			free(path);
			return (-1);
		}
		len += (size_t)r;
	}
	close(fd);
	if (len >= RUNCTX_MAX || memchr(buf, '\0', len) != NULL) {
		*why = xasprintf("%s: not a run context file", path);
		free(path);
		return (-1);
	}
	buf[len] = '\0';
	if (dlt_runctx_parse(c, buf, why) < 0) {
		char	*w = xasprintf("%s: %s", path, *why);

		free(*why);
		*why = w;
		free(path);
		return (-1);
	}
	free(path);
	return (1);
}

int
dlt_runctx_write_dir(const struct dlt_runctx *c, const char *dir)
{
	struct strbuf	 sb = STRBUF_INIT;
	char		*path;
	FILE		*fp;
	int		 rc = 0, e;

	dlt_runctx_format(c, "\n", &sb);
	strbuf_addch(&sb, '\n');
	path = xasprintf("%s/%s", dir, DLT_RUNCTX_FILE);
	if ((fp = fopen(path, "w")) == NULL)
		rc = -1;
	else {
		if (fwrite(sb.buf, 1, sb.len, fp) != sb.len)
			rc = -1;
		if (fclose(fp) != 0)
			rc = -1;
	}
	e = errno;
	free(path);
	strbuf_release(&sb);
	errno = e;
	return (rc);
}
