/* hash.c: FNV-1a 64; see hash.h. */
#include <stdio.h>
#include <string.h>

#include "hash.h"

uint64_t
dlt_hash(uint64_t h, const void *data, size_t len)
{
	const unsigned char	*p = data;
	size_t			 i;

	for (i = 0; i < len; i++) {
		h ^= p[i];
		h *= UINT64_C(0x100000001b3);
	}
	return (h);
}

uint64_t
dlt_hash_str(uint64_t h, const char *s)
{
	static const unsigned char sep = 0x1f;

	if (s != NULL)
		h = dlt_hash(h, s, strlen(s));
	return (dlt_hash(h, &sep, 1));
}

void
dlt_hash_hex(uint64_t h, char out[17])
{
	snprintf(out, 17, "%016llx", (unsigned long long)h);
}
