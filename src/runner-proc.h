/*
 * runner-proc.h: process control for the runner: start a program under
 * limits in its own process group, time it in two stages, reap it with
 * its resource usage, and read its protocol fd line by line.
 *
 * No shell is involved anywhere: a program is an argv, found on PATH by
 * dlt_proc_which() when argv[0] has no slash, and started with fork and
 * execve.  Between the two, the child:
 *
 *   - becomes the leader of its own process group (setpgid(0, 0); the
 *     runner calls setpgid too, so that neither side races the other);
 *   - resets every signal to its default action (but the two that glibc
 *     keeps for itself, 32 and 33) and empties the signal mask (the
 *     runner blocks all signals around fork, so its SIGCHLD handler
 *     never runs in the child), then ignores SIGXFSZ: a write
 *     past the file-size cap fails with EFBIG instead of killing the
 *     program with a signal that would look like a crash;
 *   - reads stdin from /dev/null, writes stdout and stderr where the
 *     caller says (a file opened O_CREAT|O_TRUNC, a pipe, /dev/null, or
 *     the runner's own), dup2s the caller's extra fds to their numbers
 *     (the harness protocol wants fd 3 and fd 4) and closes every other
 *     fd;
 *   - applies RLIMIT_AS, RLIMIT_FSIZE, RLIMIT_CORE and RLIMIT_NPROC
 *     (soft and hard: the program cannot raise them again);
 *   - changes to its directory and calls execve.
 *
 * A step that fails in the child sends its errno through a CLOEXEC pipe
 * and the child exits with 127; dlt_child_start() then reaps it and
 * returns -1 with res.spawn_step and res.spawn_errno set.  A start that
 * returned 0 has exec'd, so an exit status of 127 afterwards is the
 * program's own.
 *
 * Timeouts come in two stages (struct dlt_deadline): when timeout_ms
 * have passed, SIGUSR1 goes to the process group (the harness dumps its
 * threads with faulthandler); grace_ms later, SIGKILL goes to the group,
 * which no program can ignore.  When the leader has ended, whatever is
 * left in its group (a grandchild, a fork bomb) gets SIGKILL too, before
 * the leader is reaped (its zombie keeps the pid, so the signal cannot
 * reach a process that reused it), and res.strays says so (best effort:
 * a stray that died and was reaped at once goes unnoticed).  A process
 * that leaves the group with setsid() or setpgid() escapes this;
 * containing those needs cgroups.
 *
 * Reaping is non-blocking (wait4 with WNOHANG, for ru_maxrss).  The
 * event loop, dlt_proc_wait(), waits with poll() on the caller's fds and
 * a self-pipe that the SIGCHLD handler writes one byte to, so that the
 * runner watches J children and their protocol fds at once; between
 * polls it reaps the children and moves their deadlines on.
 * dlt_child_wait() is that loop for one child.
 *
 * Orphans: a child's strays are re-parented to init when the child
 * dies; when init does not reap (a container's pid 1 may not), they stay
 * as zombies and keep the group alive.  dlt_proc_subreaper() makes the
 * runner their parent instead, and dlt_child_group_gone() reaps them.
 */
#ifndef DLT_RUNNER_PROC_H
#define DLT_RUNNER_PROC_H

#include <sys/types.h>

#include <poll.h>
#include <stddef.h>
#include <stdint.h>

#include "strbuf.h"

/* Where a child's stdout or stderr goes. */
enum dlt_stdio {
	DLT_STDIO_INHERIT = 0,	/* the runner's own */
	DLT_STDIO_NULL,		/* /dev/null */
	DLT_STDIO_FILE,		/* a file, created or truncated */
	DLT_STDIO_PIPE,		/* a pipe; the runner reads out_fd / err_fd */
	DLT_STDIO_TO_STDOUT	/* stderr only: wherever stdout goes */
};

/* An fd of the runner that the child gets as number child_fd (>= 3). */
struct dlt_fdmap {
	int	parent_fd;
	int	child_fd;
};

/*
 * Limits, in bytes; 0 leaves a limit as it is.  core is -1 (unchanged),
 * 0 (no core dump) or 1 (as large as the hard limit allows).
 */
struct dlt_child_limits {
	uint64_t	address_space;	/* RLIMIT_AS */
	uint64_t	file_size;	/* RLIMIT_FSIZE: also caps stdout, stderr */
	int		core;		/* RLIMIT_CORE */
	uint64_t	nproc;		/* RLIMIT_NPROC (not enforced for root) */
};

/* The timeout stage an execution ended in. */
enum dlt_stage {
	DLT_STAGE_NONE = 0,	/* ended before its timeout */
	DLT_STAGE_DUMP,		/* SIGUSR1 sent, ended within the grace period */
	DLT_STAGE_KILL		/* SIGKILL sent to the group */
};

#define DLT_GRACE_MS_DEFAULT	2000

/*
 * A two-stage deadline for a process group.  dlt_child keeps one; the
 * runner keeps one per execution of a fork server, whose children are
 * not its own (their pid comes in the "started" message).
 */
