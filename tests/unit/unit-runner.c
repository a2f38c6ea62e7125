/*
 * unit-runner.c: tests of the runner's process control (runner-proc)
 * against hostile children (tests/hostile/hostile), linked against
 * libdlt.a.  Prints TAP.
 *
 *   unit-runner HOSTILE
 *
 * Timing is the subject of some tests, so they use timeouts of a few
 * hundred milliseconds; none waits for a fixed time to be right: every
 * wait is on a condition (a child reaped, a line read, a group gone).
 */
#include <sys/stat.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "classify.h"
#include "diag.h"
#include "failure.h"
#include "rules.h"
#include "runner-exec.h"
#include "runner-proc.h"
#include "runner.h"
#include "vocab.h"
#include "strbuf.h"
#include "xmalloc.h"
#include "tap.h"

static const char	*hostile;
static char		*tmp;

static char	*tmp_path(const char *);
static int	run(struct dlt_child *, const char *const *);
static int	wait_group_gone(struct dlt_child *);
static void	rm_rf(const char *);
static void	test_exit_codes(void);
static void	test_spawn_errors(void);
static void	test_state(void);
static void	test_fds(void);
static void	test_timeouts(void);
static void	test_hog(void);
static void	test_forkbomb(void);
static void	test_spew(void);
static void	test_segv(void);
static void	test_core_pattern(void);
static void	test_linebuf(void);
static void	test_proto(void);
static void	test_jobs(void);
static void	test_release(void);
static void	test_timeout_classify(void);

static char *
tmp_path(const char *name)
{
	return (xasprintf("%s/%s", tmp, name));
}

/* Start c with argv and wait for it; the start's status. */
static int
run(struct dlt_child *c, const char *const *argv)
{
	c->argv = argv;
	if (dlt_child_start(c) == -1)
		return (-1);
	if (dlt_child_wait(c) == -1)
		printf("# dlt_child_wait failed: %s\n", strerror(errno));
	return (0);
}

/* Wait (at most 10 s) for what is left of c's group to go. */
static int
wait_group_gone(struct dlt_child *c)
{
	struct timespec	ts = { 0, 1000000 };
	int64_t		end = dlt_now_ms() + 10000;

	while (!dlt_child_group_gone(c)) {
		if (dlt_now_ms() > end)
			return (0);
		nanosleep(&ts, NULL);
	}
	return (kill(-c->pid, 0) == -1 && errno == ESRCH);
}

static void
rm_rf(const char *dir)
{
	const char		*argv[] = { "rm", "-rf", dir, NULL };
	struct dlt_child	 c = DLT_CHILD_INIT;

	run(&c, argv);
	dlt_child_release(&c);
}

static void
test_exit_codes(void)
{
	const char		*a0[] = { hostile, "exit", "0", NULL };
	const char		*a127[] = { hostile, "exit", "127", NULL };
	struct dlt_child	 c = DLT_CHILD_INIT;

	ok(run(&c, a0) == 0 && c.state == DLT_CHILD_DONE && c.res.exited &&
	    c.res.code == 0 && !c.res.signaled && !c.res.timed_out &&
	    c.res.stage == DLT_STAGE_NONE && c.res.spawn_step == NULL,
	    "exit 0: exited, code 0, no timeout");
	ok(c.res.wall_ms >= 0 && c.res.maxrss_kib > 0,
	    "exit 0: wall time and peak RSS recorded (%lld ms, %ld KiB)",
	    (long long)c.res.wall_ms, c.res.maxrss_kib);
	dlt_child_release(&c);
	c = (struct dlt_child)DLT_CHILD_INIT;
	ok(run(&c, a127) == 0 && c.res.exited && c.res.code == 127 &&
	    c.res.spawn_step == NULL,
	    "the program's own exit 127 is a started child's status");
	dlt_child_release(&c);
}

