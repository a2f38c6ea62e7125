/*
 * fuzz-yaml.c: libFuzzer target for the YAML side of the rule loader.
 *
 * Each input is parsed with ynode_load_buffer(); a tree that comes back
 * is walked (every node's position, scalar and children checked for
 * consistency), and the same bytes are then loaded as a rule file with
 * dlt_ruleset_load() through a memfd, which runs the schema checks and
 * compiles the regexes, and as the other YAML files dltriage reads: a
 * framework profile, a campaign file and an oracle settings file (whose
 * samples are then run).  Whatever the input, the result must be a tree
 * or a "line:col: message" error, and for each loader a result or a list
 * of problems; never a crash, a leak or a sanitizer report.
 *
 * Build: ./configure --enable-fuzzing CC=clang; run: see fuzz/README.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "diag.h"
#include "error.h"
#include "oracle.h"
#include "profile.h"
#include "rules.h"
#include "runner-campaign.h"
#include "yaml-node.h"

int	LLVMFuzzerInitialize(int *, char ***);
int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void	check_tree(const struct ynode *, int);
static void	check_errmsg(const char *);
static void	load_as_rules(const uint8_t *, size_t);

static void
check_tree(const struct ynode *n, int depth)
{
	size_t	i;

	if (n == NULL)
		return;
	if (depth > 1000 || n->line < 1 || n->col < 1)
		abort();
	switch (n->type) {
	case YNODE_SCALAR:
		if (n->scalar == NULL || n->scalar[n->scalar_len] != '\0' ||
		    n->n != 0)
			abort();
		break;
	case YNODE_SEQUENCE:
		for (i = 0; i < n->n; i++)
			check_tree(n->items[i], depth + 1);
		break;
	case YNODE_MAPPING:
		for (i = 0; i < n->n; i++) {
			if (n->keys[i] == NULL || n->keys[i]->type != YNODE_SCALAR)
				abort();
			check_tree(n->keys[i], depth + 1);
			check_tree(n->items[i], depth + 1);
			/* lookup by key must find a value for the first key */
			(void)ynode_get(n, n->keys[i]->scalar);
		}
		break;
	default:
		abort();
	}
	(void)ynode_type_name(n->type);
}

/* An error message starts with "line:col: ". */
static void
check_errmsg(const char *msg)
{
	const char	*p = msg;

	if (msg == NULL || !isdigit((unsigned char)*p))
		abort();
	while (isdigit((unsigned char)*p))
		p++;
	if (*p++ != ':' || !isdigit((unsigned char)*p))
		abort();
	while (isdigit((unsigned char)*p))
		p++;
	if (*p != ':')
		abort();
}

static void
load_as_rules(const uint8_t *data, size_t size)
{
	struct dlt_ruleset	 rs;
	struct dlt_diags probs;
	struct dlt_profile	*prof;
	struct dlt_run_config	 run;
	struct dlt_oracle_cfg	 oc;
	char			 path[64];
	const char		*paths[1];
	int			 fd;

	if ((fd = memfd_create("fuzz.yaml", 0)) == -1)
		return;
	if (size > 0 && write(fd, data, size) != (ssize_t)size) {
		close(fd);
		return;
	}
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	paths[0] = path;
	memset(&rs, 0, sizeof rs);
	memset(&probs, 0, sizeof probs);
	if (dlt_ruleset_load(&rs, paths, 1, &probs) == 0)
		dlt_ruleset_release(&rs);
	else if (probs.n == 0)
		abort();	/* failure must say why */
	dlt_diags_release(&probs);

	/* a framework profile */
	prof = NULL;
	if (dlt_profile_load(path, &prof, &probs) == 0)
		dlt_profile_free(prof);
	else if (probs.n == 0)
		abort();
	dlt_diags_release(&probs);

	/* a campaign file */
	dlt_run_config_init(&run);
	if (dlt_run_config_load(&run, path, &probs) != 0 && probs.n == 0)
		abort();
	dlt_run_config_release(&run);
	dlt_diags_release(&probs);

	/* oracle settings, and their samples run */
	dlt_oracle_cfg_init(&oc);
	if (dlt_oracle_cfg_load_buffer(&oc, "fuzz.yaml", (const char *)data,
	    size, &probs) == 0)
		(void)dlt_oracle_cfg_check_samples(&oc, &probs);
	else if (probs.n == 0)
		abort();
	dlt_oracle_cfg_release(&oc);
	dlt_diags_release(&probs);
	close(fd);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	dlt_set_quiet(1);
	return (0);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ynode	*root = NULL;
	char		*err = NULL;

	if (ynode_load_buffer((const char *)data, size, &root, &err) == 0) {
		if (err != NULL)
			abort();
		check_tree(root, 0);
		ynode_free(root);
		load_as_rules(data, size);
	} else {
		if (root != NULL)
			abort();
		check_errmsg(err);
		free(err);
	}
	return (0);
}
