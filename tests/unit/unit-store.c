/*
 * unit-store.c: unit tests of the campaign store (store-campaign.h),
 * linked against libdlt.a; the driver of tests/t3001-store-campaign.sh
 * and tests/t3002-merge.sh.
 *
 *	unit-store test DIR
 *		TAP tests; leaves DIR/unit.db for the script to look into
 *	unit-store run DB INDEX COUNT [DELAY_US]
 *		a runner's work on a small deterministic campaign: shard
 *		INDEX of COUNT, resuming what DB holds, sleeping DELAY_US
 *		after each execution; prints "recorded N skipped M"
 *	unit-store open DB
 *		open (and so migrate) DB and record one campaign into it
 */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "failure.h"
#include "hash.h"
#include "store-campaign.h"
#include "store.h"
#include "strbuf.h"
#include "vocab.h"
#include "tap.h"

#define NMODELS		2
#define NORDINALS	6	/* per model; 0 is the seed */

static const char *const frameworks[] = { "pytorch", "tensorflow", "jax" };
#define NFRAMEWORKS	(sizeof frameworks / sizeof frameworks[0])


static void	make_failure(struct dlt_failure *, int, const char *, long, int);
static void	campaign_spec(struct dlt_store_campaign *, int, int);
static int	run_one(struct dlt_store *, int64_t, int64_t, long, size_t,
		    int *);
static int	run_campaign(const char *, int, int, long, long *, long *);
static void	test_campaign(const char *);
static int	usage(void);

/*
 * A finished failure of class cls on line line; its bucket is one of
 * three per class (which), so that mutants share buckets.
 */
static void
make_failure(struct dlt_failure *f, int cls, const char *framework, long line,
    int which)
{
	static char	 sig[3][32];
	uint64_t	 h;

	memset(f, 0, sizeof *f);
	snprintf(sig[which % 3], sizeof sig[0], "signature %d", which % 3);
	f->line_start = f->line_end = line;
	f->cls = cls;
	f->kind = (char *)"test";
	f->framework = (char *)framework;
	f->signature = sig[which % 3];
	h = dlt_hash_str(DLT_HASH_INIT, dlt_class_name(cls));
	h = dlt_hash_str(h, framework);
	f->bucket = dlt_hash_str(h, sig[which % 3]);
	f->priority = which % 3 == 0 ? DLT_PRIO_HIGH : DLT_PRIO_LOW;
	f->confidence = 0.5;
	f->excerpt = (char *)"Segmentation fault";
}

static void
campaign_spec(struct dlt_store_campaign *c, int index, int count)
{
	memset(c, 0, sizeof *c);
	c->name = "unit";
	c->config_json = "{\"models\": 2, \"ordinals\": 6}";
	c->config_hash = "00c0ffee00c0ffee";
	c->seed = UINT64_C(0xfedcba9876543210);	/* above INT64_MAX */
	c->mode = "aware";
	c->shard_index = index;
	c->shard_count = count;
}

/*
 * Record mutant_id on frameworks[fw] as a runner would: the status and
 * failures follow from the ordinal; the last framework records the
 * mutant's oracles.
 */
