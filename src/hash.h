/*
 * hash.h: a stable 64-bit hash (FNV-1a) for bucket ids.  The value
 * depends only on the bytes, never on the machine, so the same defect
 * gets the same bucket everywhere.
 */
#ifndef DLT_HASH_H
#define DLT_HASH_H

#include <stddef.h>
#include <stdint.h>

#define DLT_HASH_INIT UINT64_C(0xcbf29ce484222325)

uint64_t	dlt_hash(uint64_t, const void *, size_t);
uint64_t	dlt_hash_str(uint64_t, const char *);	/* includes a separator */
/* Writes 16 lower-case hex digits and a NUL into out[17]. */
void		dlt_hash_hex(uint64_t, char out[17]);

/*
 * One step of a log's content hash (logread.c): eight bytes as a
 * little-endian word.  Here so that the scanner can take the steps
 * while it reads the same bytes (dlt_scanner_next_hashing).
 */
static inline uint64_t
dlt_hash_word(uint64_t h, uint64_t w)
{
	h = (h ^ w) * UINT64_C(0x9e3779b97f4a7c15);
	return (h ^ (h >> 29));
}

#endif
