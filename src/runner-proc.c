/* runner-proc.c: process control for the runner; see runner-proc.h. */
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdnoreturn.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "error.h"
#include "runner-proc.h"
#include "strbuf.h"
#include "xmalloc.h"

extern char **environ;

/*
 * The steps of the child between fork and execve, in the order it takes
 * them; the child sends the index of the one that failed, and errno.
 */
enum spawn_step {
	STEP_FORK,
	STEP_PIPE,
	STEP_LOOKUP,
	STEP_FD,
	STEP_STDIN,
	STEP_STDOUT,
	STEP_STDERR,
	STEP_RLIMIT,
	STEP_CHDIR,
	STEP_EXEC
};
static const char *const spawn_step_names[] = {
	"fork", "pipe", "PATH lookup", "fd setup", "stdin", "stdout",
	"stderr", "setrlimit", "chdir", "execve"
};

struct spawn_report {
	int	step;
	int	err;
};

/* What the child needs, prepared in the runner where malloc is allowed. */
struct spawn_plan {
	const char	*path;		/* the program */
	char *const	*argv;
	char *const	*envp;
	int		 report;	/* write end of the CLOEXEC pipe */
	int		 out_pipe;	/* child ends of the stdio pipes */
	int		 err_pipe;
	int		*moved;		/* nfds slots for the extra fds */
	int		 top;		/* the highest fd the child must have */
	pid_t		 parent;	/* the runner, before the fork */
};

static noreturn void child_fail(int, int, int);
static int	child_stdio(int, enum dlt_stdio, const char *, int);
static int	child_rlimit(int, uint64_t);
static noreturn void child_exec(struct dlt_child *, struct spawn_plan *);
static void	child_finish(struct dlt_child *, int, const struct rusage *);
static int	path_env(const char *const *, const char **);
static void	sigchld_handler(int);
static int	is_target(const struct dlt_child *, int);
static void	set_failed(struct dlt_child *, int, int);
static int	has_frame(const char *);

static int			sigchld_pipe[2] = { -1, -1 };
static struct sigaction		sigchld_old;

int64_t
dlt_now_ms(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}

/* --- deadlines */

void
dlt_deadline_start(struct dlt_deadline *d, int timeout_ms, int grace_ms)
{
	d->start_ms = dlt_now_ms();
	d->timeout_ms = timeout_ms > 0 ? timeout_ms : 0;
	d->grace_ms = grace_ms >= 0 ? grace_ms : DLT_GRACE_MS_DEFAULT;
	d->stage = DLT_STAGE_NONE;
	d->next_ms = d->timeout_ms > 0 ? d->start_ms + d->timeout_ms : -1;
}

int
dlt_deadline_check(struct dlt_deadline *d, pid_t pgid, int64_t now)
{
	while (d->next_ms >= 0 && now >= d->next_ms) {
		if (d->stage == DLT_STAGE_NONE) {
			d->stage = DLT_STAGE_DUMP;
			d->next_ms = now + d->grace_ms;
			if (pgid > 0)
				kill(-pgid, SIGUSR1);
		} else {
			d->stage = DLT_STAGE_KILL;
			d->next_ms = -1;
			if (pgid > 0)
				kill(-pgid, SIGKILL);
		}
	}
	if (d->next_ms < 0)
		return (-1);
	if (d->next_ms - now > INT_MAX)
		return (INT_MAX);
	return ((int)(d->next_ms - now));
}

/* --- starting */

char *
dlt_proc_which(const char *name, const char *path)
{
	const char	*p, *end;
	char		*cand;
	struct stat	 st;
	size_t		 n;

	if (*name == '\0')
		return (NULL);
	if (strchr(name, '/') != NULL)
		return (xstrdup(name));
	if (path == NULL)
		path = getenv("PATH");
	if (path == NULL)
		path = "/usr/bin:/bin";
	for (p = path; ; p = end + 1) {
		end = strchr(p, ':');
		n = end != NULL ? (size_t)(end - p) : strlen(p);
		if (n == 0)
			cand = xasprintf("./%s", name);
		else
			cand = xasprintf("%.*s/%s", (int)n, p, name);
		if (stat(cand, &st) == 0 && S_ISREG(st.st_mode) &&
		    access(cand, X_OK) == 0)
			return (cand);
		free(cand);
		if (end == NULL)
			break;
	}
	return (NULL);
}

