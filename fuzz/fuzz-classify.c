/*
 * fuzz-classify.c: libFuzzer target for the classifier.
 *
 * The shipped rule set is loaded once (from $DLTRIAGE_DATADIR/rules, else
 * the source tree's rules/ named at build time by DLT_FUZZ_DATADIR).
 * Each input is then classified twice, as a buffer with
 * dlt_classify_buffer() and as a stream from a memfd with
 * dlt_classify_fd(), and every failure found is completed (as the sink
 * does, dlt_failure_finish), checked and written in all three output
 * formats.  The checks are the promises of classify.h, failure.h,
 * sink.h, bucket.h and output.h: a class in range, a bucket id that
 * reads back from its 16 hex digits, line ranges and evidence inside the
 * log, and JSON output that is valid UTF-8 without raw control
 * characters, whatever bytes the log holds.
 *
 * Build: ./configure --enable-fuzzing CC=clang; run: see fuzz/README.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bucket.h"
#include "classify.h"
#include "decompress.h"
#include "diag.h"
#include "error.h"
#include "failure.h"
#include "output.h"
#include "rules.h"
#include "sink.h"
#include "vocab.h"

#ifndef DLT_FUZZ_DATADIR
#define DLT_FUZZ_DATADIR "."
#endif

int	LLVMFuzzerInitialize(int *, char ***);
int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static int	on_failure(struct dlt_failure *, void *);
static void	check_utf8_json(const char *, size_t);

static struct dlt_ruleset	 rules;
static struct dlt_classifier	*classifier;
static long			 nlines;	/* lines in the current input */

static void	count_decompressed(const uint8_t *, size_t, int);

/* Valid UTF-8 (no overlongs, no surrogates), no bytes below 0x20 but '\n'. */
static void
check_utf8_json(const char *s, size_t n)
{
	const unsigned char	*p = (const unsigned char *)s, *end = p + n;
	unsigned		 c, need, min;

	while (p < end) {
		c = *p++;
		if (c < 0x80) {
			if (c < 0x20 && c != '\n')
				abort();
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf) {
			need = 1;
			min = 0x80;
			c &= 0x1f;
		} else if (c >= 0xe0 && c <= 0xef) {
			need = 2;
			min = 0x800;
			c &= 0x0f;
		} else if (c >= 0xf0 && c <= 0xf4) {
			need = 3;
			min = 0x10000;
			c &= 0x07;
		} else
			abort();
		if ((size_t)(end - p) < need)
			abort();
		while (need-- > 0) {
			if ((*p & 0xc0) != 0x80)
				abort();
			c = (c << 6) | (*p++ & 0x3f);
		}
		if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
			abort();
	}
}

static int
on_failure(struct dlt_failure *f, void *arg)
{
	struct dlt_output	 out;
	char			*buf = NULL, hex[DLT_BUCKET_HEXLEN + 1];
	uint64_t		 id;
	size_t			 len = 0, i;
	FILE			*fp;
	int			 fmt;

	(void)arg;
	dlt_failure_finish(&rules, f);
	if (f->cls < 0 || f->cls >= DLT_CLASS_COUNT || f->cls == DLT_CLASS_IGNORE)
		abort();
	if (f->kind == NULL || f->framework == NULL || f->signature == NULL ||
	    f->source == NULL)
		abort();
	dlt_bucket_hex(f->bucket, hex);
	if (strlen(hex) != DLT_BUCKET_HEXLEN ||
	    strspn(hex, "0123456789abcdef") != DLT_BUCKET_HEXLEN ||
	    dlt_bucket_parse(hex, &id) != 0 || id != f->bucket)
		abort();
	if (f->line_start < 1 || f->line_end < f->line_start ||
	    f->line_end > nlines + 1)
		abort();
	if (f->nframes > DLT_MAX_FRAMES)
		abort();
	for (i = 0; i < f->nframes; i++)
		if (f->frames[i] == NULL)
			abort();
	for (i = 0; i < f->nevidence; i++)
		if (f->evidence[i] < f->line_start || f->evidence[i] > f->line_end)
			abort();
	if (f->confidence < 0 || f->confidence > 1)
		abort();
	/* the model abstains with "unknown" */
	if (f->priority != DLT_PRIO_UNKNOWN &&
	    (f->priority < DLT_PRIO_LOW || f->priority > DLT_PRIO_HIGH))
		abort();

	for (fmt = DLT_FORMAT_TABLE; fmt <= DLT_FORMAT_CSV; fmt++) {
		if ((fp = open_memstream(&buf, &len)) == NULL)
			return (0);
		dlt_output_begin(&out, fp, fmt);
		dlt_output_failure(&out, f);
		dlt_output_end(&out);
		fclose(fp);
		if (fmt == DLT_FORMAT_JSON) {
			if (len == 0 || buf[0] != '{' || buf[len - 1] != '\n')
				abort();
			check_utf8_json(buf, len);
		}
		free(buf);
		buf = NULL;
	}
	return (0);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct dlt_diags	 probs;
	struct dlt_classify_opts	 opts;
	const char			*dir, *paths[1];
	char				 path[4096];

	(void)argc;
	(void)argv;
	dlt_set_quiet(1);
	if ((dir = getenv("DLTRIAGE_DATADIR")) == NULL || *dir == '\0')
		dir = DLT_FUZZ_DATADIR;
	snprintf(path, sizeof path, "%s/rules", dir);
	paths[0] = path;
	memset(&probs, 0, sizeof probs);
	if (dlt_ruleset_load(&rules, paths, 1, &probs) != 0) {
		dlt_diags_print(&probs, stderr);
		fprintf(stderr, "fuzz-classify: cannot load the rules in %s\n", path);
		exit(1);
	}
	dlt_diags_release(&probs);
	memset(&opts, 0, sizeof opts);
	classifier = dlt_classifier_new(&rules, &opts);
	return (0);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t	i;
	int	fd;

	nlines = 1;
	for (i = 0; i < size; i++)
		if (data[i] == '\n')
			nlines++;
	(void)dlt_classify_buffer(classifier, "fuzz.log", (const char *)data, size,
	    on_failure, NULL);

	if ((fd = memfd_create("fuzz.log", 0)) == -1)
		return (0);
	if (size == 0 || write(fd, data, size) == (ssize_t)size) {
		/* a compressed input is read decompressed: count its lines */
		if (size > 0 && lseek(fd, 0, SEEK_SET) == 0)
			count_decompressed(data, size, fd);
		if (lseek(fd, 0, SEEK_SET) == 0)
			(void)dlt_classify_fd(classifier, "fuzz.log", fd, on_failure,
			    NULL, NULL);
	}
	close(fd);
	return (0);
}

/*
 * When the input is gzip, xz or zstd, the stream reader classifies what
 * it decompresses to: nlines becomes that text's line count (the lines
 * of the text read before an error, for a corrupt or cut stream).
 */
static void
count_decompressed(const uint8_t *data, size_t size, int fd)
{
	struct dlt_dz		*dz;
	enum dlt_dz_format	 fmt;
	char			 buf[65536];
	ssize_t			 n, i;

	if ((fmt = dlt_dz_sniff(data, size)) == DLT_DZ_NONE)
		return;
	if ((dz = dlt_dz_new(fmt, fd, NULL, 0)) == NULL)
		return;
	nlines = 1;
	while ((n = dlt_dz_read(dz, buf, sizeof buf)) > 0)
		for (i = 0; i < n; i++)
			if (buf[i] == '\n')
				nlines++;
	dlt_dz_free(dz);
}
