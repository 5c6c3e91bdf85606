package evalfile

import (
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skills/spans"
)

// ValueKind is the JSON type of a Value.
type ValueKind int

// The JSON types.
const (
	Null ValueKind = iota
	Bool
	Number
	String
	Array
	Object
)

// String names the kind as a message says it ("a string").
func (k ValueKind) String() string {
	return [...]string{"null", "a boolean", "a number", "a string", "an array", "an object"}[k]
}

// Value is a JSON value with its byte span in the file.
type Value struct {
	Kind ValueKind
	Span spans.Span
	// Str is a string's decoded text; Bool a boolean's value.
	Str  string
	Bool bool
	// Items are an array's elements; Members an object's, in order.
	Items   []*Value
	Members []Member
}

// Member is one key of an object and its value.
type Member struct {
	Key     string
	KeySpan spans.Span
	Value   *Value
}

// Get returns the first member named key, or nil.
func (v *Value) Get(key string) *Member {
	for i := range v.Members {
		if v.Members[i].Key == key {
			return &v.Members[i]
		}
	}
	return nil
}

// SyntaxError is where a file stops being JSON, and why.
type SyntaxError struct {
	Span spans.Span
	Msg  string
}

// Error returns the message.
func (e *SyntaxError) Error() string { return e.Msg }

// maxDepth bounds nesting: an eval file is two levels deep; a hostile one
// of a million brackets must not exhaust the stack.
const maxDepth = 64

// parser reads JSON (RFC 8259) keeping every value's span.
type parser struct {
	src []byte
	pos int
}

// ParseJSON parses src as one JSON value, keeping every value's span, or
// returns where it is not JSON: eval files and plugin manifests.
func ParseJSON(src []byte) (*Value, *SyntaxError) {
	if !utf8.Valid(src) {
		i := 0
		for i < len(src) {
			r, n := utf8.DecodeRune(src[i:])
			if r == utf8.RuneError && n == 1 {
				break
			}
			i += n
		}
		return nil, &SyntaxError{Span: spans.Span{Start: i, End: i + 1}, Msg: "the file is not UTF-8 text"}
	}
	p := &parser{src: src}
	if len(src) >= 3 && string(src[:3]) == "\uFEFF" {
		p.pos = 3 // JSON.parse refuses a BOM, Python's json.load with utf-8-sig does not: allowed
	}
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.space()
	if p.pos < len(src) {
		return nil, p.fail("unexpected %s after the JSON value", p.what())
	}
	return v, nil
}

func (p *parser) fail(format string, args ...any) *SyntaxError {
	end := min(p.pos+1, len(p.src))
	return &SyntaxError{Span: spans.Span{Start: p.pos, End: end}, Msg: fmt.Sprintf(format, args...)}
}

// what names the byte at the position for a message.
func (p *parser) what() string {
	if p.pos >= len(p.src) {
		return "end of file"
	}
	r, _ := utf8.DecodeRune(p.src[p.pos:])
	return fmt.Sprintf("%q", r)
}

func (p *parser) space() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *parser) value(depth int) (*Value, *SyntaxError) {
	p.space()
	if depth > maxDepth {
		return nil, p.fail("nested more than %d levels deep", maxDepth)
	}
	if p.pos >= len(p.src) {
		return nil, p.fail("unexpected end of file: a JSON value is missing")
	}
	start := p.pos
	switch c := p.src[p.pos]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		return &Value{Kind: String, Str: s, Span: spans.Span{Start: start, End: p.pos}}, nil
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	}
	for _, lit := range []struct {
		word string
		v    Value
	}{{"true", Value{Kind: Bool, Bool: true}}, {"false", Value{Kind: Bool}}, {"null", Value{Kind: Null}}} {
		if len(p.src)-p.pos >= len(lit.word) && string(p.src[p.pos:p.pos+len(lit.word)]) == lit.word {
			p.pos += len(lit.word)
			v := lit.v
			v.Span = spans.Span{Start: start, End: p.pos}
			return &v, nil
		}
	}
	return nil, p.fail("unexpected %s: a JSON value is expected", p.what())
}

func (p *parser) object(depth int) (*Value, *SyntaxError) {
	v := &Value{Kind: Object, Span: spans.Span{Start: p.pos}}
	p.pos++
	p.space()
	if p.pos < len(p.src) && p.src[p.pos] == '}' {
		p.pos++
		v.Span.End = p.pos
		return v, nil
	}
	for {
		p.space()
		if p.pos >= len(p.src) || p.src[p.pos] != '"' {
			return nil, p.fail("unexpected %s: a key in double quotes is expected", p.what())
		}
		ks := p.pos
		key, err := p.str()
		if err != nil {
			return nil, err
		}
		m := Member{Key: key, KeySpan: spans.Span{Start: ks, End: p.pos}}
		p.space()
		if p.pos >= len(p.src) || p.src[p.pos] != ':' {
			return nil, p.fail("unexpected %s: a colon after the key is expected", p.what())
		}
		p.pos++
		if m.Value, err = p.value(depth + 1); err != nil {
			return nil, err
		}
		v.Members = append(v.Members, m)
		if done, err := p.next('}'); err != nil || done {
			v.Span.End = p.pos
			return v, err
		}
	}
}

func (p *parser) array(depth int) (*Value, *SyntaxError) {
	v := &Value{Kind: Array, Span: spans.Span{Start: p.pos}}
	p.pos++
	p.space()
	if p.pos < len(p.src) && p.src[p.pos] == ']' {
		p.pos++
		v.Span.End = p.pos
		return v, nil
	}
	for {
		item, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		v.Items = append(v.Items, item)
		if done, err := p.next(']'); err != nil || done {
			v.Span.End = p.pos
			return v, err
		}
	}
}

// next reads the comma between members or items, or the closing bracket
// (done); a comma before the bracket is JSON's most common mistake.
func (p *parser) next(closing byte) (done bool, err *SyntaxError) {
	p.space()
	if p.pos < len(p.src) && p.src[p.pos] == closing {
		p.pos++
		return true, nil
	}
	if p.pos >= len(p.src) || p.src[p.pos] != ',' {
		return false, p.fail("unexpected %s: a comma or %q is expected", p.what(), string(closing))
	}
	comma := p.pos
	p.pos++
	p.space()
	if p.pos < len(p.src) && p.src[p.pos] == closing {
		p.pos = comma
		return false, p.fail("a comma before %q: JSON allows no trailing comma", string(closing))
	}
	return false, nil
}

func (p *parser) str() (string, *SyntaxError) {
	start := p.pos
	p.pos++
	for p.pos < len(p.src) {
		switch c := p.src[p.pos]; {
		case c == '"':
			p.pos++
			var s string
			if err := json.Unmarshal(p.src[start:p.pos], &s); err != nil {
				p.pos = start
				return "", p.fail("an invalid escape in the string")
			}
			return s, nil
		case c == '\\':
			p.pos += 2
		case c < 0x20:
			return "", p.fail("a control character in a string (write it as an escape, e.g. \\n)")
		default:
			p.pos++
		}
	}
	p.pos = start
	return "", p.fail("a string that is never closed")
}

func (p *parser) number() (*Value, *SyntaxError) {
	start := p.pos
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if !(c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E' || (c >= '0' && c <= '9')) {
			break
		}
		p.pos++
	}
	if !json.Valid(p.src[start:p.pos]) {
		p.pos = start
		return nil, p.fail("an invalid number")
	}
	return &Value{Kind: Number, Span: spans.Span{Start: start, End: p.pos}}, nil
}