int
dlt_fd_set_nonblock(int fd)
{
	int	fl;

	fl = fcntl(fd, F_GETFL);
	if (fl == -1 || fcntl(fd, F_SETFL, fl | O_NONBLOCK) == -1)
		return (-1);
	return (0);
}

/* The PATH of an environment list, or of the runner; 1 when found. */
static int
path_env(const char *const *env, const char **pathp)
{
	size_t	i;

	if (env == NULL) {
		*pathp = getenv("PATH");
		return (*pathp != NULL);
	}
	for (i = 0; env[i] != NULL; i++) {
		if (strncmp(env[i], "PATH=", 5) == 0) {
			*pathp = env[i] + 5;
			return (1);
		}
	}
	*pathp = NULL;
	return (0);
}

static void
set_failed(struct dlt_child *c, int step, int err)
{
	c->state = DLT_CHILD_FAILED;
	c->res.spawn_step = spawn_step_names[step];
	c->res.spawn_errno = err;
}

/*
 * In the child: report the failed step through the pipe and exit.  Only
 * async-signal-safe calls from here on.
 */
static noreturn void
child_fail(int report, int step, int err)
{
	struct spawn_report	r = { step, err };
	ssize_t			n;

	do
		n = write(report, &r, sizeof r);
	while (n == -1 && errno == EINTR);
	_exit(127);
}

static int
is_target(const struct dlt_child *c, int fd)
{
	size_t	i;

	for (i = 0; i < c->nfds; i++)
		if (c->fds[i].child_fd == fd)
			return (1);
	return (0);
}

/* In the child: put stdout (fd 1) or stderr (fd 2) in place. */
static int
child_stdio(int target, enum dlt_stdio how, const char *path, int pipefd)
{
	int	fd;

	switch (how) {
	case DLT_STDIO_INHERIT:
		return (0);
	case DLT_STDIO_TO_STDOUT:
		return (dup2(1, target) == -1 ? -1 : 0);
	case DLT_STDIO_PIPE:
		return (dup2(pipefd, target) == -1 ? -1 : 0);
	case DLT_STDIO_NULL:
		fd = open("/dev/null", O_WRONLY);
		break;
	case DLT_STDIO_FILE:
		fd = open(path, O_WRONLY|O_CREAT|O_TRUNC, 0666);
		break;
	default:
		errno = EINVAL;
		return (-1);
	}
	if (fd == -1)
		return (-1);
	if (fd != target) {
		if (dup2(fd, target) == -1)
			return (-1);
		close(fd);
	}
	return (0);
}

/* In the child: soft and hard limit of resource to value (0: as is). */
static int
child_rlimit(int resource, uint64_t value)
{
	struct rlimit	rl;

	if (value == 0)
		return (0);
	if (getrlimit(resource, &rl) == -1)
		return (-1);
	if (rl.rlim_max != RLIM_INFINITY && value > rl.rlim_max)
		value = rl.rlim_max;
	rl.rlim_cur = rl.rlim_max = (rlim_t)value;
	return (setrlimit(resource, &rl));
}

/* In the child, after fork: everything up to execve. */
static noreturn void
child_exec(struct dlt_child *c, struct spawn_plan *sp)
{
	struct sigaction	 sa;
	struct rlimit		 rl;
	sigset_t		 none;
	size_t			 i;
	int			 fd, sig, base, report;

	setpgid(0, 0);
#ifdef PR_SET_PDEATHSIG
	/*
	 * A runner killed with SIGKILL takes its children with it: left
	 * alone, a harness would go on writing into an execution directory
	 * that the resumed run is using for the same execution.
	 */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) == 0 && getppid() != sp->parent)
		_exit(127);
