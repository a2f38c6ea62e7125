/*
 * priority.h: how urgent a failure is.  The deciding rule's hints, which
 * the classifier records in the failure (a priority, a confidence in it,
 * and whether the failure is a security problem), win; without a rule,
 * or when the rule gives no priority, the default follows from the
 * class: security problems are high, crashes, NaNs and inconsistencies
 * medium, everything else low.
 */
#ifndef DLT_PRIORITY_H
#define DLT_PRIORITY_H

struct dlt_failure;

/* The confidence of a failure no rule decided. */
#define DLT_PRIORITY_DEFAULT_CONFIDENCE	0.3

/* The default enum dlt_priority for a class. */
int	dlt_priority_default(int cls, int security);
/*
 * Set f's priority and confidence from its hints (prio_hint, conf_hint),
 * its class and its security flag.
 */
void	dlt_priority_assign(struct dlt_failure *);

#endif
