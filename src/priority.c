/* priority.c: default and rule-given priorities; see priority.h. */
#include "failure.h"
#include "priority.h"
#include "vocab.h"

int
dlt_priority_default(int cls, int security)
{
	if (security)
		return (DLT_PRIO_HIGH);
	switch (cls) {
	case DLT_CLASS_CRASH:
	case DLT_CLASS_NAN:
	case DLT_CLASS_INCONSISTENCY:
		return (DLT_PRIO_MEDIUM);
	default:
		return (DLT_PRIO_LOW);
	}
}

void
dlt_priority_assign(struct dlt_failure *f)
{
	if (f->prio_hint != DLT_PRIO_UNSET)
		f->priority = f->prio_hint;
	else
		f->priority = dlt_priority_default(f->cls, f->security);
	f->confidence = f->conf_hint >= 0 ? f->conf_hint :
	    DLT_PRIORITY_DEFAULT_CONFIDENCE;
}
