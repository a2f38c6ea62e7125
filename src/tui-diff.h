/*
 * tui-diff.h: what the TUI's mutant screen shows: a model's IR (JSON in
 * the store) as indented lines, one value or flat list per line, and a
 * line diff of the mutant against its seed.
 */
#ifndef DLT_TUI_DIFF_H
#define DLT_TUI_DIFF_H

#include <stddef.h>

/* Lines of text; each owned. */
struct tui_lines {
	char	**v;
	size_t	  n, alloc;
};
#define TUI_LINES_INIT	{ NULL, 0, 0 }

void	tui_lines_add(struct tui_lines *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
void	tui_lines_release(struct tui_lines *);

/*
 * JSON text as indented "key: value" lines; 0, or -1 (nothing added)
 * when it does not parse.
 */
int	tui_json_lines(const char *json, struct tui_lines *out);

/*
 * The diff of a against b, appended to out as lines that start with
 * ' ' (the same), '-' (only in a), '+' (only in b) or '@' (a hunk
 * header "@@ -A +B @@"), with context lines of the same around each
 * change.  Past TUI_DIFF_MAX_CELLS of comparison the middle part that
 * differs is shown as removed, then added.  Returns the changed lines.
 */
#define TUI_DIFF_MAX_CELLS	((size_t)4 << 20)
size_t	tui_diff(const struct tui_lines *a, const struct tui_lines *b,
	    size_t context, struct tui_lines *out);

#endif
