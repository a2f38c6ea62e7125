/*
 * runner-exec.h: the execution pool of "dltriage run": it runs requests
 * (a model as JSON, an empty directory) on targets through the harness
 * (docs/harness-protocol.md), jobs of them at a time, in one poll loop
 * over runner-proc's event loop: no threads, no shell.
 *
 * Isolation (enum dlt_isolation):
 *
 *   - spawn: each execution is "PYTHON -m MODULE --framework H --mode
 *     once" in DIR (its cwd, so that a core lands there), stdout and
 *     stderr in DIR/stdout and DIR/stderr, under the limits (RLIMIT_AS =
 *     memory, RLIMIT_FSIZE = output_cap, cores on).  The request goes on
 *     fd 3 once its hello came; fd 3 is closed after it.
 *   - worker: one persistent "--mode worker" per slot and target, started
 *     when first needed, under the same limits, its stdout and stderr in
 *     LOGDIR/server-LABEL-N.log (N counts the servers of the target), its
 *     cwd LOGDIR/server-LABEL-N.d (removed when empty).  The harness
 *     redirects each execution's output to DIR.  On timeout the worker's
 *     group is killed; a worker that dies during an execution is that
 *     execution's crash, and its core (the worker's pid, in the worker's
 *     cwd) is moved to DIR.  A new worker comes for the next request.
 *   - fork: one "--mode fork" server per slot and target; the server
 *     forks a child per request that chdirs to DIR; the pool times the
 *     child by the pid of "started" (dlt_deadline on its group) and
 *     decodes the wait status of "exited".  A target whose hello says
 *     fork_safe false runs in worker mode instead; a warning says so
 *     once.
 *
 * A worker or fork server is replaced after worker_max executions (0:
 * never), after a timeout, and after a timeout's first stage; it gets
 * {"type": "quit"} and the end of fd 3, and SIGKILL when it has not gone
 * 5 s later.
 *
 * Outcome (enum dlt_exec_status), in this order:
 *
 *   unavailable  the target's hello said "unavailable", or its
 *                interpreter could not be started; later requests for
 *                it end so at once, without a process;
 *   timeout      the execution's deadline passed (a timeout's first stage
 *                counts, even when a result came within the grace);
 *   harness      the harness answered "error" for the request;
 *   oom          killed by SIGKILL (not ours) with a peak RSS of 80% of
 *                the memory cap or more, or killed by SIGABRT with
 *                "std::bad_alloc" in the tail of DIR/stderr;
 *   crashed      killed by any other signal that was not ours; with a
 *                gdb backtrace of the core in DIR/backtrace.txt when
 *                there is a core (the interpreter is the real path of
 *                hello's "executable");
 *   from result.json: ok; rejected, or oom when the exception is
 *                MemoryError, ResourceExhaustedError, OutOfMemoryError
 *                or its message holds "std::bad_alloc" or
 *                "RESOURCE_EXHAUSTED"; illegal (the harness found the
 *                model illegal by the IR itself: no framework saw it);
 *                harness-error with such an exception is oom (the
 *                harness's own allocations refused by the cap);
 *                unsupported and harness-error are harness otherwise;
 *   no record:   oom when the tail (64 KiB) of DIR/stderr holds
 *                "MemoryError" or "std::bad_alloc"; crashed when it
 *                holds a sanitizer's "ERROR: ...Sanitizer" report;
 *                harness otherwise (an exit without a record, a hello
 *                that did not come within hello_timeout_ms).
 *
 * The classifier reads DIR/stderr later anyway; these rules only sort
 * the executions.  DIR/stdout and DIR/stderr are capped at output_cap
 * (dlt_child_cap_file) when the execution ends.
 *
 * Nothing blocks without a limit: the hello has hello_timeout_ms, the
 * execution timeout_ms (0: none) then grace_ms, a process that wrote its
 * result has 5 s to exit, a fork server 5 s after the kill stage to
 * report its child; past those the pool kills what it started.  Writes
 * to fd 3 are non-blocking.  One exception: a gdb backtrace runs to its
 * end (backtrace_s) while the pool waits.
 *
 * Signals: dlt_exec_pool_new() ignores SIGPIPE (a harness that died
 * before reading its request must not kill the runner) and
 * dlt_exec_pool_free() puts the old action back; a caller that sets its
 * own SIGPIPE action in between must keep it from killing the process.
 * The pool installs runner-proc's SIGCHLD handler (dlt_proc_init).
 * Strays of an execution (what its process group left) are killed; the
 * caller should make itself their reaper (dlt_proc_subreaper()) so
 * that the pool can reap them as they go.
 *
 * The targets, the options and everything they point to are borrowed:
 * they must outlive the pool.
 */
#ifndef DLT_RUNNER_EXEC_H
#define DLT_RUNNER_EXEC_H

#include <stddef.h>
#include <stdint.h>

struct dlt_exec_pool;

struct dlt_exec_target {	/* borrowed */
	const char	*label;		/* "pytorch-1.13": unique */
	const char	*harness;	/* the harness's --framework: "pytorch", "keras-jax" */
	const char	*python;	/* interpreter path or name on PATH */
};

