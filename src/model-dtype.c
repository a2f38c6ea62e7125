/* model-dtype.c: the IR's dtype names and how shapes and dims are written as text. */
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
dlt_shape_format(const struct dlt_shape *s, char *buf, size_t len)
{
	size_t	used;
	int	i, w;

	if (len == 0)
		return;
	if (s->rank <= 0) {
		snprintf(buf, len, "?");
		return;
	}
	used = 0;
	buf[0] = '\0';
	for (i = 0; i < s->rank && used < len; i++) {
		w = snprintf(buf + used, len - used, "%s%lld", i == 0 ? "[" : ", ",
		    (long long)s->dim[i]);
		if (w < 0)
			return;
		used += (size_t)w;
	}
	if (used < len)
		snprintf(buf + used, len - used, "]");
}