static void
test_spawn_errors(void)
{
	const char		*missing[] = { "/nonexistent/dir/prog", NULL };
	const char		*noname[] = { "dltriage-no-such-program", NULL };
	const char		*a0[] = { hostile, "exit", "0", NULL };
	const char		*env[] = { "PATH=/nonexistent", NULL };
	struct dlt_child	 c = DLT_CHILD_INIT;

	ok(run(&c, missing) == -1 && c.state == DLT_CHILD_FAILED &&
	    c.res.spawn_step != NULL && strcmp(c.res.spawn_step, "execve") == 0 &&
	    c.res.spawn_errno == ENOENT,
	    "exec of a missing program: start fails at execve with ENOENT");
	dlt_child_release(&c);

	c = (struct dlt_child)DLT_CHILD_INIT;
	c.env = env;
	ok(run(&c, noname) == -1 && c.res.spawn_step != NULL &&
	    strcmp(c.res.spawn_step, "PATH lookup") == 0,
	    "a name on no directory of PATH: the lookup fails");
	dlt_child_release(&c);

	c = (struct dlt_child)DLT_CHILD_INIT;
	c.cwd = "/nonexistent/dir";
	ok(run(&c, a0) == -1 && c.res.spawn_step != NULL &&
	    strcmp(c.res.spawn_step, "chdir") == 0 && c.res.spawn_errno == ENOENT,
	    "a missing directory: start fails at chdir");
	dlt_child_release(&c);

	c = (struct dlt_child)DLT_CHILD_INIT;
	c.out = DLT_STDIO_FILE;
	c.out_path = "/nonexistent/dir/stdout";
	ok(run(&c, a0) == -1 && c.res.spawn_step != NULL &&
	    strcmp(c.res.spawn_step, "stdout") == 0,
	    "an stdout file that cannot be created: start fails at stdout");
	dlt_child_release(&c);
	ok(waitpid(-1, NULL, WNOHANG) == -1 && errno == ECHILD,
	    "failed starts leave nothing to reap");
}

static void
test_state(void)
{
	struct dlt_child	 c = DLT_CHILD_INIT;
	struct strbuf		 sb = STRBUF_INIT;
	struct sigaction	 sa, oldhup;
	sigset_t		 block, oldmask;
	char			*dir, *path_env, *out, *want, *ign;
	unsigned long long	 mask;
	const char		*env[3];
	const char		*argv[] = { "hostile", "state", NULL };
	const char		*slash;

	dir = tmp_path("state");
	mkdir(dir, 0777);
	out = tmp_path("state.out");
	slash = strrchr(hostile, '/');
	path_env = xasprintf("PATH=/nonexistent:%.*s",
	    (int)(slash - hostile), hostile);
	env[0] = path_env;
	env[1] = "DLT_HOSTILE=yes";
	env[2] = NULL;

	/* An ignored and a blocked signal in the runner must not carry over. */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGHUP, &sa, &oldhup);
	sigemptyset(&block);
	sigaddset(&block, SIGWINCH);
	sigprocmask(SIG_BLOCK, &block, &oldmask);

	c.env = env;
	c.cwd = dir;
	c.out = DLT_STDIO_FILE;
	c.out_path = out;
	c.err = DLT_STDIO_NULL;
	c.limits.address_space = 1ULL << 30;
	c.limits.file_size = 1 << 20;
	c.limits.core = 0;
	ok(run(&c, argv) == 0 && c.res.exited && c.res.code == 0,
	    "a name found on the PATH of the child's environment");
	sigprocmask(SIG_SETMASK, &oldmask, NULL);
	sigaction(SIGHUP, &oldhup, NULL);
	read_file(out, &sb);
	want = xasprintf("cwd %s\nenv yes\n", dir);
	ok(strncmp(sb.buf, want, strlen(want)) == 0,
	    "the child runs in its directory with its environment");
	ok(strstr(sb.buf, "SigBlk:\t0000000000000000\n") != NULL,
	    "the child's signal mask is empty");
	ign = strstr(sb.buf, "SigIgn:\t");
	mask = ign != NULL ? strtoull(ign + 8, NULL, 16) : 0;
	/* glibc keeps 32 and 33 to itself: nobody can reset those. */
	mask &= ~(3ULL << 31);
	ok(mask == 1ULL << (SIGXFSZ - 1),
	    "the child ignores SIGXFSZ and nothing else (%llx)",
	    (unsigned long long)mask);
	ok(strstr(sb.buf, "as 1073741824\nfsize 1048576\ncore 0\n") != NULL,
	    "the limits are applied");
	if (nfailed > 0)
		printf("# %s", sb.buf);
	free(want);
	free(out);
	free(path_env);
	free(dir);
	strbuf_release(&sb);
	dlt_child_release(&c);
}

