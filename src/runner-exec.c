/* runner-exec.c: the execution pool of "dltriage run"; see runner-exec.h. */
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
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "json.h"
#include "runner-campaign.h"
#include "runner-exec.h"
#include "runner-proc.h"
#include "strbuf.h"
#include "xmalloc.h"
#include "yaml-node.h"

extern char **environ;

#define EXEC_EXIT_MS	5000	/* a process that wrote its result, to exit */
#define EXEC_QUIT_MS	5000	/* a server told to quit, to go */
#define EXEC_REPORT_MS	5000	/* a fork server, to report a killed child */
#define EXEC_TAIL	65536	/* bytes of DIR/stderr the heuristics read */
#define EXEC_OOM_RSS	80	/* percent of the memory cap */
#define EXEC_OOM_VM	90	/* percent of the cap: a crash there is oom */
#define EXEC_VM_MS	200	/* how often a running execution's VM is read */

const char *const dlt_exec_status_names[] = {
	"ok", "rejected", "crashed", "timeout", "oom", "harness",
	"unavailable", "illegal", NULL
};

/* The runner's ends of a harness's fds 3 and 4. */
struct exec_chan {
	int			 req_fd;	/* fd 3's write end, or -1 */
	int			 msg_fd;	/* fd 4's read end, or -1 */
	struct strbuf		 out;		/* bytes for fd 3, from off */
	size_t			 off;
	int			 close_after;	/* close fd 3 once out is written */
	struct dlt_linebuf	 lb;
};

struct exec_hello {
	int	 got;
	char	*framework_version;
	char	*python;
	char	*executable;
	int	 fork_safe;
};

enum {
	SRV_HELLO = 1,		/* started, its hello not yet read */
	SRV_READY,
	SRV_BUSY,
	SRV_QUIT		/* told to quit; reaped when it goes */
};

struct exec_server {
	struct dlt_child	 child;
	struct exec_chan	 ch;
	int			 state;
	int			 mode;		/* DLT_ISO_WORKER or DLT_ISO_FORK */
	size_t			 target;
	long			 count;		/* executions */
	int64_t			 by_ms;		/* hello or quit due; -1 none */
	char			*dir;		/* its cwd */
	char			*log;
	struct exec_hello	 hello;
	struct exec_run		*run;		/* the execution it runs */
	int			 broken;	/* broke the protocol: killed */
};

enum {
	RUN_FREE = 0,
	RUN_HELLO,		/* waiting for the hello (spawn or server) */
	RUN_SENT,		/* the request is out */
	RUN_EXIT		/* spawn: the result is in, the exit is due */
};

struct exec_run {
	int			 state;
	uint64_t		 id;
	char			 idstr[24];
	size_t			 target;
	char			*dir;
	char			*model;
	int			 reference64;	/* float64 twin outputs too */
	void			*arg;
	int			 mode;		/* the isolation really used */
	uint64_t		 memory;	/* its RLIMIT_AS; 0 none */
	size_t			 slot;

	struct dlt_child	 child;		/* spawn */
	struct exec_chan	 ch;
	struct exec_hello	 hello;
	struct exec_server	*srv;		/* worker, fork */

	struct dlt_deadline	 dl;		/* the execution's timeout */
	int			 dl_on;
	pid_t			 dl_pgid;	/* the group it signals */
	pid_t			 fork_pid;	/* from "started" */
	uint64_t		 vm_max;	/* the largest address space read */
	int64_t			 vm_ms;		/* when to read it next */
	int64_t			 sent_ms;
	int64_t			 by_ms;		/* hello or exit due; -1 none */
	int64_t			 kill_ms;	/* after the kill stage; -1 none */
	char			*done_status;	/* from "done" */
	char			*error;		/* from "error" */
	char			*killed;	/* why the pool killed it, not a timeout */
	int			 unavailable;
};

struct exec_tinfo {
	int			 unavailable;
	char			*why;
	int			 fork_refused;
	unsigned		 seq;		/* servers started */
	char			*fname;		/* the label, fit for a file name */
};

/* How the process that ran an execution ended, as far as known. */
struct exec_end {
	int		 known;
	int		 exited, code, signaled, sig, core;
	long		 rss_kib;
	pid_t		 core_pid;	/* whose core to look for, in core_dir */
	const char	*core_dir;
	int		 move_core;	/* core_dir is not DIR */
	const char	*alt_dir;	/* where else to look (moved from there) */
};

struct dlt_exec_pool {
	const struct dlt_exec_target	 *targets;
	size_t				  ntargets;
	struct dlt_exec_opts		  o;
	struct exec_tinfo		 *ti;
	char				**env;
	struct exec_run			 *runs;		/* jobs */
	struct exec_server		**srv;		/* jobs * ntargets */
	struct exec_server		**quitting;
	size_t				  nquitting, aquitting;
	pid_t				 *groups;	/* killed, maybe not gone */
	size_t				  ngroups, agroups;
	struct dlt_exec_done		 *queue;
	size_t				  qhead, qlen, qalloc;
	int				  busy;
	struct sigaction		  old_pipe;
};

static void	chan_init(struct exec_chan *);
static void	chan_close(struct exec_chan *);
static int	chan_open(struct exec_chan *, struct dlt_fdmap *);
static void	chan_send(struct exec_chan *, const char *, size_t);
static void	chan_flush(struct exec_chan *);
static void	hello_release(struct exec_hello *);
static void	hello_read(struct exec_hello *, const struct ynode *);
static const char *node_str(const struct ynode *, const char *);
static char	*node_strdup(const struct ynode *, const char *);
static char	**env_build(const struct dlt_exec_opts *);
static void	argv_fill(const struct dlt_exec_pool *, size_t, const char *,
		    const char **);
static void	limits_fill(const struct dlt_exec_pool *, uint64_t,
		    struct dlt_child_limits *);
static void	request_line(const struct dlt_exec_pool *, struct exec_run *,
		    struct strbuf *);
static void	run_send(struct dlt_exec_pool *, struct exec_run *,
		    struct exec_chan *, pid_t);
static int	spawn_start(struct dlt_exec_pool *, struct exec_run *);
static struct exec_server *server_start(struct dlt_exec_pool *, size_t, int,
		    char **);
static void	server_quit(struct dlt_exec_pool *, struct exec_server *);
static void	server_free(struct dlt_exec_pool *, struct exec_server *);
static int	server_attach(struct dlt_exec_pool *, struct exec_run *);
static void	target_unavailable(struct dlt_exec_pool *, size_t,
		    const char *);
static void	on_line(struct dlt_exec_pool *, struct exec_run *,
		    struct exec_server *, const char *);
static void	on_spawn_msg(struct dlt_exec_pool *, struct exec_run *,
		    const char *, const struct ynode *);
static void	on_server_msg(struct dlt_exec_pool *, struct exec_server *,
		    const char *, const struct ynode *);
static void	on_spawn_exit(struct dlt_exec_pool *, struct exec_run *);
static void	on_server_exit(struct dlt_exec_pool *, struct exec_server *);
static void	server_broken(struct exec_server *, const char *);
static void	adopt_orphans(struct dlt_exec_pool *);
static void	pump(struct dlt_exec_pool *, struct exec_chan *,
		    struct exec_run *, struct exec_server *);
static void	timers(struct dlt_exec_pool *, int64_t, int *);
static void	finish(struct dlt_exec_pool *, struct exec_run *,
		    const struct exec_end *);
static void	run_clear(struct exec_run *);
static void	queue_push(struct dlt_exec_pool *, struct dlt_exec_done *);
static void	group_note(struct dlt_exec_pool *, pid_t);
static void	groups_reap(struct dlt_exec_pool *);
static void	end_from_child(struct exec_end *, const struct dlt_child *);
static void	end_from_status(struct exec_end *, int);
static int	record_read(const char *, char **, char **, char **, char **);
static int	fork_child_ok(pid_t, pid_t);
static long	proc_ppid(pid_t);
static uint64_t	proc_vm_bytes(pid_t);
static void	vm_sample(struct exec_run *);
static int	tail_has(const char *, const char *const *);
static int	oom_exception(const char *, const char *);
static char	*real_exe(const char *, const char *const *);
static char	*file_name(const char *);
static void	min_wait(int *, int64_t, int64_t);
static int	pool_turn(struct dlt_exec_pool *, int);

/* --- channels */

static void
chan_init(struct exec_chan *ch)
{
	memset(ch, 0, sizeof *ch);
	ch->req_fd = ch->msg_fd = -1;
	strbuf_init(&ch->out);
	dlt_linebuf_init(&ch->lb);
}

