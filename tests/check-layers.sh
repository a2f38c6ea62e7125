#!/bin/sh
# check-layers.sh: check the includes of src/ against the layer table and
# the library table of docs/CodingStyle ("Layers", "One module per
# library").
#
#   tests/check-layers.sh [-x FILE:HEADER]... SRCDIR [CODINGSTYLE]
#
# Reports, one per line, and exits 1 on any:
#   DIR/F:L: 'F' (layer N NAME) includes 'H' (layer M NAME)
#       an include that reaches up, or into a sibling layer;
#   DIR/F:L: 'F' includes <H>, which only GLOBS may include
#       a library header outside its wrapper;
#   DIR/F:L: 'F' includes 'H' (include cycle: a -> b -> a)
#       an include on a cycle between modules (a .c and its .h are one
#       module, and so is a private NAME-int.h shared by NAME's files),
#       among the includes that keep to the layers;
#   DIR/F:1: 'F' is in no layer of CODINGSTYLE
#       a file of SRCDIR that no pattern places (and likewise an included
#       project header that none places).
# -x FILE:HEADER exempts one include (say "model.c:model-ops.h") from
# every check, cycles included; an exemption that matches no include is
# reported on stderr as stale, without failing.  CODINGSTYLE defaults to
# SRCDIR/../docs/CodingStyle.  POSIX sh and awk only.

me=check-layers.sh
exempt=
while getopts x: opt; do
	case $opt in
	x) exempt="$exempt $OPTARG" ;;
	*) echo "usage: $me [-x FILE:HEADER]... SRCDIR [CODINGSTYLE]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: $me [-x FILE:HEADER]... SRCDIR [CODINGSTYLE]" >&2
	exit 2
fi
src=${1%/}
style=${2:-$src/../docs/CodingStyle}
if [ ! -d "$src" ]; then
	echo "$me: cannot open directory '$src'" >&2
	exit 2
fi
if [ ! -r "$style" ]; then
	echo "$me: cannot read '$style'" >&2
	exit 2
fi

# The files to check, one per line (names without the directory).
files=$(cd "$src" && ls -- *.c *.h 2>/dev/null)
if [ -z "$files" ]; then
	echo "$me: no .c or .h file in '$src'" >&2
	exit 2
fi

