package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/skill-ls/skill-ls/diagnostics/format"
	"github.com/skill-ls/skill-ls/skills/evalrun"
)

// writeEvalReports writes the reports as text, or as JSON: one object for
// one skill, an array of them for several.
func writeEvalReports(w io.Writer, reports []*evalrun.Report, form string) error {
	if form == "json" {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if len(reports) == 1 {
			return enc.Encode(newEvalJSON(reports[0]))
		}
		var all []evalJSON
		for _, r := range reports {
			all = append(all, newEvalJSON(r))
		}
		return enc.Encode(all)
	}
	bw := bufio.NewWriter(w)
	for i, r := range reports {
		if i > 0 {
			fmt.Fprintln(bw)
		}
		writeEvalText(bw, r)
	}
	return bw.Flush()
}

// writeEvalText writes one report: a row per query, then the scores of
// each split and of all queries. Queries are text from the repository:
// escaped for the terminal.
func writeEvalText(w io.Writer, r *evalrun.Report) {
	fmt.Fprintf(w, "%s through %s, %s per query\n\n", format.Escape(r.Skill), r.Host, plural(r.Runs, "run", "runs"))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "should\ttriggered\trate\tresult\tsplit\tquery")
	for _, q := range r.Queries {
		should, result, split := "no", "FAIL", q.Split
		if q.ShouldTrigger {
			should = "yes"
		}
		if q.Pass {
			result = "pass"
		}
		if split == "" {
			split = "-"
		}
		fmt.Fprintf(tw, "%s\t%d of %d\t%.2f\t%s\t%s\t%s\n", should, q.Triggered, q.Runs, q.Rate, result, split, format.Escape(q.Query))
	}
	tw.Flush()
	fmt.Fprintln(w)
	for _, q := range r.Queries {
		if q.Errors > 0 {
			fmt.Fprintf(w, "%s of %s did not complete: %s\n", plural(q.Errors, "run", "runs"), format.Escape(strconv.Quote(q.Query)), format.Escape(q.Error))
		}
	}
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if r.Train != nil {
		writeScore(tw, "train", *r.Train)
	}
	if r.Validation != nil {
		writeScore(tw, "validation", *r.Validation)
	}
	writeScore(tw, "all", r.All)
	tw.Flush()
}

func writeScore(w io.Writer, name string, s evalrun.Score) {
	fmt.Fprintf(w, "%s\t%d of %s pass\tprecision %s\trecall %s\n", name, s.Passed, plural(s.Queries, "query", "queries"), ratio(s.Precision), ratio(s.Recall))
}

// ratio writes a score, "-" when it is undefined.
func ratio(v *float64) string {
	if v == nil {
		return "-"
	}
	return fmt.Sprintf("%.2f", *v)
}

// evalJSON is a report in JSON (docs/evals.md).
type evalJSON struct {
	Skill      string          `json:"skill"`
	Host       string          `json:"host"`
	Runs       int             `json:"runs"`
	Queries    []evalQueryJSON `json:"queries"`
	Precision  *float64        `json:"precision"`
	Recall     *float64        `json:"recall"`
	Passed     int             `json:"passed"`
	Train      *evalScoreJSON  `json:"train,omitempty"`
	Validation *evalScoreJSON  `json:"validation,omitempty"`
}

type evalQueryJSON struct {
	Query         string  `json:"query"`
	ShouldTrigger bool    `json:"should_trigger"`
	Split         string  `json:"split,omitempty"`
	Triggered     int     `json:"triggered"`
	Runs          int     `json:"runs"`
	Errors        int     `json:"errors,omitempty"`
	Error         string  `json:"error,omitempty"`
	Rate          float64 `json:"rate"`
	Pass          bool    `json:"pass"`
}

type evalScoreJSON struct {
	Queries   int      `json:"queries"`
	Passed    int      `json:"passed"`
	Precision *float64 `json:"precision"`
	Recall    *float64 `json:"recall"`
}

func newEvalJSON(r *evalrun.Report) evalJSON {
	out := evalJSON{Skill: r.Skill, Host: r.Host, Runs: r.Runs, Queries: []evalQueryJSON{}, Precision: r.All.Precision, Recall: r.All.Recall, Passed: r.All.Passed}
	for _, q := range r.Queries {
		out.Queries = append(out.Queries, evalQueryJSON{Query: q.Query, ShouldTrigger: q.ShouldTrigger, Split: q.Split,
			Triggered: q.Triggered, Runs: q.Runs, Errors: q.Errors, Error: q.Error, Rate: q.Rate, Pass: q.Pass})
	}
	score := func(s *evalrun.Score) *evalScoreJSON {
		if s == nil {
			return nil
		}
		return &evalScoreJSON{Queries: s.Queries, Passed: s.Passed, Precision: s.Precision, Recall: s.Recall}
	}
	out.Train, out.Validation = score(r.Train), score(r.Validation)
	return out
}
