/* PLACEHOLDER */
#include "command.h"
#include "exitcode.h"
static int x_exec(struct dlt_ctx *c, int argc, char **argv) { (void)c;(void)argc;(void)argv; return DLT_EXIT_INTERNAL; }
const struct dlt_cmd dlt_cmd_rules_test = { "rules test", "[options]", "placeholder", 0, x_exec };
