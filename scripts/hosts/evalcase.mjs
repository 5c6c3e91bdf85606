// The case of skill-ls eval's scenarios against the real hosts (eval.mjs,
// eval-codex.mjs): the trigger queries, what the report of 3 runs each
// must say when the stand-in model loads the skill for queries holding
// "deploy" (2 of 3 times for the one holding "sometimes") and never for
// the others, and the check of every number of that report.

export const queries = [
	{ query: "deploy this branch to staging", should_trigger: true, split: "train" },
	{ query: "deploy it to staging, sometimes", should_trigger: true, split: "validation" },
	{ query: "ship the build to staging", should_trigger: true, split: "validation" },
	{ query: "what is the weather today", should_trigger: false, split: "train" },
	{ query: "deploy to production now", should_trigger: false, split: "train" },
	{ query: "run this in a shell for me", should_trigger: false, split: "validation" },
];
// What the report must say: each query's triggered of 3, then the scores.
const want = {
	triggered: [3, 2, 0, 0, 3, 0],
	pass: [true, true, false, true, false, true],
	all: { passed: 4, precision: 2 / 3, recall: 2 / 3 },
	train: { queries: 3, passed: 2, precision: 0.5, recall: 1 },
	validation: { queries: 3, passed: 2, precision: 1, recall: 0.5 },
};

const near = (a, b) => a === b || (typeof a === "number" && typeof b === "number" && Math.abs(a - b) < 1e-9);

/** Checks every number of a JSON report against the case, through check(ok, what). */
export function checkReport(stdout, host, check) {
	let rep;
	try {
		rep = JSON.parse(stdout);
	} catch {
		check(false, `no JSON report: ${stdout.slice(0, 500)}`);
		return;
	}
	check(rep.skill === "deploy-staging" && rep.host === host && rep.runs === 3, `skill, host, runs: ${rep.skill} ${rep.host} ${rep.runs}`);
	rep.queries.forEach((q, i) => {
		check(q.query === queries[i].query && q.should_trigger === queries[i].should_trigger && q.split === queries[i].split, `query ${i + 1}: ${JSON.stringify(q)}`);
		check(q.triggered === want.triggered[i] && q.runs === 3 && near(q.rate, want.triggered[i] / 3) && q.pass === want.pass[i] && !q.errors,
			`query ${i + 1} "${q.query}": triggered ${q.triggered} of ${q.runs}, rate ${q.rate}, pass ${q.pass}, errors ${q.errors} ${q.error || ""}; want ${want.triggered[i]} of 3, pass ${want.pass[i]}`);
	});
	check(rep.passed === want.all.passed && near(rep.precision, want.all.precision) && near(rep.recall, want.all.recall), `all: passed ${rep.passed}, precision ${rep.precision}, recall ${rep.recall}`);
	for (const split of ["train", "validation"]) {
		const s = rep[split] || {};
		const w = want[split];
		check(s.queries === w.queries && s.passed === w.passed && near(s.precision, w.precision) && near(s.recall, w.recall), `${split}: ${JSON.stringify(s)}, want ${JSON.stringify(w)}`);
	}
}