static void
test_fds(void)
{
	struct dlt_child	 c = DLT_CHILD_INIT;
	struct strbuf		 sb = STRBUF_INIT;
	struct dlt_fdmap	 map[2];
	const char		*argv[] = { hostile, "fds", NULL };
	char			*out;
	int			 req[2], msg[2], stray;

	out = tmp_path("fds.out");
	/* A leaky fd of the runner (no CLOEXEC) and the two protocol pipes. */
	stray = open("/dev/null", O_RDONLY);
	if (pipe2(req, O_CLOEXEC) == -1 || pipe2(msg, O_CLOEXEC) == -1)
		abort();
	map[0] = (struct dlt_fdmap){ req[0], 3 };
	map[1] = (struct dlt_fdmap){ msg[1], 4 };
	c.fds = map;
	c.nfds = 2;
	c.out = DLT_STDIO_FILE;
	c.out_path = out;
	ok(run(&c, argv) == 0 && c.res.exited && c.res.code == 0,
	    "fds: the child ran");
	read_file(out, &sb);
	ok(strcmp(sb.buf, "0\n1\n2\n3\n4\n") == 0,
	    "the child has fds 0-2, 3 and 4, and no other");
	if (strcmp(sb.buf, "0\n1\n2\n3\n4\n") != 0)
		printf("# fds: %s\n", sb.buf);

	/* The mapping swaps numbers: a source may be another's target. */
	dlt_child_release(&c);
	c = (struct dlt_child)DLT_CHILD_INIT;
	map[0] = (struct dlt_fdmap){ req[0], msg[1] };
	map[1] = (struct dlt_fdmap){ msg[1], req[0] };
	c.fds = map;
	c.nfds = 2;
	c.out = DLT_STDIO_FILE;
	c.out_path = out;
	ok(run(&c, argv) == 0 && c.res.exited && c.res.code == 0,
	    "fds: a mapping whose sources are each other's targets");
	close(stray);
	close(req[0]);
	close(req[1]);
	close(msg[0]);
	close(msg[1]);
	free(out);
	strbuf_release(&sb);
	dlt_child_release(&c);
}

static void
test_timeouts(void)
{
	const char		*loop[] = { hostile, "loop", NULL };
	const char		*ign[] = { hostile, "ignore", NULL };
	const char		*slp[] = { hostile, "sleep", NULL };
	struct dlt_child	 c = DLT_CHILD_INIT;
	struct strbuf		 sb = STRBUF_INIT;
	char			*err;

	err = tmp_path("loop.err");
	c.timeout_ms = 300;
	c.grace_ms = 200;
	c.err = DLT_STDIO_FILE;
	c.err_path = err;
	ok(run(&c, loop) == 0 && c.res.timed_out &&
	    c.res.stage == DLT_STAGE_KILL && c.res.signaled &&
	    c.res.signal == SIGKILL,
	    "an infinite loop that survives SIGUSR1 ends by SIGKILL");
	ok(c.res.wall_ms >= 500,
	    "it got its timeout and its grace period (%lld ms)",
	    (long long)c.res.wall_ms);
	read_file(err, &sb);
	ok(strstr(sb.buf, "thread dump") != NULL,
	    "the first stage sent SIGUSR1 (its thread dump is in stderr)");
	dlt_child_release(&c);

	c = (struct dlt_child)DLT_CHILD_INIT;
	c.timeout_ms = 200;
	c.grace_ms = 100;
	ok(run(&c, ign) == 0 && c.res.timed_out &&
	    c.res.stage == DLT_STAGE_KILL && c.res.signal == SIGKILL,
	    "a child that ignores SIGTERM and SIGUSR1 dies by SIGKILL");
	dlt_child_release(&c);

	c = (struct dlt_child)DLT_CHILD_INIT;
	c.timeout_ms = 200;
	ok(run(&c, slp) == 0 && c.res.timed_out &&
	    c.res.stage == DLT_STAGE_DUMP && c.res.signal == SIGUSR1 &&
	    c.res.wall_ms < DLT_GRACE_MS_DEFAULT,
	    "a child that dies of SIGUSR1 ends in the first stage");
	dlt_child_release(&c);

	c = (struct dlt_child)DLT_CHILD_INIT;
	ok(dlt_child_start((c.argv = ign, &c)) == 0 &&
	    dlt_child_kill_group(&c, SIGKILL) == 0 && dlt_child_wait(&c) == 0 &&
	    !c.res.timed_out && c.res.signal == SIGKILL,
	    "dlt_child_kill_group: a kill without a timeout is no timeout");
	dlt_child_release(&c);
	free(err);
	strbuf_release(&sb);
}

static void
test_hog(void)
{
	const char		*argv[] = { hostile, "hog", "4096", NULL };
	struct dlt_child	 c = DLT_CHILD_INIT;
	struct strbuf		 sb = STRBUF_INIT;
	char			*err;

	err = tmp_path("hog.err");
	c.limits.address_space = 256 << 20;
	c.err = DLT_STDIO_FILE;
	c.err_path = err;
	c.timeout_ms = 60000;
	ok(run(&c, argv) == 0 && c.res.exited && c.res.code == 3,
	    "a memory hog under RLIMIT_AS fails its allocation");
	read_file(err, &sb);
	ok(strstr(sb.buf, "hog: allocation failed after") != NULL,
	    "it said so on stderr");
	ok(c.res.maxrss_kib >= 128 * 1024 && c.res.maxrss_kib <= 300 * 1024,
	    "its peak RSS is recorded (%ld KiB)", c.res.maxrss_kib);
	dlt_child_release(&c);
	free(err);
	strbuf_release(&sb);
}

