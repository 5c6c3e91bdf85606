package evalfile

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name, path, src string
		// want is each problem as "code@text-at-span: message part".
		want    []string
		queries int
	}{
		{name: "queries", path: "s/evals/eval_queries.json",
			src:     `[{"query": "deploy it", "should_trigger": true, "split": "train"}, {"query": "hi", "should_trigger": false}]`,
			queries: 2},
		{name: "trailing comma", path: "s/evals/eval_queries.json",
			src:  "[{\"query\": \"a\", \"should_trigger\": true},\n]",
			want: []string{`eval-invalid-json@,: trailing comma`}},
		{name: "not closed", path: "s/evals/trigger-queries.json", src: `[{"query": "a`,
			want: []string{`eval-invalid-json@": never closed`}},
		{name: "wrong types", path: "s/evals/eval_queries.json",
			src: `[{"query": 3, "should_trigger": "yes", "split": "test"}, "x", {"should_trigger": true, "querry": "a"}]`,
			want: []string{`eval-wrong-type@3: must be a string, not a number`, `eval-wrong-type@"yes": must be a boolean`,
				`eval-wrong-type@"test": "train" or "validation"`, `eval-wrong-type@"x": query 2 must be an object`,
				`eval-unknown-key@"querry": unknown key`, `eval-wrong-type@{: has no "query"`}},
		{name: "top not array", path: "s/evals/eval_queries.json", src: `{"query": "a"}`,
			want: []string{`eval-wrong-type@{"query": "a"}: the file must be an array`}},
		{name: "cases", path: "s/evals/evals.json",
			src: `{"skill_name": "pdf", "evals": [{"id": 1, "prompt": "p", "expected_output": "o", "files": ["evals/files/a.pdf"], "expectations": ["x"]}]}`},
		{name: "cases wrong", path: "s/evals/evals.json",
			src: `{"skill_name": 2, "evals": [{"id": true, "prompt": "p", "files": [1]}]}`,
			want: []string{`eval-wrong-type@2: "skill_name" of the file must be a string`, `eval-wrong-type@true: "id" of eval 1`,
				`eval-wrong-type@{: has no "expected_output"`, `eval-wrong-type@1: an item of "files"`}},
		{name: "deep", path: "s/evals/evals.json", src: strings.Repeat("[", 100000),
			want: []string{`eval-invalid-json@[: nested more than`}},
		{name: "not utf8", path: "s/evals/evals.json", src: "{\"a\xff\": 1}",
			want: []string{"eval-invalid-json@\xff: not UTF-8"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Parse(tt.path, []byte(tt.src), false)
			var got []string
			for _, p := range f.Problems {
				got = append(got, p.Code+"@"+tt.src[p.Span.Start:p.Span.End]+": "+p.Message)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("problems:\n%s\nwant %d", strings.Join(got, "\n"), len(tt.want))
			}
			for i, w := range tt.want {
				head, part, _ := strings.Cut(w, ": ")
				if !strings.HasPrefix(got[i], head+": ") || !strings.Contains(got[i], part) {
					t.Errorf("problem %d = %q, want %q", i, got[i], w)
				}
			}
			if len(f.Queries) != tt.queries {
				t.Errorf("%d queries, want %d", len(f.Queries), tt.queries)
			}
		})
	}
}

func TestKindOf(t *testing.T) {
	for path, want := range map[string]Kind{
		"/a/pdf/evals/eval_queries.json": TriggerQueries, "/a/pdf/evals/trigger-queries.json": TriggerQueries,
		"/a/pdf/evals/evals.json": Cases, "/a/pdf/eval_queries.json": NotEval, "/a/pdf/evals/other.json": NotEval,
	} {
		if got := KindOf(path); got != want {
			t.Errorf("KindOf(%s) = %d, want %d", path, got, want)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add(`[{"query": "a", "should_trigger": true}]`)
	f.Add(`{"skill_name": "x", "evals": [{"id": 1, "prompt": "p", "expected_output": "o", "files": []}]}`)
	f.Fuzz(func(t *testing.T, src string) {
		for _, p := range []string{"e/evals/eval_queries.json", "e/evals/evals.json"} {
			for _, pr := range Parse(p, []byte(src), false).Problems {
				if pr.Span.Start < 0 || pr.Span.End > len(src) || pr.Span.Start > pr.Span.End {
					t.Fatalf("span %v outside %d bytes", pr.Span, len(src))
				}
			}
		}
	})
}
