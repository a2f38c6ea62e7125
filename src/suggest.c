/* suggest.c: edit distance for "did you mean" hints; see suggest.h. */
#include <string.h>

#include "suggest.h"

size_t
dlt_edit_distance(const char *a, const char *b)
{
	size_t	la = strlen(a), lb = strlen(b), i, j, d;
	size_t	row0[65], row1[65], *prev = row0, *cur = row1, *tmp;

	if (la > 64 || lb > 64)
		return ((size_t)-1);
	for (j = 0; j <= lb; j++)
		prev[j] = j;
	for (i = 1; i <= la; i++) {
		cur[0] = i;
		for (j = 1; j <= lb; j++) {
			d = prev[j - 1] + (a[i - 1] != b[j - 1]);
			if (prev[j] + 1 < d)
				d = prev[j] + 1;
			if (cur[j - 1] + 1 < d)
				d = cur[j - 1] + 1;
			cur[j] = d;
		}
		tmp = prev;
		prev = cur;
		cur = tmp;
	}
	return (prev[lb]);
}

const char *
dlt_suggest(const char *word, const char *const *cands, size_t n)
{
	const char	*best = NULL;
	size_t		 i, d, bestd = (size_t)-1, limit, len;

	len = strlen(word);
	limit = len < 4 ? 1 : len < 8 ? 2 : 3;
	for (i = 0; i < n; i++) {
		if (cands[i] == NULL)
			continue;
		d = dlt_edit_distance(word, cands[i]);
		if (d < bestd) {
			bestd = d;
			best = cands[i];
		}
	}
	return (bestd <= limit ? best : NULL);
}
