/* runrec.c: reading result records and execution directories; see runrec.h. */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hash.h"
#include "runrec.h"
#include "vocab.h"
#include "xmalloc.h"
#include "yaml-node.h"

#define RUNREC_MAX_SIZE	(16 * 1024 * 1024)	/* the YAML loader's limit */

const char *const dlt_runrec_status_names[] = {
	"ok", "rejected", "illegal", "unsupported", "harness-error", NULL
};

static int	read_small(const char *, char **, size_t *, char **);
static int	file_size(const char *, int64_t *);

void
dlt_runrec_init(struct dlt_runrec *rec)
{
	memset(rec, 0, sizeof *rec);
}

void
dlt_runrec_release(struct dlt_runrec *rec)
{
	free(rec->traceback);
	dlt_runrec_init(rec);
}

/*
 * Read a whole file of at most RUNREC_MAX_SIZE bytes: 1 and *buf (the
 * caller frees; NUL-terminated), 0 with *why when it is larger, -1 on
 * a read error (errno set).
 */
static int
read_small(const char *path, char **buf, size_t *len, char **why)
{
	struct stat	st;
	char		*b;
	size_t		 n = 0, cap;
	ssize_t		 r;
	int		 fd, e;

	*buf = NULL;
	*len = 0;
	if ((fd = open(path, O_RDONLY | O_NOCTTY)) == -1)
		return (-1);
	if (fstat(fd, &st) == -1) {
		e = errno;
		close(fd);
		errno = e;
		return (-1);
	}
	if (!S_ISREG(st.st_mode) || st.st_size > RUNREC_MAX_SIZE) {
		close(fd);
		*why = xstrdup(S_ISREG(st.st_mode) ? "larger than 16 MiB" :
		    "not a regular file");
		return (0);
	}
	/* one byte more than its size, to see it grow */
	cap = (size_t)st.st_size + 1;
	b = xmalloc(cap + 1);
	while (n < cap) {
		if ((r = read(fd, b + n, cap - n)) == -1 && errno == EINTR)
			continue;
		if (r == -1) {
			e = errno;
			free(b);
			close(fd);
			errno = e;
			return (-1);
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	if (n == cap) {
		free(b);
		*why = xstrdup("changed while it was read");
		return (0);
	}
	b[n] = '\0';
	*buf = b;
	*len = n;
	return (1);
}

int
dlt_runrec_read(struct dlt_runrec *rec, const char *path, char **why)
{
	struct ynode	*root = NULL, *n, *exc;
	char		*buf, *err = NULL;
	size_t		 len;
	long long	 proto;
	int		 rc, st;

	dlt_runrec_release(rec);
	*why = NULL;
	if ((rc = read_small(path, &buf, &len, why)) != 1)
		return (rc);
	rec->size = (int64_t)len;
	rec->hash = dlt_hash(DLT_HASH_INIT, buf, len);
	if (ynode_load_json_buffer(buf, len, &root, &err) != 0) {
		*why = xasprintf("not JSON: %s", err);
		free(err);
		free(buf);
		return (0);
	}
	free(buf);
	rc = 0;
	if (root == NULL || root->type != YNODE_MAPPING)
		*why = xstrdup("not a JSON object");
	else if (!ynode_plain_int(ynode_get(root, "protocol"), &proto))
		*why = xstrdup("no integer 'protocol'");
	else if ((n = ynode_get(root, "status")) == NULL ||
	    n->type != YNODE_SCALAR ||
	    (st = dlt_name_index(dlt_runrec_status_names, n->scalar)) < 0)
		*why = xstrdup("no known 'status'");
	else {
		rec->status = st;
		n = ynode_get(root, "framework");
		if (n != NULL && n->type == YNODE_SCALAR)
			rec->framework = dlt_runrec_framework(n->scalar);
		exc = ynode_get(root, "exception");
		n = exc != NULL && exc->type == YNODE_MAPPING ?
		    ynode_get(exc, "traceback") : NULL;
		if (n != NULL && n->type == YNODE_SCALAR && !ynode_is_null(n) &&
		    n->scalar_len > 0) {
			rec->traceback = xmalloc(n->scalar_len + 1);
			memcpy(rec->traceback, n->scalar, n->scalar_len + 1);
			rec->traceback_len = n->scalar_len;
		}
		rc = 1;
	}
	ynode_free(root);
	return (rc);
}

const char *
dlt_runrec_framework(const char *name)
{
	const char	*fw, *dash;
	char		*head;

	if (name == NULL)
		return (NULL);
	if ((fw = dlt_framework_canonical(name)) != NULL)
		return (strcmp(fw, "unknown") == 0 ? NULL : fw);
	/* a target label or a Keras target: "pytorch-1.13", "keras-jax" */
	if ((dash = strchr(name, '-')) == NULL || dash == name)
		return (NULL);
	head = xasprintf("%.*s", (int)(dash - name), name);
	fw = dlt_framework_canonical(head);
	free(head);
	return (fw != NULL && strcmp(fw, "unknown") == 0 ? NULL : fw);
}

void
dlt_execdir_init(struct dlt_execdir *ed)
{
	memset(ed, 0, sizeof *ed);
	dlt_runrec_init(&ed->rec);
	ed->stderr_size = -1;
}

void
dlt_execdir_release(struct dlt_execdir *ed)
{
	dlt_runrec_release(&ed->rec);
	free(ed->record_error);
	dlt_execdir_init(ed);
}

/* 1 and *size when path is a regular file, else 0. */
static int
file_size(const char *path, int64_t *size)
{
	struct stat	st;

	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return (0);
	*size = (int64_t)st.st_size;
	return (1);
}

int
dlt_execdir_probe(struct dlt_execdir *ed, const char *dir)
{
	const char	*base, *end;
	char		*path, *why = NULL, *label;
	int64_t		 size;
	int		 has_out, rc;

	dlt_execdir_release(ed);
	path = xasprintf("%s/stderr", dir);
	if (!file_size(path, &ed->stderr_size))
		ed->stderr_size = -1;
	free(path);
	path = xasprintf("%s/stdout", dir);
	has_out = file_size(path, &size);
	free(path);
	path = xasprintf("%s/result.json", dir);
	if (file_size(path, &size)) {
		rc = dlt_runrec_read(&ed->rec, path, &why);
		if (rc == 1)
			ed->has_record = 1;
		else if (rc == 0)
			ed->record_error = why;
		else
			ed->record_error = xstrdup(strerror(errno));
	}
	free(path);
	if (!ed->has_record && (ed->stderr_size < 0 || !has_out)) {
		dlt_execdir_release(ed);
		return (0);
	}
	ed->framework = ed->has_record ? ed->rec.framework : NULL;
	if (ed->framework == NULL) {
		/* the last component of dir: the target's label */
		end = dir + strlen(dir);
		while (end > dir + 1 && end[-1] == '/')
			end--;
		base = end;
		while (base > dir && base[-1] != '/')
			base--;
		label = xasprintf("%.*s", (int)(end - base), base);
		ed->framework = dlt_runrec_framework(label);
		free(label);
	}
	return (1);
}
