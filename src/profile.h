/*
 * profile.h: framework constraint profiles (rules/frameworks/NAME.yaml):
 * per op, the attribute ranges, shape relations and dtypes that one
 * framework accepts, per framework release where they differ, written
 * with a vocabulary of named checks implemented here (see the table in
 * profile.c and dltriage-mutate(1)).
 *
 * A profile is loaded with file:line:col diagnostics like rule files.  A
 * target is a profile and, optionally, one release of it; without a
 * release the checks of every release the profile was tested on apply.
 * dlt_profile_check_model() checks an inferred model against targets and
 * collects violations that name the framework, the release, the node,
 * the check and the problem.
 *
 * Ownership: a struct dlt_profile owns everything reachable from it;
 * dlt_profile_free() frees it.  A struct dlt_target borrows its profile,
 * which must outlive it.
 */
#ifndef DLT_PROFILE_H
#define DLT_PROFILE_H

#include <stddef.h>

struct dlt_diags;
#include <stdio.h>

struct dlt_model;
struct dlt_profile;

/* The checks of the vocabulary. */
enum dlt_check_kind {
	DLT_CHK_RANK,
	DLT_CHK_DTYPES,
	DLT_CHK_INPUT_DTYPES,
	DLT_CHK_SAME_INPUT_DTYPES,
	DLT_CHK_MIN,
	DLT_CHK_MAX,
	DLT_CHK_ONE_OF,
	DLT_CHK_KERNEL_FITS_PADDED_INPUT,
	DLT_CHK_POOL_FITS_INPUT,
	DLT_CHK_GROUPS_DIVIDE_CHANNELS,
	DLT_CHK_SAME_PADDING_REQUIRES_STRIDE_1,
	DLT_CHK_NO_DILATION_WITH_STRIDES,
	DLT_CHK_PAD_AT_MOST_HALF_KERNEL,
	DLT_CHK_EXPLICIT_PADDING_SYMMETRIC,
	DLT_CHK_BROADCASTABLE,
	DLT_CHK_SAME_SHAPES,
	DLT_CHK_DIVIDES,
	DLT_CHK_NONEMPTY_OUTPUT,
	DLT_CHK_UNSUPPORTED,
	DLT_CHK_COUNT
};

struct dlt_check_info {
	const char	*name;
	const char	*fields;	/* the keys it needs, for the man page */
	const char	*help;
};
const struct dlt_check_info	*dlt_check_at(size_t);	/* NULL past the end */

/* One framework, optionally one release of it. */
struct dlt_target {
	const struct dlt_profile	*profile;	/* borrowed */
	char				*release;	/* NULL: every tested release */
};

struct dlt_violation {
	char	*framework;
	char	*release;
	char	*node;		/* NULL for the model as a whole */
	int	 check;		/* enum dlt_check_kind, or -1: op unknown to the profile */
	char	*message;	/* "pytorch 1.13.1: node 'c1': ..." */
};

struct dlt_violations {
	struct dlt_violation	*v;
	size_t			 n, alloc;
};

void	dlt_violations_release(struct dlt_violations *);

/*
 * Load a profile file; problems are added to *probs (see diag.h).  0 and
 * *out set, or -1.
 */
int		 dlt_profile_load(const char *path, struct dlt_profile **out,
		     struct dlt_diags *probs);
void		 dlt_profile_free(struct dlt_profile *);
const char	*dlt_profile_framework(const struct dlt_profile *);
size_t		 dlt_profile_nreleases(const struct dlt_profile *);
const char	*dlt_profile_release(const struct dlt_profile *, size_t);

/*
 * Find NAME.yaml in the directories dirs[0..ndirs) (first wins) and then
 * in $datadir/rules/frameworks; NULL (and the known names printed) when
 * there is no such profile.  The caller frees the path.
 */
char	*dlt_profile_path(const char *name, const char *const *dirs, size_t ndirs);
/* The names of the profiles in the same directories, for messages. */
char	*dlt_profile_names(const char *const *dirs, size_t ndirs);

/*
 * Parse "NAME" or "NAME@RELEASE" and load the profile into *profile and
 * the target into *t.  0 or -1 (message printed).
 */
int	dlt_target_load(const char *spec, const char *const *dirs, size_t ndirs,
	    struct dlt_profile **profile, struct dlt_target *t);
void	dlt_target_release(struct dlt_target *);
/*
 * A target spec with its framework name made canonical: every alias of
 * vocab.h stands for its framework ("torch@2.1" gives "pytorch@2.1",
 * "TF" gives "tensorflow"); another name is kept as it is, for a
 * profile of that name in a --profiles directory.  The caller frees it.
 * dlt_target_load() does this itself.
 */
char	*dlt_target_canonical(const char *spec);

/*
 * Check an inferred model (dlt_model_infer succeeded) against targets.
 * Returns the number of violations added to *out.
 */
size_t	dlt_profile_check_model(const struct dlt_target *, size_t ntargets,
	    const struct dlt_model *, struct dlt_violations *out);

/*
 * Release comparison: "1.13.1" against a range ">=1.13,<2.0", "*", "2.0"
 * (==).  1 when it matches, 0 when not, -1 when the range is malformed.
 */
int	dlt_release_match(const char *release, const char *range);

#endif