static void
test_forkbomb(void)
{
	const char		*bomb[] = { hostile, "forkbomb", "5", NULL };
	const char		*orph[] = { hostile, "orphans", "8", NULL };
	struct dlt_child	 c = DLT_CHILD_INIT;

	c.timeout_ms = 400;
	c.grace_ms = 100;
	c.limits.nproc = 4096;
	ok(run(&c, bomb) == 0 && c.res.timed_out &&
	    c.res.stage == DLT_STAGE_KILL && c.res.signal == SIGKILL,
	    "a fork bomb is killed on timeout");
	ok(wait_group_gone(&c), "no process of the fork bomb's group is left");
	dlt_child_release(&c);

	c = (struct dlt_child)DLT_CHILD_INIT;
	c.timeout_ms = 10000;
	ok(run(&c, orph) == 0 && c.res.exited && c.res.code == 0 &&
	    c.res.strays && !c.res.timed_out,
	    "a child that leaves sleeping children behind: strays noted");
	ok(wait_group_gone(&c), "the strays were killed and reaped");
	dlt_child_release(&c);
}

static void
test_spew(void)
{
	const char		*argv[] = { hostile, "spew", NULL };
	const char		*marker = "[dltriage: output truncated at "
				    "1048576 bytes]\n";
	struct dlt_child	 c = DLT_CHILD_INIT;
	struct strbuf		 sb = STRBUF_INIT;
	struct stat		 st;
	char			*err;

	err = tmp_path("spew.err");
	c.err = DLT_STDIO_FILE;
	c.err_path = err;
	c.limits.file_size = 1 << 20;
	c.timeout_ms = 60000;
	ok(run(&c, argv) == 0 && c.res.exited && c.res.code == 0 &&
	    !c.res.timed_out,
	    "4 GiB of stderr: writes past the cap fail, no SIGXFSZ (%lld ms)",
	    (long long)c.res.wall_ms);
	ok(stat(err, &st) == 0 && st.st_size == 1 << 20,
	    "the stderr file stopped at the cap");
	ok(dlt_child_cap_file(err, 1 << 20) == 1, "dlt_child_cap_file marks it");
	read_file(err, &sb);
	ok(sb.len == (1 << 20) + 1 + strlen(marker) &&
	    sb.buf[1 << 20] == '\n' &&
	    strcmp(sb.buf + (1 << 20) + 1, marker) == 0,
	    "the file ends with a newline and the truncation marker");
	ok(dlt_child_cap_file(err, 8 << 20) == 0,
	    "a file below the cap is left alone");
	ok(dlt_child_cap_file(err, 10) == 1 && read_file(err, &sb) == 0 &&
	    strcmp(sb.buf,
	    "eeeeeeeeee\n[dltriage: output truncated at 10 bytes]\n") == 0,
	    "a file over the cap is cut to it");
	dlt_child_release(&c);
	free(err);
	strbuf_release(&sb);
}

static void
test_segv(void)
{
	const char		*argv[] = { hostile, "segv", NULL };
	struct dlt_child	 c = DLT_CHILD_INIT;
	struct strbuf		 sb = STRBUF_INIT;
	char			*dir, *core = NULL, *bt, *gdb;
	int			 r;

	dir = tmp_path("segv");
	mkdir(dir, 0777);
	bt = tmp_path("segv/backtrace.txt");
	c.cwd = dir;
	c.limits.core = 1;
	c.err = DLT_STDIO_NULL;
	c.timeout_ms = 60000;
	ok(run(&c, argv) == 0 && c.res.signaled && c.res.signal == SIGSEGV &&
	    !c.res.timed_out, "a segfault is a death by SIGSEGV");
	r = dlt_core_find(dir, c.pid, &core);
	if (r == DLT_CORE_PIPED) {
		skip("the core dump lands in the child's directory", core);
		skip("gdb backtrace of the core", "no core file");
		goto out;
	}
	ok(c.res.core_dumped && r == DLT_CORE_FOUND,
	    "with RLIMIT_CORE unlimited the core is dumped into its cwd (%s)",
	    core != NULL ? core : "none");
	if (r != DLT_CORE_FOUND) {
		skip("gdb backtrace of the core", "no core file");
		goto out;
	}
	if ((gdb = dlt_proc_which("gdb", NULL)) == NULL) {
		skip("gdb backtrace of the core", "gdb is not installed");
		goto out;
	}
	free(gdb);
	ok(dlt_core_backtrace(hostile, core, bt, 120) == 0 &&
	    read_file(bt, &sb) == 0 && strstr(sb.buf, "#0 ") != NULL &&
	    strstr(sb.buf, "main") != NULL,
	    "gdb writes a backtrace of the core");
out:
	ok(dlt_core_backtrace("/nonexistent", "/nonexistent.core", bt, 60) == -1,
	    "no program or core: -1, not fatal");
	ok(dlt_core_backtrace(hostile, hostile, bt, 60) == -1,
	    "a core that is no core: -1, not fatal");
	free(core);
	free(bt);
	free(dir);
	strbuf_release(&sb);
	dlt_child_release(&c);
}

