/*
 * yaml-node.h: the libyaml wrapper.  Only yaml-node.c includes yaml.h.
 * A YAML document is loaded into a small tree of nodes that remember
 * where they came from (1-based line and column), so every later check
 * can report file:line:col.  Anchors/aliases are rejected (rule files
 * have no use for them and they allow "billion laughs" documents).
 */
#ifndef DLT_YAML_NODE_H
#define DLT_YAML_NODE_H

#include <stddef.h>
#include <stdint.h>

enum ynode_type {
	YNODE_SCALAR,
	YNODE_SEQUENCE,
	YNODE_MAPPING
};

struct ynode {
	enum ynode_type	  type;
	int		  line, col;	/* 1-based */
	char		 *scalar;	/* YNODE_SCALAR: the value, NUL-terminated */
	size_t		  scalar_len;	/* may contain NUL bytes */
	int		  quoted;	/* scalar was quoted (so "true" is a string) */
	/* YNODE_SEQUENCE: items; YNODE_MAPPING: keys[i] -> items[i] */
	struct ynode	**items;
	struct ynode	**keys;
	size_t		  n;
	struct yarena	 *arena;	/* the root's: where the whole tree lives */
};

/*
 * Parse a file.  On success returns the root node (NULL for an empty
 * document) and 0; on a syntax error returns -1 and sets *errmsg (caller
 * frees) to "line:col: message".
 */
int		 ynode_load_file(const char *path, struct ynode **root, char **errmsg);
int		 ynode_load_buffer(const char *buf, size_t len, struct ynode **root,
		     char **errmsg);
/*
 * The same for JSON (which libyaml reads as YAML), with the surrogate
 * pairs JSON writers put for characters beyond the BMP ("\ud83d\ude00",
 * which libyaml refuses) turned into one character first.
 */
int		 ynode_load_json_file(const char *path, struct ynode **root,
		     char **errmsg);
int		 ynode_load_json_buffer(const char *buf, size_t len,
		     struct ynode **root, char **errmsg);
/* Frees a whole document; only a root returned by a load may be given. */
void		 ynode_free(struct ynode *);
/*
 * The strings of a JSON array (a store's frames, say), at most max, each
 * a copy the caller frees; how many.  Anything else (not JSON, not an
 * array, NULL) gives none, and elements that are not strings are
 * skipped.
 */
size_t		 ynode_json_strings(const char *json, char **out, size_t max);
/* Mapping lookup by key, or NULL. */
struct ynode	*ynode_get(const struct ynode *map, const char *key);
const char	*ynode_type_name(enum ynode_type);

/*
 * Plain scalars, as every loader reads them.  A quoted scalar is always
 * a string ("true" and "12" in quotes are not a bool and a number).
 * Each returns 1 and sets *v when n (which may be NULL) is a plain
 * scalar of that type, else 0.
 */
/* NULL, an empty plain scalar, ~, null, Null or NULL. */
int		 ynode_is_null(const struct ynode *);
/* true/True/TRUE, false/False/FALSE. */
int		 ynode_plain_bool(const struct ynode *, int *v);
/* [+-]digits; out of range saturates to LLONG_MIN or LLONG_MAX. */
int		 ynode_plain_int(const struct ynode *, long long *v);
/* digits only, up to 2^64-1 (0 when out of range). */
int		 ynode_plain_uint64(const struct ynode *, uint64_t *v);
/* a finite decimal number (no hex, no inf or nan). */
int		 ynode_plain_number(const struct ynode *, double *v);
/*
 * What a node is, for messages: "a sequence", "a mapping", "null" (also
 * for NULL) or the quoted value "'...'" (escaped and cut, see
 * dlt_msg_quote).  The caller frees.
 */
char		*ynode_describe(const struct ynode *);
const char	*ynode_libyaml_version(void);

#endif
