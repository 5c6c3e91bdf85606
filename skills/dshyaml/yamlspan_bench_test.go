package dshyaml_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
)

// manyKeys is a frontmatter of n one-line keys, and of one long flow line
// of n entries: the shapes whose spans once cost the text's length per
// node.
func manyKeys(n int) []byte {
	var b strings.Builder
	b.WriteString("name: a\ndescription: d\n")
	for i := range n {
		fmt.Fprintf(&b, "k%05d: v\n", i)
	}
	b.WriteString("flow: [")
	for i := range n {
		fmt.Fprintf(&b, "e%d, ", i)
	}
	b.WriteString("end]\n")
	return []byte(b.String())
}

// BenchmarkParseManyKeys measures a frontmatter's spans growing with its
// size: each size should cost about ten times the one before it.
func BenchmarkParseManyKeys(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		text := manyKeys(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				doc := dshyaml.Parse(text, 4)
				if doc.Err != nil || len(doc.Fields) < n {
					b.Fatalf("parsed %d fields, err %v", len(doc.Fields), doc.Err)
				}
			}
		})
	}
}
