/*
 * walk.h: walking files and directories recursively.  Symbolic links
 * to files are followed; links to directories are followed once each
 * (by device and inode) so loops end.  Entries are visited in sorted
 * order so runs are reproducible.
 */
#ifndef DLT_WALK_H
#define DLT_WALK_H

/*
 * Call fn(path, arg) for every regular file under path (or path itself).
 * Problems (unreadable directory, loop) are reported with dlt_warn and
 * counted in *nerrors; the walk goes on.  fn returns 0 to continue,
 * non-zero to stop the walk (returned).
 */
typedef int (*dlt_walk_fn)(const char *path, void *arg);
int	dlt_walk(const char *path, dlt_walk_fn fn, void *arg, unsigned long *nerrors);

/*
 * The same, and dir(path, arg) (may be NULL) is called for every
 * directory before its entries, path itself included: it returns 0 to
 * walk the entries, DLT_WALK_PRUNE to leave them out, any other value
 * to stop the walk (returned).
 */
#define DLT_WALK_PRUNE	(-1)
int	dlt_walk_dirs(const char *path, dlt_walk_fn fn, dlt_walk_fn dir,
	    void *arg, unsigned long *nerrors);

#endif
