/*
 * hostile.c: a child that misbehaves on purpose, for the process-control
 * tests (tests/unit/unit-runner.c).  Built without sanitizers, so that
 * address-space limits and core dumps mean what they say.
 *
 *   hostile loop          spin forever; SIGUSR1 prints "thread dump" on
 *                         stderr, as the harness's faulthandler does
 *   hostile sleep         sleep forever, every signal at its default
 *   hostile ignore        ignore SIGTERM, SIGUSR1, SIGINT, SIGHUP; sleep
 *   hostile hog MAX_MB    allocate and touch memory until malloc fails
 *                         (exit 3) or MAX_MB are held (exit 0)
 *   hostile forkbomb D    a tree of 2^(D+1)-1 processes that ignore
 *                         SIGTERM and SIGUSR1 and sleep
 *   hostile orphans N     leave N sleeping children behind and exit 0
 *   hostile spew          try to write 4 GiB to stderr; exit 0
 *   hostile segv          dereference NULL
 *   hostile exit N        exit with status N
 *   hostile fds           print the open fds on stdout
 *   hostile state         print cwd, $DLT_HOSTILE, SigBlk, SigIgn and
 *                         the limits AS, FSIZE, CORE on stdout
 *   hostile proto         talk the protocol on fds 3 and 4 (see below)
 */
#include <sys/resource.h>

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void
nap_ms(long ms)
{
	struct timespec	ts = { ms / 1000, (ms % 1000) * 1000000 };

	nanosleep(&ts, NULL);
}

static void
on_usr1(int sig)
{
	(void)sig;
	write(2, "thread dump\n", 12);
}

static void
ignore_polite(void)
{
	signal(SIGTERM, SIG_IGN);
	signal(SIGUSR1, SIG_IGN);
	signal(SIGINT, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
}

static void
forever(void)
{
	for (;;)
		pause();
}

static int
hog(long max_mb)
{
	volatile char	*p;
	long		 held = 0;

	while (held < max_mb) {
		p = malloc(16 << 20);
		if (p == NULL) {
			fprintf(stderr, "hog: allocation failed after %ld MiB\n",
			    held);
			return (3);
		}
		memset((char *)p, 1, 16 << 20);
		held += 16;
	}
	return (0);
}

static void
forkbomb(int depth)
{
	int	i;

	ignore_polite();
	while (depth-- > 0) {
		for (i = 0; i < 2; i++) {
			pid_t pid = fork();

			if (pid == 0)
				break;	/* the child goes on a level deeper */
		}
		if (i == 2)
			break;		/* a parent with its two children */
	}
	forever();
}

static void
write_all(int fd, const char *p, size_t n)
{
	ssize_t	w;

	while (n > 0) {
		w = write(fd, p, n);
		if (w <= 0)
			exit(9);
		p += w;
		n -= (size_t)w;
	}
}

/*
 * The protocol: a hello line to fd 4 in 3-byte pieces; one request line
 * from fd 3, answered with "echo: REQUEST"; a line of 10 MiB; "tail";
 * and, without a newline, "last".
 */
static int
proto(void)
{
	const char	*hello = "{\"type\": \"hello\", \"protocol\": 1}\n";
	char		 req[256], *big;
	size_t		 i, n = 0, len = strlen(hello);
	ssize_t		 r;

	for (i = 0; i < len; i += 3) {
		write_all(4, hello + i, len - i < 3 ? len - i : 3);
		nap_ms(2);
	}
	while (n < sizeof req - 1 && (r = read(3, req + n, 1)) == 1 &&
	    req[n] != '\n')
		n++;
	req[n] = '\0';
	write_all(4, "echo: ", 6);
	write_all(4, req, n);
	write_all(4, "\n", 1);
	big = malloc(10 << 20);
	if (big == NULL)
		return (8);
	memset(big, 'x', 10 << 20);
	write_all(4, big, 10 << 20);
	free(big);
	write_all(4, "\ntail\nlast", 10);
	return (0);
}

static void
print_limit(const char *name, int res)
{
	struct rlimit	rl;

	getrlimit(res, &rl);
	if (rl.rlim_cur == RLIM_INFINITY)
		printf("%s unlimited\n", name);
	else
		printf("%s %llu\n", name, (unsigned long long)rl.rlim_cur);
}

static void
state(void)
{
	char	 buf[4096];
	FILE	*f;
	char	*e;

	if (getcwd(buf, sizeof buf) != NULL)
		printf("cwd %s\n", buf);
	e = getenv("DLT_HOSTILE");
	printf("env %s\n", e != NULL ? e : "(unset)");
	if ((f = fopen("/proc/self/status", "r")) != NULL) {
		while (fgets(buf, sizeof buf, f) != NULL)
			if (strncmp(buf, "SigBlk:", 7) == 0 ||
			    strncmp(buf, "SigIgn:", 7) == 0)
				fputs(buf, stdout);
		fclose(f);
	}
	print_limit("as", RLIMIT_AS);
	print_limit("fsize", RLIMIT_FSIZE);
	print_limit("core", RLIMIT_CORE);
}

static void
fds(void)
{
	DIR	*d;
	int	 fd, self;

	d = opendir("/proc/self/fd");
	if (d == NULL)
		exit(7);
	self = dirfd(d);
	for (fd = 0; fd < 1024; fd++) {
		char	 path[64];

		if (fd == self)
			continue;
		snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
		if (access(path, F_OK) == 0)
			printf("%d\n", fd);
	}
	closedir(d);
}

int
main(int argc, char **argv)
{
	const char	*mode = argc > 1 ? argv[1] : "";
	long		 n = argc > 2 ? strtol(argv[2], NULL, 10) : 0;
	static char	 chunk[1 << 20];
	int		 i;

	if (strcmp(mode, "loop") == 0) {
		signal(SIGUSR1, on_usr1);
		for (;;)
			;
	} else if (strcmp(mode, "sleep") == 0)
		forever();
	else if (strcmp(mode, "ignore") == 0) {
		ignore_polite();
		forever();
	} else if (strcmp(mode, "hog") == 0)
		return (hog(n));
	else if (strcmp(mode, "forkbomb") == 0)
		forkbomb((int)n);
	else if (strcmp(mode, "orphans") == 0) {
		for (i = 0; i < n; i++)
			if (fork() == 0) {
				ignore_polite();
				forever();
			}
		return (0);
	} else if (strcmp(mode, "spew") == 0) {
		memset(chunk, 'e', sizeof chunk);
		for (i = 0; i < 4096; i++)
			if (write(2, chunk, sizeof chunk) == -1 && errno != EFBIG)
				return (6);
		return (0);
	} else if (strcmp(mode, "segv") == 0) {
		volatile int *p = NULL;

		*p = 1;
		return (0);
	} else if (strcmp(mode, "exit") == 0)
		return ((int)n);
	else if (strcmp(mode, "fds") == 0)
		fds();
	else if (strcmp(mode, "state") == 0)
		state();
	else if (strcmp(mode, "proto") == 0)
		return (proto());
	else {
		fprintf(stderr, "hostile: unknown mode '%s'\n", mode);
		return (64);
	}
	return (0);
}