struct dlt_deadline {
	int64_t	start_ms;	/* dlt_now_ms() at the start */
	int	timeout_ms;	/* 0: none */
	int	grace_ms;
	int	stage;		/* enum dlt_stage reached so far */
	int64_t	next_ms;	/* when the next stage is due; -1: never */
};

/* The clock of everything here: CLOCK_MONOTONIC, in milliseconds. */
int64_t	dlt_now_ms(void);

void	dlt_deadline_start(struct dlt_deadline *, int timeout_ms, int grace_ms);
/*
 * Enter the stages that are due at now_ms, signalling the process group
 * pgid; return the milliseconds until the next stage, or -1 when none
 * is left.
 */
int	dlt_deadline_check(struct dlt_deadline *, pid_t pgid, int64_t now_ms);

/* What became of a child; valid once dlt_child_poll() has returned 1. */
struct dlt_child_result {
	int		 status;	/* the raw wait status */
	int		 exited;	/* WIFEXITED; then code is WEXITSTATUS */
	int		 code;
	int		 signaled;	/* WIFSIGNALED; then signal is WTERMSIG */
	int		 signal;
	int		 core_dumped;	/* WCOREDUMP */
	int		 timed_out;	/* stage != DLT_STAGE_NONE */
	int		 stage;		/* enum dlt_stage */
	int64_t		 wall_ms;	/* from fork to reap, CLOCK_MONOTONIC */
	long		 maxrss_kib;	/* ru_maxrss from wait4 */
	int		 strays;	/* its group outlived it (and got SIGKILL) */

	/* Set when dlt_child_start() failed: which step, and errno. */
	const char	*spawn_step;	/* "fork", "execve", "chdir", ... */
	int		 spawn_errno;
};

enum dlt_child_state {
	DLT_CHILD_NEW = 0,
	DLT_CHILD_RUNNING,
	DLT_CHILD_DONE,		/* reaped; res is complete */
	DLT_CHILD_FAILED	/* did not start; res.spawn_* say why */
};

/*
 * One child process.  The caller fills the first group (DLT_CHILD_INIT,
 * then designated fields); everything in it is borrowed and needs to
 * live only until dlt_child_start() returns.  A started child must be
 * released with dlt_child_release(), which kills and reaps it when it is
 * still running and closes the pipes.
 */
struct dlt_child {
	const char *const	*argv;		/* argv[0]: a path, or a name for PATH */
	const char *const	*env;		/* NULL: the runner's environment */
	const char		*cwd;		/* NULL: the runner's */
	enum dlt_stdio		 out;
	enum dlt_stdio		 err;
	const char		*out_path;	/* DLT_STDIO_FILE; relative to */
	const char		*err_path;	/* the runner's cwd, not cwd */
	const struct dlt_fdmap	*fds;		/* extra fds, nfds of them */
	size_t			 nfds;
	struct dlt_child_limits	 limits;
	int			 timeout_ms;	/* 0: none */
	int			 grace_ms;	/* between SIGUSR1 and SIGKILL */
	int			 keep_group;	/* no SIGKILL to strays at reap */

	/* Set by dlt_child_start(). */
	pid_t			 pid;		/* also the process group id */
	int			 out_fd;	/* the runner's ends of the */
	int			 err_fd;	/* DLT_STDIO_PIPE pipes, or -1 */
	enum dlt_child_state	 state;
	struct dlt_deadline	 deadline;
	struct dlt_child_result	 res;
};

#define DLT_CHILD_INIT { \
	.grace_ms = DLT_GRACE_MS_DEFAULT, \
	.limits = { .core = -1 }, \
	.out_fd = -1, \
	.err_fd = -1 \
}

/*
 * Start the child.  0: it runs (it has exec'd); -1: it did not start,
 * res.spawn_step and res.spawn_errno say why and nothing is left to
 * reap.  Prints nothing; dlt_child_error() prints the reason.
 */
int	dlt_child_start(struct dlt_child *);
/* "cannot run 'ARGV0': STEP: STRERROR" through dlt_error; returns -1. */
int	dlt_child_error(const struct dlt_child *);
/*
 * Reap the child if it has ended (never blocks) and enter the timeout
 * stages that are due.  1: ended, res is filled; 0: still running;
 * -1: not started, or wait4 failed.
 */
int	dlt_child_poll(struct dlt_child *);
/* Wait until the child ends, keeping its timeout.  0, or -1. */
int	dlt_child_wait(struct dlt_child *);
/* Send sig to the child's process group; 0 also when it is gone. */
int	dlt_child_kill_group(struct dlt_child *, int sig);
/*
 * After the child ended: reap what is left of its group (when the runner
 * is a subreaper) and say whether the group is gone (kill(-pgid, 0)
 * fails with ESRCH): 1 gone, 0 not yet.
 */
int	dlt_child_group_gone(struct dlt_child *);
/* Kill and reap a running child, close the pipes; c may be started again. */
void	dlt_child_release(struct dlt_child *);