static void
test_core_pattern(void)
{
	char	*dir, *f, *core;
	int	 fd;

	dir = tmp_path("cores");
	mkdir(dir, 0777);
	ok(dlt_core_find_pattern("|/usr/share/apport/apport %p", 0, dir, 42,
	    &core) == DLT_CORE_PIPED && strcmp(core, "|/usr/share/apport/apport %p") == 0,
	    "core_pattern: a pipe means no core file");
	free(core);
	ok(dlt_core_find_pattern("core", 0, dir, 42, &core) == DLT_CORE_NONE &&
	    core == NULL, "core_pattern: no file, none found");
	f = xasprintf("%s/core.42", dir);
	fd = open(f, O_WRONLY|O_CREAT, 0666);
	close(fd);
	ok(dlt_core_find_pattern("core", 1, dir, 42, &core) == DLT_CORE_FOUND &&
	    strcmp(core, f) == 0, "core_pattern: core with core_uses_pid");
	free(core);
	ok(dlt_core_find_pattern("core", 0, dir, 42, &core) == DLT_CORE_FOUND &&
	    strcmp(core, f) == 0, "core_pattern: core.PID found without uses_pid");
	free(core);
	unlink(f);
	free(f);
	f = xasprintf("%s/dump-42.bin", dir);
	fd = open(f, O_WRONLY|O_CREAT, 0666);
	close(fd);
	ok(dlt_core_find_pattern("dump-%p.bin", 0, dir, 42, &core) ==
	    DLT_CORE_FOUND && strcmp(core, f) == 0, "core_pattern: %%p expanded");
	free(core);
	unlink(f);
	free(f);
	f = xasprintf("%s/core.hostile.42.1700000000", dir);
	fd = open(f, O_WRONLY|O_CREAT, 0666);
	close(fd);
	ok(dlt_core_find_pattern("core.%e.%p.%t", 0, dir, 42, &core) ==
	    DLT_CORE_FOUND && strcmp(core, f) == 0,
	    "core_pattern: %%e and %%t by the fixed prefix");
	free(core);
	unlink(f);
	free(f);
	rmdir(dir);
	free(dir);
}

static void
test_linebuf(void)
{
	struct dlt_linebuf	 lb = DLT_LINEBUF_INIT;
	struct strbuf		 line = STRBUF_INIT;
	int			 p[2], r;

	if (pipe2(p, O_CLOEXEC|O_NONBLOCK) == -1)
		abort();
	ok(dlt_linebuf_getline(&lb, p[0], &line) == 0 && !lb.eof,
	    "linebuf: nothing yet");
	if (write(p[1], "{\"a\"", 4) != 4 || write(p[1], ": 1", 3) != 3)
		abort();
	ok(dlt_linebuf_getline(&lb, p[0], &line) == 0,
	    "linebuf: a partial line is not a line");
	if (write(p[1], "}\nsecond\nthi", 12) != 12)
		abort();
	r = dlt_linebuf_getline(&lb, p[0], &line);
	ok(r == DLT_LINE && strcmp(line.buf, "{\"a\": 1}") == 0,
	    "linebuf: the line, once its newline came");
	r = dlt_linebuf_getline(&lb, p[0], &line);
	ok(r == DLT_LINE && strcmp(line.buf, "second") == 0,
	    "linebuf: a second line from the same read");
	ok(dlt_linebuf_getline(&lb, p[0], &line) == 0,
	    "linebuf: then nothing");
	close(p[1]);
	r = dlt_linebuf_getline(&lb, p[0], &line);
	ok(r == (DLT_LINE|DLT_LINE_UNTERMINATED) && strcmp(line.buf, "thi") == 0,
	    "linebuf: a last line without newline at end of file");
	ok(dlt_linebuf_getline(&lb, p[0], &line) == 0 && lb.eof,
	    "linebuf: then end of file");
	close(p[0]);
	dlt_linebuf_release(&lb);

	/* Caps: line length, and total. */
	if (pipe2(p, O_CLOEXEC|O_NONBLOCK) == -1)
		abort();
	lb.max_line = 4;
	lb.max_total = 20;
	if (write(p[1], "abcdefgh\nok\n", 12) != 12)
		abort();
	r = dlt_linebuf_getline(&lb, p[0], &line);
	ok(r == (DLT_LINE|DLT_LINE_TRUNCATED) && strcmp(line.buf, "abcd") == 0,
	    "linebuf: a long line is cut at max_line");
	r = dlt_linebuf_getline(&lb, p[0], &line);
	ok(r == DLT_LINE && strcmp(line.buf, "ok") == 0,
	    "linebuf: the next line is whole");
	if (write(p[1], "0123456789\n", 11) != 11)
		abort();
	close(p[1]);
	ok(dlt_linebuf_getline(&lb, p[0], &line) == 0 && lb.overflow && lb.eof,
	    "linebuf: past max_total everything is dropped");
	close(p[0]);
	dlt_linebuf_release(&lb);
	strbuf_release(&line);
}

