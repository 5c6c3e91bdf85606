package evalfile

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"testing"
)

// TestSchemas keeps the JSON schemas of docs/evals (which VS Code uses
// for completion and validation, from its copy in editors/vscode/schemas)
// in step with the keys Parse reads.
func TestSchemas(t *testing.T) {
	type props struct {
		Properties map[string]json.RawMessage `json:"properties"`
		Items      *props                     `json:"items"`
	}
	keys := func(m map[string]json.RawMessage) []string {
		var out []string
		for k := range m {
			out = append(out, k)
		}
		slices.Sort(out)
		return out
	}
	sorted := func(s []string) []string { s = slices.Clone(s); slices.Sort(s); return s }
	for _, tt := range []struct {
		name  string
		check func(p props) [][2][]string
	}{
		{"eval_queries.schema.json", func(p props) [][2][]string {
			return [][2][]string{{keys(p.Items.Properties), sorted(Keys(TriggerQueries, 1))}}
		}},
		{"evals.schema.json", func(p props) [][2][]string {
			var evals props
			json.Unmarshal(p.Properties["evals"], &evals)
			return [][2][]string{{keys(p.Properties), sorted(Keys(Cases, 0))}, {keys(evals.Items.Properties), sorted(Keys(Cases, 1))}}
		}},
	} {
		doc, err := os.ReadFile("../../docs/evals/" + tt.name)
		if err != nil {
			t.Fatal(err)
		}
		if vs, err := os.ReadFile("../../editors/vscode/schemas/" + tt.name); err != nil || !bytes.Equal(doc, vs) {
			t.Errorf("editors/vscode/schemas/%s differs from docs/evals/%s: copy it", tt.name, tt.name)
		}
		var p props
		if err := json.Unmarshal(doc, &p); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		for _, pair := range tt.check(p) {
			if !slices.Equal(pair[0], pair[1]) {
				t.Errorf("%s has keys %v, Parse reads %v", tt.name, pair[0], pair[1])
			}
		}
	}
}
