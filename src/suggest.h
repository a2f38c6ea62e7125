/*
 * suggest.h: "did you mean" for names the user got wrong (commands,
 * rule keys and values, model ops and attributes).
 */
#ifndef DLT_SUGGEST_H
#define DLT_SUGGEST_H

#include <stddef.h>

/* Levenshtein distance; (size_t)-1 when either string is over 64 bytes. */
size_t		 dlt_edit_distance(const char *, const char *);
/*
 * The candidate nearest to word when it is near enough (1 edit for words
 * under 4 bytes, 2 under 8, else 3); NULL otherwise.  NULL candidates
 * are skipped.
 */
const char	*dlt_suggest(const char *word, const char *const *cands, size_t n);

#endif