#endif

	/* Default actions, then SIGXFSZ ignored; the mask comes last. */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	for (sig = 1; sig < NSIG; sig++)
		sigaction(sig, &sa, NULL);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGXFSZ, &sa, NULL);

	/*
	 * Move what must survive above every target fd first, so that no
	 * dup2 below lands on a source it still needs.
	 */
	base = sp->top + 1;
	report = fcntl(sp->report, F_DUPFD_CLOEXEC, base);
	if (report == -1)
		child_fail(sp->report, STEP_FD, errno);
	for (i = 0; i < c->nfds; i++) {
		sp->moved[i] = fcntl(c->fds[i].parent_fd, F_DUPFD_CLOEXEC, base);
		if (sp->moved[i] == -1)
			child_fail(report, STEP_FD, errno);
	}
	if (sp->out_pipe != -1 &&
	    (sp->out_pipe = fcntl(sp->out_pipe, F_DUPFD_CLOEXEC, base)) == -1)
		child_fail(report, STEP_FD, errno);
	if (sp->err_pipe != -1 &&
	    (sp->err_pipe = fcntl(sp->err_pipe, F_DUPFD_CLOEXEC, base)) == -1)
		child_fail(report, STEP_FD, errno);

	fd = open("/dev/null", O_RDONLY);
	if (fd == -1 || (fd != 0 && dup2(fd, 0) == -1))
		child_fail(report, STEP_STDIN, errno);
	if (fd != 0)
		close(fd);
	if (child_stdio(1, c->out, c->out_path, sp->out_pipe) == -1)
		child_fail(report, STEP_STDOUT, errno);
	if (child_stdio(2, c->err, c->err_path, sp->err_pipe) == -1)
		child_fail(report, STEP_STDERR, errno);
	for (i = 0; i < c->nfds; i++)
		if (dup2(sp->moved[i], c->fds[i].child_fd) == -1)
			child_fail(report, STEP_FD, errno);
	for (fd = 3; fd < base; fd++)
		if (!is_target(c, fd))
			close(fd);
	/* Everything above: closed by execve (the report pipe only then). */
	if (close_range((unsigned)base, ~0U, CLOSE_RANGE_CLOEXEC) == -1) {
		if (getrlimit(RLIMIT_NOFILE, &rl) == -1 ||
		    rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > 1048576)
			rl.rlim_cur = 1048576;
		for (fd = base; fd < (int)rl.rlim_cur; fd++)
			fcntl(fd, F_SETFD, FD_CLOEXEC);
	}

	if (child_rlimit(RLIMIT_AS, c->limits.address_space) == -1 ||
	    child_rlimit(RLIMIT_FSIZE, c->limits.file_size) == -1 ||
	    child_rlimit(RLIMIT_NPROC, c->limits.nproc) == -1)
		child_fail(report, STEP_RLIMIT, errno);
	if (c->limits.core >= 0) {
		if (getrlimit(RLIMIT_CORE, &rl) == -1)
			child_fail(report, STEP_RLIMIT, errno);
		rl.rlim_cur = c->limits.core ? rl.rlim_max : 0;
		if (setrlimit(RLIMIT_CORE, &rl) == -1)
			child_fail(report, STEP_RLIMIT, errno);
	}
	if (c->cwd != NULL && chdir(c->cwd) == -1)
		child_fail(report, STEP_CHDIR, errno);

	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	execve(sp->path, sp->argv, sp->envp);
	child_fail(report, STEP_EXEC, errno);
}

