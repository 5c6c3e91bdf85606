package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/diagnostics/fix"
)

// TestUnsettledSaid: when the fixes did not settle within the bound of
// rounds, check says so and how to go on.
func TestUnsettledSaid(t *testing.T) {
	var stderr bytes.Buffer
	r := &checkRun{stderr: &stderr}
	r.printRefused(&fix.Result{Unsettled: true})
	want := fmt.Sprintf("The fixes did not settle in %d rounds: each round found more to fix; run check again to go on.\n", fix.MaxPasses)
	if stderr.String() != want {
		t.Errorf("got %q, want %q", stderr.String(), want)
	}
	stderr.Reset()
	r.printRefused(&fix.Result{})
	if strings.Contains(stderr.String(), "settle") {
		t.Errorf("a settled run says %q", stderr.String())
	}
}
