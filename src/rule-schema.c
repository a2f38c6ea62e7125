/* PLACEHOLDER */
#include "rule-schema.h"
