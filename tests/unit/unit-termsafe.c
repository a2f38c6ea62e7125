/*
 * unit-termsafe.c: unit tests of the terminal sanitiser (termsafe.h) and
 * of lazy log access (logview.h), linked against libdlt.a; the driver of
 * tests/t0004-termsafe.sh.
 *
 *	unit-termsafe [DIR]
 *		TAP tests; with DIR (a scratch directory holding the
 *		compressed logs the script made) also those of compressed
 *		logs
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "logview.h"
#include "strbuf.h"
#include "termsafe.h"
#include "termsafe-check.h"
#include "xmalloc.h"
#include "tap.h"

#define S(lit)	(lit), (sizeof (lit) - 1)

static void	line_is(const char *, size_t, size_t, size_t, const char *,
		    size_t, const char *);
static void	test_escapes(void);
static void	test_controls(void);
static void	test_utf8(void);
static void	test_width(void);
static void	test_edges(void);
static void	test_column(void);
static void	test_random(void);
static char	*write_tmp(const char *, const char *, size_t);
static void	view_line_is(struct dlt_logview *, size_t, const char *,
		    const char *);
static void	test_view_basic(void);
static void	test_view_index(void);
static void	test_view_errors(void);
static void	test_view_compressed(const char *);

static char	tmpdir[] = "/tmp/unit-termsafe.XXXXXX";

/* IN sanitised with SKIP and MAXCOLS is WANT, of COLS columns. */
static void
line_is(const char *in, size_t len, size_t skip, size_t maxcols,
    const char *want, size_t cols, const char *name)
{
	struct strbuf	 out = STRBUF_INIT;
	size_t		 got;
	const char	*why;

	got = dlt_termsafe_line(&out, in, len, skip, maxcols);
	is(out.buf, want, name);
	ok(got == cols, "%s: %zu columns (want %zu)", name, got, cols);
	why = termsafe_check(in, len, skip, maxcols);
	ok(why == NULL, "%s: invariants hold%s%s", name, why ? ": " : "",
	    why ? why : "");
	strbuf_release(&out);
}

static void
test_escapes(void)
{
	line_is(S("\033[1;31mError\033[0m: x"), 0, SIZE_MAX, "Error: x", 8,
	    "CSI colour codes dropped");
	line_is(S("\033[38;2;255;0;0mred\033[K"), 0, SIZE_MAX, "red", 3,
	    "CSI 24-bit colour and erase dropped");
	line_is(S("\033]0;pwned\007ok"), 0, SIZE_MAX, "ok", 2,
	    "OSC 0 title (BEL) dropped");
	line_is(S("\033]2;pwned\033\\ok"), 0, SIZE_MAX, "ok", 2,
	    "OSC 2 title (ST) dropped");
	line_is(S("$ \033]52;c;ZWNobyBoaQ==\007"), 0, SIZE_MAX, "$ ", 2,
	    "OSC 52 clipboard dropped");
	line_is(S("\033]8;;http://evil.example/\007link\033]8;;\007"), 0,
	    SIZE_MAX, "link", 4, "OSC 8 hyperlink (BEL) dropped, text kept");
	line_is(S("\033]8;id=1;http://evil.example/\033\\link\033]8;;\033\\."),
	    0, SIZE_MAX, "link.", 5, "OSC 8 hyperlink (ST) dropped, text kept");
	line_is(S("\033P+q544e\033\\after"), 0, SIZE_MAX, "after", 5,
	    "DCS (XTGETTCAP) dropped");
	line_is(S("a\033Xsos\033\\b\033^pm\033\\c\033_apc\007d"), 0, SIZE_MAX,
	    "abcd", 4, "SOS, PM and APC dropped");
	line_is(S("\23331mred\2330m!"), 0, SIZE_MAX, "red!", 4,
	    "8-bit CSI as a raw 0x9b byte dropped");
	line_is(S("\302\23331mred\302\2330m!"), 0, SIZE_MAX, "red!", 4,
	    "8-bit CSI as UTF-8 C2 9B dropped");
	line_is(S("\2352;title\234x"), 0, SIZE_MAX, "x", 1,
	    "8-bit OSC and ST as raw bytes dropped");
	line_is(S("\302\2352;title\302\234x"), 0, SIZE_MAX, "x", 1,
	    "8-bit OSC and ST as UTF-8 dropped");
	line_is(S("\220qdcs\234y"), 0, SIZE_MAX, "y", 1,
	    "8-bit DCS as a raw byte dropped");
	line_is(S("ok\033]0;never ends\nnext"), 0, SIZE_MAX, "ok", 2,
	    "unterminated OSC runs to the end");
	line_is(S("ok\033Pabc"), 0, SIZE_MAX, "ok", 2,
	    "unterminated DCS runs to the end");
	line_is(S("ok\033[12;"), 0, SIZE_MAX, "ok", 2,
	    "cut CSI runs to the end");
	line_is(S("ok\033"), 0, SIZE_MAX, "ok", 2, "lone ESC at the end dropped");
	line_is(S("a\033\001b"), 0, SIZE_MAX, "a^Ab", 4,
	    "ESC before a control: ESC dropped, control shown");
	line_is(S("\0337a\033(Bb\033#8c\033%Gd"), 0, SIZE_MAX, "abcd", 4,
	    "two- and three-byte ESC sequences dropped");
	line_is(S("\033[31\033]0;t\007x"), 0, SIZE_MAX, "x", 1,
	    "ESC inside CSI starts a new sequence");
	line_is(S("\033[3\0011m"), 0, SIZE_MAX, "^A1m", 4,
	    "a control inside CSI ends it and shows");
}

