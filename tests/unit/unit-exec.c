/*
 * unit-exec.c: tests of the runner's execution pool (runner-exec)
 * against the stub harness (tests/harness-stub.py), linked against
 * libdlt.a.  Prints TAP.
 *
 *   unit-exec STUB PYTHON
 *
 * Every behaviour of the stub runs in every isolation mode with one slot
 * and with three; then the pool's own duties: workers replaced after a
 * crash, a timeout and worker_max executions, fork mode refused for a
 * target that is not fork-safe, unavailable targets, hello timeouts, a
 * backtrace, and no process left behind (each test ends with no child of
 * the test process and no process of the stub anywhere: they all carry
 * DLT_STUB_TAG in their environment).
 */
#include <sys/stat.h>
#include <sys/wait.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "runner-campaign.h"
#include "runner-exec.h"
#include "runner-proc.h"
#include "strbuf.h"
#include "xmalloc.h"
#include "tap.h"

/*
 * Generous enough that a loaded machine starts Python and fails an
 * allocation well within it: only the behaviours that never end reach it.
 */
#define TIMEOUT_MS	3000
#define GRACE_MS	300
/* A silent harness is given this long; one that exits must do so first. */
#define HELLO_MS	3000
#define CAP		(1 << 20)
#define MEMORY		(512ULL << 20)

struct want {
	const char	*stub;		/* the behaviour */
	int		 status;	/* enum dlt_exec_status */
	int		 code;		/* exit code in spawn and fork; -2: any */
	int		 sig;		/* signal; -1: any */
};

static const struct want behaviours[] = {
	{ "ok",			DLT_EXEC_OK,		0,	0 },
	{ "reject",		DLT_EXEC_REJECTED,	1,	0 },
	{ "illegal",		DLT_EXEC_ILLEGAL,	2,	0 },
	{ "unsupported",	DLT_EXEC_HARNESS,	3,	0 },
	{ "harness-error",	DLT_EXEC_HARNESS,	5,	0 },
	{ "hog-harness",	DLT_EXEC_OOM,		5,	0 },
	{ "segv",		DLT_EXEC_CRASHED,	-1,	SIGSEGV },
	{ "abort",		DLT_EXEC_CRASHED,	-1,	SIGABRT },
	{ "segv-near-cap",	DLT_EXEC_OOM,		-1,	SIGSEGV },
	{ "sigkill",		DLT_EXEC_OOM,		-1,	SIGKILL },
	{ "loop",		DLT_EXEC_TIMEOUT,	-1,	SIGKILL },
	{ "ignore-term",	DLT_EXEC_TIMEOUT,	-1,	SIGKILL },
	{ "hog",		DLT_EXEC_OOM,		1,	0 },
	{ "hog-raw",		DLT_EXEC_OOM,		1,	0 },
	{ "spew",		DLT_EXEC_OK,		0,	0 },
	{ "fork-bomb",		DLT_EXEC_TIMEOUT,	-1,	SIGKILL },
	{ "exit-no-record",	DLT_EXEC_HARNESS,	7,	0 },
	{ "error-msg",		DLT_EXEC_HARNESS,	-2,	-1 },
	{ "slow:0.3",		DLT_EXEC_OK,		0,	0 },
};
#define NBEHAVIOURS	(sizeof behaviours / sizeof behaviours[0])

static const char	*python;
static char		*tmp, *stubdir, *tag;
static const char	*env[2];
static uint64_t		 next_id = 1;

static char	*new_dir(void);
static void	opts_init(struct dlt_exec_opts *, int, int, const char *);
static int	submit(struct dlt_exec_pool *, size_t, const char *, void *,
		    char **);
static int	collect(struct dlt_exec_pool *, struct dlt_exec_done *,
		    size_t, size_t);
static int	tagged(void);
static int	no_children(void);
static void	clean(const char *);
static int	count_logs(const char *);
static void	test_behaviours(int, int);
static void	test_workers(void);
static void	test_fork_refused(void);
static void	test_unavailable(int);
static void	test_hello(int);
static void	test_backtrace(void);
static void	test_fork_core(void);
static void	test_free_in_flight(int);
static void	test_garbage(int);
static void	test_slow_quit(void);
static void	test_uncapped(void);

static char *
new_dir(void)
{
	char	*d = xasprintf("%s/e%llu", tmp, (unsigned long long)next_id);

	mkdir(d, 0777);
	return (d);
}

static void
opts_init(struct dlt_exec_opts *o, int iso, int jobs, const char *logdir)
{
	memset(o, 0, sizeof *o);
	o->harness_dir = stubdir;
	o->module = "dlt_stub";
	o->isolation = iso;
	o->jobs = jobs;
	o->timeout_ms = TIMEOUT_MS;
	o->grace_ms = GRACE_MS;
	o->memory = MEMORY;
	o->output_cap = CAP;
	o->worker_max = 100;
	o->hello_timeout_ms = 20000;
	o->env = env;
	o->logdir = logdir;
	o->backtrace_s = -1;
}

