// Package evalfile reads a skill's eval files, with the span of every
// value: evals/eval_queries.json and evals/trigger-queries.json (the
// trigger queries: does a prompt make the host load the skill?) and
// evals/evals.json (the output evals of skill-creator and agentskills.io).
// It decides what the files say and what is wrong with their shape; the
// rules of package diagnostics word it, and skill-ls eval runs the queries.
// No disk: a file's bytes come in.
package evalfile

import (
	"path/filepath"

	"github.com/skill-ls/skill-ls/skills/spans"
)

// Kind says which eval file a file is.
type Kind int

// The eval files. NotEval is a file of another name.
const (
	NotEval Kind = iota
	// TriggerQueries is [{"query", "should_trigger", "split"?}].
	TriggerQueries
	// Cases is {"skill_name", "evals": [{"id", "prompt", "expected_output", "files"?, "assertions"|"expectations"}]}.
	Cases
)

// Dir is the folder of a bundle that holds its eval files.
const Dir = "evals"

// names are the eval files' names in Dir, in the order they are read:
// skill-creator's eval_queries.json first, then agentskills.io's name.
var names = []struct {
	name string
	kind Kind
}{{"eval_queries.json", TriggerQueries}, {"trigger-queries.json", TriggerQueries}, {"evals.json", Cases}}

// Names returns the names of the eval files in Dir.
func Names() []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = n.name
	}
	return out
}

// KindOf says which eval file path is: one of Names in a folder named Dir.
func KindOf(path string) Kind {
	if filepath.Base(filepath.Dir(path)) != Dir {
		return NotEval
	}
	base := filepath.Base(path)
	for _, n := range names {
		if n.name == base {
			return n.kind
		}
	}
	return NotEval
}

// The splits of a trigger query (agentskills.io: train the description on
// one, judge it on the other).
const (
	SplitTrain      = "train"
	SplitValidation = "validation"
)

// Query is one trigger query.
type Query struct {
	// Text is the prompt; Span the span of its string (or of the item when
	// it has none).
	Text string
	Span spans.Span
	// ShouldTrigger says whether the skill should load for it.
	ShouldTrigger bool
	// Split is SplitTrain, SplitValidation or "" (not said).
	Split string
}

// Case is one output eval of evals.json.
type Case struct {
	ID     string
	Span   spans.Span // the item
	Prompt string
	Files  []FileRef
}

// FileRef is a path of a case's "files", relative to the skill's folder.
type FileRef struct {
	Path string
	Span spans.Span
}

// Problem is what is wrong with the shape of a file, at a span.
type Problem struct {
	Code    string
	Span    spans.Span
	Message string
}

// The codes of the problems Parse finds (also the codes of the rules that
// report them).
const (
	CodeInvalidJSON = "eval-invalid-json"
	CodeWrongType   = "eval-wrong-type"
	CodeUnknownKey  = "eval-unknown-key"
)

// File is an eval file as read.
type File struct {
	Path string
	Kind Kind
	// Src is the bytes read; Truncated says the file is longer.
	Src       []byte
	Truncated bool
	// Root is the JSON value (nil when the file is not JSON).
	Root *Value
	// Problems are the file's shape problems, in order.
	Problems []Problem
	// Queries are a TriggerQueries file's well-formed queries.
	Queries []Query
	// SkillName is a Cases file's skill_name (SkillNameSpan is zero when
	// it has none); Cases its evals.
	SkillName     string
	SkillNameSpan spans.Span
	Cases         []Case
}

// Parse reads src, the bytes of the eval file at path (truncated: they are
// only the first bytes of a longer file).
func Parse(path string, src []byte, truncated bool) *File {
	f := &File{Path: path, Kind: KindOf(path), Src: src, Truncated: truncated}
	if truncated {
		f.problem(CodeInvalidJSON, spans.Span{Start: len(src), End: len(src)}, "the file is too large to read whole; skill-ls reads eval files up to %d KiB", len(src)>>10)
		return f
	}
	root, err := ParseJSON(src)
	if err != nil {
		f.problem(CodeInvalidJSON, err.Span, "not JSON: %s", err.Msg)
		return f
	}
	f.Root = root
	switch f.Kind {
	case TriggerQueries:
		f.readQueries(root)
	case Cases:
		f.readCases(root)
	}
	return f
}