static void
test_controls(void)
{
	line_is(S("a\0b\037"), 0, SIZE_MAX, "a^@b^_", 6, "NUL and 0x1f as ^@ ^_");
	line_is(S("a\rb\nc"), 0, SIZE_MAX, "a^Mb^Jc", 7, "CR and LF as ^M ^J");
	line_is(S("x\177y"), 0, SIZE_MAX, "x^?y", 4, "DEL as ^?");
	line_is(S("\302\205!"), 0, SIZE_MAX, "<85>!", 5,
	    "C1 NEL in UTF-8 as <85>");
	line_is(S("\205!"), 0, SIZE_MAX, "\357\277\275!", 2,
	    "raw 0x85 (not an introducer) as U+FFFD");
	line_is(S("a\tb"), 0, SIZE_MAX, "a       b", 9, "tab to column 8");
	line_is(S("abcdefgh\tx"), 0, SIZE_MAX, "abcdefgh        x", 17,
	    "tab at column 8 goes to 16");
	line_is(S("\tx"), 3, SIZE_MAX, "     x", 6,
	    "tab counted from column 0 of the input, not of the skip");
	line_is(S("\033[1m\tx"), 0, SIZE_MAX, "        x", 9,
	    "a dropped sequence takes no column before a tab");
	line_is(S("a\342\200\256b\342\201\246c"), 0, SIZE_MAX, "abc", 3,
	    "bidi override and isolate dropped");
}

static void
test_utf8(void)
{
	line_is(S("\377"), 0, SIZE_MAX, "\357\277\275", 1, "0xff as U+FFFD");
	line_is(S("\300\257"), 0, SIZE_MAX, "\357\277\275\357\277\275", 2,
	    "overlong C0 AF as two U+FFFD");
	line_is(S("\340\200\257"), 0, SIZE_MAX,
	    "\357\277\275\357\277\275\357\277\275", 3,
	    "overlong E0 80 AF as three U+FFFD");
	line_is(S("\355\240\200"), 0, SIZE_MAX,
	    "\357\277\275\357\277\275\357\277\275", 3,
	    "surrogate ED A0 80 as three U+FFFD");
	line_is(S("\364\220\200\200"), 0, SIZE_MAX,
	    "\357\277\275\357\277\275\357\277\275\357\277\275", 4,
	    "F4 90 80 80 (beyond U+10FFFF) as four U+FFFD");
	line_is(S("\303\251\233"), 0, SIZE_MAX, "\303\251\357\277\275", 2,
	    "raw 0x9b after a character is a stray byte, not CSI");
	line_is(S("\342\202x"), 0, SIZE_MAX, "\357\277\275x", 2,
	    "cut E2 82 (a maximal subpart) as one U+FFFD");
	line_is(S("ok\360\237\230"), 0, SIZE_MAX, "ok\357\277\275", 3,
	    "cut 4-byte sequence at the end as one U+FFFD");
	line_is(S("\357\277\275"), 0, SIZE_MAX, "\357\277\275", 1,
	    "a real U+FFFD kept");
	line_is(S("\360\237\230\200"), 0, SIZE_MAX, "\360\237\230\200", 2,
	    "valid 4-byte emoji kept, 2 columns");
}

