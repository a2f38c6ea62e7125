/* priority.c: default and rule-given priorities; see priority.h. */
#include "failure.h"
#include "priority.h"
#include "rules.h"
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
dlt_priority_assign(struct dlt_failure *f, const struct dlt_rule *rule)
{
	f->security = rule != NULL && rule->security == 1;
	if (rule != NULL && rule->priority != DLT_PRIO_UNSET)
		f->priority = rule->priority;
	else
		f->priority = dlt_priority_default(f->cls, f->security);
	f->confidence = rule != NULL ? rule->confidence :
	    DLT_PRIORITY_DEFAULT_CONFIDENCE;
}
