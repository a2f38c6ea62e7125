/* walk.c: recursive file walking with loop detection; see walk.h. */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "error.h"
#include "walk.h"
#include "xmalloc.h"

struct visited {
	dev_t	dev;
	ino_t	ino;
};

struct walk_state {
	dlt_walk_fn	 fn;
	dlt_walk_fn	 dir;
	void		*arg;
	unsigned long	*nerrors;
	struct visited	*seen;
	size_t		 nseen, seen_alloc;
	int		 depth;
};

#define WALK_MAX_DEPTH	256

static int	walk_path(struct walk_state *, const char *);
static int	walk_dir(struct walk_state *, const char *, const struct stat *);
static int	cmp_names(const void *, const void *);

static int
cmp_names(const void *a, const void *b)
{
	return (strcmp(*(char *const *)a, *(char *const *)b));
}

static int
walk_dir(struct walk_state *ws, const char *path, const struct stat *st)
{
	DIR		*dir;
	struct dirent	*de;
	char		**names = NULL, *child;
	size_t		  n = 0, alloc = 0, i, plen;
	int		  rc = 0;

	for (i = 0; i < ws->nseen; i++) {
		if (ws->seen[i].dev == st->st_dev && ws->seen[i].ino == st->st_ino) {
			dlt_warn("skipping '%s': directory already visited (symbolic link loop?)",
			    path);
			return (0);
		}
	}
	if (ws->depth >= WALK_MAX_DEPTH) {
		dlt_warn("skipping '%s': directories nested too deeply", path);
		(*ws->nerrors)++;
		return (0);
	}
	XGROW(ws->seen, ws->nseen + 1, ws->seen_alloc);
	ws->seen[ws->nseen].dev = st->st_dev;
	ws->seen[ws->nseen].ino = st->st_ino;
	ws->nseen++;
	if (ws->dir != NULL && (rc = ws->dir(path, ws->arg)) != 0)
		return (rc == DLT_WALK_PRUNE ? 0 : rc);

	if ((dir = opendir(path)) == NULL) {
		dlt_error_errno("cannot open directory '%s'", path);
		(*ws->nerrors)++;
		return (0);
	}
	errno = 0;
	while ((de = readdir(dir)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		XGROW(names, n + 1, alloc);
		names[n++] = xstrdup(de->d_name);
	}
	if (errno != 0) {
		dlt_error_errno("cannot read directory '%s'", path);
		(*ws->nerrors)++;
	}
	closedir(dir);
	if (n > 1)
		qsort(names, n, sizeof *names, cmp_names);
	plen = strlen(path);
	while (plen > 1 && path[plen - 1] == '/')
		plen--;
	ws->depth++;
	for (i = 0; i < n; i++) {
		if (rc == 0) {
			child = xasprintf("%.*s/%s", (int)plen, path, names[i]);
			rc = walk_path(ws, child);
			free(child);
		}
		free(names[i]);
	}
	ws->depth--;
	free(names);
	return (rc);
}

static int
walk_path(struct walk_state *ws, const char *path)
{
	struct stat	st;

	if (stat(path, &st) != 0) {
		struct stat lst;

		if (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode))
			dlt_warn("skipping '%s': dangling or looping symbolic link", path);
		else {
			dlt_error_errno("cannot read '%s'", path);
			(*ws->nerrors)++;
		}
		return (0);
	}
	if (S_ISDIR(st.st_mode))
		return (walk_dir(ws, path, &st));
	/* FIFOs and devices only when named on the command line */
	if (S_ISREG(st.st_mode) || (ws->depth == 0 && S_ISFIFO(st.st_mode)))
		return (ws->fn(path, ws->arg));
	dlt_warn("skipping '%s': not a regular file", path);
	return (0);
}

int
dlt_walk(const char *path, dlt_walk_fn fn, void *arg, unsigned long *nerrors)
{
	return (dlt_walk_dirs(path, fn, NULL, arg, nerrors));
}

int
dlt_walk_dirs(const char *path, dlt_walk_fn fn, dlt_walk_fn dir, void *arg,
    unsigned long *nerrors)
{
	struct walk_state	ws;
	int			rc;

	memset(&ws, 0, sizeof ws);
	ws.fn = fn;
	ws.dir = dir;
	ws.arg = arg;
	ws.nerrors = nerrors;
	rc = walk_path(&ws, path);
	free(ws.seen);
	return (rc);
}
