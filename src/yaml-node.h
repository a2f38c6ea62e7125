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
};

/*
 * Parse a file.  On success returns the root node (NULL for an empty
 * document) and 0; on a syntax error returns -1 and sets *errmsg (caller
 * frees) to "line:col: message".
 */
int		 ynode_load_file(const char *path, struct ynode **root, char **errmsg);
int		 ynode_load_buffer(const char *buf, size_t len, struct ynode **root,
		     char **errmsg);
void		 ynode_free(struct ynode *);
/* Mapping lookup by key, or NULL. */
struct ynode	*ynode_get(const struct ynode *map, const char *key);
const char	*ynode_type_name(enum ynode_type);
const char	*ynode_libyaml_version(void);

#endif