static void
test_width(void)
{
	ok(dlt_termsafe_width(S("\344\270\255\346\226\207")) == 4,
	    "CJK 中文 takes 4 columns");
	ok(dlt_termsafe_width(S("\357\274\241\357\274\242")) == 4,
	    "fullwidth ＡＢ takes 4 columns");
	ok(dlt_termsafe_width(S("\355\225\234")) == 2, "Hangul 한 takes 2");
	ok(dlt_termsafe_width(S("\341\204\222\341\205\241\341\206\253")) == 2,
	    "conjoining jamo ᄒ ᅡ ᆫ take 2 (medial and final join)");
	ok(dlt_termsafe_width(S("\303\251")) == 1, "precomposed é takes 1");
	line_is(S("e\314\201"), 0, SIZE_MAX, "e\314\201", 1,
	    "combining acute stays with its base");
	line_is(S("a\314\201\314\243b"), 0, SIZE_MAX, "a\314\201\314\243b", 2,
	    "two marks stay with their base");
	line_is(S("\314\201x"), 0, SIZE_MAX, "x", 1,
	    "a mark first on the line is dropped");
	line_is(S("\001\314\201"), 0, SIZE_MAX, "^A", 2,
	    "a mark after a shown control is dropped");
	line_is(S("e\033[1m\314\201"), 0, SIZE_MAX, "e\314\201", 1,
	    "a mark keeps its base across a dropped sequence");
	line_is(S("\360\237\221\250\342\200\215\360\237\221\251\342\200\215"
	    "\360\237\221\247"), 0, SIZE_MAX,
	    "\360\237\221\250\342\200\215\360\237\221\251\342\200\215"
	    "\360\237\221\247", 6,
	    "emoji ZWJ family kept whole: 2 columns an emoji, ZWJ 0 (as wcwidth)");
	line_is(S("\342\235\244\357\270\217"), 0, SIZE_MAX,
	    "\342\235\244\357\270\217", 1,
	    "heart with VS16 kept, the selector takes 0");
	ok(dlt_termsafe_cpwidth(0x3099) == 0,
	    "U+3099 (wide block, combining) takes 0");
	ok(dlt_termsafe_cpwidth(0x20000) == 2 && dlt_termsafe_cpwidth(0xe0100) == 0
	    && dlt_termsafe_cpwidth(0x10ffff) == 1 && dlt_termsafe_cpwidth(0xad)
	    == 1, "plane 2 wide, VS supplement 0, unassigned 1, soft hyphen 1");
}

static void
test_edges(void)
{
	/* 中 is \344\270\255, 文 \346\226\207, 字 \345\255\227 */
	line_is(S("\344\270\255\346\226\207"), 1, SIZE_MAX, " \346\226\207", 3,
	    "wide char cut by the skip: its right half a space");
	line_is(S("\344\270\255\314\201\346\226\207"), 1, SIZE_MAX,
	    " \346\226\207", 3, "the mark of a cut wide char dropped with it");
	line_is(S("a\344\270\255"), 0, 2, "a ", 2,
	    "wide char cut by maxcols: its left half a space");
	line_is(S("\344\270\255\346\226\207\345\255\227"), 1, 4,
	    " \346\226\207 ", 4, "cut at both edges");
	line_is(S("\344\270\255"), 0, 1, " ", 1, "wide char in 1 column");
	line_is(S("\344\270\255"), 0, 0, "", 0, "maxcols 0 gives nothing");
	line_is(S("abc\314\201d"), 0, 3, "abc\314\201", 3,
	    "a mark on the last column kept");
	line_is(S("abc"), 5, SIZE_MAX, "", 0, "skip past the end gives nothing");
	line_is(S("\001xyz"), 1, 2, " x", 2,
	    "a shown control cut by the skip becomes a space");
	line_is(S("ab\tc"), 4, 3, "   ", 3, "a tab cut by both edges");
	line_is(S("hello world"), 6, 3, "wor", 3, "plain scroll and cut");
}