int
dlt_child_start(struct dlt_child *c)
{
	struct spawn_plan	 sp;
	struct spawn_report	 r;
	sigset_t		 all, old;
	const char		*path;
	char			*prog;
	int			 report[2] = { -1, -1 }, outp[2] = { -1, -1 };
	int			 errp[2] = { -1, -1 }, err, status;
	size_t			 i;
	ssize_t			 n;
	pid_t			 pid;

	if (c->argv == NULL || c->argv[0] == NULL)
		dlt_bug("child started without argv");
	if (c->state == DLT_CHILD_RUNNING)
		dlt_bug("child started twice");
	memset(&c->res, 0, sizeof c->res);
	c->pid = 0;
	c->out_fd = c->err_fd = -1;

	memset(&sp, 0, sizeof sp);
	sp.out_pipe = sp.err_pipe = -1;
	sp.top = 2;
	for (i = 0; i < c->nfds; i++) {
		if (c->fds[i].child_fd < 3 || c->fds[i].parent_fd < 0)
			dlt_bug("bad fd map %d -> %d", c->fds[i].parent_fd,
			    c->fds[i].child_fd);
		if (c->fds[i].child_fd > sp.top)
			sp.top = c->fds[i].child_fd;
	}
	path_env(c->env, &path);
	prog = dlt_proc_which(c->argv[0], path);
	if (prog == NULL) {
		set_failed(c, STEP_LOOKUP, ENOENT);
		return (-1);
	}
	if (pipe2(report, O_CLOEXEC) == -1 ||
	    (c->out == DLT_STDIO_PIPE && pipe2(outp, O_CLOEXEC) == -1) ||
	    (c->err == DLT_STDIO_PIPE && pipe2(errp, O_CLOEXEC) == -1)) {
		err = errno;
		goto fail;
	}
	sp.path = prog;
	sp.argv = (char *const *)c->argv;
	sp.envp = c->env != NULL ? (char *const *)c->env : environ;
	sp.report = report[1];
	sp.parent = getpid();
	sp.out_pipe = outp[1];
	sp.err_pipe = errp[1];
	if (c->nfds > 0)
		sp.moved = xcalloc(c->nfds, sizeof *sp.moved);

	/* No handler of the runner may run in the child before the reset. */
	sigfillset(&all);
	sigprocmask(SIG_SETMASK, &all, &old);
	dlt_deadline_start(&c->deadline, c->timeout_ms, c->grace_ms);
	pid = fork();
	if (pid == 0)
		child_exec(c, &sp);
	err = errno;
	if (pid > 0)
		setpgid(pid, pid);	/* EACCES once it has exec'd: fine */
	sigprocmask(SIG_SETMASK, &old, NULL);
	free(sp.moved);
	close(report[1]);
	if (outp[1] != -1)
		close(outp[1]);
	if (errp[1] != -1)
		close(errp[1]);
	if (pid == -1) {
		close(report[0]);
		report[0] = -1;
		free(prog);
		set_failed(c, STEP_FORK, err);
		goto close_pipes;
	}
	free(prog);

	do
		n = read(report[0], &r, sizeof r);
	while (n == -1 && errno == EINTR);
	close(report[0]);
	if (n == (ssize_t)sizeof r) {
		while (waitpid(pid, &status, 0) == -1 && errno == EINTR)
			;
		if (r.step < 0 || r.step > STEP_EXEC)
			r.step = STEP_EXEC;
		set_failed(c, r.step, r.err);
		goto close_pipes;
	}
	c->pid = pid;
	c->out_fd = outp[0];
	c->err_fd = errp[0];
	c->state = DLT_CHILD_RUNNING;
	return (0);

fail:
	set_failed(c, STEP_PIPE, err);
	free(prog);
	if (report[0] != -1) {
		close(report[0]);
		close(report[1]);
	}
	if (outp[1] != -1)
		close(outp[1]);
	if (errp[1] != -1)
		close(errp[1]);
close_pipes:
	if (outp[0] != -1)
		close(outp[0]);
	if (errp[0] != -1)
		close(errp[0]);
	return (-1);
}

int
dlt_child_error(const struct dlt_child *c)
{
	const char	*name = c->argv != NULL && c->argv[0] != NULL ?
			    c->argv[0] : "?";

	if (c->res.spawn_step == NULL)
		return (dlt_error("cannot run '%s'", name));
	return (dlt_error("cannot run '%s': %s: %s", name, c->res.spawn_step,
	    strerror(c->res.spawn_errno)));
}

/* --- reaping */