/*
 * Submit one execution of behaviour stub on target t, waiting for a slot
 * when none is free (the results that come meanwhile are kept by the
 * caller's collect: here they are queued in the pool).  *dirp: its dir.
 */
static int
submit(struct dlt_exec_pool *p, size_t t, const char *stub, void *arg,
    char **dirp)
{
	struct dlt_exec_req	 req;
	char			*model;
	int			 rc;

	*dirp = new_dir();
	memset(&req, 0, sizeof req);
	/* Over several lines, as a pretty printer would write it. */
	model = xasprintf("{\n  \"model\": \"stub\",\n  \"stub\": \"%s\"\n}",
	    stub);
	req.id = next_id++;
	req.target = t;
	req.dir = *dirp;
	req.model_json = model;
	req.arg = arg;
	rc = dlt_exec_pool_submit(p, &req);
	free(model);
	return (rc);
}

/*
 * Wait for want executions, each put in out[] (of n) at the index its
 * arg says.
 */
static int
collect(struct dlt_exec_pool *p, struct dlt_exec_done *out, size_t n,
    size_t want)
{
	struct dlt_exec_done	d;
	int64_t			end = dlt_now_ms() + 60000;
	size_t			got = 0, i;
	int			r;

	while (got < want && dlt_now_ms() < end) {
		r = dlt_exec_pool_wait(p, 1000, &d);
		if (r == -1)
			return (-1);
		if (r == 0)
			continue;
		i = (size_t)(uintptr_t)d.arg;
		if (i >= n || out[i].isolation != NULL) {
			dlt_exec_done_release(&d);
			return (-1);
		}
		out[i] = d;
		got++;
	}
	return (got == want ? 0 : -1);
}

/* Processes anywhere that carry our tag: the stub and its children. */
static int
tagged(void)
{
	struct strbuf	 sb = STRBUF_INIT;
	struct dirent	*de;
	DIR		*d;
	char		*path, *want;
	int		 n = 0;

	if ((d = opendir("/proc")) == NULL)
		return (0);
	want = xasprintf("DLT_STUB_TAG=%s", tag);
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] < '0' || de->d_name[0] > '9')
			continue;
		path = xasprintf("/proc/%s/environ", de->d_name);
		if (read_file(path, &sb) == 0 &&
		    memmem(sb.buf, sb.len, want, strlen(want) + 1) != NULL)
			n++;
		free(path);
	}
	closedir(d);
	free(want);
	strbuf_release(&sb);
	return (n);
}

/* The test process has no child at all, not even a zombie. */
static int
no_children(void)
{
	siginfo_t	si;

	memset(&si, 0, sizeof si);
	return (waitid(P_ALL, 0, &si, WEXITED|WNOHANG|WNOWAIT) == -1 &&
	    errno == ECHILD);
}

/* After a pool is freed: nothing of it is left. */
static void
clean(const char *what)
{
	int	n = 0, i;

	/* A stray that SIGKILL reached may take a moment to go. */
	for (i = 0; i < 200 && (n = tagged()) > 0; i++)
		poll(NULL, 0, 10);
	ok(n == 0 && no_children(),
	    "%s: no process left behind (%d tagged, children: %s)", what, n,
	    no_children() ? "none" : "some");
}

static int
count_logs(const char *dir)
{
	struct dirent	*de;
	DIR		*d;
	size_t		 len;
	int		 n = 0;

	if ((d = opendir(dir)) == NULL)
		return (-1);
	while ((de = readdir(d)) != NULL) {
		len = strlen(de->d_name);
		if (strncmp(de->d_name, "server-", 7) == 0 && len > 4 &&
		    strcmp(de->d_name + len - 4, ".log") == 0)
			n++;
	}
	closedir(d);
	return (n);
}