static void
chan_close(struct exec_chan *ch)
{
	if (ch->req_fd != -1)
		close(ch->req_fd);
	if (ch->msg_fd != -1)
		close(ch->msg_fd);
	strbuf_release(&ch->out);
	dlt_linebuf_release(&ch->lb);
	chan_init(ch);
}

/* Make the two pipes; map[] gets the child's ends.  0 or -1. */
static int
chan_open(struct exec_chan *ch, struct dlt_fdmap *map)
{
	int	rq[2], msg[2];

	if (pipe2(rq, O_CLOEXEC) == -1)
		return (-1);
	if (pipe2(msg, O_CLOEXEC) == -1) {
		close(rq[0]);
		close(rq[1]);
		return (-1);
	}
	ch->req_fd = rq[1];
	ch->msg_fd = msg[0];
	dlt_fd_set_nonblock(rq[1]);
	dlt_fd_set_nonblock(msg[0]);
	map[0] = (struct dlt_fdmap){ rq[0], 3 };
	map[1] = (struct dlt_fdmap){ msg[1], 4 };
	return (0);
}

static void
chan_send(struct exec_chan *ch, const char *s, size_t len)
{
	if (ch->req_fd == -1)
		return;
	strbuf_add(&ch->out, s, len);
	chan_flush(ch);
}

/* Write what fd 3 takes now; a reader that went drops the rest. */
static void
chan_flush(struct exec_chan *ch)
{
	ssize_t	n;

	while (ch->req_fd != -1 && ch->off < ch->out.len) {
		n = write(ch->req_fd, ch->out.buf + ch->off,
		    ch->out.len - ch->off);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return;
		if (n == -1) {			/* EPIPE: the harness is gone */
			close(ch->req_fd);
			ch->req_fd = -1;
			break;
		}
		ch->off += (size_t)n;
	}
	if (ch->off == ch->out.len) {
		strbuf_reset(&ch->out);
		ch->off = 0;
		if (ch->close_after && ch->req_fd != -1) {
			close(ch->req_fd);
			ch->req_fd = -1;
		}
	}
}

/* --- messages */

static const char *
node_str(const struct ynode *map, const char *key)
{
	const struct ynode	*n = ynode_get(map, key);

	if (n == NULL || n->type != YNODE_SCALAR || ynode_is_null(n))
		return (NULL);
	return (n->scalar);
}

static char *
node_strdup(const struct ynode *map, const char *key)
{
	const char	*s = node_str(map, key);

	return (s != NULL ? xstrdup(s) : NULL);
}

static void
hello_release(struct exec_hello *h)
{
	free(h->framework_version);
	free(h->python);
	free(h->executable);
	memset(h, 0, sizeof *h);
}

static void
hello_read(struct exec_hello *h, const struct ynode *msg)
{
	int	safe = 1;

	hello_release(h);
	h->got = 1;
	h->framework_version = node_strdup(msg, "framework_version");
	h->python = node_strdup(msg, "python");
	h->executable = node_strdup(msg, "executable");
	if (!ynode_plain_bool(ynode_get(msg, "fork_safe"), &safe))
		safe = 1;
	h->fork_safe = safe;
}

/* --- starting */

/*
 * The runner's environment with PYTHONPATH = harness_dir[:old] and the
 * extra variables, which replace those of the same name.
 */
static char **
env_build(const struct dlt_exec_opts *o)
{
	char		**env = NULL, **e;
	const char	 *old = NULL;
	size_t		  n = 0, alloc = 0, i, k;
	int		  dup;

	for (e = environ; *e != NULL; e++) {
		if (strncmp(*e, "PYTHONPATH=", 11) == 0) {
			old = *e + 11;
			if (o->harness_dir != NULL)
				continue;
		}
		dup = 0;
		for (i = 0; o->env != NULL && o->env[i] != NULL; i++) {
			k = strcspn(o->env[i], "=");
			if (strncmp(*e, o->env[i], k) == 0 && (*e)[k] == '=')
				dup = 1;
		}
		if (dup)
			continue;
		XGROW(env, n + 1, alloc);
		env[n++] = xstrdup(*e);
	}
	if (o->harness_dir != NULL) {
		XGROW(env, n + 1, alloc);
		if (old != NULL && *old != '\0')
			env[n++] = xasprintf("PYTHONPATH=%s:%s", o->harness_dir,
			    old);
		else
			env[n++] = xasprintf("PYTHONPATH=%s", o->harness_dir);
	}
	for (i = 0; o->env != NULL && o->env[i] != NULL; i++) {
		XGROW(env, n + 1, alloc);
		env[n++] = xstrdup(o->env[i]);
	}
	XGROW(env, n + 1, alloc);
	env[n] = NULL;
	return (env);
}

static void
argv_fill(const struct dlt_exec_pool *p, size_t t, const char *mode,
    const char **argv)
{
	argv[0] = p->targets[t].python;
	argv[1] = "-m";
	argv[2] = p->o.module;
	argv[3] = "--framework";
	argv[4] = p->targets[t].harness;
	argv[5] = "--mode";
	argv[6] = mode;
	argv[7] = NULL;
}

static void
limits_fill(const struct dlt_exec_pool *p, uint64_t memory,
    struct dlt_child_limits *l)
{
	l->address_space = memory;
	l->file_size = p->o.output_cap;
	l->core = 1;
}

static void
request_line(const struct dlt_exec_pool *p, struct exec_run *r,
    struct strbuf *sb)
{
	struct dlt_jw	jw;

	dlt_jw_init(&jw, sb, 0);
	dlt_jw_object(&jw);
	dlt_jw_kv_cstr(&jw, "type", "run");
	dlt_jw_kv_cstr(&jw, "id", r->idstr);
	dlt_jw_kv_cstr(&jw, "dir", r->dir);
	dlt_jw_kv_bool(&jw, "random_params", p->o.random_params);
	if (r->reference64)
		dlt_jw_kv_cstr(&jw, "reference", "float64");
	if (r->memory > 0 || p->o.output_cap > 0) {
		dlt_jw_key(&jw, "limits");
		dlt_jw_object(&jw);
		if (r->memory > 0)
			dlt_jw_kv_uint(&jw, "address_space", r->memory);
		if (p->o.output_cap > 0)
			dlt_jw_kv_uint(&jw, "file_size", p->o.output_cap);
		dlt_jw_end(&jw);
	}
	dlt_jw_end(&jw);
	/* The model goes in as it is: JSON from the caller, one line. */
	strbuf_setlen(sb, sb->len - 1);
	strbuf_addstr(sb, ",\"model\":");
	strbuf_addstr(sb, r->model);
	strbuf_addstr(sb, "}\n");
}

/* Send the request on ch and start the execution's deadline on pgid. */
static void
run_send(struct dlt_exec_pool *p, struct exec_run *r, struct exec_chan *ch,
    pid_t pgid)
{
	struct strbuf	line = STRBUF_INIT;

	request_line(p, r, &line);
	chan_send(ch, line.buf, line.len);
	strbuf_release(&line);
	r->state = RUN_SENT;
	r->sent_ms = dlt_now_ms();
	r->by_ms = -1;
	r->vm_max = 0;
	r->vm_ms = r->memory > 0 ? r->sent_ms : -1;
	dlt_deadline_start(&r->dl, p->o.timeout_ms, p->o.grace_ms);
	r->dl_on = 1;
	r->dl_pgid = pgid;
}

static char *
file_name(const char *label)
{
	char	*s = xstrdup(label), *q;

	for (q = s; *q != '\0'; q++)
		if (!(*q >= 'a' && *q <= 'z') && !(*q >= 'A' && *q <= 'Z') &&
		    !(*q >= '0' && *q <= '9') && *q != '.' && *q != '-' &&
		    *q != '_')
			*q = '_';
	return (s);
}

/* 0: started and waiting for its hello; -1: it could not start. */
static int
spawn_start(struct dlt_exec_pool *p, struct exec_run *r)
{
	struct dlt_fdmap	 map[2];
	const char		*argv[8];
	char			*out, *err;
	int			 rc;

	argv_fill(p, r->target, "once", argv);
	if (chan_open(&r->ch, map) == -1) {
		r->killed = xasprintf("cannot make a pipe: %s",
		    strerror(errno));
		return (-1);
	}
	out = xasprintf("%s/stdout", r->dir);
	err = xasprintf("%s/stderr", r->dir);
	r->child = (struct dlt_child)DLT_CHILD_INIT;
	r->child.argv = argv;
	r->child.env = (const char *const *)p->env;
	r->child.cwd = r->dir;
	r->child.out = DLT_STDIO_FILE;
	r->child.out_path = out;
	r->child.err = DLT_STDIO_FILE;
	r->child.err_path = err;
	r->child.fds = map;
	r->child.nfds = 2;
	limits_fill(p, r->memory, &r->child.limits);
	r->child.grace_ms = p->o.grace_ms;
	rc = dlt_child_start(&r->child);
	close(map[0].parent_fd);
	close(map[1].parent_fd);
	free(out);
	free(err);
	if (rc == -1)
		return (-1);
	r->state = RUN_HELLO;
	r->by_ms = dlt_now_ms() + p->o.hello_timeout_ms;
	return (0);
}