static void
child_finish(struct dlt_child *c, int status, const struct rusage *ru)
{
	struct dlt_child_result	*res = &c->res;

	res->status = status;
	res->exited = WIFEXITED(status);
	res->code = res->exited ? WEXITSTATUS(status) : 0;
	res->signaled = WIFSIGNALED(status);
	res->signal = res->signaled ? WTERMSIG(status) : 0;
	res->core_dumped = res->signaled && WCOREDUMP(status);
	res->stage = c->deadline.stage;
	res->timed_out = res->stage != DLT_STAGE_NONE;
	res->wall_ms = dlt_now_ms() - c->deadline.start_ms;
	res->maxrss_kib = ru->ru_maxrss;
	c->state = DLT_CHILD_DONE;
	/* Killed before the reap; still there after it: a stray. */
	if (!c->keep_group && kill(-c->pid, 0) == 0)
		res->strays = 1;
}

int
dlt_child_poll(struct dlt_child *c)
{
	struct rusage	ru;
	siginfo_t	si;
	pid_t		got;
	int		status;

	if (c->state == DLT_CHILD_DONE)
		return (1);
	if (c->state != DLT_CHILD_RUNNING)
		return (-1);
	/*
	 * Look without reaping first: while the leader is a zombie its pid
	 * cannot be reused, so SIGKILL to the group reaches only what is
	 * left of it (a grandchild, a fork bomb), never a stranger.
	 */
	memset(&si, 0, sizeof si);
	while (waitid(P_PID, (id_t)c->pid, &si, WEXITED|WNOHANG|WNOWAIT) == -1)
		if (errno != EINTR)
			return (-1);
	if (si.si_pid == c->pid) {
		if (!c->keep_group)
			kill(-c->pid, SIGKILL);
		do
			got = wait4(c->pid, &status, 0, &ru);
		while (got == -1 && errno == EINTR);
		if (got != c->pid)
			return (-1);
		child_finish(c, status, &ru);
		return (1);
	}
	dlt_deadline_check(&c->deadline, c->pid, dlt_now_ms());
	return (0);
}

int
dlt_child_wait(struct dlt_child *c)
{
	struct dlt_child	*one[1] = { c };
	int			 r;

	if (c->state == DLT_CHILD_DONE)
		return (0);
	if (c->state != DLT_CHILD_RUNNING || dlt_proc_init() == -1)
		return (-1);
	while (c->state == DLT_CHILD_RUNNING) {
		r = dlt_proc_wait(one, 1, NULL, 0, -1);
		if (r == -1)
			return (-1);
	}
	return (0);
}

int
dlt_child_kill_group(struct dlt_child *c, int sig)
{
	if (c->pid <= 0)
		return (0);
	if (kill(-c->pid, sig) == -1 && errno != ESRCH)
		return (-1);
	return (0);
}

int
dlt_child_group_gone(struct dlt_child *c)
{
	int	status;

	if (c->pid <= 0)
		return (1);
	if (c->state == DLT_CHILD_RUNNING)
		return (0);
	while (waitpid(-c->pid, &status, WNOHANG) > 0)
		;
	return (kill(-c->pid, 0) == -1 && errno == ESRCH);
}

void
dlt_child_release(struct dlt_child *c)
{
	struct rusage	ru;
	int		status;
	pid_t		got;

	if (c->state == DLT_CHILD_RUNNING) {
		kill(-c->pid, SIGKILL);	/* the leader pins the pid: safe */
		do
			got = wait4(c->pid, &status, 0, &ru);
		while (got == -1 && errno == EINTR);
		if (got == c->pid)
			child_finish(c, status, &ru);
		else
			c->state = DLT_CHILD_DONE;
	}
	if (c->out_fd != -1)
		close(c->out_fd);
	if (c->err_fd != -1)
		close(c->err_fd);
	c->out_fd = c->err_fd = -1;
}

/* --- the event loop */

static void
sigchld_handler(int sig)
{
	int	saved = errno;
	char	b = 0;

	(void)sig;
	if (write(sigchld_pipe[1], &b, 1) == -1) {
		/* full: a byte is waiting already */
	}
	errno = saved;
}