static void
test_behaviours(int iso, int jobs)
{
	struct dlt_exec_target	 target = { "stub-1.0", "stub", NULL };
	struct dlt_exec_opts	 o;
	struct dlt_exec_pool	*p;
	struct dlt_exec_done	 done[NBEHAVIOURS];
	struct strbuf		 sb = STRBUF_INIT;
	const struct want	*w;
	const char		*mode = dlt_isolation_names[iso];
	char			*dirs[NBEHAVIOURS], *logdir, *path;
	int			 good, all = 1, r;
	size_t			 i;
	int64_t			 t0;

	target.python = python;
	logdir = xasprintf("%s/logs-%s-%d", tmp, mode, jobs);
	mkdir(logdir, 0777);
	opts_init(&o, iso, jobs, logdir);
	memset(done, 0, sizeof done);
	t0 = dlt_now_ms();
	if (dlt_exec_pool_new(&p, &target, 1, &o) == -1) {
		ok(0, "%s, jobs %d: pool", mode, jobs);
		return;
	}
	for (i = 0; i < NBEHAVIOURS; i++) {
		while (dlt_exec_pool_free_slots(p) == 0) {
			struct dlt_exec_done	d;

			if ((r = dlt_exec_pool_wait(p, 60000, &d)) == 1)
				done[(uintptr_t)d.arg] = d;
			else if (r == -1)
				break;
		}
		if (submit(p, 0, behaviours[i].stub, (void *)(uintptr_t)i,
		    &dirs[i]) == -1)
			all = 0;
	}
	ok(all && dlt_exec_pool_busy(p) <= jobs,
	    "%s, jobs %d: every execution submitted, at most %d at once",
	    mode, jobs, jobs);
	/* The ones that ended while waiting for a slot are in done[]. */
	{
		size_t	left = 0;

		for (i = 0; i < NBEHAVIOURS; i++)
			if (done[i].isolation == NULL)
				left++;
		while (left > 0) {
			struct dlt_exec_done	d;

			r = dlt_exec_pool_wait(p, 60000, &d);
			if (r != 1)
				break;
			done[(uintptr_t)d.arg] = d;
			left--;
		}
		ok(left == 0 && dlt_exec_pool_busy(p) == 0 &&
		    dlt_exec_pool_free_slots(p) == jobs,
		    "%s, jobs %d: every execution ended (%lld ms)", mode, jobs,
		    (long long)(dlt_now_ms() - t0));
	}
	for (i = 0; i < NBEHAVIOURS; i++) {
		w = &behaviours[i];
		good = done[i].status == (enum dlt_exec_status)w->status &&
		    done[i].target == 0 && done[i].id > 0;
		if (iso != DLT_ISO_WORKER && w->code != -2)
			good = good && done[i].exit_code == w->code;
		if (w->sig >= 0 && !(iso == DLT_ISO_WORKER && w->sig == 0))
			good = good && done[i].signal == w->sig;
		if (w->status == DLT_EXEC_TIMEOUT)
			good = good && done[i].timed_out &&
			    done[i].stage == DLT_STAGE_KILL;
		else
			good = good && !done[i].timed_out;
		if (w->status == DLT_EXEC_HARNESS ||
		    w->status == DLT_EXEC_CRASHED)
			good = good && done[i].why != NULL;
		good = good && done[i].isolation != NULL &&
		    strcmp(done[i].isolation, mode) == 0;
		if (w->status == DLT_EXEC_OK || w->status == DLT_EXEC_REJECTED)
			good = good && done[i].framework_version != NULL &&
			    strcmp(done[i].framework_version, "0.0-stub") == 0 &&
			    done[i].harness_status != NULL;
		ok(good, "%s, jobs %d: %s: %s (exit %d, signal %d, stage %d%s%s)",
		    mode, jobs, w->stub,
		    done[i].isolation != NULL ?
		    dlt_exec_status_names[done[i].status] : "no result",
		    done[i].exit_code, done[i].signal, done[i].stage,
		    done[i].why != NULL ? ": " : "",
		    done[i].why != NULL ? done[i].why : "");
	}
	/* Details: the capped stderr, the crash's core, the error message. */
	for (i = 0; i < NBEHAVIOURS; i++) {
		w = &behaviours[i];
		if (strcmp(w->stub, "spew") == 0) {
			path = xasprintf("%s/stderr", dirs[i]);
			read_file(path, &sb);
			ok(sb.len > CAP && strstr(sb.buf + CAP,
			    "[dltriage: output truncated at 1048576 bytes]") !=
			    NULL, "%s, jobs %d: spew: stderr capped at %d "
			    "bytes and marked (%zu)", mode, jobs, CAP, sb.len);
			free(path);
		}
		if (strcmp(w->stub, "segv") == 0 && jobs == 1)
			ok(done[i].core_dumped && (done[i].core_path == NULL ||
			    strncmp(done[i].core_path, dirs[i],
			    strlen(dirs[i])) == 0),
			    "%s: segv: a core, in the execution's directory (%s)",
			    mode, done[i].core_path != NULL ?
			    done[i].core_path : "none found");
		if (strcmp(w->stub, "error-msg") == 0)
			ok(done[i].why != NULL &&
			    strstr(done[i].why, "stub refuses") != NULL,
			    "%s, jobs %d: the error message is the why", mode,
			    jobs);
		if (strcmp(w->stub, "ok") == 0) {
			path = xasprintf("%s/stdout", dirs[i]);
			read_file(path, &sb);
			ok(strcmp(sb.buf, "stub: ok\n") == 0,
			    "%s, jobs %d: the execution's stdout is in its "
			    "directory", mode, jobs);
			free(path);
		}
	}
	for (i = 0; i < NBEHAVIOURS; i++) {
		dlt_exec_done_release(&done[i]);
		free(dirs[i]);
	}
	if (iso != DLT_ISO_SPAWN)
		ok(count_logs(logdir) >= jobs,
		    "%s, jobs %d: server logs in the log directory (%d)", mode,
		    jobs, count_logs(logdir));
	dlt_exec_pool_free(p);
	clean(mode);
	free(logdir);
	strbuf_release(&sb);
}

