/*
 * npy.h: reading numpy's .npy files (format versions 1.0, 2.0 and 3.0),
 * the arrays the harness writes for each output of a model, into
 * doubles for the oracles.
 *
 * Accepted element types, little-endian or byte-sized only: <f2 <f4 <f8,
 * <i2 <i4 <i8, <u2 <u4 <u8, |i1 |u1 |b1.  Big-endian, object, complex,
 * structured and string arrays are refused with a message that says so.
 * Fortran-ordered arrays are reordered to C order.
 *
 * A file is untrusted: every size in the header is checked against the
 * bytes that are really there, a shape whose element count overflows is
 * refused, and each problem is recorded in a struct dlt_diags as
 * "FILE: message" (line 0: the whole file).  Nothing is allocated for an
 * array before its size has been checked against the file.
 *
 * Ownership: struct dlt_npy owns values; dlt_npy_release() frees them.
 */
#ifndef DLT_NPY_H
#define DLT_NPY_H

#include <stddef.h>
#include <stdint.h>

struct dlt_diags;

#define DLT_NPY_MAXRANK		32	/* numpy 1.x's own limit */
#define DLT_NPY_MAXHEADER	65536	/* bytes of the header dictionary */

struct dlt_npy {
	char		 descr[8];	/* as written: "<f4" */
	const char	*dtype;		/* numpy's name: "float32", "bool" */
	char		 kind;		/* 'f', 'i', 'u' or 'b' */
	size_t		 itemsize;
	int		 fortran_order;	/* as written; values are C order */
	int		 rank;
	uint64_t	 shape[DLT_NPY_MAXRANK];
	size_t		 count;		/* elements: the product of shape */
	double		*values;	/* count values, NULL when count is 0 */
	int		 major, minor;	/* format version */
};

/* All zero is an empty struct dlt_npy too. */
void	dlt_npy_init(struct dlt_npy *);
void	dlt_npy_release(struct dlt_npy *);

/*
 * Parse a whole file's bytes; name is the file name for messages.  0 on
 * success, -1 with a problem recorded (and npy released).
 */
int	dlt_npy_parse(struct dlt_npy *, const char *name, const void *buf,
	    size_t len, struct dlt_diags *);
/* Read and parse a file; -1 with a problem recorded. */
int	dlt_npy_load(struct dlt_npy *, const char *path, struct dlt_diags *);

/* IEEE 754 half and bfloat16 bit patterns to double. */
double	dlt_half_to_double(uint16_t);
double	dlt_bfloat16_to_double(uint16_t);

#endif
