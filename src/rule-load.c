/* PLACEHOLDER */
#include <stdlib.h>
#include "rules.h"
int dlt_ruleset_load(struct dlt_ruleset *s, const char *const *p, size_t n, struct dlt_rule_problems *pr) { (void)s;(void)p;(void)n;(void)pr; return -1; }
void dlt_ruleset_release(struct dlt_ruleset *s) { (void)s; }
void dlt_rule_problems_release(struct dlt_rule_problems *p) { (void)p; }
void dlt_rule_problems_print(const struct dlt_rule_problems *p) { (void)p; }
const char *dlt_class_name(int c) { (void)c; return "?"; }
int dlt_class_parse(const char *s) { (void)s; return -1; }
const char *dlt_shape_name(int c) { (void)c; return "?"; }
int dlt_shape_parse(const char *s) { (void)s; return -1; }
const char *dlt_field_name(int c) { (void)c; return "?"; }
int dlt_field_parse(const char *s) { (void)s; return -1; }
const char *dlt_priority_name(int c) { (void)c; return "?"; }
int dlt_priority_parse(const char *s) { (void)s; return -1; }
