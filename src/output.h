/*
 * output.h: classify's output formats.  table is for people, json is
 * JSON Lines (one object per failure, fields as in DESIGN.md), csv is
 * RFC 4180 with a header row.  Strings are written so that invalid UTF-8
 * and NUL bytes in logs never produce invalid JSON or CSV.
 */
#ifndef DLT_OUTPUT_H
#define DLT_OUTPUT_H

#include <stdio.h>

struct dlt_failure;

enum dlt_format {
	DLT_FORMAT_TABLE,
	DLT_FORMAT_JSON,
	DLT_FORMAT_CSV
};

int	dlt_format_parse(const char *);		/* -1 if unknown */

struct dlt_output {
	FILE		*fp;
	enum dlt_format	 format;
	long		 count;
};

void	dlt_output_begin(struct dlt_output *, FILE *, enum dlt_format);
void	dlt_output_failure(struct dlt_output *, const struct dlt_failure *);
void	dlt_output_end(struct dlt_output *);

#endif
