/* model-dtype.c: the IR's dtype names, and dims and shapes as text. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "model.h"
#include "strbuf.h"

static const char *const dtype_names[DLT_DT_COUNT] = {
	"float16", "bfloat16", "float32", "float64", "int32", "int64"
};

const char *
dlt_dtype_name(int d)
{
	return (d >= 0 && d < DLT_DT_COUNT ? dtype_names[d] : "?");
}

int
dlt_dtype_parse(const char *s)
{
	int	i;

	if (s == NULL)
		return (-1);
	for (i = 0; i < DLT_DT_COUNT; i++)
		if (strcmp(dtype_names[i], s) == 0)
			return (i);
	return (-1);
}

void
dlt_dims_format(struct strbuf *sb, const int64_t *v, size_t n, int flags)
{
	size_t	i;

	if (flags & DLT_DIMS_X) {
		for (i = 0; i < n; i++)
			strbuf_addf(sb, "%s%lld", i ? "x" : "", (long long)v[i]);
		return;
	}
	strbuf_addch(sb, '[');
	for (i = 0; i < n; i++)
		strbuf_addf(sb, "%s%lld", i ? ", " : "", (long long)v[i]);
	strbuf_addch(sb, ']');
}

void
dlt_dims_snprint(char *buf, size_t len, const int64_t *v, size_t n, int flags)
{
	struct strbuf	sb = STRBUF_INIT;

	if (len == 0)
		return;
	dlt_dims_format(&sb, v, n, flags);
	snprintf(buf, len, "%s", sb.buf);
	strbuf_release(&sb);
}

void
dlt_shape_format(const struct dlt_shape *s, char *buf, size_t len)
{
	if (s->rank <= 0) {
		if (len > 0)
			snprintf(buf, len, "?");
		return;
	}
	dlt_dims_snprint(buf, len, s->dim, (size_t)s->rank, 0);
}
