package dshyaml_test

import (
	"math/rand/v2"
	"testing"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/skilltest"
	"go.yaml.in/yaml/v3"
)

// TestEntriesBoundNodes: wherever yaml.v3 decodes a text, its tree has
// at most four nodes per entry mark and the root: a text within the mark
// limit costs yaml.v3 a bounded tree. Over the test trees' frontmatters,
// the fast path's cases and random texts of YAML tokens.
func TestEntriesBoundNodes(t *testing.T) {
	// Flow entries that are single-pair mappings: up to four nodes for one mark.
	texts := []string{"[:b]", "[:b, :c]", "{:b}", "[? a]", "[a: b]", "[\"a\":b]", "- - - a", "? - a\n: - b", "k: &a [*a, *a]", "[[:a]]", "[{}:a]", "- :\n- :"}
	for _, c := range yamlCases {
		texts = append(texts, c.yaml)
	}
	for _, src := range skilltest.RepositoryMarkdown(t) {
		texts = append(texts, string(src))
	}
	r := rand.New(rand.NewPCG(3, 8))
	for range 20000 {
		data := make([]byte, 1+r.IntN(24))
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		texts = append(texts, string(yamlTokens(data)))
	}
	decoded := 0
	for _, text := range texts {
		var doc yaml.Node
		if dshyaml.Unmarshal([]byte(text), &doc) != nil || len(doc.Content) == 0 {
			continue
		}
		decoded++
		marks, _ := dshyaml.CountEntries([]byte(text), 1<<30)
		if nodes := countNodes(doc.Content[0]); nodes > 4*marks+1 {
			t.Errorf("%q: %d nodes for %d entry marks", text, nodes, marks)
		}
	}
	if decoded < len(texts)/4 {
		t.Fatalf("yaml.v3 decoded only %d of %d texts", decoded, len(texts))
	}
	t.Logf("%d of %d texts decoded", decoded, len(texts))
}

// countNodes counts the nodes of a tree, an alias as one.
func countNodes(n *yaml.Node) int {
	count := 1
	for _, c := range n.Content {
		count += countNodes(c)
	}
	return count
}
