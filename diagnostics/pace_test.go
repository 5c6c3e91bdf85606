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
