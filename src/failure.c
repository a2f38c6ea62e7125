/* failure.c: struct dlt_failure; see failure.h. */
#include <stdlib.h>
#include <string.h>

#include "failure.h"
#include "json.h"

void
dlt_failure_release(struct dlt_failure *f)
{
	size_t	i;

	free(f->source);
	free(f->kind);
	free(f->framework);
	free(f->exc_type);
	free(f->exc_message);
	for (i = 0; i < f->nframes; i++)
		free(f->frames[i]);
	free(f->signature);
	free(f->bucket_key);
	free(f->rule);
	free(f->run_evidence);
	free(f->evidence);
	free(f->excerpt);
	memset(f, 0, sizeof *f);
}

const char *
dlt_short_type(const char *t)
{
	const char	*p;

	if ((p = strrchr(t, '.')) != NULL && p[1] != '\0')
		return (p + 1);
	return (t);
}

void
dlt_failure_json_frames(struct dlt_jw *jw, const struct dlt_failure *f)
{
	size_t	i;

	dlt_jw_array(jw);
	for (i = 0; i < f->nframes; i++)
		dlt_jw_cstr(jw, f->frames[i]);
	dlt_jw_end(jw);
}

void
dlt_failure_json_evidence(struct dlt_jw *jw, const struct dlt_failure *f)
{
	size_t	i;

	dlt_jw_array(jw);
	for (i = 0; i < f->nevidence; i++)
		dlt_jw_int(jw, f->evidence[i]);
	dlt_jw_end(jw);
}