static void
test_column(void)
{
	static const char	esc[] = "\033[31mab";
	static const char	cjk[] = "\344\270\255x";

	ok(dlt_termsafe_column(S(esc), 0) == 0 &&
	    dlt_termsafe_column(S(esc), 3) == 0,
	    "an offset inside a dropped sequence maps to where it went");
	ok(dlt_termsafe_column(S(esc), 5) == 0 &&
	    dlt_termsafe_column(S(esc), 6) == 1 &&
	    dlt_termsafe_column(S(esc), 7) == 2,
	    "offsets after the sequence: 0, 1, then the end at 2");
	ok(dlt_termsafe_column(S(cjk), 1) == 0 &&
	    dlt_termsafe_column(S(cjk), 2) == 0 &&
	    dlt_termsafe_column(S(cjk), 3) == 2,
	    "an offset inside a wide char maps to its column; the next to 2");
	ok(dlt_termsafe_column(S("\tx"), 1) == 8, "after a tab: column 8");
	ok(dlt_termsafe_column(S("\001x"), 1) == 2, "after ^A: column 2");
	ok(dlt_termsafe_column(S("ab"), 99) == 2,
	    "an offset past the end maps to the width");
}

/*
 * A few thousand pseudo-random inputs (a fixed seed, so that a failure
 * reproduces) built from the pieces that matter, through the checks the
 * fuzz target makes.
 */
static void
test_random(void)
{
	static const char *const pieces[] = {
		"\033", "[", "]", "P", "X", "^", "_", "\\", "\007", "\233",
		"\234", "\235", "\220", "\302\233", "\302\234", "\302\235",
		"\302\205", "0;", "31m", "m", "8;;", "52;c;", "\t", "\r",
		"\177", "\001", "a", "Z", " ", "\344\270\255", "\314\201",
		"\342\200\215", "\357\270\217", "\360\237\221\250", "\355\240",
		"\300", "\377", "\360\237", "\205", "\342\200\256", "(", "#"
	};
	char		 buf[256];
	uint32_t	 seed = 12345;
	size_t		 len, n, k, skip, maxcols, bad = 0, runs = 4000;
	const char	*why, *first = NULL;
	int		 i;

	for (i = 0; (size_t)i < runs; i++) {
		len = 0;
		seed = seed * 1103515245 + 12345;
		n = (seed >> 16) % 40;
		while (n-- > 0) {
			seed = seed * 1103515245 + 12345;
			if ((seed >> 16) % 8 == 0) {
				buf[len++] = (char)(seed >> 24);	/* any byte */
				continue;
			}
			k = (seed >> 16) % (sizeof pieces / sizeof pieces[0]);
			if (len + strlen(pieces[k]) > sizeof buf)
				break;
			memcpy(buf + len, pieces[k], strlen(pieces[k]));
			len += strlen(pieces[k]);
		}
		seed = seed * 1103515245 + 12345;
		skip = (seed >> 16) % 8;
		seed = seed * 1103515245 + 12345;
		maxcols = (seed >> 16) % 16 == 0 ? SIZE_MAX : (seed >> 16) % 24;
		if ((why = termsafe_check(buf, len, skip, maxcols)) != NULL) {
			if (bad++ == 0)
				first = why;
		}
	}
	ok(bad == 0, "%zu pseudo-random inputs keep the invariants (%zu "
	    "broke them%s%s)", runs, bad, first ? ", first: " : "",
	    first ? first : "");
}

/* A file in the scratch directory holding LEN bytes of S. */
static char *
write_tmp(const char *name, const char *s, size_t len)
{
	char	*path = xasprintf("%s/%s", tmpdir, name);
	FILE	*fp;

	if ((fp = fopen(path, "w")) == NULL || fwrite(s, 1, len, fp) != len ||
	    fclose(fp) != 0) {
		fprintf(stderr, "unit-termsafe: cannot write %s\n", path);
		exit(1);
	}
	return (path);
}

static void
view_line_is(struct dlt_logview *lv, size_t n, const char *want,
    const char *name)
{
	const char	*p;
	size_t		 len;
	char		*s;

	if (dlt_logview_line(lv, n, &p, &len) != 0) {
		ok(0, "%s: line %zu exists", name, n);
		return;
	}
	s = xstrndup(p, len);
	is(s, want, name);
	free(s);
}