static void
test_proto(void)
{
	const char		*argv[] = { hostile, "proto", NULL };
	const char		*req = "{\"type\": \"run\", \"id\": \"e1\"}\n";
	struct dlt_child	 c = DLT_CHILD_INIT;
	struct dlt_child	*cs[1] = { &c };
	struct dlt_linebuf	 lb = DLT_LINEBUF_INIT;
	struct strbuf		 line = STRBUF_INIT;
	struct dlt_fdmap	 map[2];
	struct pollfd		 pfd;
	int			 rq[2], msg[2], r, n = 0, flags[8];
	char			*lines[8];

	if (pipe2(rq, O_CLOEXEC) == -1 || pipe2(msg, O_CLOEXEC) == -1)
		abort();
	map[0] = (struct dlt_fdmap){ rq[0], 3 };
	map[1] = (struct dlt_fdmap){ msg[1], 4 };
	c.argv = argv;
	c.fds = map;
	c.nfds = 2;
	c.timeout_ms = 60000;
	ok(dlt_child_start(&c) == 0, "proto: started with fds 3 and 4");
	close(rq[0]);
	close(msg[1]);
	dlt_fd_set_nonblock(msg[0]);
	pfd.fd = msg[0];
	pfd.events = POLLIN;
	while (!lb.eof && n < 8) {
		if (dlt_proc_wait(cs, 1, &pfd, 1, 60000) <= 0)
			break;
		while (n < 8 &&
		    (r = dlt_linebuf_getline(&lb, msg[0], &line)) > 0) {
			flags[n] = r;
			lines[n++] = xstrdup(line.buf);
			if (n == 1 && write(rq[1], req, strlen(req)) !=
			    (ssize_t)strlen(req))
				abort();
		}
	}
	close(rq[1]);
	close(msg[0]);
	dlt_child_wait(&c);
	ok(c.res.exited && c.res.code == 0, "proto: the child exited 0");
	ok(n == 5, "proto: five lines (%d)", n);
	ok(n > 0 && flags[0] == DLT_LINE &&
	    strcmp(lines[0], "{\"type\": \"hello\", \"protocol\": 1}") == 0,
	    "proto: a line written in pieces comes whole");
	ok(n > 1 && flags[1] == DLT_LINE &&
	    strcmp(lines[1], "echo: {\"type\": \"run\", \"id\": \"e1\"}") == 0,
	    "proto: the request reached fd 3");
	ok(n > 2 && flags[2] == (DLT_LINE|DLT_LINE_TRUNCATED) &&
	    strlen(lines[2]) == DLT_LINEBUF_MAX_LINE &&
	    strspn(lines[2], "x") == DLT_LINEBUF_MAX_LINE,
	    "proto: a 10 MiB line is cut at 1 MiB");
	ok(n > 3 && flags[3] == DLT_LINE && strcmp(lines[3], "tail") == 0,
	    "proto: the line after it is whole");
	ok(n > 4 && flags[4] == (DLT_LINE|DLT_LINE_UNTERMINATED) &&
	    strcmp(lines[4], "last") == 0,
	    "proto: the last, unterminated line at end of file");
	ok(lb.total == 33 + 34 + (10 << 20) + 10, "proto: every byte read");
	while (n > 0)
		free(lines[--n]);
	dlt_linebuf_release(&lb);
	strbuf_release(&line);
	dlt_child_release(&c);
}

static void
test_jobs(void)
{
	const char		*a0[] = { hostile, "exit", "0", NULL };
	const char		*a1[] = { hostile, "exit", "1", NULL };
	const char		*ign[] = { hostile, "ignore", NULL };
	struct dlt_child	 c[3] = { DLT_CHILD_INIT, DLT_CHILD_INIT,
				    DLT_CHILD_INIT };
	struct dlt_child	*cs[3] = { &c[0], &c[1], &c[2] };
	int64_t			 t0;
	int			 i, left = 3, r, started = 1;

	c[0].argv = ign;
	c[0].timeout_ms = 300;
	c[0].grace_ms = 0;
	c[1].argv = a0;
	c[2].argv = a1;
	for (i = 0; i < 3; i++)
		if (dlt_child_start(&c[i]) == -1)
			started = 0;
	ok(started, "jobs: three children at once");
	while (started && left > 0) {
		r = dlt_proc_wait(cs, 3, NULL, 0, 60000);
		if (r <= 0)
			break;
		left -= r;
	}
	ok(left == 0, "jobs: each end counted once");
	ok(c[0].res.timed_out && c[0].res.signal == SIGKILL &&
	    c[1].res.exited && c[1].res.code == 0 &&
	    c[2].res.exited && c[2].res.code == 1,
	    "jobs: each child has its own result");
	for (i = 0; i < 3; i++)
		dlt_child_release(&c[i]);

	t0 = dlt_now_ms();
	ok(dlt_proc_wait(NULL, 0, NULL, 0, 50) == 0 && dlt_now_ms() - t0 >= 50,
	    "dlt_proc_wait: nothing to wait for times out");
}

