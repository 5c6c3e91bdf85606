package diagnostics

import (
	"context"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// TestRunPacedEqualsRun: over every golden tree, a Run paced to one worker
// finds exactly what Run finds, reports every file as checked, and stops
// (nil) when its context ends while it runs.
func TestRunPacedEqualsRun(t *testing.T) {
	eachGoldenTree(t, func(t *testing.T, _ *skilltest.Golden, tree *skilltest.Tree, profile *Profile) {
		snap := tree.Load(t, skills.LoadOptions{})
		opts := Options{Profile: profile}
		want := Run(t.Context(), snap, opts)
		var checked atomic.Int64
		pace := Pace{Workers: 1, Checked: func() { checked.Add(1) }}
		got := RunPaced(t.Context(), snap, opts, pace)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("RunPaced differs from Run:\n got %v\nwant %v", got, want)
		}
		if n := len(snap.Files()); checked.Load() != int64(n) {
			t.Errorf("%d files: checked %d", n, checked.Load())
		}

		ctx, cancel := context.WithCancel(t.Context())
		pace.Checked = cancel
		if got := RunPaced(ctx, snap, opts, pace); got != nil {
			t.Errorf("RunPaced cancelled while it runs = %d diagnostics, want nil", len(got))
		}
	})
}

// TestRunNoFixes: over every golden tree, a Run with NoFixes finds what
// Run finds, without a fix (check's text formats show none, and the run
// does not hold them).
func TestRunNoFixes(t *testing.T) {
	fixes := 0
	eachGoldenTree(t, func(t *testing.T, _ *skilltest.Golden, tree *skilltest.Tree, profile *Profile) {
		snap := tree.Load(t, skills.LoadOptions{})
		want := Run(t.Context(), snap, Options{Profile: profile})
		got := Run(t.Context(), snap, Options{Profile: profile, NoFixes: true})
		for i := range want {
			fixes += len(want[i].Fixes)
			want[i].Fixes = nil
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("a Run with NoFixes differs from Run without its fixes:\n got %v\nwant %v", got, want)
		}
	})
	if fixes == 0 {
		t.Error("no golden tree has a fix: the test proves little")
	}
}