/*
 * Start a server for (slot, target) in mode; NULL with *why when its
 * interpreter could not start.
 */
static struct exec_server *
server_start(struct dlt_exec_pool *p, size_t t, int mode, char **why)
{
	struct exec_server	*s;
	struct exec_tinfo	*ti = &p->ti[t];
	struct dlt_fdmap	 map[2];
	const char		*argv[8];
	int			 rc;

	s = xcalloc(1, sizeof *s);
	chan_init(&s->ch);
	s->mode = mode;
	s->target = t;
	s->by_ms = -1;
	ti->seq++;
	s->dir = xasprintf("%s/server-%s-%u.d", p->o.logdir, ti->fname,
	    ti->seq);
	s->log = xasprintf("%s/server-%s-%u.log", p->o.logdir, ti->fname,
	    ti->seq);
	if (mkdir(s->dir, 0777) == -1 && errno != EEXIST) {
		*why = xasprintf("cannot create '%s': %s", s->dir,
		    strerror(errno));
		goto fail;
	}
	if (chan_open(&s->ch, map) == -1) {
		*why = xasprintf("cannot make a pipe: %s", strerror(errno));
		goto fail;
	}
	argv_fill(p, t, mode == DLT_ISO_FORK ? "fork" : "worker", argv);
	s->child = (struct dlt_child)DLT_CHILD_INIT;
	s->child.argv = argv;
	s->child.env = (const char *const *)p->env;
	s->child.cwd = s->dir;
	s->child.out = DLT_STDIO_FILE;
	s->child.out_path = s->log;
	s->child.err = DLT_STDIO_TO_STDOUT;
	s->child.fds = map;
	s->child.nfds = 2;
	limits_fill(p, p->o.memory, &s->child.limits);
	s->child.grace_ms = p->o.grace_ms;
	rc = dlt_child_start(&s->child);
	close(map[0].parent_fd);
	close(map[1].parent_fd);
	if (rc == -1) {
		*why = xasprintf("cannot run '%s': %s: %s",
		    p->targets[t].python, s->child.res.spawn_step,
		    strerror(s->child.res.spawn_errno));
		goto fail;
	}
	s->state = SRV_HELLO;
	s->by_ms = dlt_now_ms() + p->o.hello_timeout_ms;
	return (s);

fail:
	server_free(p, s);
	return (NULL);
}

/* Tell s to quit and keep it until it has gone (or gone already). */
static void
server_quit(struct dlt_exec_pool *p, struct exec_server *s)
{
	static const char	quit[] = "{\"type\":\"quit\"}\n";
	size_t			i;

	for (i = 0; i < (size_t)p->o.jobs * p->ntargets; i++)
		if (p->srv[i] == s)
			p->srv[i] = NULL;
	s->run = NULL;
	/* Freed by the loop once reaped, never here: a caller may hold s. */
	s->ch.close_after = 1;
	chan_send(&s->ch, quit, sizeof quit - 1);
	if (s->ch.req_fd != -1 && s->ch.out.len > 0) {
		/* It does not read: the end of fd 3 is all it gets. */
		close(s->ch.req_fd);
		s->ch.req_fd = -1;
	}
	s->state = SRV_QUIT;
	s->by_ms = dlt_now_ms() + EXEC_QUIT_MS;
	XGROW(p->quitting, p->nquitting + 1, p->aquitting);
	p->quitting[p->nquitting++] = s;
}

/* Kill and reap s, cap its log, remove its empty directory. */
static void
server_free(struct dlt_exec_pool *p, struct exec_server *s)
{
	if (s == NULL)
		return;
	if (s->child.state == DLT_CHILD_RUNNING ||
	    s->child.state == DLT_CHILD_DONE) {
		dlt_child_release(&s->child);
		if (s->child.res.strays)
			group_note(p, s->child.pid);
	}
	chan_close(&s->ch);
	adopt_orphans(p);
	if (s->log != NULL && p->o.output_cap > 0 && access(s->log, F_OK) == 0)
		dlt_child_cap_file(s->log, p->o.output_cap);
	if (s->dir != NULL)
		rmdir(s->dir);
	hello_release(&s->hello);
	free(s->dir);
	free(s->log);
	free(s);
}

/*
 * Give r the server of its slot and target, starting one when there is
 * none; send the request when it is ready.  0, or -1 when the target's
 * interpreter could not start (the target is then unavailable).
 */
static int
server_attach(struct dlt_exec_pool *p, struct exec_run *r)
{
	struct exec_server	**sp = &p->srv[r->slot * p->ntargets + r->target];
	char			 *why = NULL;
	int			  mode;

	mode = r->mode;
	if (*sp != NULL && (*sp)->mode != mode)
		server_quit(p, *sp);
	if (*sp == NULL) {
		*sp = server_start(p, r->target, mode, &why);
		if (*sp == NULL) {
			target_unavailable(p, r->target, why);
			free(why);
			return (-1);
		}
	}
	r->srv = *sp;
	(*sp)->run = r;
	if ((*sp)->state == SRV_READY) {
		(*sp)->state = SRV_BUSY;
		(*sp)->count++;
		run_send(p, r, &(*sp)->ch,
		    mode == DLT_ISO_WORKER ? (*sp)->child.pid : 0);
	} else
		r->state = RUN_HELLO;
	return (0);
}

static void
target_unavailable(struct dlt_exec_pool *p, size_t t, const char *why)
{
	struct exec_tinfo	*ti = &p->ti[t];

	if (ti->unavailable)
		return;
	ti->unavailable = 1;
	ti->why = xstrdup(why != NULL ? why : "unavailable");
}

/* --- reading the harness */

static void
on_line(struct dlt_exec_pool *p, struct exec_run *r, struct exec_server *s,
    const char *line)
{
	struct ynode	*msg = NULL;
	char		*err = NULL;
	const char	*type;

	if (s != NULL && s->broken)
		return;
	if (ynode_load_json_buffer(line, strlen(line), &msg, &err) == -1 ||
	    msg == NULL || msg->type != YNODE_MAPPING ||
	    (type = node_str(msg, "type")) == NULL) {
		/*
		 * Not a message.  A process of one execution (spawn) only
		 * harms that one; a server might say anything next, about
		 * any execution, so it goes.
		 */
		free(err);
		ynode_free(msg);
		if (s != NULL)
			server_broken(s, "a line that is not a message");
		return;
	}
	if (r != NULL)
		on_spawn_msg(p, r, type, msg);
	else
		on_server_msg(p, s, type, msg);
	ynode_free(msg);
}

static void
on_spawn_msg(struct dlt_exec_pool *p, struct exec_run *r, const char *type,
    const struct ynode *msg)
{
	const char	*m;
	char		*why;

	if (strcmp(type, "hello") == 0 && r->state == RUN_HELLO) {
		hello_read(&r->hello, msg);
		r->ch.close_after = 1;
		run_send(p, r, &r->ch, r->child.pid);
	} else if (strcmp(type, "unavailable") == 0) {
		m = node_str(msg, "message");
		why = xasprintf("%s is unavailable: %s",
		    p->targets[r->target].label, m != NULL ? m : "?");
		target_unavailable(p, r->target, why);
		free(why);
		r->unavailable = 1;
		r->state = RUN_EXIT;
		r->by_ms = dlt_now_ms() + EXEC_EXIT_MS;
	} else if (strcmp(type, "done") == 0 && r->state == RUN_SENT) {
		free(r->done_status);
		r->done_status = node_strdup(msg, "status");
		r->state = RUN_EXIT;
		r->by_ms = dlt_now_ms() + EXEC_EXIT_MS;
		if (r->dl.stage == DLT_STAGE_NONE)
			r->dl_on = 0;
	} else if (strcmp(type, "error") == 0 && r->error == NULL) {
		m = node_str(msg, "message");
		r->error = xstrdup(m != NULL ? m : "?");
	}
}