static void
test_release(void)
{
	const char		*ign[] = { hostile, "ignore", NULL };
	const char		*a0[] = { hostile, "exit", "0", NULL };
	const char		*err[] = { hostile, "nosuchmode", NULL };
	struct dlt_child	 c = DLT_CHILD_INIT;
	struct strbuf		 line = STRBUF_INIT;
	struct dlt_linebuf	 lb = DLT_LINEBUF_INIT;
	int			 r;

	c.argv = ign;
	ok(dlt_child_start(&c) == 0 && c.state == DLT_CHILD_RUNNING &&
	    dlt_child_poll(&c) == 0, "release: a running child");
	dlt_child_release(&c);
	ok(c.state == DLT_CHILD_DONE && c.res.signal == SIGKILL &&
	    waitpid(c.pid, NULL, WNOHANG) == -1,
	    "release kills and reaps it");
	c.argv = a0;
	ok(dlt_child_start(&c) == 0 && dlt_child_wait(&c) == 0 &&
	    c.res.exited && c.res.code == 0 && c.res.signal == 0,
	    "a released child starts again");
	dlt_child_release(&c);

	c = (struct dlt_child)DLT_CHILD_INIT;
	c.argv = err;
	c.err = DLT_STDIO_PIPE;
	c.out = DLT_STDIO_NULL;
	ok(dlt_child_start(&c) == 0 && c.err_fd >= 0,
	    "stderr to a pipe");
	r = dlt_linebuf_getline(&lb, c.err_fd, &line);
	ok(r == DLT_LINE && strcmp(line.buf,
	    "hostile: unknown mode 'nosuchmode'") == 0,
	    "its line read from the pipe (blocking)");
	dlt_child_wait(&c);
	ok(c.res.exited && c.res.code == 64, "and its status");
	dlt_linebuf_release(&lb);
	strbuf_release(&line);
	dlt_child_release(&c);
	ok(c.err_fd == -1, "release closes the pipe");
}

/*
 * A timed-out execution is one timeout failure: the thread dump that the
 * first stage asked for, in its stderr, is its evidence, not a failure
 * of its own (dlt_runner_classify).  Needs the shipped rules
 * ($TEST_SRCDIR/rules).
 */