int
dlt_proc_init(void)
{
	struct sigaction	sa;

	if (sigchld_pipe[0] != -1)
		return (0);
	if (pipe2(sigchld_pipe, O_CLOEXEC|O_NONBLOCK) == -1)
		return (dlt_error_errno("cannot make the SIGCHLD pipe"));
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = sigchld_handler;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART|SA_NOCLDSTOP;
	if (sigaction(SIGCHLD, &sa, &sigchld_old) == -1) {
		close(sigchld_pipe[0]);
		close(sigchld_pipe[1]);
		sigchld_pipe[0] = sigchld_pipe[1] = -1;
		return (dlt_error_errno("cannot catch SIGCHLD"));
	}
	return (0);
}

void
dlt_proc_fini(void)
{
	if (sigchld_pipe[0] == -1)
		return;
	sigaction(SIGCHLD, &sigchld_old, NULL);
	close(sigchld_pipe[0]);
	close(sigchld_pipe[1]);
	sigchld_pipe[0] = sigchld_pipe[1] = -1;
}

int
dlt_proc_subreaper(void)
{
	return (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == -1 ? -1 : 0);
}

int
dlt_proc_wait(struct dlt_child *const *cs, size_t n, struct pollfd *pfds,
    size_t npfds, int timeout_ms)
{
	struct pollfd	*all;
	char		 drain[64];
	int64_t		 now, end;
	size_t		 i;
	int		 ended, ready, wait, due, r;

	if (dlt_proc_init() == -1)
		return (-1);
	all = xcalloc(npfds + 1, sizeof *all);
	end = timeout_ms >= 0 ? dlt_now_ms() + timeout_ms : -1;
	ready = 0;
	for (i = 0; i < npfds; i++)
		pfds[i].revents = 0;
	for (;;) {
		ended = 0;
		now = dlt_now_ms();
		wait = end >= 0 ? (int)(end > now ? end - now : 0) : -1;
		for (i = 0; i < n; i++) {
			if (cs[i] == NULL || cs[i]->state != DLT_CHILD_RUNNING)
				continue;
			r = dlt_child_poll(cs[i]);
			if (r == 1)
				ended++;
			else if (r == 0) {
				due = dlt_deadline_check(&cs[i]->deadline,
				    cs[i]->pid, dlt_now_ms());
				if (due >= 0 && (wait < 0 || due < wait))
					wait = due;
			}
		}
		if (ended > 0 || ready > 0 || (end >= 0 && now >= end))
			break;

		all[0].fd = sigchld_pipe[0];
		all[0].events = POLLIN;
		all[0].revents = 0;
		for (i = 0; i < npfds; i++) {
			all[i + 1] = pfds[i];
			all[i + 1].revents = 0;
		}
		r = poll(all, npfds + 1, wait);
		if (r == -1 && errno != EINTR) {
			free(all);
			return (-1);
		}
		while (read(sigchld_pipe[0], drain, sizeof drain) > 0)
			;
		for (i = 0; i < npfds; i++) {
			pfds[i].revents = all[i + 1].revents;
			if (pfds[i].revents != 0)
				ready++;
		}
	}
	free(all);
	return (ended + ready);
}

/* --- capped files */

int
dlt_child_cap_file(const char *path, uint64_t cap)
{
	struct stat	 st;
	char		 last = '\n', *line;
	int		 fd, rc = 1;
	size_t		 len;

	fd = open(path, O_RDWR|O_CLOEXEC);
	if (fd == -1)
		return (-1);
	if (fstat(fd, &st) == -1) {
		close(fd);
		return (-1);
	}
	if ((uint64_t)st.st_size < cap) {
		close(fd);
		return (0);
	}
	if ((uint64_t)st.st_size > cap && ftruncate(fd, (off_t)cap) == -1) {
		close(fd);
		return (-1);
	}
	if (cap > 0 && pread(fd, &last, 1, (off_t)cap - 1) != 1)
		last = '\n';
	line = xasprintf("%s[dltriage: output truncated at %llu bytes]\n",
	    last == '\n' ? "" : "\n", (unsigned long long)cap);
	len = strlen(line);
	if (pwrite(fd, line, len, (off_t)cap) != (ssize_t)len)
		rc = -1;
	free(line);
	if (close(fd) == -1)
		rc = -1;
	return (rc);
}

/* --- line reader */

