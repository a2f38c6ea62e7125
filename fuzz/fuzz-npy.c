/*
 * fuzz-npy.c: libFuzzer target for the .npy reader (src/npy.c).
 *
 * Each input is parsed as a .npy file.  It must give either an array
 * whose figures agree with each other (rank within bounds, the element
 * count the product of the shape, values present exactly when there are
 * elements) or exactly one problem in the "FILE: message" form; never a
 * crash, a leak or a sanitizer report.  The bytes after the first 10 are
 * also tried behind a valid version 1.0 magic, so that mutations reach
 * the header parser and the data checks quickly.
 *
 * Build: ./configure --enable-fuzzing CC=clang; run: see fuzz/README.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "error.h"
#include "npy.h"

int	LLVMFuzzerInitialize(int *, char ***);
int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void	parse_one(const uint8_t *, size_t);

static void
parse_one(const uint8_t *data, size_t size)
{
	struct dlt_diags	 ds = DLT_DIAGS_INIT;
	struct dlt_npy		 a;
	char			*msg;
	size_t			 n = 1;
	double			 sum = 0;
	int			 i;

	if (dlt_npy_parse(&a, "fuzz.npy", data, size, &ds) == 0) {
		if (ds.n != 0 || a.rank < 0 || a.rank > DLT_NPY_MAXRANK)
			abort();
		for (i = 0; i < a.rank; i++)
			n = a.shape[i] == 0 ? 0 : n * (size_t)a.shape[i];
		if (n != a.count || (a.count > 0) != (a.values != NULL) ||
		    a.count * a.itemsize > size)
			abort();
		for (n = 0; n < a.count; n++)
			sum += a.values[n];	/* every value is readable */
		(void)sum;
		dlt_npy_release(&a);
	} else {
		if (ds.n != 1 || ds.v[0].line != 0 || a.values != NULL)
			abort();
		msg = dlt_diag_format(&ds.v[0]);
		if (strncmp(msg, "fuzz.npy: ", 10) != 0)
			abort();
		free(msg);
	}
	dlt_diags_release(&ds);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	dlt_set_quiet(1);
	return (0);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t	*buf;

	parse_one(data, size);
	if (size >= 10 && (buf = malloc(size)) != NULL) {
		memcpy(buf, data, size);
		memcpy(buf, "\x93NUMPY\x01\x00", 8);
		parse_one(buf, size);
		free(buf);
	}
	return (0);
}
