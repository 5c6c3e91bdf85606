package dshyaml

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills/problem"
)

// typeScalarByPatterns is the core-schema typing by the patterns alone, the
// reference for typeScalar's shortcuts.
func typeScalarByPatterns(s string) Kind {
	switch {
	case coreNull.MatchString(s):
		return KindNull
	case coreBool.MatchString(s):
		return KindBool
	case coreInt.MatchString(s), coreOct.MatchString(s), coreHex.MatchString(s):
		return KindInt
	case coreFloat.MatchString(s), coreInf.MatchString(s), coreNaN.MatchString(s):
		return KindFloat
	}
	return KindString
}

func TestTypeScalarMatchesPatterns(t *testing.T) {
	words := []string{"", "~", "null", "Null", "NULL", "nULL", "nul", "nulls", "true", "True", "TRUE", "tRUE", "false", "False",
		"FALSE", "f", "t", "n", "yes", "no", "on", "off", "name", "nan", ".nan", ".NaN", ".inf", "-.Inf", "+.INF", "0o17",
		"0x1F", "12", "-3", "+4", "1.5", ".5", "1e3", "1_000", "0b101", "Tuesday", "foo", "Fetch data"}
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "nNtTfFrRuUeEaAlLsS0123456789.+-~xoiI_ "
	for range 20000 {
		var b strings.Builder
		for range r.IntN(7) {
			b.WriteByte(alphabet[r.IntN(len(alphabet))])
		}
		words = append(words, b.String())
	}
	for _, w := range words {
		v := typeScalar(w)
		if want := typeScalarByPatterns(w); v.Kind != want {
			t.Fatalf("typeScalar(%q) = %v, want %v", w, v.Kind, want)
		}
		if v.Kind == KindBool && v.Bool != (w[0] == 't' || w[0] == 'T') {
			t.Fatalf("typeScalar(%q).Bool = %v", w, v.Bool)
		}
	}
}

func TestDuplicateKeys(t *testing.T) {
	many := func(n int, dup string) string {
		var b strings.Builder
		b.WriteString("---\nname: a\ndescription: b\n")
		for i := range n {
			fmt.Fprintf(&b, "k%d: v\n", i)
		}
		b.WriteString(dup + "---\n")
		return b.String()
	}
	tests := []struct {
		name, src string
		key       string // "" for none
	}{
		{"none", "---\nname: a\ndescription: b\n---\n", ""},
		{"top level", "---\nname: a\ndescription: b\nname: c\n---\n", "name"},
		{"typed equal", "---\nname: a\ndescription: b\n1: x\n0x1: y\n---\n", "0x1"},
		{"int and float differ", "---\nname: a\ndescription: b\n1: x\n1.0: y\n---\n", ""},
		{"typed different", "---\nname: a\ndescription: b\n1: x\n\"1\": y\n---\n", ""},
		{"nested", "---\nname: a\ndescription: b\nmetadata:\n  x: 1\n  x: 2\n---\n", "x"},
		{"many keys, none", many(40, ""), ""},
		{"many keys, late duplicate", many(40, "k3: again\n"), "k3"},
		{"many keys, duplicate of an early key", many(40, "description: again\n"), "description"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := frontmatterDoc(tt.src).Err
			switch {
			case tt.key == "" && err != nil:
				t.Fatalf("unexpected error %+v", err)
			case tt.key != "" && (err == nil || err.Code != problem.YAMLDuplicateKey || err.Key != tt.key):
				t.Fatalf("got %+v, want a duplicate key %q", err, tt.key)
			}
		})
	}
}

func TestTooComplex(t *testing.T) {
	deep := "---\nname: a\ndescription: b\nx: " + strings.Repeat("[", 70) + strings.Repeat("]", 70) + "\n---\n"
	shallow := "---\nname: a\ndescription: b\nx: " + strings.Repeat("[", 10) + strings.Repeat("]", 10) + "\n---\n"
	aliases := "---\nname: a\ndescription: b\na: &a [1, 2]\nb: [*a, *a]\n---\n"
	for src, want := range map[string]bool{deep: true, shallow: false, aliases: false} {
		err := frontmatterDoc(src).Err
		if got := err != nil && err.Code == problem.YAMLTooComplex; got != want {
			t.Errorf("%.40q: too complex = %v, want %v (%+v)", src, got, want, err)
		}
	}
}

// frontmatterDoc parses the YAML between the --- lines of a skill file's
// text, as Parse sees it in the file (from offset 4).
func frontmatterDoc(src string) Doc {
	text := strings.TrimPrefix(src, "---\n")
	text = text[:strings.LastIndex(text, "---\n")]
	return Parse([]byte(text), 4)
}

// TestTooComplexSaysWhy: the fast reader refuses what the decoder refuses
// (a flat mapping past the node limit), and the message names the limit
// that was hit: a flat list is too large, not too deep.
func TestTooComplexSaysWhy(t *testing.T) {
	keys, items := new(strings.Builder), new(strings.Builder)
	for i := range maxYAMLNodes / 2 {
		fmt.Fprintf(keys, "k%06d: v\n", i)
	}
	for i := range maxYAMLNodes {
		fmt.Fprintf(items, "  - t%d\n", i)
	}
	for _, tc := range []struct{ src, want string }{
		{"name: a\n" + keys.String(), "more than 100000 YAML nodes (keys"},
		{"name: a\nallowed-tools:\n" + items.String(), "more than 100000 YAML nodes (keys"},
		{"x: " + strings.Repeat("[", 70) + strings.Repeat("]", 70) + "\n", "nests more than 64 levels"},
		{"a: &a [" + strings.Repeat("x, ", 400) + "x]\nb: &b [" + strings.Repeat("*a, ", 300) + "*a]\n", "once its aliases are expanded"},
	} {
		err := Parse([]byte(tc.src), 4).Err
		if err == nil || err.Code != problem.YAMLTooComplex || !strings.Contains(err.Message, tc.want) {
			t.Errorf("%.30q: %+v, want yaml-too-complex saying %q", tc.src, err, tc.want)
		}
	}
}
