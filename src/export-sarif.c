/*
 * export-sarif.c: SARIF 2.1.0, for code-scanning dashboards.
 *
 * One run of one tool, dltriage, whose rules are the rules that decided
 * the exported defects (with their descriptions when the rule set
 * loaded now has them), and one result per unique defect (bucket): its
 * signature as the message, a level from its class and priority, where
 * it happened from its top frame, and its bucket id as the partial
 * fingerprint, so that a dashboard follows one defect across runs.
 *
 * The top frame gives a physical location (file and line) when one is
 * known: in the frame's own text, or on the line of the failure's log
 * excerpt that names the frame (a Python traceback's File "...", line
 * N, in f; a native frame's path:line).  Otherwise the location is
 * logical: the function.  A defect without frames is placed at the
 * lines of the log it was found in.
 *
 * Written with the JSON writer (json.h), like every JSON of dltriage.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "error.h"
#include "export.h"
#include "json.h"
#include "rules.h"
#include "strbuf.h"
#include "vocab.h"
#include "xmalloc.h"
#include "yaml-node.h"

#define SARIF_SCHEMA	"https://json.schemastore.org/sarif-2.1.0.json"
#define SARIF_INFO_URI	"https://github.com/dltriage/dltriage"
#define SARIF_FINGERPRINT "dltriageBucket/v1"
#define SARIF_RELATED	10	/* logs named per defect, at most */
#define SARIF_DESC_MAX	400	/* bytes of a short description */

/* A place in a file, found in text. */
struct place {
	char	*path;		/* NULL: none found */
	long	 line;
};

static const struct dlt_rule *rule_find(const struct dlt_ruleset *,
		    const char *);
static char	*rule_id(const struct dlt_export_bucket *);
static const char *level_of(const char *, const char *);
static int	 is_false_positive(const char *);
static void	 uri(struct strbuf *, const char *);
static int	 path_line(const char *, size_t, struct place *);
static void	 place_in_frame(const char *, struct place *);
static void	 place_in_excerpt(const char *, const char *,
		    struct place *);
static void	 write_physical(struct dlt_jw *, const char *, long, long);
static void	 write_location(struct dlt_jw *, const struct dlt_export *,
		    const struct dlt_export_bucket *);
static void	 write_rules(struct dlt_jw *, const struct dlt_export *,
		    char **, size_t);
static void	 write_result(struct dlt_jw *, const struct dlt_export *,
		    const struct dlt_export_bucket *, char **, size_t);
static int	 cmp_str(const void *, const void *);

static const struct dlt_rule *
rule_find(const struct dlt_ruleset *rs, const char *id)
{
	size_t	i;

	if (rs == NULL || id == NULL)
		return (NULL);
	for (i = 0; i < rs->nrules; i++)
		if (strcmp(rs->rules[i].c.id, id) == 0)
			return (&rs->rules[i]);
	return (NULL);
}

/* The rule id of a defect; "class:NAME" when no rule decided it. */
static char *
rule_id(const struct dlt_export_bucket *b)
{
	if (b->rule != NULL && *b->rule != '\0')
		return (xstrdup(b->rule));
	return (xasprintf("class:%s", b->cls != NULL ? b->cls : "unknown"));
}

static int
is_false_positive(const char *cls)
{
	return (cls != NULL && strcmp(cls, "false-positive") == 0);
}

/* A false positive is no problem; the others by their priority. */
static const char *
level_of(const char *cls, const char *priority)
{
	if (is_false_positive(cls))
		return ("none");
	if (priority == NULL)
		return ("warning");
	if (strcmp(priority, "high") == 0)
		return ("error");
	if (strcmp(priority, "low") == 0)
		return ("note");
	return ("warning");
}

static int
cmp_str(const void *a, const void *b)
{
	return (strcmp(*(char *const *)a, *(char *const *)b));
}

/*
 * A path as a URI reference: an absolute path as a file: URI, a
 * relative one as it is; bytes outside RFC 3986's unreserved set and "/"
 * percent-encoded (":" too, so that no path reads as a scheme).
 */
static void
uri(struct strbuf *sb, const char *path)
{
	const unsigned char	*p;

	if (path[0] == '/')
		strbuf_addstr(sb, "file://");
	for (p = (const unsigned char *)path; *p != '\0'; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("-._~/", *p) != NULL)
			strbuf_addch(sb, *p);
		else
			strbuf_addf(sb, "%%%02X", *p);
	}
}

/*
 * The last "PATH:LINE" in s[0..len): a word with a dot in its last
 * component, a colon and digits.  1 when found (place set), else 0.
 */