static int
run_one(struct dlt_store *st, int64_t mutant_id, int64_t model, long ordinal,
    size_t fw, int *rc)
{
	struct dlt_store_execution	e;
	struct dlt_store_evidence	ev[2];
	struct dlt_store_comparison	cmp;
	struct dlt_store_oracle_failure	of[2];
	struct dlt_failure		f, onan, oinc;
	struct strbuf			log = STRBUF_INIT;
	int				k = (int)((ordinal + (long)fw) % 6);

	dlt_store_execution_init(&e);
	e.mutant_id = mutant_id;
	e.framework = frameworks[fw];
	e.framework_version = "1.0";
	e.python = "/usr/bin/python3";
	e.isolation = "fork";
	e.status = dlt_store_status_names[k];
	e.exit_code = k == DLT_STORE_CRASHED ? -1 : k == DLT_STORE_OK ? 0 : 1;
	e.signal = k == DLT_STORE_CRASHED ? 11 : 0;
	e.core = k == DLT_STORE_CRASHED;
	e.timed_out = k == DLT_STORE_TIMEOUT;
	e.wall_ms = 10 * ordinal;
	e.rss_kb = 1000;
	e.dir = "runs/x";
	e.result_json = k == DLT_STORE_OK ? "{\"status\": \"ok\"}" : NULL;
	strbuf_addf(&log, "model %" PRId64 " mutant %ld on %s\n%s\n", model,
	    ordinal, frameworks[fw], k == DLT_STORE_CRASHED ?
	    "Segmentation fault" : "done");
	ev[0] = (struct dlt_store_evidence){ "stderr", log.buf, log.len,
	    "runs/x/stderr" };
	ev[1] = (struct dlt_store_evidence){ "result", "{}", 2, NULL };
	e.evidence = ev;
	e.nevidence = 2;
	e.log = log.buf;
	e.loglen = log.len;
	if (k == DLT_STORE_CRASHED || k == DLT_STORE_REJECTED) {
		make_failure(&f, k == DLT_STORE_CRASHED ? DLT_CLASS_CRASH :
		    DLT_CLASS_FALSE_POSITIVE, frameworks[fw], 2, (int)ordinal);
		e.failures = &f;
		e.nfailures = 1;
	}
	if (fw == NFRAMEWORKS - 1) {
		cmp = (struct dlt_store_comparison){ "out", "pytorch",
		    "tensorflow", "float32", 0.5, 0.01, NAN,
		    ordinal % 4 == 1 ? "inconsistent" : "consistent", 1e-5,
		    1e-6 };
		e.comparisons = &cmp;
		e.ncomparisons = 1;
		e.oracle_log = "nan on pytorch\ninconsistent output\n";
		e.oracle_loglen = strlen(e.oracle_log);
		make_failure(&onan, DLT_CLASS_NAN, "pytorch", 1, 0);
		make_failure(&oinc, DLT_CLASS_INCONSISTENCY, NULL, 2, 1);
		of[0] = (struct dlt_store_oracle_failure){ &onan, "pytorch" };
		of[1] = (struct dlt_store_oracle_failure){ &oinc, NULL };
		e.oracle_failures = of;
		e.noracle_failures = ordinal % 4 == 1 ? 2 : ordinal % 4 == 2 ?
		    1 : 0;
		e.equivalent = ordinal % 4 == 3;
	}
	*rc = dlt_store_execution_record(st, &e, NULL);
	strbuf_release(&log);
	return (*rc < 0 ? -1 : 0);
}

/* The deterministic campaign; shard index of count. */
static int
run_campaign(const char *db, int index, int count, long delay_us,
    long *recorded, long *skipped)
{
	struct dlt_store_campaign	 c;
	struct dlt_store_mutant		 m;
	struct dlt_store		*st;
	int64_t				 cid, models[NMODELS], mid;
	int64_t				 mids[NORDINALS];
	char				 name[32], ir[64];
	long				 ord;
	size_t				 fw;
	int				 i, resumed, done, rc = -1, r;

	*recorded = *skipped = 0;
	if (dlt_store_open(db, &st) != 0)
		return (-1);
	campaign_spec(&c, index, count);
	if (dlt_store_campaign_open(st, &c, &cid, &resumed) != 0)
		goto out;
	for (i = 0; i < NMODELS; i++) {
		snprintf(name, sizeof name, "model%d", i);
		if (dlt_store_model_add(st, name, "corpus/models/x.yaml",
		    dlt_hash_str(DLT_HASH_INIT, name), 7, &models[i]) != 0)
			goto out;
	}
	for (i = 0; i < NMODELS; i++) {
		for (ord = 0; ord < NORDINALS; ord++) {
			if (ord % count != index)
				continue;
			memset(&m, 0, sizeof m);
			snprintf(ir, sizeof ir, "{\"model\": %d, \"mutant\": %ld}",
			    i, ord);
			m.campaign_id = cid;
			m.model_id = models[i];
			m.ordinal = ord;
			m.op = ord == 0 ? "seed" : ord % 2 ? "LD" : "DT";
			m.mode = "aware";
			m.seed = dlt_hash(DLT_HASH_INIT, &ord, sizeof ord);
			m.position = ord == 0 ? NULL : "conv1";
			m.params_json = ord == 0 ? NULL : "{\"p\": 1}";
			m.ir_json = ir;
			m.ir_hash = dlt_hash_str(DLT_HASH_INIT, ir);
			/* a mutant of a mutant, in the same shard when 2 */
			if (ord >= 2 && count <= 2)
				m.parent_id = mids[ord - 2];
			if (dlt_store_mutant_add(st, &m, &mid) != 0)
				goto out;
			mids[ord] = mid;
			for (fw = 0; fw < NFRAMEWORKS; fw++) {
				if (dlt_store_execution_done(st, cid, models[i],
				    ord, frameworks[fw], &done) != 0)
					goto out;
				if (done) {
					(*skipped)++;
					continue;
				}
				if (run_one(st, mid, models[i], ord, fw, &r) != 0)
					goto out;
				(*recorded)++;
				if (delay_us > 0)
					usleep((useconds_t)delay_us);
			}
		}
	}
	if (dlt_store_campaign_finish(st, cid) != 0)
		goto out;
	rc = 0;
out:
	dlt_store_close(st);
	return (rc);
}