static void
on_server_msg(struct dlt_exec_pool *p, struct exec_server *s,
    const char *type, const struct ynode *msg)
{
	struct exec_run		*r = s->run;
	struct exec_tinfo	*ti = &p->ti[s->target];
	struct exec_end		 e;
	const char		*m, *id;
	char			*why;
	long long		 v;

	if (s->state == SRV_QUIT)
		return;
	id = node_str(msg, "id");
	if (strcmp(type, "hello") == 0 && s->state == SRV_HELLO) {
		hello_read(&s->hello, msg);
		s->by_ms = -1;
		s->state = SRV_READY;
		if (s->mode == DLT_ISO_FORK && !s->hello.fork_safe) {
			if (!ti->fork_refused)
				dlt_warn("fork mode refused for '%s': it has "
				    "started threads; using worker mode",
				    p->targets[s->target].label);
			ti->fork_refused = 1;
			server_quit(p, s);
			if (r != NULL) {
				r->mode = DLT_ISO_WORKER;
				r->srv = NULL;
				if (server_attach(p, r) == -1)
					finish(p, r, NULL);
			}
			return;
		}
		if (r != NULL && r->state == RUN_HELLO) {
			s->state = SRV_BUSY;
			s->count++;
			run_send(p, r, &s->ch,
			    s->mode == DLT_ISO_WORKER ? s->child.pid : 0);
		}
		return;
	}
	if (strcmp(type, "unavailable") == 0) {
		m = node_str(msg, "message");
		why = xasprintf("%s is unavailable: %s",
		    p->targets[s->target].label, m != NULL ? m : "?");
		target_unavailable(p, s->target, why);
		free(why);
		server_quit(p, s);
		if (r != NULL) {
			r->unavailable = 1;
			finish(p, r, NULL);
		}
		return;
	}
	if (id == NULL && (strcmp(type, "done") == 0 ||
	    strcmp(type, "started") == 0 || strcmp(type, "exited") == 0)) {
		server_broken(s, "a message without its id");
		return;
	}
	if (r == NULL || r->state != RUN_SENT ||
	    (id != NULL && strcmp(id, r->idstr) != 0))
		return;		/* not about the execution in flight */
	memset(&e, 0, sizeof e);
	if (strcmp(type, "done") == 0 && s->mode == DLT_ISO_WORKER) {
		free(r->done_status);
		r->done_status = node_strdup(msg, "status");
		e.rss_kib = 0;
		finish(p, r, &e);
	} else if (strcmp(type, "started") == 0 && s->mode == DLT_ISO_FORK) {
		if (!ynode_plain_int(ynode_get(msg, "pid"), &v) || v < 1 ||
		    v > INT_MAX) {
			server_broken(s, "a \"started\" message without a pid");
			return;
		}
		/* A pid that is not the server's child is never killed. */
		if (fork_child_ok((pid_t)v, s->child.pid)) {
			r->fork_pid = r->dl_pgid = (pid_t)v;
			dlt_deadline_check(&r->dl, r->dl_pgid, dlt_now_ms());
		}
	} else if (strcmp(type, "exited") == 0 && s->mode == DLT_ISO_FORK) {
		if (!ynode_plain_int(ynode_get(msg, "wait_status"), &v) ||
		    v < 0 || v > INT_MAX) {
			server_broken(s, "an \"exited\" message without its "
			    "wait status");
			return;
		}
		end_from_status(&e, (int)v);
		e.core_pid = r->fork_pid;
		e.core_dir = r->dir;
		e.alt_dir = s->dir;	/* a child that did not chdir */
		if (r->fork_pid > 0) {
			/* What the child left in its group goes with it. */
			kill(-r->fork_pid, SIGKILL);
			group_note(p, r->fork_pid);
		}
		finish(p, r, &e);
	} else if (strcmp(type, "error") == 0) {
		m = node_str(msg, "message");
		free(r->error);
		r->error = xstrdup(m != NULL ? m : "?");
		finish(p, r, NULL);
	}
}

/* Write what is due on ch, then read and act on every line there. */
static void
pump(struct dlt_exec_pool *p, struct exec_chan *ch, struct exec_run *r,
    struct exec_server *s)
{
	struct strbuf	line = STRBUF_INIT;
	int		rc;

	chan_flush(ch);
	while (ch->msg_fd != -1 && !ch->lb.eof &&
	    (rc = dlt_linebuf_getline(&ch->lb, ch->msg_fd, &line)) != 0) {
		if (rc == -1) {
			ch->lb.eof = 1;
			break;
		}
		on_line(p, r, s, line.buf);
		/* The line may have ended the execution or the server. */
		if ((r != NULL && r->state == RUN_FREE) ||
		    (s != NULL && s->state == SRV_QUIT))
			break;
	}
	strbuf_release(&line);
}

/*
 * A server that broke the protocol is killed: what it says next cannot
 * be trusted, and a stale line could end another execution.  The
 * execution in flight ends as a harness error when the server's exit is
 * seen (on_server_exit); the next one gets a new server.
 */
static void
server_broken(struct exec_server *s, const char *why)
{
	struct exec_run	*r = s->run;

	if (s->broken || s->state == SRV_QUIT)
		return;
	s->broken = 1;
	if (r != NULL && r->state != RUN_FREE && r->error == NULL)
		r->error = xasprintf("the harness broke the protocol (%s); its "
		    "server was killed", why);
	dlt_child_kill_group(&s->child, SIGKILL);
}

/* Whether pid is a process the pool started and still holds. */
static int
pool_owns(const struct dlt_exec_pool *p, pid_t pid)
{
	size_t	i;

	for (i = 0; i < (size_t)p->o.jobs; i++)
		if (p->runs[i].state != RUN_FREE &&
		    p->runs[i].mode == DLT_ISO_SPAWN &&
		    p->runs[i].child.pid == pid)
			return (1);
	for (i = 0; i < (size_t)p->o.jobs * p->ntargets; i++)
		if (p->srv[i] != NULL && p->srv[i]->child.pid == pid)
			return (1);
	for (i = 0; i < p->nquitting; i++)
		if (p->quitting[i]->child.pid == pid)
			return (1);
	return (0);
}

/*
 * The runner is a subreaper (dlt_proc_subreaper): what a dead server
 * left behind in groups the pool does not know (a fork child whose
 * "started" never came, or named a pid that was not it) is reparented to
 * it.  Each such process is killed with its group, and the group noted
 * for groups_reap.  Linux (/proc); elsewhere nothing is found.
 */
static void
adopt_orphans(struct dlt_exec_pool *p)
{
	struct dirent	*de;
	DIR		*d;
	char		*end;
	long		 pid;
	pid_t		 pg;

	if ((d = opendir("/proc")) == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		pid = strtol(de->d_name, &end, 10);
		if (*end != '\0' || pid <= 1)
			continue;
		if (proc_ppid((pid_t)pid) != (long)getpid() ||
		    pool_owns(p, (pid_t)pid))
			continue;
		pg = getpgid((pid_t)pid);
		kill((pid_t)pid, SIGKILL);
		/*
		 * In the group of a server the pool still holds: that
		 * server's end reaps it (its strays), and noting the group
		 * would let groups_reap reap the server behind its back.
		 */
		if (pg > 1 && pool_owns(p, pg))
			continue;
		if (pg > 1 && pg != getpgrp()) {
			kill(-pg, SIGKILL);
			group_note(p, pg);
		} else
			group_note(p, (pid_t)pid);
	}
	closedir(d);
}

/* --- ends */

static void
end_from_child(struct exec_end *e, const struct dlt_child *c)
{
	memset(e, 0, sizeof *e);
	e->known = 1;
	e->exited = c->res.exited;
	e->code = c->res.code;
	e->signaled = c->res.signaled;
	e->sig = c->res.signal;
	e->core = c->res.core_dumped;
	e->rss_kib = c->res.maxrss_kib;
	e->core_pid = c->pid;
}

static void
end_from_status(struct exec_end *e, int status)
{
	memset(e, 0, sizeof *e);
	e->known = 1;
	e->exited = WIFEXITED(status);
	e->code = e->exited ? WEXITSTATUS(status) : 0;
	e->signaled = WIFSIGNALED(status);
	e->sig = e->signaled ? WTERMSIG(status) : 0;
	e->core = e->signaled && WCOREDUMP(status);
}

static void
on_spawn_exit(struct dlt_exec_pool *p, struct exec_run *r)
{
	struct exec_end	e;

	pump(p, &r->ch, r, NULL);
	if (r->state == RUN_FREE)
		return;
	if (r->child.res.strays)
		group_note(p, r->child.pid);
	end_from_child(&e, &r->child);
	e.core_dir = r->dir;
	if (r->state == RUN_HELLO && r->killed == NULL && r->error == NULL &&
	    !r->unavailable)
		r->killed = xasprintf("the harness %s %d before its hello",
		    e.signaled ? "was killed by signal" : "exited with status",
		    e.signaled ? e.sig : e.code);
	finish(p, r, &e);
}

