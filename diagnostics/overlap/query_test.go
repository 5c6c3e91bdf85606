package overlap

import (
	"reflect"
	"testing"
)

func TestNearest(t *testing.T) {
	idx := Build([]Skill{
		{Path: "/a", Name: "deploy-staging", Description: "Deploy the current branch to staging."},
		{Path: "/b", Name: "release-notes", Description: "Write release notes for a build shipped to staging."},
		{Path: "/c", Name: "weather", Description: "Tell the weather forecast."},
	}, 2)
	tests := []struct {
		text   string
		names  []string
		shared []string // of the nearest
	}{
		{"deploy this branch to staging", []string{"deploy-staging", "release-notes"}, []string{"deploy", "branch", "staging"}},
		{"write notes for the build we shipped", []string{"release-notes"}, []string{"write", "build", "shipped"}}, // "notes" stems to a stop word
		{"nothing in common here", nil, nil},
	}
	for _, tt := range tests {
		got := idx.Nearest(tt.text)
		var names []string
		for _, n := range got {
			names = append(names, n.Name)
		}
		if !reflect.DeepEqual(names, tt.names) {
			t.Errorf("Nearest(%q) = %v, want %v", tt.text, names, tt.names)
			continue
		}
		if len(got) > 0 && !reflect.DeepEqual(got[0].Shared, tt.shared) {
			t.Errorf("Nearest(%q) shares %v, want %v", tt.text, got[0].Shared, tt.shared)
		}
	}
}