#define DLT_EXEC_MODULE		"dltriage_harness.serve"
#define DLT_EXEC_HELLO_MS	180000

struct dlt_exec_opts {
	const char		*harness_dir;	/* put on PYTHONPATH */
	const char		*module;	/* default "dltriage_harness.serve" */
	int			 isolation;	/* enum dlt_isolation */
	int			 jobs;		/* slots */
	int			 timeout_ms, grace_ms;
	uint64_t		 memory;	/* RLIMIT_AS; 0 none */
	uint64_t		 output_cap;	/* RLIMIT_FSIZE + cap of stdout/stderr files */
	long			 worker_max;	/* executions before a worker/fork server is replaced */
	int			 random_params;
	int			 hello_timeout_ms; /* import time allowed; default 180000 */
	const char *const	*env;		/* extra "K=V" for the harness, NULL-terminated, or NULL */
	const char		*logdir;	/* where server logs go (server-LABEL-N.log) */
	int			 backtrace_s;	/* gdb's time per core; 0: 60; < 0: no backtraces */
};

struct dlt_exec_req {
	uint64_t	 id;		/* the caller's, unique; sent as "id" (decimal string) */
	size_t		 target;	/* index into the targets */
	const char	*dir;		/* exists and is empty; the execution writes there */
	const char	*model_json;	/* the IR as JSON (copied by submit) */
	int		 reference64;	/* "reference": "float64": the outputs'
					   float64 twins too (ref64:NAME) */
	int		 uncapped;	/* in spawn isolation without the memory
					   cap (no RLIMIT_AS, no "address_space"
					   limit): the recheck of a death under
					   the cap */
	void		*arg;		/* the caller's */
};

enum dlt_exec_status {
	DLT_EXEC_OK,
	DLT_EXEC_REJECTED,
	DLT_EXEC_CRASHED,
	DLT_EXEC_TIMEOUT,
	DLT_EXEC_OOM,
	DLT_EXEC_HARNESS,
	DLT_EXEC_UNAVAILABLE,
	DLT_EXEC_ILLEGAL,
	DLT_EXEC_STATUS_COUNT
};

/* "ok", "rejected", "crashed", "timeout", "oom", "harness", "unavailable",
   "illegal" */
extern const char *const dlt_exec_status_names[];

/*
 * One execution that ended.  The strings are the caller's, released by
 * dlt_exec_done_release().  exit_code, signal, core_dumped and rss_kib
 * are those of the process that ran it: the once process, the fork
 * child (no rss_kib: 0), or the worker when it ended during the
 * execution (a worker that answered leaves exit_code -1 and rss_kib 0).
 */
struct dlt_exec_done {
	uint64_t		 id;
	size_t			 target;
	void			*arg;
	enum dlt_exec_status	 status;
	char			*harness_status;	/* result.json "status", or NULL when none */
	int			 exit_code;		/* -1 when signaled or unknown */
	int			 signal;		/* 0 when none */
	int			 core_dumped, timed_out, stage;
	int64_t			 wall_ms;		/* from the request sent */
	long			 rss_kib;
	char			*framework_version;	/* from hello */
	char			*python_version;
	char			*executable;
	const char		*isolation;		/* the mode really used ("worker" when fork fell back) */
	char			*backtrace_path;	/* DIR/backtrace.txt when a core gave one, or NULL */
	char			*core_path;		/* the core, when one was found, or NULL */
	char			*why;			/* one line for harness/unavailable/crash: what happened */
};

/* 0, or -1 with a message (bad options). */
int	dlt_exec_pool_new(struct dlt_exec_pool **, const struct dlt_exec_target *,
	    size_t ntargets, const struct dlt_exec_opts *);
int	dlt_exec_pool_free_slots(const struct dlt_exec_pool *);
int	dlt_exec_pool_busy(const struct dlt_exec_pool *);	/* executions in flight */
/*
 * 0, -1 when no slot is free.  A request for an unavailable target ends
 * at once (the next dlt_exec_pool_wait returns it) and takes no slot.
 */
int	dlt_exec_pool_submit(struct dlt_exec_pool *, const struct dlt_exec_req *);
/*
 * Wait up to timeout_ms (-1: no limit, while something is in flight) for
 * one execution to end: 1 with *out filled (caller releases), 0 on
 * timeout or when nothing is in flight, -1 on error.  A signal does not
 * end the wait (runner-proc's loop polls again): a caller that watches a
 * flag set by a handler (SIGINT) waits with a bounded timeout.
 */
int	dlt_exec_pool_wait(struct dlt_exec_pool *, int timeout_ms,
	    struct dlt_exec_done *out);
void	dlt_exec_done_release(struct dlt_exec_done *);
/*
 * A target found unavailable (its hello said so, or its interpreter could
 * not start): 1 and *why (the pool's); 0 available or not known yet.
 */
int	dlt_exec_pool_unavailable(const struct dlt_exec_pool *, size_t target,
	    const char **why);
/* Stop: in-flight executions are killed (their groups) and reaped; servers get "quit". */
void	dlt_exec_pool_free(struct dlt_exec_pool *);

#endif