static void
test_workers(void)
{
	struct dlt_exec_target	 target = { "stub", "stub", NULL };
	struct dlt_exec_opts	 o;
	struct dlt_exec_pool	*p;
	struct dlt_exec_done	 done[8];
	const char		*seq[] = { "ok", "ok", "ok", "segv", "ok",
				    "loop", "ok", "ok" };
	char			*logdir, *dir;
	int			 good = 1;
	size_t			 i;

	target.python = python;
	logdir = xasprintf("%s/logs-workers", tmp);
	mkdir(logdir, 0777);
	opts_init(&o, DLT_ISO_WORKER, 1, logdir);
	o.worker_max = 2;
	if (dlt_exec_pool_new(&p, &target, 1, &o) == -1)
		return;
	memset(done, 0, sizeof done);
	for (i = 0; i < 8; i++) {
		submit(p, 0, seq[i], (void *)(uintptr_t)0, &dir);
		free(dir);
		if (collect(p, &done[i], 1, 1) == -1)
			good = 0;
	}
	ok(good && done[0].status == DLT_EXEC_OK &&
	    done[1].status == DLT_EXEC_OK && done[2].status == DLT_EXEC_OK &&
	    done[3].status == DLT_EXEC_CRASHED && done[4].status == DLT_EXEC_OK &&
	    done[5].status == DLT_EXEC_TIMEOUT && done[6].status == DLT_EXEC_OK &&
	    done[7].status == DLT_EXEC_OK,
	    "worker: executions go on after a crash and a timeout");
	/*
	 * ok ok | ok segv | ok loop | ok ok: a worker for two executions, a
	 * new one after the crash and after the timeout.
	 */
	ok(count_logs(logdir) == 4,
	    "worker: replaced after 2 executions, a crash, a timeout (%d "
	    "workers)", count_logs(logdir));
	for (i = 0; i < 8; i++)
		dlt_exec_done_release(&done[i]);
	dlt_exec_pool_free(p);
	clean("workers");
	free(logdir);

	/*
	 * A worker that keeps 300 MiB of a 512 MiB cap is past half of it:
	 * replaced, so that the next execution has the cap to itself.
	 */
	logdir = xasprintf("%s/logs-grown", tmp);
	mkdir(logdir, 0777);
	opts_init(&o, DLT_ISO_WORKER, 1, logdir);
	if (dlt_exec_pool_new(&p, &target, 1, &o) == -1)
		return;
	good = 1;
	for (i = 0; i < 4; i++) {
		submit(p, 0, i == 1 ? "keep:300" : "ok", NULL, &dir);
		free(dir);
		if (collect(p, &done[i], 1, 1) == -1 ||
		    done[i].status != DLT_EXEC_OK)
			good = 0;
	}
	ok(good && count_logs(logdir) == 2,
	    "worker: replaced once its address space passed half the memory "
	    "cap (%d workers)", count_logs(logdir));
	for (i = 0; i < 4; i++)
		dlt_exec_done_release(&done[i]);
	dlt_exec_pool_free(p);
	clean("workers");
	free(logdir);
}

static void
test_fork_refused(void)
{
	struct dlt_exec_target	 t[2] = { { "tf", "threaded", NULL },
				    { "torch", "stub", NULL } };
	struct dlt_exec_opts	 o;
	struct dlt_exec_pool	*p;
	struct dlt_exec_done	 done[4];
	char			*logdir, *dir;
	unsigned long		 warned;
	size_t			 i;

	t[0].python = t[1].python = python;
	logdir = xasprintf("%s/logs-refused", tmp);
	mkdir(logdir, 0777);
	opts_init(&o, DLT_ISO_FORK, 2, logdir);
	if (dlt_exec_pool_new(&p, t, 2, &o) == -1)
		return;
	memset(done, 0, sizeof done);
	warned = dlt_warn_count();
	for (i = 0; i < 4; i++) {
		submit(p, i % 2, "ok", (void *)(uintptr_t)i, &dir);
		free(dir);
		if (i == 1 && collect(p, done, 4, 2) == -1)
			break;
	}
	collect(p, done, 4, 2);
	ok(done[0].status == DLT_EXEC_OK && done[2].status == DLT_EXEC_OK &&
	    done[0].isolation != NULL && done[2].isolation != NULL &&
	    strcmp(done[0].isolation, "worker") == 0 &&
	    strcmp(done[2].isolation, "worker") == 0,
	    "fork: a target that is not fork-safe runs in worker mode");
	ok(done[1].status == DLT_EXEC_OK && done[3].status == DLT_EXEC_OK &&
	    done[1].isolation != NULL && done[3].isolation != NULL &&
	    strcmp(done[1].isolation, "fork") == 0 &&
	    strcmp(done[3].isolation, "fork") == 0,
	    "fork: a fork-safe target stays in fork mode");
	ok(dlt_warn_count() - warned == 1, "fork: the refusal is said once");
	for (i = 0; i < 4; i++)
		dlt_exec_done_release(&done[i]);
	dlt_exec_pool_free(p);
	clean("fork refused");
	free(logdir);
}

