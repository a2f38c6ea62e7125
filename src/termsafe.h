/*
 * termsafe.h: untrusted log bytes made fit for a terminal.
 *
 * Log text comes from crashing programs, CI systems and whoever wrote the
 * test; sent raw to a terminal it could set the window title, write the
 * clipboard (OSC 52), plant hyperlinks, move the cursor or redefine keys.
 * Everything the TUI draws from a log goes through here first.  The rules
 * (docs/termsafe.md has them with examples):
 *
 * - Escape sequences are parsed and dropped whole: CSI (ESC [), OSC
 *   (ESC ]), DCS (ESC P), SOS (ESC X), PM (ESC ^), APC (ESC _), and the
 *   two- and three-byte ESC sequences (ESC 7, ESC ( B, ESC # 8 ...).  Their
 *   8-bit C1 introducers (0x9b CSI, 0x9d OSC, 0x90 DCS, 0x98 SOS, 0x9e PM,
 *   0x9f APC) count too, both as raw bytes and as the UTF-8 encoding of
 *   U+009B etc.  A string sequence (OSC, DCS, SOS, PM, APC) ends at BEL,
 *   ESC \ or 0x9c (raw or UTF-8); an unterminated one, like a cut CSI,
 *   runs to the end of the line.  A lone ESC at the end is dropped.
 * - Other C0 controls and DEL are shown as "^@".."^_" and "^?"; the
 *   other C1 controls, encoded in UTF-8 (U+0080-U+009F), as "<XX>", two
 *   lower-case hex digits (4 columns).  Tab expands to spaces up to the
 *   next multiple of 8 columns, counted from the start of the input.
 * - Invalid UTF-8 (a stray continuation byte, a cut sequence, an
 *   overlong form, a surrogate, a code point above U+10FFFF) shows as
 *   U+FFFD, one per maximal invalid subpart (as Unicode recommends).  A
 *   raw byte 0x80-0x9f is one too, except for the introducers above and
 *   ST where a character may start (not right after a non-ASCII
 *   character or broken sequence, where it is a stray continuation
 *   byte): there they act as on a terminal in 8-bit mode.
 * - East Asian Wide and Fullwidth characters and emoji take 2 columns;
 *   combining marks, format characters (Cf), zero width joiners and
 *   variation selectors take 0 and stay with the character before them;
 *   at the start of the output (nothing to attach to) they are dropped.
 *   Unassigned and private-use code points take 1.  The tables are our
 *   own (Unicode 15.1), so widths do not depend on the locale or libc.
 * - A wide character is never cut: one whose left half falls in the
 *   skipped columns, or whose right half would pass MAXCOLS, is shown as
 *   a space for the half that is in view.
 *
 * The output is valid UTF-8 and holds no byte below 0x20, no 0x7f and no
 * C1 code point, so no title, clipboard or hyperlink sequence can ever
 * come out of it.
 */
#ifndef DLT_TERMSAFE_H
#define DLT_TERMSAFE_H

#include <stddef.h>
#include <stdint.h>

struct strbuf;

/*
 * Append to OUT the display form of the untrusted bytes IN[0..LEN) for one
 * screen line, dropping the first SKIP columns (horizontal scroll) and
 * stopping before the output would exceed MAXCOLS columns (SIZE_MAX: no
 * limit).  A newline in IN is a control like the others ("^J"): IN is
 * meant to be one line.  Returns the columns the appended text takes
 * (never more than MAXCOLS).
 */
size_t	dlt_termsafe_line(struct strbuf *out, const char *in, size_t len,
	    size_t skip, size_t maxcols);
/* Columns IN[0..LEN) would take in full (same rules, no skip, no limit). */
size_t	dlt_termsafe_width(const char *in, size_t len);
/*
 * Map a byte offset inside IN to the display column at which it lands (for
 * highlighting a search match found by PCRE2 on the raw bytes); an offset
 * inside a dropped escape sequence maps to the column where it was
 * dropped, one inside a multi-byte character to that character's column,
 * and LEN or more to the full width.  Non-decreasing in OFFSET.
 */
size_t	dlt_termsafe_column(const char *in, size_t len, size_t offset);

/*
 * The columns code point C takes: 0 (combining, format, zero width), 1
 * or 2 (wide).  For printable code points; controls are not asked.
 */
int	dlt_termsafe_cpwidth(uint32_t c);

#endif