static void
test_view_basic(void)
{
	struct dlt_logview	*lv;
	char			*path, *err;
	const char		*p;
	size_t			 len;

	path = write_tmp("empty.log", "", 0);
	lv = dlt_logview_open(path, &err);
	ok(lv != NULL, "an empty file opens");
	if (lv != NULL) {
		ok(dlt_logview_index(lv, 10) == 1 && dlt_logview_lines(lv) == 0 &&
		    dlt_logview_complete(lv), "empty: indexed at once, 0 lines");
		ok(dlt_logview_line(lv, 0, &p, &len) == -1 &&
		    dlt_logview_size(lv) == 0 && dlt_logview_line_at(lv, 0) == 0,
		    "empty: no line 0, size 0, line_at 0");
		dlt_logview_close(lv);
	}
	free(path);

	path = write_tmp("nonl.log", S("first\nsecond"));
	lv = dlt_logview_open(path, &err);
	ok(lv != NULL && dlt_logview_index(lv, 100) == 1 &&
	    dlt_logview_lines(lv) == 2, "no trailing newline: 2 lines");
	if (lv != NULL) {
		view_line_is(lv, 0, "first", "no trailing newline: line 0");
		view_line_is(lv, 1, "second", "no trailing newline: last line");
		ok(dlt_logview_line(lv, 2, &p, &len) == -1,
		    "line 2 is out of range");
		dlt_logview_close(lv);
	}
	free(path);

	path = write_tmp("crlf.log", S("one\r\ntwo\r\n\r\nfour\r\r\n"));
	lv = dlt_logview_open(path, &err);
	if (lv != NULL) {
		view_line_is(lv, 0, "one", "CRLF: CR dropped");
		view_line_is(lv, 1, "two", "CRLF: second line");
		view_line_is(lv, 2, "", "CRLF: empty line");
		view_line_is(lv, 3, "four\r", "CRLF: only one CR dropped");
		ok(dlt_logview_lines(lv) == 4 && dlt_logview_complete(lv) &&
		    dlt_logview_line(lv, 4, &p, &len) == -1,
		    "CRLF: 4 lines, none after the last newline");
		dlt_logview_close(lv);
	} else
		ok(0, "CRLF file opens");
	free(path);

	/* UTF-16 with its mark, as Windows PowerShell 5 redirects output */
	path = write_tmp("u16.log", S("\xff\xfeR\0:\0 \0c\0a\0f\0\xe9\0\r\0\n\0"
	    "=\xd8\0\xde\n\0"));
	lv = dlt_logview_open(path, &err);
	if (lv != NULL) {
		view_line_is(lv, 0, "R: caf\xc3\xa9", "UTF-16 LE: read as UTF-8, its mark dropped");
		view_line_is(lv, 1, "\xf0\x9f\x98\x80", "UTF-16 LE: a surrogate pair is one character");
		ok(dlt_logview_lines(lv) == 2, "UTF-16 LE: 2 lines");
		dlt_logview_close(lv);
	} else
		ok(0, "UTF-16 file opens");
	free(path);
	path = write_tmp("u16be.log", S("\xfe\xff\0a\0\n\xd8"));
	lv = dlt_logview_open(path, &err);
	if (lv != NULL) {
		view_line_is(lv, 0, "a", "UTF-16 BE: read as UTF-8");
		view_line_is(lv, 1, "\xef\xbf\xbd", "UTF-16 BE: an odd last byte is U+FFFD");
		dlt_logview_close(lv);
	} else
		ok(0, "UTF-16 BE file opens");
	free(path);

	path = write_tmp("at.log", S("ab\ncd\n\nef\n"));
	lv = dlt_logview_open(path, &err);
	if (lv != NULL) {
		ok(dlt_logview_line_at(lv, 0) == 0 && dlt_logview_line_at(lv, 2) == 0,
		    "line_at: a line's first byte and its newline");
		ok(dlt_logview_line_at(lv, 3) == 1 && dlt_logview_line_at(lv, 6) == 2 &&
		    dlt_logview_line_at(lv, 7) == 3,
		    "line_at: later lines, an empty one");
		ok(dlt_logview_line_at(lv, 9) == 3 && dlt_logview_line_at(lv, 1000) == 3,
		    "line_at: the last newline and past the end give the last line");
		ok(dlt_logview_offset(lv, 3) == 7, "offset of line 3 is 7");
		dlt_logview_close(lv);
	} else
		ok(0, "line_at file opens");
	free(path);
}