static void
test_unavailable(int iso)
{
	struct dlt_exec_target	 t[3] = { { "gone", "unavailable", NULL },
				    { "here", "stub", NULL },
				    { "nopython", "stub",
				    "/nonexistent/bin/python3" } };
	struct dlt_exec_opts	 o;
	struct dlt_exec_pool	*p;
	struct dlt_exec_done	 done[4];
	const char		*mode = dlt_isolation_names[iso];
	const char		*why = NULL, *why2 = NULL;
	char			*logdir, *dir;
	int64_t			 t0;
	size_t			 i;

	t[0].python = t[1].python = python;
	logdir = xasprintf("%s/logs-unavail-%s", tmp, mode);
	mkdir(logdir, 0777);
	opts_init(&o, iso, 3, logdir);
	if (dlt_exec_pool_new(&p, t, 3, &o) == -1)
		return;
	memset(done, 0, sizeof done);
	ok(dlt_exec_pool_unavailable(p, 0, &why) == 0,
	    "%s: not known to be unavailable before it ran", mode);
	for (i = 0; i < 3; i++) {
		submit(p, i, "ok", (void *)(uintptr_t)i, &dir);
		free(dir);
	}
	collect(p, done, 4, 3);
	dlt_exec_pool_unavailable(p, 0, &why);
	dlt_exec_pool_unavailable(p, 2, &why2);
	ok(done[0].status == DLT_EXEC_UNAVAILABLE && done[0].why != NULL &&
	    strstr(done[0].why, "No module named") != NULL &&
	    dlt_exec_pool_unavailable(p, 0, NULL) == 1 && why != NULL,
	    "%s: an unavailable target is reported (%s)", mode,
	    why != NULL ? why : "none");
	ok(done[1].status == DLT_EXEC_OK &&
	    dlt_exec_pool_unavailable(p, 1, NULL) == 0,
	    "%s: the other target runs", mode);
	ok(done[2].status == DLT_EXEC_UNAVAILABLE &&
	    dlt_exec_pool_unavailable(p, 2, NULL) == 1 && why2 != NULL &&
	    strstr(why2, "cannot run") != NULL,
	    "%s: an interpreter that cannot start: unavailable (%s)", mode,
	    why2 != NULL ? why2 : "none");
	t0 = dlt_now_ms();
	submit(p, 0, "ok", (void *)(uintptr_t)3, &dir);
	free(dir);
	collect(p, done, 4, 1);
	ok(done[3].status == DLT_EXEC_UNAVAILABLE &&
	    dlt_now_ms() - t0 < 100,
	    "%s: later requests for it end at once", mode);
	for (i = 0; i < 4; i++)
		dlt_exec_done_release(&done[i]);
	dlt_exec_pool_free(p);
	clean("unavailable");
	free(logdir);
}

static void
test_hello(int iso)
{
	struct dlt_exec_target	 t[2] = { { "slow", "slow-import", NULL },
				    { "mute", "no-hello", NULL } };
	struct dlt_exec_opts	 o;
	struct dlt_exec_pool	*p;
	struct dlt_exec_done	 done[2];
	const char		*mode = dlt_isolation_names[iso];
	char			*logdir, *dir;
	size_t			 i;

	t[0].python = t[1].python = python;
	logdir = xasprintf("%s/logs-hello-%s", tmp, mode);
	mkdir(logdir, 0777);
	opts_init(&o, iso, 2, logdir);
	o.hello_timeout_ms = HELLO_MS;
	if (dlt_exec_pool_new(&p, t, 2, &o) == -1)
		return;
	memset(done, 0, sizeof done);
	for (i = 0; i < 2; i++) {
		submit(p, i, "ok", (void *)(uintptr_t)i, &dir);
		free(dir);
	}
	collect(p, done, 2, 2);
	ok(done[0].status == DLT_EXEC_HARNESS && done[0].why != NULL &&
	    strstr(done[0].why, "no hello within") != NULL &&
	    dlt_exec_pool_unavailable(p, 0, NULL) == 0,
	    "%s: a hello that does not come in time: harness (%s)", mode,
	    done[0].why != NULL ? done[0].why : "none");
	ok(done[1].status == DLT_EXEC_HARNESS && done[1].why != NULL &&
	    strstr(done[1].why, "before its hello") != NULL,
	    "%s: an exit before the hello: harness (%s)", mode,
	    done[1].why != NULL ? done[1].why : "none");
	for (i = 0; i < 2; i++)
		dlt_exec_done_release(&done[i]);
	dlt_exec_pool_free(p);
	clean("hello");
	free(logdir);
}