void
dlt_linebuf_init(struct dlt_linebuf *lb)
{
	memset(lb, 0, sizeof *lb);
	lb->max_line = DLT_LINEBUF_MAX_LINE;
	strbuf_init(&lb->cur);
}

void
dlt_linebuf_release(struct dlt_linebuf *lb)
{
	size_t	max_line = lb->max_line, max_total = lb->max_total;

	strbuf_release(&lb->cur);
	free(lb->chunk);
	dlt_linebuf_init(lb);
	lb->max_line = max_line;
	lb->max_total = max_total;
}

int
dlt_linebuf_getline(struct dlt_linebuf *lb, int fd, struct strbuf *line)
{
	const char	*p, *nl;
	size_t		 avail, take, room;
	ssize_t		 n;
	int		 flags;

	if (lb->chunk == NULL)
		lb->chunk = xmalloc(DLT_LINEBUF_CHUNK);
	for (;;) {
		if (lb->pos == lb->len) {
			if (lb->eof)
				return (0);
			do
				n = read(fd, lb->chunk, DLT_LINEBUF_CHUNK);
			while (n == -1 && errno == EINTR);
			if (n == -1)
				return (errno == EAGAIN || errno == EWOULDBLOCK ?
				    0 : -1);
			if (n == 0) {
				lb->eof = 1;
				if (lb->cur.len == 0 && !lb->truncated)
					return (0);
				flags = DLT_LINE|DLT_LINE_UNTERMINATED;
				goto give;
			}
			lb->total += (uint64_t)n;
			if (lb->overflow || (lb->max_total > 0 &&
			    lb->total > lb->max_total)) {
				lb->overflow = 1;	/* drop it all */
				continue;
			}
			lb->pos = 0;
			lb->len = (size_t)n;
		}
		p = lb->chunk + lb->pos;
		avail = lb->len - lb->pos;
		nl = memchr(p, '\n', avail);
		take = nl != NULL ? (size_t)(nl - p) : avail;
		lb->pos += take + (nl != NULL);
		if (!lb->cutting) {
			room = lb->max_line - lb->cur.len;
			if (take > room) {
				strbuf_add(&lb->cur, p, room);
				lb->cutting = lb->truncated = 1;
			} else
				strbuf_add(&lb->cur, p, take);
		}
		if (nl != NULL) {
			flags = DLT_LINE;
			goto give;
		}
	}

give:
	if (lb->truncated)
		flags |= DLT_LINE_TRUNCATED;
	strbuf_reset(line);
	strbuf_add(line, lb->cur.buf, lb->cur.len);
	strbuf_reset(&lb->cur);
	lb->cutting = lb->truncated = 0;
	return (flags);
}

/* --- core files */

int
dlt_core_find_pattern(const char *pattern, int uses_pid, const char *dir,
    pid_t pid, char **pathp)
{
	struct strbuf	 name = STRBUF_INIT;
	struct stat	 st;
	struct dirent	*de;
	DIR		*d;
	const char	*p;
	char		*cand;
	const char	*fixed[2];
	size_t		 i, prefix;
	int		 other = 0, has_pid = 0;

	*pathp = NULL;
	if (pattern[0] == '|') {
		*pathp = xstrdup(pattern);
		return (DLT_CORE_PIPED);
	}
	for (p = pattern; *p != '\0'; p++) {
		if (*p != '%') {
			strbuf_addch(&name, *p);
			continue;
		}
		p++;
		if (*p == '%')
			strbuf_addch(&name, '%');
		else if (*p == 'p') {
			strbuf_addf(&name, "%ld", (long)pid);
			has_pid = 1;
		} else {
			other = 1;
			break;
		}
		if (*p == '\0')
			break;
	}
	prefix = name.len;
	if (!other && uses_pid && !has_pid)
		strbuf_addf(&name, ".%ld", (long)pid);

	/* The expanded name, then the plain names of "core". */
	if (!other && name.len > 0) {
		if (name.buf[0] == '/')
			cand = xstrdup(name.buf);
		else
			cand = xasprintf("%s/%s", dir, name.buf);
		if (stat(cand, &st) == 0 && S_ISREG(st.st_mode)) {
			strbuf_release(&name);
			*pathp = cand;
			return (DLT_CORE_FOUND);
		}
		free(cand);
	}
	cand = xasprintf("core.%ld", (long)pid);
	fixed[0] = cand;
	fixed[1] = "core";
	for (i = 0; i < 2; i++) {
		char *full = xasprintf("%s/%s", dir, fixed[i]);

		if (stat(full, &st) == 0 && S_ISREG(st.st_mode)) {
			free(cand);
			strbuf_release(&name);
			*pathp = full;
			return (DLT_CORE_FOUND);
		}
		free(full);
	}
	free(cand);

	/* A pattern with %e, %t, ...: the first file with its prefix. */
	if (other && prefix > 0 && memchr(name.buf, '/', prefix) == NULL &&
	    (d = opendir(dir)) != NULL) {
		while ((de = readdir(d)) != NULL) {
			if (strncmp(de->d_name, name.buf, prefix) != 0)
				continue;
			cand = xasprintf("%s/%s", dir, de->d_name);
			if (stat(cand, &st) == 0 && S_ISREG(st.st_mode)) {
				*pathp = cand;
				break;
			}
			free(cand);
		}
		closedir(d);
	}
	strbuf_release(&name);
	return (*pathp != NULL ? DLT_CORE_FOUND : DLT_CORE_NONE);
}

