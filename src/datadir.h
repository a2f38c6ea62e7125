/*
 * datadir.h: the directory that holds the shipped rules/ and corpus/:
 * $DLTRIAGE_DATADIR; else, when the program runs from the build tree it
 * was built in, that build's source tree; else, when it sits in a src/
 * directory next to ../rules, that tree; else the installed
 * $(pkgdatadir).  Found once, then kept.
 */
#ifndef DLT_DATADIR_H
#define DLT_DATADIR_H

const char	*dlt_datadir(void);

#endif
