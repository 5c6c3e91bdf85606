package evalrun

import "github.com/skill-ls/skill-ls/skills/evalfile"

// Threshold is the trigger rate at which a query counts as triggering
// (agentskills.io, "Optimizing skill descriptions"): a should-trigger
// query passes at a rate of at least Threshold, a should-not-trigger one
// below it.
const Threshold = 0.5

// QueryResult is what the runs of one query found.
type QueryResult struct {
	Query         string
	ShouldTrigger bool
	Split         string
	// Triggered of Runs completed runs loaded the skill; Errors runs did
	// not complete (Error says why the first did not).
	Triggered, Runs, Errors int
	Error                   string
	Rate                    float64
	Pass                    bool
}

// Score sums up a set of queries. Precision and Recall are nil when
// undefined (no query triggered; no query should).
type Score struct {
	Queries, Passed   int
	Precision, Recall *float64
}

// Report is a skill's eval through a host.
type Report struct {
	Skill, Host string
	Runs        int
	Queries     []QueryResult
	// All scores every query; Train and Validation those of each split
	// (nil when no query has it).
	All               Score
	Train, Validation *Score
}

func newReport(p *Plan) *Report {
	r := &Report{Skill: p.Skill.Name, Host: p.Driver.ID, Runs: p.Runs}
	for _, q := range p.Queries {
		r.Queries = append(r.Queries, QueryResult{Query: q.Text, ShouldTrigger: q.ShouldTrigger, Split: q.Split})
	}
	return r
}

func (r *Report) add(o outcome) {
	q := &r.Queries[o.query]
	switch {
	case o.err != nil:
		q.Errors++
		if q.Error == "" {
			q.Error = o.err.Error()
		}
	case o.triggered:
		q.Triggered++
		q.Runs++
	default:
		q.Runs++
	}
}

// Failed reports whether a query failed or a run did not complete.
func (r *Report) Failed() (failed, errors bool) {
	for _, q := range r.Queries {
		failed = failed || !q.Pass
		errors = errors || q.Errors > 0
	}
	return failed, errors
}

func (r *Report) score() {
	for i := range r.Queries {
		q := &r.Queries[i]
		if q.Runs > 0 {
			q.Rate = float64(q.Triggered) / float64(q.Runs)
		}
		q.Pass = q.Runs > 0 && (q.Rate >= Threshold) == q.ShouldTrigger
	}
	r.All = scoreOf(r.Queries, "")
	for _, split := range []string{evalfile.SplitTrain, evalfile.SplitValidation} {
		s := scoreOf(r.Queries, split)
		if s.Queries == 0 {
			continue
		}
		if split == evalfile.SplitTrain {
			r.Train = &s
		} else {
			r.Validation = &s
		}
	}
}

// scoreOf scores the queries of split ("": all): a query counts as
// triggering when its rate reaches Threshold.
func scoreOf(qs []QueryResult, split string) Score {
	var s Score
	tp, fp, fn := 0, 0, 0
	for _, q := range qs {
		if split != "" && q.Split != split {
			continue
		}
		s.Queries++
		if q.Pass {
			s.Passed++
		}
		fired := q.Runs > 0 && q.Rate >= Threshold
		switch {
		case fired && q.ShouldTrigger:
			tp++
		case fired:
			fp++
		case q.ShouldTrigger:
			fn++
		}
	}
	if tp+fp > 0 {
		v := float64(tp) / float64(tp+fp)
		s.Precision = &v
	}
	if tp+fn > 0 {
		v := float64(tp) / float64(tp+fn)
		s.Recall = &v
	}
	return s
}