static int
path_line(const char *s, size_t len, struct place *pl)
{
	size_t		 i, start, d;
	long		 line;
	const char	*slash, *dot;
	char		*path;
	int		 found = 0;

	for (i = 0; i < len; i++) {
		if (s[i] != ':' || i == 0 || i + 1 >= len ||
		    s[i + 1] < '0' || s[i + 1] > '9')
			continue;
		for (d = i + 1, line = 0; d < len && s[d] >= '0' &&
		    s[d] <= '9' && line < 100000000; d++)
			line = line * 10 + (s[d] - '0');
		if (d < len && s[d] >= '0' && s[d] <= '9')
			continue;	/* too long to be a line */
		for (start = i; start > 0 && strchr(" \t\"'(<[=,",
		    s[start - 1]) == NULL; start--)
			;
		if (start == i || line <= 0)
			continue;
		path = xstrndup(s + start, i - start);
		slash = strrchr(path, '/');
		dot = strrchr(slash != NULL ? slash : path, '.');
		if (dot == NULL || dot[1] == '\0' ||
		    strchr(path, ':') != NULL) {
			free(path);
			continue;
		}
		free(pl->path);
		pl->path = path;
		pl->line = line;
		found = 1;
	}
	return (found);
}

static void
place_in_frame(const char *frame, struct place *pl)
{
	(void)path_line(frame, strlen(frame), pl);
}

/*
 * The frame on a line of the excerpt: a Python traceback's
 * 'File "P", line N, in F' for a frame "module:F" (the innermost, the
 * last), else the first line that names the frame and a path:line.
 */
static void
place_in_excerpt(const char *excerpt, const char *frame, struct place *pl)
{
	const char	*line, *end, *func, *path, *q;
	char		*want, *after;
	long		 n;
	size_t		 len, wlen;

	if (excerpt == NULL)
		return;
	func = strrchr(frame, ':');
	func = func != NULL && func[1] != '\0' ? func + 1 : frame;
	want = xasprintf(", in %s", func);
	wlen = strlen(want);
	for (line = excerpt; *line != '\0'; line = *end != '\0' ? end + 1 :
	    end) {
		end = strchr(line, '\n');
		if (end == NULL)
			end = line + strlen(line);
		len = (size_t)(end - line);
		/* File "P", line N, in F */
		if ((path = memmem(line, len, "File \"", 6)) != NULL) {
			path += 6;
			q = memchr(path, '"', (size_t)(end - path));
			if (q == NULL || (size_t)(end - q) <= 8 ||
			    strncmp(q, "\", line ", 8) != 0 ||
			    q[8] < '0' || q[8] > '9')
				continue;
			n = strtol(q + 8, &after, 10);
			if (n > 0 && after <= end &&
			    (size_t)(end - after) == wlen &&
			    strncmp(after, want, wlen) == 0) {
				free(pl->path);
				pl->path = xstrndup(path, (size_t)(q - path));
				pl->line = n;
			}
			continue;
		}
		if (pl->path == NULL && memmem(line, len, frame,
		    strlen(frame)) != NULL)
			(void)path_line(line, len, pl);
	}
	free(want);
}

static void
write_physical(struct dlt_jw *jw, const char *path, long start, long end)
{
	struct strbuf	sb = STRBUF_INIT;

	uri(&sb, path);
	dlt_jw_key(jw, "physicalLocation");
	dlt_jw_object(jw);
	dlt_jw_key(jw, "artifactLocation");
	dlt_jw_object(jw);
	dlt_jw_kv_cstr(jw, "uri", sb.buf);
	dlt_jw_end(jw);
	if (start > 0) {
		dlt_jw_key(jw, "region");
		dlt_jw_object(jw);
		dlt_jw_kv_int(jw, "startLine", start);
		if (end >= start)
			dlt_jw_kv_int(jw, "endLine", end);
		dlt_jw_end(jw);
	}
	dlt_jw_end(jw);
	strbuf_release(&sb);
}