int
dlt_core_find(const char *dir, pid_t pid, char **pathp)
{
	char	 pattern[256] = "core", num[16];
	FILE	*f;
	int	 uses_pid = 0;

	if ((f = fopen("/proc/sys/kernel/core_pattern", "re")) != NULL) {
		if (fgets(pattern, sizeof pattern, f) == NULL)
			snprintf(pattern, sizeof pattern, "core");
		fclose(f);
	}
	pattern[strcspn(pattern, "\n")] = '\0';
	if ((f = fopen("/proc/sys/kernel/core_uses_pid", "re")) != NULL) {
		if (fgets(num, sizeof num, f) != NULL)
			uses_pid = num[0] == '1';
		fclose(f);
	}
	return (dlt_core_find_pattern(pattern, uses_pid, dir, pid, pathp));
}

int
dlt_core_backtrace(const char *exe, const char *core, const char *out_txt,
    int timeout_s)
{
	const char		*argv[] = { "gdb", "-batch", "-nx", "-ex",
				    "thread apply all bt", exe, core, NULL };
	struct dlt_child	 c = DLT_CHILD_INIT;
	struct stat		 st;
	char			*gdb;
	int			 rc = -1;

	if (stat(exe, &st) == -1 || stat(core, &st) == -1 ||
	    (gdb = dlt_proc_which("gdb", NULL)) == NULL)
		return (-1);
	argv[0] = gdb;
	c.argv = argv;
	c.out = DLT_STDIO_FILE;
	c.out_path = out_txt;
	c.err = DLT_STDIO_TO_STDOUT;
	c.limits.file_size = DLT_BACKTRACE_CAP;
	c.limits.core = 0;
	c.timeout_ms = timeout_s > 0 ? timeout_s * 1000 : 0;
	c.grace_ms = 500;
	if (dlt_child_start(&c) == 0 && dlt_child_wait(&c) == 0 &&
	    c.res.exited && c.res.code == 0 && !c.res.timed_out)
		rc = 0;
	dlt_child_release(&c);
	free(gdb);
	if (dlt_child_cap_file(out_txt, DLT_BACKTRACE_CAP) == -1 ||
	    !has_frame(out_txt))
		rc = -1;
	return (rc);
}

/* Whether gdb's output holds a frame ("#0 ..." at the start of a line). */
static int
has_frame(const char *path)
{
	char	*line = NULL;
	size_t	 cap = 0;
	FILE	*f;
	int	 found = 0;

	if ((f = fopen(path, "re")) == NULL)
		return (0);
	while (!found && getline(&line, &cap, f) != -1)
		found = strncmp(line, "#0 ", 3) == 0;
	free(line);
	fclose(f);
	return (found);
}