static void
test_backtrace(void)
{
	struct dlt_exec_target	 target = { "stub", "stub", NULL };
	struct dlt_exec_opts	 o;
	struct dlt_exec_pool	*p;
	struct dlt_exec_done	 d;
	struct strbuf		 sb = STRBUF_INIT;
	char			*gdb, *dir;
	FILE			*f;
	char			 pattern[256] = "";

	if ((f = fopen("/proc/sys/kernel/core_pattern", "r")) != NULL) {
		if (fgets(pattern, sizeof pattern, f) == NULL)
			pattern[0] = '\0';
		fclose(f);
	}
	if (pattern[0] == '|') {
		skip("spawn: a backtrace of the crash", "cores are piped");
		return;
	}
	if ((gdb = dlt_proc_which("gdb", NULL)) == NULL) {
		skip("spawn: a backtrace of the crash", "no gdb");
		return;
	}
	free(gdb);
	target.python = python;
	opts_init(&o, DLT_ISO_SPAWN, 1, NULL);
	o.backtrace_s = 60;
	if (dlt_exec_pool_new(&p, &target, 1, &o) == -1)
		return;
	memset(&d, 0, sizeof d);
	submit(p, 0, "segv", NULL, &dir);
	collect(p, &d, 1, 1);
	if (d.core_path == NULL) {
		skip("spawn: a backtrace of the crash", "no core was dumped");
	} else {
		ok(d.status == DLT_EXEC_CRASHED && d.backtrace_path != NULL &&
		    read_file(d.backtrace_path, &sb) == 0 &&
		    strstr(sb.buf, "#0 ") != NULL,
		    "spawn: a backtrace of the crash from its core (%s)",
		    d.backtrace_path != NULL ? d.backtrace_path : "none");
	}
	free(dir);
	dlt_exec_done_release(&d);
	dlt_exec_pool_free(p);
	clean("backtrace");
	strbuf_release(&sb);
}

/* A fork child that stays in the server's directory: its core is moved. */
static void
test_fork_core(void)
{
	struct dlt_exec_target	 target = { "stub", "stub", NULL };
	struct dlt_exec_opts	 o;
	struct dlt_exec_pool	*p;
	struct dlt_exec_done	 d;
	const char		*env2[3] = { env[0], "DLT_STUB_NO_CHDIR=1",
				    NULL };
	char			*logdir, *dir;

	target.python = python;
	logdir = xasprintf("%s/logs-fork-core", tmp);
	mkdir(logdir, 0777);
	opts_init(&o, DLT_ISO_FORK, 1, logdir);
	o.env = env2;
	if (dlt_exec_pool_new(&p, &target, 1, &o) == -1)
		return;
	memset(&d, 0, sizeof d);
	submit(p, 0, "segv", NULL, &dir);
	collect(p, &d, 1, 1);
	if (!d.core_dumped)
		skip("fork: a core left in the server's directory is moved",
		    "no core was dumped");
	else
		ok(d.status == DLT_EXEC_CRASHED && d.core_path != NULL &&
		    strncmp(d.core_path, dir, strlen(dir)) == 0,
		    "fork: a core left in the server's directory is moved "
		    "(%s)", d.core_path != NULL ? d.core_path : "none");
	free(dir);
	dlt_exec_done_release(&d);
	dlt_exec_pool_free(p);
	clean("fork core");
	free(logdir);
}

static void
test_free_in_flight(int iso)
{
	struct dlt_exec_target	 target = { "stub", "stub", NULL };
	struct dlt_exec_opts	 o;
	struct dlt_exec_pool	*p;
	struct dlt_exec_done	 d;
	const char		*mode = dlt_isolation_names[iso];
	char			*logdir, *dir;
	int64_t			 t0;
	int			 i;

	target.python = python;
	logdir = xasprintf("%s/logs-free-%s", tmp, mode);
	mkdir(logdir, 0777);
	opts_init(&o, iso, 3, logdir);
	o.timeout_ms = 60000;
	if (dlt_exec_pool_new(&p, &target, 1, &o) == -1)
		return;
	for (i = 0; i < 3; i++) {
		submit(p, 0, i == 0 ? "ignore-term" : "fork-bomb", NULL, &dir);
		free(dir);
	}
	/* Let them start: a turn of the loop or a few. */
	dlt_exec_pool_wait(p, 500, &d);
	t0 = dlt_now_ms();
	dlt_exec_pool_free(p);
	ok(dlt_now_ms() - t0 < 3000,
	    "%s: freeing the pool stops what runs (%lld ms)", mode,
	    (long long)(dlt_now_ms() - t0));
	clean("free in flight");
	free(logdir);
}