static void
on_server_exit(struct dlt_exec_pool *p, struct exec_server *s)
{
	struct exec_run	*r;
	struct exec_end	 e;

	pump(p, &s->ch, NULL, s);
	if (s->state == SRV_QUIT)
		return;		/* reaped by the quitting loop */
	r = s->run;
	if (r == NULL) {
		server_quit(p, s);	/* freed by the loop */
		return;
	}
	/* finish() replaces the server: it is not running. */
	if (r->state == RUN_HELLO) {
		if (r->killed == NULL && !r->unavailable)
			r->killed = xasprintf("the harness %s %d before its "
			    "hello", s->child.res.signaled ?
			    "was killed by signal" : "exited with status",
			    s->child.res.signaled ? s->child.res.signal :
			    s->child.res.code);
		finish(p, r, NULL);
		return;
	}
	if (s->mode == DLT_ISO_FORK) {
		if (r->fork_pid > 0) {
			kill(-r->fork_pid, SIGKILL);
			group_note(p, r->fork_pid);
		}
		if (r->killed == NULL && r->dl.stage == DLT_STAGE_NONE)
			r->killed = xstrdup("the fork server died during the "
			    "execution");
		finish(p, r, NULL);
		return;
	}
	end_from_child(&e, &s->child);
	e.core_dir = s->dir;
	e.move_core = 1;
	finish(p, r, &e);
}

/* --- timers */

static void
min_wait(int *wait, int64_t due, int64_t now)
{
	int64_t	d;

	if (due < 0)
		return;
	d = due > now ? due - now : 0;
	if (d > INT_MAX)
		d = INT_MAX;
	if (*wait < 0 || d < *wait)
		*wait = (int)d;
}

/* Act on what is due at now; lower *wait to the next thing due. */
static void
timers(struct dlt_exec_pool *p, int64_t now, int *wait)
{
	struct exec_run		*r;
	struct exec_server	*s;
	size_t			 i;
	int			 d;

	for (i = 0; i < (size_t)p->o.jobs; i++) {
		r = &p->runs[i];
		if (r->state == RUN_FREE)
			continue;
		if (r->state == RUN_SENT && r->vm_ms >= 0) {
			if (now >= r->vm_ms) {
				vm_sample(r);
				r->vm_ms = now + EXEC_VM_MS;
			}
			min_wait(wait, r->vm_ms, now);
		}
		if (r->dl_on) {
			d = dlt_deadline_check(&r->dl, r->dl_pgid, now);
			if (d >= 0)
				min_wait(wait, now + d, now);
			if (r->dl.stage == DLT_STAGE_KILL && r->kill_ms < 0)
				r->kill_ms = now + EXEC_REPORT_MS;
		}
		if (r->kill_ms >= 0 && now >= r->kill_ms) {
			/* Killed, and still not reported: kill it all. */
			r->kill_ms = -1;
			if (r->mode == DLT_ISO_SPAWN)
				dlt_child_kill_group(&r->child, SIGKILL);
			else if (r->srv != NULL)
				dlt_child_kill_group(&r->srv->child, SIGKILL);
		} else
			min_wait(wait, r->kill_ms, now);
		if (r->mode == DLT_ISO_SPAWN && r->by_ms >= 0 &&
		    now >= r->by_ms) {
			r->by_ms = -1;
			if (r->state == RUN_HELLO && r->killed == NULL)
				r->killed = xasprintf("no hello within %d ms",
				    p->o.hello_timeout_ms);
			else if (r->state == RUN_EXIT && r->killed == NULL)
				r->killed = xasprintf("did not exit within "
				    "%d ms of its result; killed",
				    EXEC_EXIT_MS);
			dlt_child_kill_group(&r->child, SIGKILL);
		} else if (r->mode == DLT_ISO_SPAWN)
			min_wait(wait, r->by_ms, now);
	}
	for (i = 0; i < (size_t)p->o.jobs * p->ntargets; i++) {
		s = p->srv[i];
		if (s == NULL || s->state != SRV_HELLO || s->by_ms < 0)
			continue;
		if (now >= s->by_ms) {
			s->by_ms = -1;
			if (s->run != NULL && s->run->killed == NULL)
				s->run->killed = xasprintf("no hello within "
				    "%d ms", p->o.hello_timeout_ms);
			dlt_child_kill_group(&s->child, SIGKILL);
		} else
			min_wait(wait, s->by_ms, now);
	}
	for (i = 0; i < p->nquitting; i++) {
		s = p->quitting[i];
		if (s->by_ms >= 0 && now >= s->by_ms) {
			s->by_ms = -1;
			dlt_child_kill_group(&s->child, SIGKILL);
		} else
			min_wait(wait, s->by_ms, now);
	}
	if (p->ngroups > 0)
		min_wait(wait, now + 100, now);
}

/* --- groups left behind */

static void
group_note(struct dlt_exec_pool *p, pid_t pgid)
{
	size_t	i;

	if (pgid <= 1)
		return;
	for (i = 0; i < p->ngroups; i++)
		if (p->groups[i] == pgid)
			return;
	XGROW(p->groups, p->ngroups + 1, p->agroups);
	p->groups[p->ngroups++] = pgid;
}

/*
 * Reap what is ours of the noted groups (SIGKILL went to each when it
 * was noted) and forget the ones that are gone.  No second SIGKILL: once
 * a group is gone its number may be a stranger's.
 */
static void
groups_reap(struct dlt_exec_pool *p)
{
	size_t	i;
	int	status;

	for (i = 0; i < p->ngroups; ) {
		while (waitpid(-p->groups[i], &status, WNOHANG) > 0)
			;
		if (kill(-p->groups[i], 0) == -1 && errno == ESRCH)
			p->groups[i] = p->groups[--p->ngroups];
		else
			i++;
	}
}

/* --- the outcome */

/* result.json: its status, id, exception type and message.  0 or -1. */
/*
 * Whether pid, which a fork server says it forked, may be treated as its
 * child: its group is killed on a timeout and after it exits, so a pid
 * that a broken or hostile harness names (the runner's own, init's,
 * another program's) must not pass.  Its parent must be the server; when
 * it is gone already (the server reaped it before this message was
 * read), it must lead a group that still exists and is none of ours.
 */
static int
fork_child_ok(pid_t pid, pid_t server)
{
	long	ppid;

	if (pid <= 1 || pid == getpid() || pid == getpgrp() || pid == server)
		return (0);
	if ((ppid = proc_ppid(pid)) == -1)
		return (errno == ENOENT && kill(-pid, 0) == 0);
	return (ppid == (long)server);
}

/*
 * Read the address space of the process that runs r's execution: a
 * process that dies by a signal with its address space near the cap
 * (RLIMIT_AS) most likely died of an allocation that failed, which
 * native code often does not check.
 */
static void
vm_sample(struct exec_run *r)
{
	pid_t		pid = 0;
	uint64_t	vm;

	if (r->mode == DLT_ISO_SPAWN)
		pid = r->child.pid;
	else if (r->mode == DLT_ISO_FORK)
		pid = r->fork_pid;
	else if (r->srv != NULL)
		pid = r->srv->child.pid;
	if (pid > 0 && (vm = proc_vm_bytes(pid)) > r->vm_max)
		r->vm_max = vm;
}

/* The address space of pid in bytes (what RLIMIT_AS bounds), or 0. */
static uint64_t
proc_vm_bytes(pid_t pid)
{
	char			 path[64], buf[128];
	unsigned long long	 pages;
	ssize_t			 n;
	int			 fd;

	snprintf(path, sizeof path, "/proc/%ld/statm", (long)pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return (0);
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return (0);
	buf[n] = '\0';
	if (sscanf(buf, "%llu", &pages) != 1)
		return (0);
	return ((uint64_t)pages * (uint64_t)sysconf(_SC_PAGESIZE));
}

/*
 * The parent of pid from /proc/PID/stat (Linux), or -1 with errno set
 * (ENOENT: no such process).
 */
static long
proc_ppid(pid_t pid)
{
	char	 path[64], buf[512], *p;
	long	 ppid;
	ssize_t	 n;
	int	 fd;

	snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)) == -1)
		return (-1);
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0) {
		errno = EIO;
		return (-1);
	}
	buf[n] = '\0';
	/* "pid (comm) S ppid ...": comm may hold anything, even ") " */
	if ((p = strrchr(buf, ')')) == NULL ||
	    sscanf(p + 1, " %*c %ld", &ppid) != 1) {
		errno = EIO;
		return (-1);
	}
	return (ppid);
}