static void
test_timeout_classify(void)
{
	static const char dump[] =
	    "Thread 0x00007f0000000700 (most recent call first):\n"
	    "  File \"/x/torch/nn/modules/conv.py\", line 454 in _conv_forward\n"
	    "  File \"/x/torch/nn/modules/conv.py\", line 458 in forward\n\n"
	    "Current thread 0x00007f0000000740 (most recent call first):\n"
	    "  File \"/x/torch/nn/modules/conv.py\", line 454 in _conv_forward\n";
	struct dlt_ruleset	 rs;
	struct dlt_diags	 d = DLT_DIAGS_INIT;
	struct dlt_classify_opts co = { "pytorch" };
	struct dlt_runner_exec	 x;
	struct dlt_exec_done	 done;
	struct dlt_failure	*fv = NULL;
	const char		*src = getenv("TEST_SRCDIR");
	char			*rules, *dir, *path;
	size_t			 nf = 0;
	FILE			*fp;

	if (src == NULL) {
		ok(1, "# SKIP timeout classification: no TEST_SRCDIR");
		return;
	}
	rules = xasprintf("%s/rules", src);
	memset(&rs, 0, sizeof rs);
	if (dlt_ruleset_load(&rs, (const char *const *)&rules, 1, &d) != 0) {
		ok(0, "timeout classification: the rules load");
		dlt_diags_release(&d);
		free(rules);
		return;
	}
	dir = xasprintf("%s/timeout-exec", tmp);
	mkdir(dir, 0777);
	path = xasprintf("%s/stderr", dir);
	if ((fp = fopen(path, "w")) != NULL) {
		fputs(dump, fp);
		fclose(fp);
	}
	memset(&x, 0, sizeof x);
	x.classifier = dlt_classifier_new(&rs, &co);
	x.framework = "pytorch";
	x.dir = dir;
	x.op = "seed";
	x.timeout = 60;
	memset(&done, 0, sizeof done);
	done.status = DLT_EXEC_TIMEOUT;
	done.timed_out = 1;
	dlt_runner_classify(&x, &done, &fv, &nf);
	ok(nf == 1 && fv[0].cls == DLT_CLASS_TIMEOUT,
	    "a timeout with a thread dump in its stderr is one timeout failure "
	    "(%zu failures, the first %s)", nf,
	    nf > 0 ? dlt_class_name(fv[0].cls) : "none");
	dlt_runner_failures_free(fv, nf);

	/* the validation probe: ran is missing validation, rejected is not */
	x.label = "old";
	x.violates = "dtypes at 'c1' (conv2d)";
	memset(&done, 0, sizeof done);
	done.status = DLT_EXEC_OK;
	dlt_runner_classify(&x, &done, &fv, &nf);
	ok(nf == 1 && fv[0].cls == DLT_CLASS_INCONSISTENCY &&
	    strcmp(fv[0].kind, "missing-validation") == 0 &&
	    strcmp(fv[0].signature, "missing-validation: old ran a model its "
	    "profile rejects: dtypes of conv2d") == 0,
	    "a probe that ran is missing validation, bucketed by check and op "
	    "(%s)", nf > 0 ? fv[0].signature : "none");
	dlt_runner_failures_free(fv, nf);
	done.status = DLT_EXEC_REJECTED;
	dlt_runner_classify(&x, &done, &fv, &nf);
	ok(nf == 1 && fv[0].cls == DLT_CLASS_FALSE_POSITIVE &&
	    strcmp(fv[0].kind, "validated") == 0,
	    "a probe rejected as its profile says is validated (%s)",
	    nf > 0 ? fv[0].signature : "none");
	dlt_runner_failures_free(fv, nf);

	/* +twice: what the record lists as nondeterministic */
	x.violates = NULL;
	x.label = "pytorch+twice";
	free(path);
	path = xasprintf("%s/result.json", dir);
	if ((fp = fopen(path, "w")) != NULL) {
		fputs("{\"status\": \"ok\", \"nondeterministic\": "
		    "{\"y\": {\"count\": 3, \"max_abs\": 2.5e-07}}}\n", fp);
		fclose(fp);
	}
	done.status = DLT_EXEC_OK;
	dlt_runner_classify(&x, &done, &fv, &nf);
	ok(nf == 1 && fv[0].cls == DLT_CLASS_INCONSISTENCY &&
	    strcmp(fv[0].kind, "nondeterminism") == 0 &&
	    strstr(fv[0].signature, "pytorch+twice") != NULL &&
	    fv[0].excerpt != NULL && strstr(fv[0].excerpt, "'y'") != NULL,
	    "two runs that differ are one nondeterminism failure (%s: %s)",
	    nf > 0 ? fv[0].signature : "none",
	    nf > 0 && fv[0].excerpt != NULL ? fv[0].excerpt : "");
	dlt_runner_failures_free(fv, nf);
	if ((fp = fopen(path, "w")) != NULL) {
		fputs("{\"status\": \"ok\"}\n", fp);
		fclose(fp);
	}
	dlt_runner_classify(&x, &done, &fv, &nf);
	ok(nf == 0, "two runs that agree are no failure (%zu)", nf);
	dlt_runner_failures_free(fv, nf);
	dlt_classifier_free(x.classifier);
	dlt_ruleset_release(&rs);
	dlt_diags_release(&d);
	free(path);
	free(dir);
	free(rules);
}

int
main(int argc, char **argv)
{
	char		 templ[PATH_MAX];
	const char	*t;

	if (argc != 2) {
		fprintf(stderr, "usage: unit-runner HOSTILE\n");
		return (2);
	}
	hostile = argv[1];
	if (access(hostile, X_OK) == -1) {
		printf("1..1\nnot ok 1 - %s is not built\n", hostile);
		return (1);
	}
	t = getenv("TMPDIR");
	snprintf(templ, sizeof templ, "%s/dlt-unit-runner.XXXXXX",
	    t != NULL && *t != '\0' ? t : "/tmp");
	if ((tmp = mkdtemp(templ)) == NULL) {
		perror("mkdtemp");
		return (1);
	}
	signal(SIGPIPE, SIG_IGN);
	if (dlt_proc_init() == -1 || dlt_proc_subreaper() == -1)
		return (1);

	test_timeout_classify();
	test_exit_codes();
	test_spawn_errors();
	test_state();
	test_fds();
	test_timeouts();
	test_hog();
	test_forkbomb();
	test_spew();
	test_segv();
	test_core_pattern();
	test_linebuf();
	test_proto();
	test_jobs();
	test_release();
	ok(waitpid(-1, NULL, WNOHANG) == -1 && errno == ECHILD,
	    "the runner is left with no child at all");

	rm_rf(tmp);
	dlt_proc_fini();
	return (tap_done());
}