static void
test_campaign(const char *dir)
{
	struct dlt_store_campaign		 c;
	struct dlt_store_campaign_summary	 s0, s1;
	struct dlt_store_mutant			 m;
	struct dlt_store_execution		 e;
	struct dlt_store_evidence		 ev[3];
	struct dlt_failure			 f;
	struct dlt_store			*st;
	struct strbuf				 path = STRBUF_INIT, big = STRBUF_INIT;
	int64_t					 cid, cid2, mod, mod2, mod3, mid,
						 mid2, eid;
	long					 rec, skip;
	int					 resumed, done, rc;

	strbuf_addf(&path, "%s/unit.db", dir);
	unlink(path.buf);
	ok(dlt_store_open(path.buf, &st) == 0, "a fresh store opens");
	if (st == NULL)
		return;

	campaign_spec(&c, 0, 1);
	ok(dlt_store_campaign_open(st, &c, &cid, &resumed) == 0 && cid > 0 &&
	    !resumed, "a new campaign is created");
	ok(dlt_store_campaign_open(st, &c, &cid2, &resumed) == 0 &&
	    cid2 == cid && resumed, "the same config hash resumes it");

	ok(dlt_store_model_add(st, "lenet", "a.yaml", 1, 7, &mod) == 0 &&
	    dlt_store_model_add(st, "lenet", "b.yaml", 1, 7, &mod2) == 0 &&
	    mod == mod2, "a model is identified by name and content");
	ok(dlt_store_model_add(st, "lenet", "a.yaml", 2, 7, &mod3) == 0 &&
	    mod3 != mod, "new content is another model");

	memset(&m, 0, sizeof m);
	m.campaign_id = cid;
	m.model_id = mod;
	m.ordinal = 0;
	m.op = "seed";
	m.seed = 7;
	m.ir_json = "{}";
	m.ir_hash = 42;
	ok(dlt_store_mutant_add(st, &m, &mid) == 0 && mid > 0,
	    "the seed model is mutant 0");
	ok(dlt_store_mutant_add(st, &m, &mid2) == 0 && mid2 == mid,
	    "adding a mutant again finds it");
	m.ir_hash = 43;
	ok(dlt_store_mutant_add(st, &m, &mid2) == -1 && mid2 == 0,
	    "a mutant that differs from the recorded one is an error");
	m.ir_hash = 42;

	ok(dlt_store_execution_done(st, cid, mod, 0, "pytorch", &done) == 0 &&
	    !done, "no execution is done yet");
	ok(dlt_store_campaign_summary(st, cid, &s0) == 0 && s0.mutants == 1 &&
	    s0.executions == 0 && s0.failures == 0, "the summary of a new "
	    "campaign");

	/* A failure in the middle of a record leaves nothing of it. */
	dlt_store_execution_init(&e);
	e.mutant_id = mid;
	e.framework = "pytorch";
	e.status = "crashed";
	e.signal = 11;
	ev[0] = (struct dlt_store_evidence){ "stderr", "boom\n", 5, NULL };
	ev[1] = (struct dlt_store_evidence){ "bogus", "x", 1, NULL };
	e.evidence = ev;
	e.nevidence = 2;
	e.log = "boom\nSegmentation fault\n";
	e.loglen = strlen(e.log);
	make_failure(&f, DLT_CLASS_CRASH, "pytorch", 2, 0);
	e.failures = &f;
	e.nfailures = 1;
	fprintf(stderr, "# an error about 'bogus' evidence is expected:\n");
	ok(dlt_store_execution_record(st, &e, &eid) == -1 && eid == 0,
	    "a record that fails half way is an error");
	ok(dlt_store_execution_done(st, cid, mod, 0, "pytorch", &done) == 0 &&
	    !done, "... and the execution is not done");
	ok(dlt_store_campaign_summary(st, cid, &s1) == 0 &&
	    memcmp(&s0, &s1, sizeof s0) == 0, "... and the summary is as "
	    "before");
	ok(dlt_store_summary(st, &(struct dlt_store_summary){ 0 }) == 0,
	    "... and the store is usable");

	/* The same execution, correct this time; big evidence is capped. */
	strbuf_grow(&big, 3 * DLT_STORE_EVIDENCE_CAP);
	while (big.len < 3 * DLT_STORE_EVIDENCE_CAP)
		strbuf_addstr(&big, "line of stdout \xc3\xa9\n");
	ev[1] = (struct dlt_store_evidence){ "stdout", big.buf, big.len, NULL };
	ev[2] = (struct dlt_store_evidence){ "backtrace", "#0 0x1 in f\0x",
	    13, "core.1" };
	e.nevidence = 3;
	ok(dlt_store_execution_record(st, &e, &eid) == 0 && eid > 0,
	    "an execution is recorded");
	ok(dlt_store_execution_done(st, cid, mod, 0, "pytorch", &done) == 0 &&
	    done, "... and is done");
	ok(dlt_store_execution_done(st, cid, mod, 0, "jax", &done) == 0 &&
	    !done, "... on its framework only");
	ok(dlt_store_execution_record(st, &e, &eid) == 1 && eid == 0,
	    "recording it again writes nothing");

	/* the last framework: its oracles and the mutant's equivalence */
	dlt_store_execution_init(&e);
	e.mutant_id = mid;
	e.framework = "jax";
	e.status = "harness";
	e.harness_status = "unsupported";
	e.why = "unsupported: no such op";
	e.exit_code = 3;
	e.equivalent = 1;
	ok(dlt_store_execution_record(st, &e, NULL) == 0,
	    "an execution without evidence is recorded");

	ok(dlt_store_campaign_summary(st, cid, &s1) == 0, "the summary");
	ok(s1.mutants == 1 && s1.equivalent == 1, "... counts mutants and "
	    "equivalent ones");
	ok(s1.executions == 2 && s1.by_status[DLT_STORE_CRASHED] == 1 &&
	    s1.by_status[DLT_STORE_HARNESS] == 1 && s1.harness_errors == 1 &&
	    s1.by_status[DLT_STORE_OK] == 0, "... counts executions by status");
	ok(s1.failures == 1 && s1.failures_by_class[DLT_CLASS_CRASH] == 1 &&
	    s1.buckets == 1 && s1.buckets_by_class[DLT_CLASS_CRASH] == 1,
	    "... counts failures and buckets by class");
	ok(dlt_store_mutant_equivalent(st, mid, -1) == 0 &&
	    dlt_store_campaign_summary(st, cid, &s1) == 0 &&
	    s1.equivalent == 0, "equivalence can be unset");
	ok(dlt_store_campaign_finish(st, cid) == 0, "the campaign finishes");
	dlt_store_close(st);

	/* a whole campaign, then again: everything is skipped */
	strbuf_reset(&path);
	strbuf_addf(&path, "%s/whole.db", dir);
	unlink(path.buf);
	rc = run_campaign(path.buf, 0, 1, 0, &rec, &skip);
	ok(rc == 0 && rec == NMODELS * NORDINALS * (long)NFRAMEWORKS &&
	    skip == 0, "a campaign records every execution");
	rc = run_campaign(path.buf, 0, 1, 0, &rec, &skip);
	ok(rc == 0 && rec == 0 && skip == NMODELS * NORDINALS *
	    (long)NFRAMEWORKS, "running it again records nothing");

	strbuf_release(&path);
	strbuf_release(&big);
}

static int
usage(void)
{
	fprintf(stderr, "usage: unit-store test DIR | run DB INDEX COUNT "
	    "[DELAY_US] | open DB\n");
	return (2);
}

int
main(int argc, char **argv)
{
	long	rec, skip, index, count, delay = 0;

	if (argc == 3 && strcmp(argv[1], "test") == 0) {
		test_campaign(argv[2]);
		return (tap_done());
	}
	if ((argc == 5 || argc == 6) && strcmp(argv[1], "run") == 0) {
		index = strtol(argv[3], NULL, 10);
		count = strtol(argv[4], NULL, 10);
		if (argc == 6)
			delay = strtol(argv[5], NULL, 10);
		if (count < 1 || index < 0 || index >= count)
			return (usage());
		if (run_campaign(argv[2], (int)index, (int)count, delay, &rec,
		    &skip) != 0)
			return (1);
		printf("recorded %ld skipped %ld\n", rec, skip);
		return (0);
	}
	if (argc == 3 && strcmp(argv[1], "open") == 0)
		return (run_campaign(argv[2], 0, 1, 0, &rec, &skip) != 0);
	return (usage());
}
