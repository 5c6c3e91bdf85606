package evalfile

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/skill-ls/skill-ls/skills/spans"
)

// The keys each object may hold, for unknown keys and the editor's
// completion.
var (
	queryKeys = []string{"query", "should_trigger", "split"}
	casesKeys = []string{"skill_name", "evals"}
	caseKeys  = []string{"id", "prompt", "expected_output", "files", "assertions", "expectations"}
)

// Keys returns the keys an object of an eval file of kind may hold at
// depth (0: the top; 1: an item of the top array or of "evals").
func Keys(kind Kind, depth int) []string {
	switch {
	case kind == TriggerQueries && depth == 1:
		return queryKeys
	case kind == Cases && depth == 0:
		return casesKeys
	case kind == Cases && depth == 1:
		return caseKeys
	}
	return nil
}

func (f *File) problem(code string, span spans.Span, format string, args ...any) {
	f.Problems = append(f.Problems, Problem{Code: code, Span: span, Message: fmt.Sprintf(format, args...)})
}

// want reports a value of the wrong kind: false when v is not of kind.
func (f *File) want(v *Value, kind ValueKind, what string) bool {
	if v.Kind == kind {
		return true
	}
	f.problem(CodeWrongType, v.Span, "%s must be %s, not %s", what, kind, v.Kind)
	return false
}

// unknown reports the keys of obj that are not in keys.
func (f *File) unknown(obj *Value, keys []string, where string) {
	for _, m := range obj.Members {
		if !contains(keys, m.Key) {
			f.problem(CodeUnknownKey, m.KeySpan, "unknown key %s in %s (the keys are %s)", strconv.Quote(m.Key), where, strings.Join(keys, ", "))
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// readQueries reads [{"query", "should_trigger", "split"?}].
func (f *File) readQueries(root *Value) {
	if !f.want(root, Array, "the file") {
		return
	}
	for i, it := range root.Items {
		where := fmt.Sprintf("query %d", i+1)
		if !f.want(it, Object, where) {
			continue
		}
		f.unknown(it, queryKeys, where)
		q, ok := Query{Span: it.Span}, true
		if m := f.required(it, "query", String, where); m != nil {
			q.Text, q.Span = m.Value.Str, m.Value.Span
			if strings.TrimSpace(q.Text) == "" {
				f.problem(CodeWrongType, m.Value.Span, "the query of %s is empty", where)
				ok = false
			}
		} else {
			ok = false
		}
		if m := f.required(it, "should_trigger", Bool, where); m != nil {
			q.ShouldTrigger = m.Value.Bool
		} else {
			ok = false
		}
		if m := it.Get("split"); m != nil && f.want(m.Value, String, `"split"`) {
			if m.Value.Str != SplitTrain && m.Value.Str != SplitValidation {
				f.problem(CodeWrongType, m.Value.Span, `"split" must be "train" or "validation", not %s`, strconv.Quote(m.Value.Str))
			} else {
				q.Split = m.Value.Str
			}
		}
		if ok {
			f.Queries = append(f.Queries, q)
		}
	}
}

// required returns obj's member key when it is of kind, and reports it
// missing or of another kind otherwise.
func (f *File) required(obj *Value, key string, kind ValueKind, where string) *Member {
	m := obj.Get(key)
	if m == nil {
		f.problem(CodeWrongType, spans.Span{Start: obj.Span.Start, End: obj.Span.Start + 1}, "%s has no %s (%s)", where, strconv.Quote(key), kind)
		return nil
	}
	if !f.want(m.Value, kind, strconv.Quote(key)+" of "+where) {
		return nil
	}
	return m
}

// readCases reads {"skill_name", "evals": [...]}.
func (f *File) readCases(root *Value) {
	if !f.want(root, Object, "the file") {
		return
	}
	f.unknown(root, casesKeys, "the file")
	if m := f.required(root, "skill_name", String, "the file"); m != nil {
		f.SkillName, f.SkillNameSpan = m.Value.Str, m.Value.Span
	}
	m := f.required(root, "evals", Array, "the file")
	if m == nil {
		return
	}
	for i, it := range m.Value.Items {
		where := fmt.Sprintf("eval %d", i+1)
		if !f.want(it, Object, where) {
			continue
		}
		f.unknown(it, caseKeys, where)
		c := Case{Span: it.Span}
		if id := it.Get("id"); id == nil {
			f.problem(CodeWrongType, spans.Span{Start: it.Span.Start, End: it.Span.Start + 1}, `%s has no "id"`, where)
		} else if id.Value.Kind == String || id.Value.Kind == Number {
			c.ID = string(f.Src[id.Value.Span.Start:id.Value.Span.End])
		} else {
			f.problem(CodeWrongType, id.Value.Span, `"id" of %s must be a number or a string, not %s`, where, id.Value.Kind)
		}
		if p := f.required(it, "prompt", String, where); p != nil {
			c.Prompt = p.Value.Str
		}
		f.required(it, "expected_output", String, where)
		c.Files = f.strings(it, "files", where)
		f.strings(it, "assertions", where)
		f.strings(it, "expectations", where)
		f.Cases = append(f.Cases, c)
	}
}

// strings reads an optional array of strings.
func (f *File) strings(obj *Value, key, where string) []FileRef {
	m := obj.Get(key)
	if m == nil || !f.want(m.Value, Array, strconv.Quote(key)+" of "+where) {
		return nil
	}
	var out []FileRef
	for _, it := range m.Value.Items {
		if f.want(it, String, "an item of "+strconv.Quote(key)+" of "+where) {
			out = append(out, FileRef{Path: it.Str, Span: it.Span})
		}
	}
	return out
}