/* The top frame, or the log when there is none. */
static void
write_location(struct dlt_jw *jw, const struct dlt_export *ex,
    const struct dlt_export_bucket *b)
{
	const struct dlt_store_member	*m = NULL;
	struct place			 pl = { NULL, 0 };
	const char			*func;
	char				*top = NULL;

	if (b->nmembers > 0)
		m = &ex->failures[b->members[0]];
	dlt_jw_object(jw);
	if (ynode_json_strings(b->frames, &top, 1) == 1 && *top != '\0') {
		place_in_frame(top, &pl);
		if (pl.path == NULL && m != NULL)
			place_in_excerpt(m->excerpt, top, &pl);
		if (pl.path != NULL)
			write_physical(jw, pl.path, pl.line, 0);
		func = strrchr(top, ':');
		func = func != NULL && func[1] != '\0' && func[-1] != ':' ?
		    func + 1 : top;
		dlt_jw_key(jw, "logicalLocations");
		dlt_jw_array(jw);
		dlt_jw_object(jw);
		dlt_jw_kv_cstr(jw, "name", func);
		dlt_jw_kv_cstr(jw, "fullyQualifiedName", top);
		dlt_jw_kv_cstr(jw, "kind", "function");
		dlt_jw_end(jw);
		dlt_jw_end(jw);
	} else if (m != NULL && m->source != NULL &&
	    strncmp(m->source, "run:", 4) != 0) {
		write_physical(jw, m->path != NULL ? m->path : m->source,
		    m->line_start, m->line_end);
	} else {
		/* a run's log: named by its key */
		dlt_jw_key(jw, "logicalLocations");
		dlt_jw_array(jw);
		dlt_jw_object(jw);
		dlt_jw_kv_cstr(jw, "name", m != NULL && m->source != NULL ?
		    m->source : b->id);
		dlt_jw_kv_cstr(jw, "kind", "resource");
		dlt_jw_end(jw);
		dlt_jw_end(jw);
	}
	dlt_jw_end(jw);
	free(pl.path);
	free(top);
}

static void
write_rules(struct dlt_jw *jw, const struct dlt_export *ex, char **ids,
    size_t n)
{
	const struct dlt_rule	*r;
	struct strbuf		 desc = STRBUF_INIT;
	size_t			 i, len;

	dlt_jw_key(jw, "rules");
	dlt_jw_array(jw);
	for (i = 0; i < n; i++) {
		r = rule_find(ex->rules, ids[i]);
		strbuf_reset(&desc);
		if (r != NULL && r->c.description != NULL) {
			len = strcspn(r->c.description, "\n");
			strbuf_add(&desc, r->c.description,
			    len > SARIF_DESC_MAX ? SARIF_DESC_MAX : len);
		} else if (strncmp(ids[i], "class:", 6) == 0)
			strbuf_addf(&desc, "a failure of class %s that no "
			    "rule decided (an oracle's, or the runner's)",
			    ids[i] + 6);
		else
			strbuf_addf(&desc, "dltriage rule %s (not in the rule "
			    "set loaded)", ids[i]);
		dlt_jw_object(jw);
		dlt_jw_kv_cstr(jw, "id", ids[i]);
		dlt_jw_key(jw, "shortDescription");
		dlt_jw_object(jw);
		dlt_jw_kv_cstr(jw, "text", desc.buf);
		dlt_jw_end(jw);
		if (r != NULL) {
			dlt_jw_key(jw, "defaultConfiguration");
			dlt_jw_object(jw);
			dlt_jw_kv_cstr(jw, "level", level_of(dlt_class_name(
			    r->cls), dlt_priority_name(r->priority)));
			dlt_jw_end(jw);
			dlt_jw_key(jw, "properties");
			dlt_jw_object(jw);
			dlt_jw_kv_cstr(jw, "class", dlt_class_name(r->cls));
			dlt_jw_kv_cstr(jw, "kind", r->kind);
			if (r->c.loc.file != NULL)
				dlt_jw_kv_cstr(jw, "file", r->c.loc.file);
			dlt_jw_end(jw);
		}
		dlt_jw_end(jw);
	}
	dlt_jw_end(jw);
	strbuf_release(&desc);
}