static int
record_read(const char *dir, char **status, char **id, char **etype,
    char **emsg)
{
	struct ynode	*root = NULL;
	struct ynode	*ex;
	char		*path, *err = NULL;
	int		 rc;

	*status = *id = *etype = *emsg = NULL;
	path = xasprintf("%s/result.json", dir);
	rc = ynode_load_json_file(path, &root, &err);
	free(path);
	free(err);
	if (rc == -1 || root == NULL || root->type != YNODE_MAPPING) {
		ynode_free(root);
		return (-1);
	}
	*status = node_strdup(root, "status");
	*id = node_strdup(root, "id");
	ex = ynode_get(root, "exception");
	if (ex != NULL && ex->type == YNODE_MAPPING) {
		*etype = node_strdup(ex, "type");
		*emsg = node_strdup(ex, "message");
	}
	ynode_free(root);
	return (*status != NULL ? 0 : -1);
}

/* Whether the last EXEC_TAIL bytes of path hold one of words[]. */
static int
tail_has(const char *path, const char *const *words)
{
	struct stat	 st;
	char		*buf;
	ssize_t		 n;
	size_t		 i;
	off_t		 off;
	int		 fd, found = 0;

	if ((fd = open(path, O_RDONLY|O_CLOEXEC)) == -1)
		return (0);
	if (fstat(fd, &st) == -1 || st.st_size == 0) {
		close(fd);
		return (0);
	}
	off = st.st_size > EXEC_TAIL ? st.st_size - EXEC_TAIL : 0;
	buf = xmalloc(EXEC_TAIL);
	n = pread(fd, buf, EXEC_TAIL, off);
	close(fd);
	for (i = 0; n > 0 && words[i] != NULL && !found; i++)
		found = memmem(buf, (size_t)n, words[i],
		    strlen(words[i])) != NULL;
	free(buf);
	return (found);
}

static int
oom_exception(const char *type, const char *msg)
{
	static const char *const	types[] = { "MemoryError",
					    "ResourceExhaustedError",
					    "OutOfMemoryError", NULL };
	size_t				i;

	for (i = 0; type != NULL && types[i] != NULL; i++)
		if (strcmp(type, types[i]) == 0)
			return (1);
	return (msg != NULL && (strstr(msg, "std::bad_alloc") != NULL ||
	    strstr(msg, "RESOURCE_EXHAUSTED") != NULL));
}

/* The real path of the interpreter, for gdb. */
static char *
real_exe(const char *exe, const char *const *env)
{
	const char	*path = NULL;
	char		*found, *real;
	size_t		 i;

	for (i = 0; env != NULL && env[i] != NULL; i++)
		if (strncmp(env[i], "PATH=", 5) == 0)
			path = env[i] + 5;
	if ((found = dlt_proc_which(exe, path)) == NULL)
		return (NULL);
	real = realpath(found, NULL);
	free(found);
	return (real);
}

/*
 * The execution r ended: e says how its process ended (NULL: unknown).
 * Decide, queue the result, free the slot.
 */
static void
finish(struct dlt_exec_pool *p, struct exec_run *r, const struct exec_end *e)
{
	static const char *const	 oom_words[] = { "MemoryError",
					     "std::bad_alloc", NULL };
	static const char *const	 bad_alloc[] = { "std::bad_alloc",
					     NULL };
	static const char *const	 san_words[] = { "ERROR: AddressSanitizer",
					     "ERROR: LeakSanitizer",
					     "ERROR: MemorySanitizer",
					     "ERROR: ThreadSanitizer",
					     "ERROR: UndefinedBehaviorSanitizer",
					     NULL };
	struct exec_end			 none;
	struct dlt_exec_done		 d;
	const char			*cdir;
	int				 move, found;
	struct exec_server		*s = r->srv;
	const struct exec_hello		*h;
	char				*st = NULL, *id = NULL, *etype = NULL;
	char				*emsg = NULL, *err_path, *out_path;
	char				*core = NULL, *exe, *moved, *bt;
	const char			*base;
	int				 have_rec, bt_s;

	if (e == NULL) {
		memset(&none, 0, sizeof none);
		e = &none;
	}
	memset(&d, 0, sizeof d);
	d.id = r->id;
	d.target = r->target;
	d.arg = r->arg;
	d.isolation = dlt_isolation_names[r->mode];
	d.exit_code = e->known && e->exited ? e->code : -1;
	d.signal = e->known && e->signaled ? e->sig : 0;
	d.core_dumped = e->core;
	d.rss_kib = e->rss_kib;
	d.stage = r->dl.stage;
	d.timed_out = r->dl.stage != DLT_STAGE_NONE;
	d.wall_ms = r->sent_ms > 0 ? dlt_now_ms() - r->sent_ms : 0;
	h = r->mode == DLT_ISO_SPAWN ? &r->hello : s != NULL ? &s->hello :
	    NULL;
	if (h != NULL && h->got) {
		d.framework_version = h->framework_version != NULL ?
		    xstrdup(h->framework_version) : NULL;
		d.python_version = h->python != NULL ? xstrdup(h->python) :
		    NULL;
		d.executable = h->executable != NULL ?
		    xstrdup(h->executable) : NULL;
	}
	err_path = xasprintf("%s/stderr", r->dir);
	out_path = xasprintf("%s/stdout", r->dir);
	if (p->o.output_cap > 0) {
		dlt_child_cap_file(out_path, p->o.output_cap);
		dlt_child_cap_file(err_path, p->o.output_cap);
	}
	have_rec = !r->unavailable && record_read(r->dir, &st, &id, &etype,
	    &emsg) == 0;
	if (have_rec && id != NULL && strcmp(id, r->idstr) != 0) {
		free(r->error);
		r->error = xasprintf("result.json is for id '%s'", id);
	}
	d.harness_status = have_rec ? xstrdup(st) : r->done_status != NULL ?
	    xstrdup(r->done_status) : NULL;

	if (r->unavailable) {
		d.status = DLT_EXEC_UNAVAILABLE;
		d.why = xstrdup(p->ti[r->target].why != NULL ?
		    p->ti[r->target].why : "unavailable");
	} else if (d.timed_out) {
		d.status = DLT_EXEC_TIMEOUT;
		d.why = xasprintf("past the timeout of %d ms%s",
		    p->o.timeout_ms, d.stage == DLT_STAGE_KILL ?
		    ", killed" : "");
	} else if (r->error != NULL) {
		d.status = DLT_EXEC_HARNESS;
		d.why = xasprintf("harness error: %s", r->error);
	} else if (e->signaled && r->killed == NULL) {
		if (e->sig == SIGKILL && r->memory > 0 &&
		    (uint64_t)e->rss_kib * 1024 * 100 >=
		    r->memory * EXEC_OOM_RSS) {
			d.status = DLT_EXEC_OOM;
			d.why = xasprintf("killed by SIGKILL at %ld KiB, near "
			    "the memory cap", e->rss_kib);
		} else if (e->sig == SIGKILL) {
			/*
			 * Not dltriage's SIGKILL (it says when it kills), and
			 * no framework sends itself one: the kernel's OOM
			 * killer, when the machine ran out before the cap.
			 */
			d.status = DLT_EXEC_OOM;
			d.why = xasprintf("killed by SIGKILL, which dltriage did "
			    "not send (the kernel's OOM killer), at %ld KiB",
			    e->rss_kib);
		} else if (e->sig == SIGABRT && tail_has(err_path, bad_alloc)) {
			d.status = DLT_EXEC_OOM;
			d.why = xstrdup("aborted after std::bad_alloc");
		} else if (r->memory > 0 && r->vm_max >=
		    r->memory / 100 * EXEC_OOM_VM) {
			d.status = DLT_EXEC_OOM;
			d.why = xasprintf("killed by signal %d (%s) with its "
			    "address space at %llu MiB of the %llu MiB cap",
			    e->sig, strsignal(e->sig),
			    (unsigned long long)(r->vm_max >> 20),
			    (unsigned long long)(r->memory >> 20));
		} else {
			d.status = DLT_EXEC_CRASHED;
			d.why = xasprintf("killed by signal %d (%s)%s", e->sig,
			    strsignal(e->sig), e->core ? ", core dumped" : "");
			if (r->memory > 0 && r->vm_max > 0) {
				/* for the triager: how near the cap it was seen */
				char	*w = d.why;

				d.why = xasprintf("%s; its address space last "
				    "read at %llu MiB of the %llu MiB cap", w,
				    (unsigned long long)(r->vm_max >> 20),
				    (unsigned long long)(r->memory >> 20));
				free(w);
			}
		}
	} else if (have_rec && strcmp(st, "ok") == 0) {
		d.status = DLT_EXEC_OK;
	} else if (have_rec && strcmp(st, "rejected") == 0) {
		d.status = oom_exception(etype, emsg) ? DLT_EXEC_OOM :
		    DLT_EXEC_REJECTED;
		d.why = xasprintf("rejected with %s%s%s",
		    etype != NULL ? etype : "an exception", emsg != NULL ?
		    ": " : "", emsg != NULL ? emsg : "");
	} else if (have_rec && strcmp(st, "illegal") == 0) {
		d.status = DLT_EXEC_ILLEGAL;
		d.why = xasprintf("illegal: %s", emsg != NULL ? emsg :
		    "no message");
	} else if (have_rec && strcmp(st, "harness-error") == 0 &&
	    oom_exception(etype, emsg)) {
		/*
		 * The harness's own allocations (a model's weights, filled
		 * in numpy) that the memory cap refused: the cap, not a
		 * harness bug (VGG-16's 102M-weight dense layer under 6 GiB).
		 */
		d.status = DLT_EXEC_OOM;
		d.why = xasprintf("the harness ran out of memory%s: %s%s%s",
		    r->memory > 0 ? " under the cap" : "", etype != NULL ?
		    etype : "", emsg != NULL ? ": " : "", emsg != NULL ? emsg :
		    "");
	} else if (have_rec) {
		d.status = DLT_EXEC_HARNESS;
		d.why = xasprintf("%s: %s", st, emsg != NULL ? emsg :
		    "no message");
	} else if (r->killed != NULL) {
		d.status = DLT_EXEC_HARNESS;
		d.why = xstrdup(r->killed);
	} else if (tail_has(err_path, oom_words)) {
		d.status = DLT_EXEC_OOM;
		d.why = xstrdup("no result record; MemoryError on stderr");
	} else if (tail_has(err_path, san_words)) {
		d.status = DLT_EXEC_CRASHED;
		d.why = xstrdup("no result record; a sanitizer report on "
		    "stderr");
	} else {
		d.status = DLT_EXEC_HARNESS;
		if (e->known && e->exited)
			d.why = xasprintf("exited with status %d without a "
			    "result record", e->code);
		else if (s != NULL && r->mode == DLT_ISO_WORKER)
			d.why = xstrdup("the worker ended without a result "
			    "record");
		else
			d.why = xstrdup("no result record");
	}
	if (d.why != NULL)
		d.why[strcspn(d.why, "\n")] = '\0';

	/* The core of a crash, and its backtrace. */
	found = 0;
	cdir = e->core_dir;
	move = e->move_core;
	if (d.status == DLT_EXEC_CRASHED && e->core && cdir != NULL) {
		found = dlt_core_find(cdir, e->core_pid, &core) ==
		    DLT_CORE_FOUND;
		if (!found && e->alt_dir != NULL) {
			free(core);
			core = NULL;
			move = 1;
			found = dlt_core_find(e->alt_dir, e->core_pid,
			    &core) == DLT_CORE_FOUND;
		}
	}
	if (found) {
		if (move) {
			base = strrchr(core, '/');
			moved = xasprintf("%s/%s", r->dir,
			    base != NULL ? base + 1 : core);
			if (rename(core, moved) == 0) {
				free(core);
				core = moved;
			} else
				free(moved);
		}
		d.core_path = core;
		core = NULL;
		bt_s = p->o.backtrace_s == 0 ? 60 : p->o.backtrace_s;
		exe = NULL;
		if (bt_s > 0 && d.executable != NULL)
			exe = realpath(d.executable, NULL);
		if (bt_s > 0 && exe == NULL)
			exe = real_exe(p->targets[r->target].python,
			    (const char *const *)p->env);
		if (exe != NULL) {
			bt = xasprintf("%s/backtrace.txt", r->dir);
			if (dlt_core_backtrace(exe, d.core_path, bt, bt_s) == 0)
				d.backtrace_path = bt;
			else {
				unlink(bt);
				free(bt);
			}
			free(exe);
		}
	}
	free(core);
	free(st);
	free(id);
	free(etype);
	free(emsg);
	free(err_path);
	free(out_path);
	queue_push(p, &d);

	/* The slot is free; its server goes on, or is replaced. */
	if (s != NULL && s->run == r) {
		s->run = NULL;
		if (s->state == SRV_BUSY)
			s->state = SRV_READY;
		/*
		 * A worker keeps what its executions left (caches of compiled
		 * graphs, allocator pools): past half the address-space cap it
		 * would make the next execution fail for the earlier ones'
		 * memory (an XLA compile that segfaulted on an allocation the
		 * cap refused, in a worker grown to 6 GiB of 8).
		 */
		if (s->state != SRV_QUIT && (d.timed_out || r->killed != NULL ||
		    (p->o.worker_max > 0 && s->count >= p->o.worker_max) ||
		    s->child.state != DLT_CHILD_RUNNING ||
		    (s->mode == DLT_ISO_WORKER && p->o.memory > 0 &&
		    proc_vm_bytes(s->child.pid) > p->o.memory / 2)))
			server_quit(p, s);
	}
	if (r->mode == DLT_ISO_SPAWN) {
		if (r->child.state == DLT_CHILD_RUNNING)
			dlt_child_kill_group(&r->child, SIGKILL);
		dlt_child_release(&r->child);
		if (r->child.res.strays)
			group_note(p, r->child.pid);
	}
	run_clear(r);
	p->busy--;
}

