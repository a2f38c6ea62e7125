/*
 * fuzz-termsafe.c: libFuzzer target for the terminal sanitiser
 * (src/termsafe.c).
 *
 * The first two bytes of an input choose SKIP (0-1023 columns) and the
 * third MAXCOLS (0-254, or 255 for no limit); the rest is the untrusted
 * line.  The checks are those of tests/unit/termsafe-check.c, the
 * promises of termsafe.h: the output is valid UTF-8 with no byte below
 * 0x20, no DEL, no C1 code point and so no ESC; its width recomputed is
 * the columns returned, at most MAXCOLS and at most the full width less
 * SKIP; sanitising the whole line again changes nothing; and
 * dlt_termsafe_column is non-decreasing and ends at the full width.
 *
 * Build: ./configure --enable-fuzzing CC=clang; run: see fuzz/README.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "termsafe-check.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char	*why;
	size_t		 skip, maxcols;

	if (size < 3)
		return (0);
	skip = ((size_t)data[0] << 8 | data[1]) & 0x3ff;
	maxcols = data[2] == 0xff ? SIZE_MAX : data[2];
	why = termsafe_check((const char *)data + 3, size - 3, skip, maxcols);
	if (why != NULL) {
		fprintf(stderr, "fuzz-termsafe: %s (skip %zu, maxcols %zu)\n",
		    why, skip, maxcols);
		abort();
	}
	return (0);
}