static void
write_result(struct dlt_jw *jw, const struct dlt_export *ex,
    const struct dlt_export_bucket *b, char **ids, size_t nids)
{
	const struct dlt_store_member	*m;
	char				*id, **at;
	size_t				 i, nrel = 0;

	id = rule_id(b);
	at = bsearch(&id, ids, nids, sizeof *ids, cmp_str);
	dlt_jw_object(jw);
	dlt_jw_kv_cstr(jw, "ruleId", id);
	if (at != NULL)
		dlt_jw_kv_int(jw, "ruleIndex", at - ids);
	dlt_jw_kv_cstr(jw, "kind", is_false_positive(b->cls) ? "pass" :
	    "fail");
	dlt_jw_kv_cstr(jw, "level", level_of(b->cls, b->priority));
	dlt_jw_key(jw, "message");
	dlt_jw_object(jw);
	dlt_jw_kv_cstr(jw, "text", b->signature != NULL &&
	    *b->signature != '\0' ? b->signature : "(no signature)");
	dlt_jw_end(jw);
	dlt_jw_key(jw, "locations");
	dlt_jw_array(jw);
	write_location(jw, ex, b);
	dlt_jw_end(jw);
	/* the logs that hold it */
	for (i = 0; i < b->nmembers && nrel < SARIF_RELATED; i++) {
		m = &ex->failures[b->members[i]];
		if (m->source == NULL || strncmp(m->source, "run:", 4) == 0)
			continue;
		if (nrel++ == 0) {
			dlt_jw_key(jw, "relatedLocations");
			dlt_jw_array(jw);
		}
		dlt_jw_object(jw);
		dlt_jw_kv_int(jw, "id", (long long)nrel);
		write_physical(jw, m->path != NULL ? m->path : m->source,
		    m->line_start, m->line_end);
		dlt_jw_key(jw, "message");
		dlt_jw_object(jw);
		dlt_jw_kv_cstr(jw, "text", "the log of a failure");
		dlt_jw_end(jw);
		dlt_jw_end(jw);
	}
	if (nrel > 0)
		dlt_jw_end(jw);
	dlt_jw_key(jw, "partialFingerprints");
	dlt_jw_object(jw);
	dlt_jw_kv_cstr(jw, SARIF_FINGERPRINT, b->id);
	dlt_jw_end(jw);
	if (b->count > 0)
		dlt_jw_kv_int(jw, "occurrenceCount", b->count);
	dlt_jw_key(jw, "properties");
	dlt_jw_object(jw);
	dlt_jw_kv_cstr(jw, "bucket", b->id);
	dlt_jw_kv_cstr(jw, "class", b->cls);
	dlt_jw_kv_cstr(jw, "kind", b->kind);
	dlt_jw_kv_cstr(jw, "framework", b->framework);
	dlt_jw_kv_cstr(jw, "priority", b->priority);
	dlt_jw_kv_bool(jw, "security", b->security);
	dlt_jw_kv_cstr(jw, "firstSeen", b->first_seen);
	dlt_jw_kv_cstr(jw, "lastSeen", b->last_seen);
	dlt_jw_end(jw);
	dlt_jw_end(jw);
	free(id);
}

int
dlt_export_sarif(const struct dlt_export *ex, struct strbuf *out)
{
	struct dlt_jw	  jw;
	char		**ids;
	size_t		  i, n = 0, k;

	/* the rules of the defects exported, sorted, each once */
	ids = xcalloc(ex->nbuckets + 1, sizeof *ids);
	for (i = 0; i < ex->nbuckets; i++)
		if (ex->buckets[i].keep)
			ids[n++] = rule_id(&ex->buckets[i]);
	qsort(ids, n, sizeof *ids, cmp_str);
	for (i = k = 0; i < n; i++) {
		if (k > 0 && strcmp(ids[k - 1], ids[i]) == 0) {
			free(ids[i]);
			continue;
		}
		ids[k++] = ids[i];
	}
	n = k;

	dlt_jw_init(&jw, out, DLT_JW_SPACED);
	dlt_jw_object(&jw);
	dlt_jw_kv_cstr(&jw, "$schema", SARIF_SCHEMA);
	dlt_jw_kv_cstr(&jw, "version", "2.1.0");
	dlt_jw_key(&jw, "runs");
	dlt_jw_array(&jw);
	dlt_jw_object(&jw);
	dlt_jw_key(&jw, "tool");
	dlt_jw_object(&jw);
	dlt_jw_key(&jw, "driver");
	dlt_jw_object(&jw);
	dlt_jw_kv_cstr(&jw, "name", "dltriage");
	dlt_jw_kv_cstr(&jw, "version", PACKAGE_VERSION);
	dlt_jw_kv_cstr(&jw, "semanticVersion", PACKAGE_VERSION);
	dlt_jw_kv_cstr(&jw, "informationUri", SARIF_INFO_URI);
	write_rules(&jw, ex, ids, n);
	dlt_jw_end(&jw);
	dlt_jw_end(&jw);
	dlt_jw_key(&jw, "results");
	dlt_jw_array(&jw);
	for (i = 0; i < ex->nbuckets; i++)
		if (ex->buckets[i].keep) {
			dlt_jw_break(&jw, 4);
			write_result(&jw, ex, &ex->buckets[i], ids, n);
		}
	dlt_jw_end(&jw);
	dlt_jw_key(&jw, "properties");
	dlt_jw_object(&jw);
	dlt_jw_kv_cstr(&jw, "store", ex->store_path);
	dlt_jw_end(&jw);
	dlt_jw_end(&jw);
	dlt_jw_end(&jw);
	dlt_jw_end(&jw);
	if (!dlt_jw_complete(&jw))
		dlt_bug("the SARIF log is not complete");
	strbuf_addch(out, '\n');
	for (i = 0; i < n; i++)
		free(ids[i]);
	free(ids);
	return (0);
}
