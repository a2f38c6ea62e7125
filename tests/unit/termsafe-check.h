/*
 * termsafe-check.h: the promises of termsafe.h checked on one input, for
 * the unit test's pseudo-random inputs (tests/unit/unit-termsafe.c) and
 * the fuzz target (fuzz/fuzz-termsafe.c).
 */
#ifndef DLT_TERMSAFE_CHECK_H
#define DLT_TERMSAFE_CHECK_H

#include <stddef.h>

/*
 * Sanitise IN[0..LEN) with SKIP and MAXCOLS and check the result: valid
 * UTF-8 without bytes below 0x20, 0x7f or C1 code points; its width
 * recomputed equals the columns returned, which are at most MAXCOLS and
 * at most the full width less SKIP; sanitising the whole line twice
 * changes nothing; dlt_termsafe_column is non-decreasing and ends at the
 * full width.  Returns NULL, or what was broken (a static string).
 */
const char	*termsafe_check(const char *in, size_t len, size_t skip,
		    size_t maxcols);

#endif