static void
run_clear(struct exec_run *r)
{
	size_t	slot = r->slot;

	chan_close(&r->ch);
	hello_release(&r->hello);
	free(r->dir);
	free(r->model);
	free(r->done_status);
	free(r->error);
	free(r->killed);
	memset(r, 0, sizeof *r);
	chan_init(&r->ch);
	r->slot = slot;
	r->by_ms = r->kill_ms = -1;
}

static void
queue_push(struct dlt_exec_pool *p, struct dlt_exec_done *d)
{
	if (p->qhead > 0 && p->qhead == p->qlen)
		p->qhead = p->qlen = 0;
	XGROW(p->queue, p->qlen + 1, p->qalloc);
	p->queue[p->qlen++] = *d;
}

/* --- the pool */

int
dlt_exec_pool_new(struct dlt_exec_pool **pp, const struct dlt_exec_target *t,
    size_t ntargets, const struct dlt_exec_opts *o)
{
	struct dlt_exec_pool	*p;
	struct sigaction	 sa;
	size_t			 i;

	*pp = NULL;
	if (ntargets == 0 || o->jobs < 1)
		return (dlt_error("an execution pool needs targets and jobs"));
	if (o->isolation != DLT_ISO_SPAWN && o->logdir == NULL)
		return (dlt_error("%s mode needs a directory for server logs",
		    dlt_isolation_names[o->isolation]));
	if (dlt_proc_init() == -1)
		return (-1);
	p = xcalloc(1, sizeof *p);
	p->targets = t;
	p->ntargets = ntargets;
	p->o = *o;
	if (p->o.module == NULL)
		p->o.module = DLT_EXEC_MODULE;
	if (p->o.hello_timeout_ms <= 0)
		p->o.hello_timeout_ms = DLT_EXEC_HELLO_MS;
	if (p->o.grace_ms < 0)
		p->o.grace_ms = DLT_GRACE_MS_DEFAULT;
	p->ti = xcalloc(ntargets, sizeof *p->ti);
	for (i = 0; i < ntargets; i++)
		p->ti[i].fname = file_name(t[i].label);
	p->env = env_build(&p->o);
	p->runs = xcalloc((size_t)o->jobs, sizeof *p->runs);
	for (i = 0; i < (size_t)o->jobs; i++) {
		p->runs[i].slot = i;
		run_clear(&p->runs[i]);
	}
	p->srv = xcalloc((size_t)o->jobs * ntargets, sizeof *p->srv);

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_IGN;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGPIPE, &sa, &p->old_pipe);
	*pp = p;
	return (0);
}

int
dlt_exec_pool_free_slots(const struct dlt_exec_pool *p)
{
	return (p->o.jobs - p->busy);
}

int
dlt_exec_pool_busy(const struct dlt_exec_pool *p)
{
	return (p->busy);
}

int
dlt_exec_pool_unavailable(const struct dlt_exec_pool *p, size_t t,
    const char **why)
{
	if (t >= p->ntargets || !p->ti[t].unavailable)
		return (0);
	if (why != NULL)
		*why = p->ti[t].why;
	return (1);
}