/*
 * Three workers that take longer to quit than the pool waits for them:
 * freeing the pool frees them all, each off the list first (a freed
 * server left on the list was read when the next one's orphan search
 * met the third, still running).
 */
static void
test_slow_quit(void)
{
	struct dlt_exec_target	 targets[3] = {
		{ "stub-a", "stub", NULL }, { "stub-b", "stub", NULL },
		{ "stub-c", "stub", NULL }
	};
	const char		*env2[3] = { env[0], "DLT_STUB_QUIT_SLEEP=30",
				    NULL };
	struct dlt_exec_done	 out[3];
	struct dlt_exec_opts	 o;
	struct dlt_exec_pool	*p;
	char			*logdir, *dir;
	int64_t			 t0;
	size_t			 i;

	targets[0].python = targets[1].python = targets[2].python = python;
	logdir = xasprintf("%s/logs-slow-quit", tmp);
	mkdir(logdir, 0777);
	opts_init(&o, DLT_ISO_WORKER, 1, logdir);
	o.env = env2;
	if (dlt_exec_pool_new(&p, targets, 3, &o) == -1)
		return;
	memset(out, 0, sizeof out);
	for (i = 0; i < 3; i++) {
		submit(p, i, "ok", (void *)(uintptr_t)i, &dir);
		free(dir);
		collect(p, out, 3, 1);
	}
	ok(out[0].status == DLT_EXEC_OK && out[1].status == DLT_EXEC_OK &&
	    out[2].status == DLT_EXEC_OK, "slow quit: the three workers ran");
	for (i = 0; i < 3; i++)
		dlt_exec_done_release(&out[i]);
	t0 = dlt_now_ms();
	dlt_exec_pool_free(p);
	ok(dlt_now_ms() - t0 < 20000,
	    "slow quit: workers past the wait are killed and freed (%lld ms)",
	    (long long)(dlt_now_ms() - t0));
	clean("slow quit");
	free(logdir);
}

/*
 * The recheck of a death under the memory cap: a request marked uncapped
 * runs in a process of its own without RLIMIT_AS, whatever the pool's
 * isolation; the next ordinary request has the cap again.
 */
static void
test_uncapped(void)
{
	struct dlt_exec_target	 t = { "stub", "stub", NULL };
	struct dlt_exec_done	 out[1];
	struct dlt_exec_req	 req;
	struct dlt_exec_opts	 o;
	struct dlt_exec_pool	*p;
	char			*logdir, *dir;
	const char		*model = "{\"model\": \"stub\", "
				    "\"stub\": \"segv-if-capped\"}";

	t.python = python;
	logdir = xasprintf("%s/logs-uncapped", tmp);
	mkdir(logdir, 0777);
	opts_init(&o, DLT_ISO_WORKER, 1, logdir);
	if (dlt_exec_pool_new(&p, &t, 1, &o) == -1)
		return;
	memset(out, 0, sizeof out);
	submit(p, 0, "segv-if-capped", NULL, &dir);
	free(dir);
	collect(p, out, 1, 1);
	ok(out[0].status == DLT_EXEC_CRASHED && out[0].signal == SIGSEGV,
	    "uncapped: under the cap it dies of SIGSEGV (%s)",
	    dlt_exec_status_names[out[0].status]);
	dlt_exec_done_release(&out[0]);

	memset(&req, 0, sizeof req);
	req.dir = dir = new_dir();
	req.id = next_id++;
	req.model_json = model;
	req.uncapped = 1;
	ok(dlt_exec_pool_submit(p, &req) == 0, "uncapped: submitted");
	collect(p, out, 1, 1);
	ok(out[0].status == DLT_EXEC_OK &&
	    strcmp(out[0].isolation, "spawn") == 0,
	    "uncapped: without the cap it runs, in a process of its own "
	    "(%s, %s)", dlt_exec_status_names[out[0].status],
	    out[0].isolation);
	dlt_exec_done_release(&out[0]);
	free(dir);

	submit(p, 0, "segv-if-capped", NULL, &dir);
	free(dir);
	collect(p, out, 1, 1);
	ok(out[0].status == DLT_EXEC_CRASHED,
	    "uncapped: the next request has the cap again (%s)",
	    dlt_exec_status_names[out[0].status]);
	dlt_exec_done_release(&out[0]);
	dlt_exec_pool_free(p);
	clean("uncapped");
	free(logdir);
}

/*
 * Fault injection where the pool parses what children write: harnesses
 * that write hostile lines on fd 4 (bytes, unclosed JSON, 2 MiB lines,
 * 200,000 nested brackets, wrong types, "started" naming the runner's own
 * pid or init) and hostile result.json files (tests/harness-stub.py,
 * garbage:SEED).  Every execution must end, the runner must live (a kill
 * of its own group would end this test), and the pool must still run an
 * ordinary execution afterwards.
 */