static void
test_view_index(void)
{
	struct dlt_logview	*lv;
	struct strbuf		 sb = STRBUF_INIT;
	char			*path, *err, want[64];
	size_t			 i, total = 200000, partial;

	for (i = 0; i < total; i++)
		strbuf_addf(&sb, "line %zu of a log long enough to index in steps\n",
		    i);
	path = write_tmp("big.log", sb.buf, sb.len);

	/* lazy: asking for the last line indexes up to it */
	lv = dlt_logview_open(path, &err);
	ok(lv != NULL && dlt_logview_lines(lv) == 0 && !dlt_logview_complete(lv),
	    "a big log opens with nothing indexed");
	if (lv != NULL) {
		snprintf(want, sizeof want, "line %zu of a log long enough to "
		    "index in steps", total - 1);
		view_line_is(lv, total - 1, want, "the last line, indexed on demand");
		ok(dlt_logview_line_at(lv, sb.len - 1) == total - 1,
		    "line_at of the last byte");
		dlt_logview_close(lv);
	}

	lv = dlt_logview_open(path, &err);
	if (lv != NULL) {
		ok(dlt_logview_index(lv, 0) == 0, "a zero budget indexes a slice "
		    "and says there is more");
		partial = dlt_logview_lines(lv);
		ok(partial > 0 && partial < total, "partial index: %zu of %zu lines",
		    partial, total);
		view_line_is(lv, 0, "line 0 of a log long enough to index in steps",
		    "line 0 after a partial index");
		ok(dlt_logview_index(lv, 60000) == 1 && dlt_logview_complete(lv) &&
		    dlt_logview_lines(lv) == total,
		    "a large budget completes the index: %zu lines",
		    dlt_logview_lines(lv));
		ok(dlt_logview_size(lv) == sb.len, "size is the file's");
		dlt_logview_close(lv);
	} else
		ok(0, "big log opens");
	strbuf_release(&sb);
	free(path);
}

static void
test_view_errors(void)
{
	struct dlt_logview	*lv;
	char			*path, *err = NULL;
	int			 done;

	path = xasprintf("%s/no-such.log", tmpdir);
	lv = dlt_logview_open(path, &err);
	ok(lv == NULL && err != NULL && strstr(err, path) != NULL &&
	    strstr(err, strerror(ENOENT)) != NULL,
	    "a missing file: the error names it (%s)", err ? err : "none");
	free(err);
	free(path);

	lv = dlt_logview_open(tmpdir, &err);
	ok(lv == NULL && err != NULL && strstr(err, tmpdir) != NULL &&
	    strstr(err, strerror(EISDIR)) != NULL,
	    "a directory: the error names it (%s)", err ? err : "none");
	free(err);

	/* a regular file of size 0 that has bytes: read, not mapped */
	lv = dlt_logview_open("/proc/self/status", &err);
	if (lv != NULL) {
		done = dlt_logview_index(lv, 100);
		ok(done == 1 && dlt_logview_lines(lv) > 3 &&
		    dlt_logview_size(lv) > 0, "/proc/self/status (size 0) is read: "
		    "%zu lines", dlt_logview_lines(lv));
		dlt_logview_close(lv);
	} else {
		skip("/proc/self/status is read", err);
		free(err);
	}
}

/* DIR holds the compressed logs tests/t0004-termsafe.sh made. */
static void
test_view_compressed(const char *dir)
{
	static const char *const names[] = { "log.gz", "log.xz", "log.zst" };
	struct dlt_logview	*lv;
	char			*path, *err;
	size_t			 i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		path = xasprintf("%s/%s", dir, names[i]);
		if (access(path, R_OK) != 0) {
			skip(names[i], "not made (no compressor)");
			free(path);
			continue;
		}
		if ((lv = dlt_logview_open(path, &err)) == NULL) {
			ok(0, "%s opens: %s", names[i], err);
			free(err);
			free(path);
			continue;
		}
		ok(dlt_logview_index(lv, 1000) == 1 && dlt_logview_lines(lv) == 3,
		    "%s: decompressed, 3 lines", names[i]);
		view_line_is(lv, 1, "second \033[31mline", names[i]);
		dlt_logview_close(lv);
		free(path);
	}
	path = xasprintf("%s/cut.gz", dir);
	if (access(path, R_OK) == 0) {
		lv = dlt_logview_open(path, &err);
		ok(lv == NULL && err != NULL && strstr(err, path) != NULL,
		    "a cut gzip file: the error names it (%s)", err ? err : "none");
		dlt_logview_close(lv);
		free(err);
	} else
		skip("cut.gz", "not made");
	free(path);
}

int
main(int argc, char **argv)
{
	char	cmd[128];

	test_escapes();
	test_controls();
	test_utf8();
	test_width();
	test_edges();
	test_column();
	test_random();

	if (mkdtemp(tmpdir) == NULL) {
		perror("mkdtemp");
		return (1);
	}
	test_view_basic();
	test_view_index();
	test_view_errors();
	if (argc > 1)
		test_view_compressed(argv[1]);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		fprintf(stderr, "unit-termsafe: cannot remove %s\n", tmpdir);
	return (tap_done());
}