# "FILE LINE KIND NAME" for every #include of every file (KIND q for
# "...", s for <...>), then the checks.
(
	cd "$src" &&
	for f in $files; do
		awk -v f="$f" '
		/^[ \t]*#[ \t]*include[ \t]*["<]/ {
			s = $0
			sub(/^[ \t]*#[ \t]*include[ \t]*/, "", s)
			k = substr(s, 1, 1) == "<" ? "s" : "q"
			s = substr(s, 2)
			sub(/[">].*/, "", s)
			print f, FNR, k, s
		}' "$f"
	done
) | awk -v src="$src" -v style="$style" -v files="$files" \
    -v exempt="$exempt" -v me="$me" '
# A shell glob as an anchored regular expression (*, ? and literals).
function glob_re(g,    r, i, c) {
	r = "^"
	for (i = 1; i <= length(g); i++) {
		c = substr(g, i, 1)
		if (c == "*")
			r = r ".*"
		else if (c == "?")
			r = r "."
		else if (c ~ /[A-Za-z0-9_-]/)
			r = r c
		else
			r = r "[" c "]"
	}
	return r "$"
}

# A file name without .c or .h: its module.  A private header NAME-int.h
# belongs to the module NAME whose files share it.
function module(f,    m) {
	m = f
	sub(/\.[ch]$/, "", m)
	sub(/-int$/, "", m)
	return m
}

# The index of the layer of module m, 0 when none; two matching layers
# are reported once.
function layer_of(m,    i, j, hit) {
	if (m in lcache)
		return lcache[m]
	hit = 0
	for (i = 1; i <= nlayer; i++)
		for (j = 1; j <= npat[i]; j++)
			if (m ~ pat[i, j]) {
				if (hit == 0)
					hit = i
				else if (hit != i && !((m, "amb") in said)) {
					said[m, "amb"] = 1
					printf "%s: module '\''%s'\'' matches both layer %s %s and layer %s %s\n", \
					    style, m, lnum[hit], lname[hit], lnum[i], lname[i]
					bad++
				}
				break
			}
	lcache[m] = hit
	return hit
}

function desc(i) {
	return "layer " lnum[i] " " lname[i]
}

BEGIN {
	bad = 0
	nlayer = 0
	nlib = 0
	while ((getline line < style) > 0) {
		if (line ~ /^[ \t]*layer[ \t]+[0-9]+[ \t]+[a-z][a-z0-9-]*:/) {
			nlayer++
			n = split(line, w, /[ \t:]+/)
			# w[1] may be empty (leading blank)
			o = (w[1] == "") ? 1 : 0
			lnum[nlayer] = w[2 + o] + 0
			lname[nlayer] = w[3 + o]
			npat[nlayer] = 0
			for (i = 4 + o; i <= n; i++)
				if (w[i] != "")
					pat[nlayer, ++npat[nlayer]] = glob_re(w[i])
		} else if (line ~ /^[ \t]*library[ \t]+[^:]+:/) {
			nlib++
			hdrs = line
			sub(/^[ \t]*library[ \t]+/, "", hdrs)
			owners = hdrs
			sub(/:.*/, "", hdrs)
			sub(/^[^:]*:[ \t]*/, "", owners)
			sub(/[ \t]+$/, "", owners)
			libowners[nlib] = owners
			nh[nlib] = split(hdrs, hh, /[ \t]+/)
			for (i = 1; i <= nh[nlib]; i++)
				libhdr[nlib, i] = glob_re(hh[i])
			no[nlib] = split(owners, oo, /[ \t]+/)
			for (i = 1; i <= no[nlib]; i++)
				libown[nlib, i] = glob_re(oo[i])
		}
	}
	close(style)
	if (nlayer == 0) {
		printf "%s: no layer table in '\''%s'\''\n", me, style > "/dev/stderr"
		exit 2
	}
	n = split(exempt, ex, /[ \t]+/)
	for (i = 1; i <= n; i++)
		if (ex[i] != "")
			exempted[ex[i]] = 0
	nf = split(files, fl, "\n")
	for (i = 1; i <= nf; i++) {
		isfile[fl[i]] = 1
		ismod[module(fl[i])] = 1
	}
	nedge = 0
}

{
	f = $1; ln = $2; k = $3; h = $4
	if ((f ":" h) in exempted) {
		exempted[f ":" h]++
		next
	}
	# a library header outside its wrapper (either spelling of include)
	for (i = 1; i <= nlib; i++) {
		for (j = 1; j <= nh[i]; j++)
			if (h ~ libhdr[i, j])
				break
		if (j > nh[i])
			continue
		for (j = 1; j <= no[i]; j++)
			if (f ~ libown[i, j])
				break
		if (j > no[i]) {
			printf "%s/%s:%s: '\''%s'\'' includes %s, which only %s may include\n", \
			    src, f, ln, f, (k == "s" ? "<" h ">" : "\"" h "\""), libowners[i]
			bad++
		}
	}
	if (k != "q" || h ~ /\//)
		next
	# a project header or source file: layers
	fm = module(f)
	hm = module(h)
	fl_ = layer_of(fm)
	hl = layer_of(hm)
	if (hl == 0 && !(hm in ismod)) {
		printf "%s/%s:%s: '\''%s'\'' includes '\''%s'\'', which is in no layer of %s\n", \
		    src, f, ln, f, h, style
		bad++
	}
	if (fl_ && hl && (lnum[hl] > lnum[fl_] ||
	    (lnum[hl] == lnum[fl_] && lname[hl] != lname[fl_]))) {
		printf "%s/%s:%s: '\''%s'\'' (%s) includes '\''%s'\'' (%s)\n", \
		    src, f, ln, f, desc(fl_), h, desc(hl)
		bad++
		next	# reported; the cycles it makes would only repeat it
	}
	if (fm != hm) {
		nedge++
		ef[nedge] = f; el[nedge] = ln; eh[nedge] = h
		ea[nedge] = fm; eb[nedge] = hm
		if (!((fm, hm) in adj)) {
			adj[fm, hm] = 1
			out[fm] = out[fm] " " hm
		}
	}
}

# The shortest module path from a to b ("a -> x -> b"), "" when none.
function path(a, b,    q, head, tail, seen, par, cur, n, i, nx, p) {
	split("", seen); split("", par); split("", q)
	head = tail = 1
	q[1] = a
	seen[a] = 1
	while (head <= tail) {
		cur = q[head++]
		if (cur == b) {
			p = b
			while (cur != a) {
				cur = par[cur]
				p = cur " -> " p
			}
			return p
		}
		n = split(out[cur], nx, " ")
		for (i = 1; i <= n; i++)
			if (!(nx[i] in seen)) {
				seen[nx[i]] = 1
				par[nx[i]] = cur
				q[++tail] = nx[i]
			}
	}
	return ""
}

END {
	if (nlayer == 0)
		exit 2
	for (i = 1; i <= nf; i++)
		if (layer_of(module(fl[i])) == 0) {
			printf "%s/%s:1: '\''%s'\'' is in no layer of %s\n", \
			    src, fl[i], fl[i], style
			bad++
		}
	for (e = 1; e <= nedge; e++) {
		p = path(eb[e], ea[e])
		if (p != "") {
			printf "%s/%s:%s: '\''%s'\'' includes '\''%s'\'' (include cycle: %s -> %s)\n", \
			    src, ef[e], el[e], ef[e], eh[e], ea[e], p
			bad++
		}
	}
	for (x in exempted)
		if (exempted[x] == 0)
			printf "%s: warning: stale exemption '\''%s'\'': no such include\n", \
			    me, x > "/dev/stderr"
	exit bad ? 1 : 0
}'