#define NGARBAGE	40

static void
test_garbage(int iso)
{
	struct dlt_exec_target	 target = { "stub-1.0", "stub", NULL };
	struct dlt_exec_opts	 o;
	struct dlt_exec_pool	*p;
	struct dlt_exec_done	 d;
	const char		*mode = dlt_isolation_names[iso];
	char			*dir, *logdir, stub[32];
	int			 seed, ended = 0, r, harness = 0;
	int64_t			 t0 = dlt_now_ms();

	target.python = python;
	logdir = xasprintf("%s/logs-garbage-%s", tmp, mode);
	mkdir(logdir, 0777);
	opts_init(&o, iso, 1, logdir);
	if (dlt_exec_pool_new(&p, &target, 1, &o) == -1) {
		ok(0, "%s: garbage: pool", mode);
		free(logdir);
		return;
	}
	for (seed = 1; seed <= NGARBAGE; seed++) {
		snprintf(stub, sizeof stub, "garbage:%d", seed);
		if (submit(p, 0, stub, NULL, &dir) == -1) {
			free(dir);
			break;
		}
		free(dir);
		while ((r = dlt_exec_pool_wait(p, 60000, &d)) == 0)
			;
		if (r != 1)
			break;
		ended++;
		if (d.status == DLT_EXEC_HARNESS)
			harness++;
		dlt_exec_done_release(&d);
	}
	ok(ended == NGARBAGE, "%s: %d hostile harnesses, every execution "
	    "ended (%d as harness errors, %lld ms)", mode, ended, harness,
	    (long long)(dlt_now_ms() - t0));
	r = -1;
	if (submit(p, 0, "ok", NULL, &dir) == 0)
		while ((r = dlt_exec_pool_wait(p, 60000, &d)) == 0)
			;
	free(dir);
	ok(r == 1 && d.status == DLT_EXEC_OK, "%s: after them the pool runs "
	    "an ordinary execution (%s%s%s)", mode, r == 1 ?
	    dlt_exec_status_names[d.status] : "none", r == 1 && d.why != NULL ?
	    ": " : "", r == 1 && d.why != NULL ? d.why : "");
	if (r == 1)
		dlt_exec_done_release(&d);
	dlt_exec_pool_free(p);
	clean("garbage");
	free(logdir);
}

int
main(int argc, char **argv)
{
	char		 templ[PATH_MAX], *stub, *link;
	const char	*t;
	int		 iso, jobs;

	if (argc != 3) {
		fprintf(stderr, "usage: unit-exec STUB PYTHON\n");
		return (2);
	}
	python = argv[2];
	if (access(argv[1], R_OK) == -1) {
		printf("1..1\nnot ok 1 - %s is missing\n", argv[1]);
		return (1);
	}
	t = getenv("TMPDIR");
	snprintf(templ, sizeof templ, "%s/dlt-unit-exec.XXXXXX",
	    t != NULL && *t != '\0' ? t : "/tmp");
	if ((tmp = mkdtemp(templ)) == NULL) {
		perror("mkdtemp");
		return (1);
	}
	/* python -m needs an importable name. */
	stub = realpath(argv[1], NULL);
	stubdir = xasprintf("%s/stub", tmp);
	mkdir(stubdir, 0777);
	link = xasprintf("%s/dlt_stub.py", stubdir);
	if (stub == NULL || symlink(stub, link) == -1) {
		perror("symlink");
		return (1);
	}
	tag = xasprintf("%ld", (long)getpid());
	env[0] = xasprintf("DLT_STUB_TAG=%s", tag);
	env[1] = NULL;
	if (dlt_proc_init() == -1 || dlt_proc_subreaper() == -1)
		return (1);

	for (iso = DLT_ISO_SPAWN; iso <= DLT_ISO_WORKER; iso++)
		for (jobs = 1; jobs <= 3; jobs += 2)
			test_behaviours(iso, jobs);
	test_workers();
	test_fork_refused();
	for (iso = DLT_ISO_SPAWN; iso <= DLT_ISO_WORKER; iso++) {
		test_unavailable(iso);
		test_hello(iso);
		test_free_in_flight(iso);
		test_garbage(iso);
	}
	test_slow_quit();
	test_uncapped();
	test_backtrace();
	test_fork_core();
	ok(signal(SIGPIPE, SIG_DFL) == SIG_DFL,
	    "the pool put SIGPIPE's action back");

	{
		const char		*rm[] = { "rm", "-rf", tmp, NULL };
		struct dlt_child	 c = DLT_CHILD_INIT;

		c.argv = rm;
		if (dlt_child_start(&c) == 0)
			dlt_child_wait(&c);
		dlt_child_release(&c);
	}
	dlt_proc_fini();
	free(stub);
	free(link);
	free(stubdir);
	free(tag);
	free((char *)env[0]);
	return (tap_done());
}
