/* datadir.c: where the shipped rules/ and corpus/ are; see datadir.h. */
#include <sys/stat.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "datadir.h"

static int	is_dir(const char *);

static int
is_dir(const char *path)
{
	struct stat	st;

	return (stat(path, &st) == 0 && S_ISDIR(st.st_mode));
}

/*
 * Where rules/ lives: $DLTRIAGE_DATADIR; else, when the binary runs from
 * the build tree it was built in, that build's source tree; else, when
 * it sits in a src/ directory next to ../rules, that tree; else the
 * installed $(pkgdatadir).
 */
const char *
dlt_datadir(void)
{
	static char	 buf[PATH_MAX];
	const char	*env;
	char		 exe[PATH_MAX], *slash;
	ssize_t		 n;

	if (buf[0] != '\0')
		return (buf);
	env = getenv("DLTRIAGE_DATADIR");
	if (env != NULL && *env != '\0') {
		snprintf(buf, sizeof buf, "%s", env);
		return (buf);
	}
	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		exe[n] = '\0';
		if ((slash = strrchr(exe, '/')) != NULL) {
			*slash = '\0';
#if defined(DLT_BUILD_SRC) && defined(DLT_SOURCE_TREE)
			/* run from its build directory: use the source tree's rules */
			if (strcmp(exe, DLT_BUILD_SRC) == 0 &&
			    snprintf(buf, sizeof buf, "%s/rules", DLT_SOURCE_TREE) <
			    (int)sizeof buf && is_dir(buf)) {
				snprintf(buf, sizeof buf, "%s", DLT_SOURCE_TREE);
				return (buf);
			}
#endif
			if ((slash = strrchr(exe, '/')) != NULL &&
			    strcmp(slash, "/src") == 0) {
				*slash = '\0';
				if (snprintf(buf, sizeof buf, "%s/rules", exe) <
				    (int)sizeof buf && is_dir(buf)) {
					snprintf(buf, sizeof buf, "%s", exe);
					return (buf);
				}
			}
		}
	}
	snprintf(buf, sizeof buf, "%s", PKGDATADIR);
	return (buf);
}