/*
 * The event loop.  dlt_proc_init() installs the SIGCHLD handler and its
 * self-pipe (once; later calls do nothing) and dlt_proc_fini() puts the
 * old handler back.  dlt_proc_wait() returns when a child of cs[] has
 * ended, an fd of pfds[] is ready (revents set, as poll sets them), or
 * timeout_ms (-1: none) has passed; on the way it enters the children's
 * timeout stages.  It returns the number of children that ended plus
 * the number of ready fds, 0 on timeout, -1 on error.  cs[] may hold
 * NULL and children that are not running; pfds[] entries with fd < 0
 * are skipped, as poll skips them.
 */
int	dlt_proc_init(void);
void	dlt_proc_fini(void);
int	dlt_proc_wait(struct dlt_child *const *cs, size_t n,
	    struct pollfd *pfds, size_t npfds, int timeout_ms);
/* Make the runner the reaper of its orphaned descendants.  0 or -1. */
int	dlt_proc_subreaper(void);

/*
 * The path of program name on path (a PATH value; NULL: $PATH), or NULL
 * when none is an executable file.  dlt_child_start() searches the PATH
 * of the child's env, or the runner's when env has none.  A name with a
 * slash is returned as it is.  The caller frees the result.
 */
char	*dlt_proc_which(const char *name, const char *path);
/* Set O_NONBLOCK on fd.  0 or -1. */
int	dlt_fd_set_nonblock(int fd);

/*
 * Capped output files.  A file that reached cap bytes (RLIMIT_FSIZE
 * stopped the writer there) is cut to cap and gets the line
 * "[dltriage: output truncated at CAP bytes]" (after a newline when its
 * last byte is not one).  1: marked, 0: below the cap, -1: error.
 */
int	dlt_child_cap_file(const char *path, uint64_t cap);

/*
 * A line reader over a non-blocking fd (the protocol's fd 4, or a
 * pipe).  It reads only when it has no complete line, in chunks of
 * DLT_LINEBUF_CHUNK, so it survives lines that arrive in pieces.  A line
 * longer than max_line is cut there (the rest up to its newline is read
 * and dropped) and comes with DLT_LINE_TRUNCATED; past max_total bytes
 * in all (0: no cap) everything is read and dropped and overflow is set.
 * A last line without a newline comes with DLT_LINE_UNTERMINATED at end
 * of file.
 */
#define DLT_LINEBUF_MAX_LINE	(1024 * 1024)
#define DLT_LINEBUF_CHUNK	65536

#define DLT_LINE		1	/* a line is in *line (no '\n') */
#define DLT_LINE_TRUNCATED	2
#define DLT_LINE_UNTERMINATED	4

struct dlt_linebuf {
	size_t		 max_line;
	size_t		 max_total;
	struct strbuf	 cur;		/* the line being read */
	char		*chunk;		/* read, not yet looked at: */
	size_t		 pos;		/* chunk[pos..len) */
	size_t		 len;
	uint64_t	 total;		/* bytes read */
	int		 cutting;	/* dropping the rest of a long line */
	int		 truncated;	/* cur was cut */
	int		 overflow;	/* max_total was passed */
	int		 eof;
};

#define DLT_LINEBUF_INIT { .max_line = DLT_LINEBUF_MAX_LINE, .cur = STRBUF_INIT }

void	dlt_linebuf_init(struct dlt_linebuf *);
void	dlt_linebuf_release(struct dlt_linebuf *);
/*
 * The next line of fd into *line (replacing its contents): DLT_LINE,
 * with DLT_LINE_TRUNCATED or DLT_LINE_UNTERMINATED added as they apply;
 * 0 when no complete line is there yet (EAGAIN) or at end of file (eof
 * set); -1 when read failed.
 */
int	dlt_linebuf_getline(struct dlt_linebuf *, int fd, struct strbuf *line);

/*
 * Core files.  dlt_core_find() looks for the core of pid, which ran in
 * dir, where /proc/sys/kernel/core_pattern puts it ("core", "core.PID",
 * or the pattern with %p and %% expanded; with other specifiers, the
 * first file of dir that starts with the pattern's fixed prefix).
 * DLT_CORE_FOUND: *pathp is its path (the caller frees it);
 * DLT_CORE_NONE: no file; DLT_CORE_PIPED: the pattern hands cores to a
 * program ("|..."), so no file can be expected (*pathp is the pattern).
 * dlt_core_find_pattern() does the same with a given pattern.
 */
enum {
	DLT_CORE_FOUND = 0,
	DLT_CORE_NONE,
	DLT_CORE_PIPED
};
int	dlt_core_find(const char *dir, pid_t pid, char **pathp);
int	dlt_core_find_pattern(const char *pattern, int uses_pid,
	    const char *dir, pid_t pid, char **pathp);

/*
 * Write the backtraces of every thread of core (of program exe) to
 * out_txt with "gdb -batch -nx -ex 'thread apply all bt' EXE CORE", gdb
 * found on PATH, its output capped and stopped after timeout_s.  0, or
 * -1 when there is no gdb or it failed (never fatal; prints nothing).
 */
#define DLT_BACKTRACE_CAP	(4 * 1024 * 1024)
int	dlt_core_backtrace(const char *exe, const char *core,
	    const char *out_txt, int timeout_s);

#endif