int
dlt_exec_pool_submit(struct dlt_exec_pool *p, const struct dlt_exec_req *req)
{
	struct exec_run	*r = NULL;
	size_t		 i;
	char		*q;

	if (req->target >= p->ntargets)
		dlt_bug("execution for target %zu of %zu", req->target,
		    p->ntargets);
	for (i = 0; i < (size_t)p->o.jobs && r == NULL; i++)
		if (p->runs[i].state == RUN_FREE)
			r = &p->runs[i];
	if (r == NULL)
		return (-1);
	r->id = req->id;
	snprintf(r->idstr, sizeof r->idstr, "%llu",
	    (unsigned long long)req->id);
	r->target = req->target;
	r->dir = xstrdup(req->dir);
	r->model = xstrdup(req->model_json != NULL && *req->model_json !=
	    '\0' ? req->model_json : "null");
	/* JSON Lines: a newline outside a string is only white space. */
	for (q = r->model; *q != '\0'; q++)
		if (*q == '\n' || *q == '\r')
			*q = ' ';
	r->arg = req->arg;
	r->reference64 = req->reference64;
	r->mode = p->o.isolation;
	if (r->mode == DLT_ISO_FORK && p->ti[r->target].fork_refused)
		r->mode = DLT_ISO_WORKER;
	r->memory = p->o.memory;
	if (req->uncapped) {
		/* a process of its own: the servers carry the cap */
		r->mode = DLT_ISO_SPAWN;
		r->memory = 0;
	}
	r->state = RUN_HELLO;
	p->busy++;
	if (p->ti[r->target].unavailable) {
		r->unavailable = 1;
		finish(p, r, NULL);
		return (0);
	}
	if (r->mode == DLT_ISO_SPAWN) {
		if (spawn_start(p, r) == -1) {
			if (r->child.state == DLT_CHILD_FAILED) {
				free(r->killed);
				r->killed = xasprintf("cannot run '%s': %s: %s",
				    p->targets[r->target].python,
				    r->child.res.spawn_step,
				    strerror(r->child.res.spawn_errno));
				target_unavailable(p, r->target, r->killed);
				r->unavailable = 1;
			}
			finish(p, r, NULL);
		}
		return (0);
	}
	if (server_attach(p, r) == -1) {
		r->unavailable = 1;
		finish(p, r, NULL);
	}
	return (0);
}

/* One turn of the loop: wait up to timeout_ms, act on what came. */
static int
pool_turn(struct dlt_exec_pool *p, int timeout_ms)
{
	struct dlt_child	**cs;
	struct pollfd		 *pfds;
	struct exec_chan	**chs;
	struct exec_server	 *s;
	struct exec_run		 *r;
	size_t			  nc = 0, np = 0, i, nsrv, max;
	int			  wait = timeout_ms, rc;
	int64_t			  now;

	nsrv = (size_t)p->o.jobs * p->ntargets;
	max = (size_t)p->o.jobs + nsrv + p->nquitting;
	cs = xcalloc(max, sizeof *cs);
	chs = xcalloc(max, sizeof *chs);
	pfds = xcalloc(2 * max, sizeof *pfds);
	for (i = 0; i < (size_t)p->o.jobs; i++) {
		r = &p->runs[i];
		if (r->state == RUN_FREE || r->mode != DLT_ISO_SPAWN)
			continue;
		cs[nc] = &r->child;
		chs[nc++] = &r->ch;
	}
	for (i = 0; i < nsrv + p->nquitting; i++) {
		s = i < nsrv ? p->srv[i] : p->quitting[i - nsrv];
		if (s == NULL)
			continue;
		cs[nc] = &s->child;
		chs[nc++] = &s->ch;
	}
	for (i = 0; i < nc; i++) {
		if (chs[i]->msg_fd != -1 && !chs[i]->lb.eof)
			pfds[np++] = (struct pollfd){ chs[i]->msg_fd, POLLIN, 0 };
		if (chs[i]->req_fd != -1 && chs[i]->out.len > 0)
			pfds[np++] = (struct pollfd){ chs[i]->req_fd, POLLOUT, 0 };
	}
	timers(p, dlt_now_ms(), &wait);
	rc = dlt_proc_wait(cs, nc, pfds, np, wait);
	free(cs);
	free(chs);
	free(pfds);
	if (rc == -1)
		return (-1);

	/* Messages first, then ends, then what fell due. */
	for (i = 0; i < (size_t)p->o.jobs; i++) {
		r = &p->runs[i];
		if (r->state != RUN_FREE && r->mode == DLT_ISO_SPAWN)
			pump(p, &r->ch, r, NULL);
	}
	for (i = 0; i < nsrv; i++)
		if ((s = p->srv[i]) != NULL)
			pump(p, &s->ch, NULL, s);
	for (i = 0; i < (size_t)p->o.jobs; i++) {
		r = &p->runs[i];
		if (r->state != RUN_FREE && r->mode == DLT_ISO_SPAWN &&
		    r->child.state == DLT_CHILD_DONE)
			on_spawn_exit(p, r);
	}
	for (i = 0; i < nsrv; i++)
		if ((s = p->srv[i]) != NULL && s->child.state == DLT_CHILD_DONE)
			on_server_exit(p, s);
	for (i = 0; i < p->nquitting; ) {
		s = p->quitting[i];
		pump(p, &s->ch, NULL, s);
		if (s->child.state != DLT_CHILD_RUNNING) {
			p->quitting[i] = p->quitting[--p->nquitting];
			server_free(p, s);
		} else
			i++;
	}
	now = dlt_now_ms();
	wait = -1;
	timers(p, now, &wait);
	groups_reap(p);
	return (0);
}

int
dlt_exec_pool_wait(struct dlt_exec_pool *p, int timeout_ms,
    struct dlt_exec_done *out)
{
	int64_t	end, now;
	int	left;

	end = timeout_ms >= 0 ? dlt_now_ms() + timeout_ms : -1;
	for (;;) {
		if (p->qhead < p->qlen) {
			*out = p->queue[p->qhead++];
			return (1);
		}
		if (p->busy == 0)
			return (0);
		now = dlt_now_ms();
		if (end >= 0 && now >= end)
			return (0);
		left = end >= 0 ? (int)(end - now) : -1;
		if (pool_turn(p, left) == -1)
			return (errno == EINTR ? 0 : -1);
	}
}

void
dlt_exec_done_release(struct dlt_exec_done *d)
{
	free(d->harness_status);
	free(d->framework_version);
	free(d->python_version);
	free(d->executable);
	free(d->backtrace_path);
	free(d->core_path);
	free(d->why);
	memset(d, 0, sizeof *d);
}

void
dlt_exec_pool_free(struct dlt_exec_pool *p)
{
	struct exec_run	*r;
	struct exec_server *s;
	size_t		 i, nsrv;
	int64_t		 end;

	if (p == NULL)
		return;
	nsrv = (size_t)p->o.jobs * p->ntargets;
	/* In flight: killed, their groups with them. */
	for (i = 0; i < (size_t)p->o.jobs; i++) {
		r = &p->runs[i];
		if (r->state == RUN_FREE)
			continue;
		if (r->mode == DLT_ISO_SPAWN) {
			dlt_child_release(&r->child);
			if (r->child.res.strays)
				group_note(p, r->child.pid);
		} else if (r->srv != NULL) {
			if (r->mode == DLT_ISO_FORK && r->fork_pid > 0) {
				kill(-r->fork_pid, SIGKILL);
				group_note(p, r->fork_pid);
			}
			r->srv->run = NULL;
			dlt_child_kill_group(&r->srv->child, SIGKILL);
		}
		run_clear(r);
	}
	p->busy = 0;
	for (i = 0; i < nsrv; i++) {
		if ((s = p->srv[i]) == NULL)
			continue;
		/* still importing: it would read the quit only after that */
		if (s->state == SRV_HELLO)
			dlt_child_kill_group(&s->child, SIGKILL);
		server_quit(p, s);
	}
	end = dlt_now_ms() + EXEC_QUIT_MS;
	while (p->nquitting > 0 && dlt_now_ms() < end)
		if (pool_turn(p, 100) == -1 && errno != EINTR)
			break;
	/*
	 * Off the list before it is freed: server_free looks at the list
	 * (adopt_orphans, pool_owns) for the servers still there.
	 */
	while (p->nquitting > 0) {
		s = p->quitting[--p->nquitting];
		server_free(p, s);
	}
	end = dlt_now_ms() + 1000;
	while (p->ngroups > 0 && dlt_now_ms() < end) {
		groups_reap(p);
		if (p->ngroups > 0)
			poll(NULL, 0, 10);
	}
	for (i = p->qhead; i < p->qlen; i++)
		dlt_exec_done_release(&p->queue[i]);
	sigaction(SIGPIPE, &p->old_pipe, NULL);
	for (i = 0; p->env[i] != NULL; i++)
		free(p->env[i]);
	free(p->env);
	for (i = 0; i < p->ntargets; i++) {
		free(p->ti[i].why);
		free(p->ti[i].fname);
	}
	free(p->ti);
	for (i = 0; i < (size_t)p->o.jobs; i++)
		chan_close(&p->runs[i].ch);
	free(p->runs);
	free(p->srv);
	free(p->quitting);
	free(p->groups);
	free(p->queue);
	free(p);
}
