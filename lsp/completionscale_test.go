package lsp

import (
	"path/filepath"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// TestChatCompletionCostsNoWorkPerSkill: a `/` completion makes items for
// the names it offers and nothing for every other skill, so that it costs
// the same in a tree ten times the size. A pass over every skill per
// request (a map and a record per skill, then a sort) made a bare `/`
// cost 6 ms at 10,000 skills when quiet, and most of the completions
// slower than 20 ms during the startup pass (docs/performance.md). Counted
// in allocations, not time: the session is quiet when they are counted.
func TestChatCompletionCostsNoWorkPerSkill(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 1,650 skills")
	}
	allocs := map[int]float64{}
	for _, n := range []int{150, 1500} {
		tree := genBenchTree(t, filepath.Join(t.TempDir(), "t"), n)
		w := startBenchSession(t, tree, 10*time.Millisecond, true)
		waitPass(t, w, tree)
		u := w.open("project/notes.chat.md", "markdown", "please run /")
		params := &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: 0, Character: 12},
		}}
		w.client.waitFor(t, "the chat's diagnostics", func() bool { return w.client.diagnostics[u] != nil })
		var got int
		allocs[n] = testing.AllocsPerRun(20, func() {
			res, err := w.srv.Completion(w.ctx, params)
			if err != nil {
				t.Fatal(err)
			}
			got = len(res.(*protocol.CompletionList).Items)
		})
		if got != maxCompletionItems {
			t.Fatalf("%d skills: %d items, want %d", n, got, maxCompletionItems)
		}
	}
	t.Logf("allocations per completion: %v (skills: allocations)", allocs)
	if small, big := allocs[150], allocs[1500]; big > small*1.2 {
		t.Errorf("a completion allocates %.0f times among 1,500 skills, %.0f among 150: it does work per skill", big, small)
	}
}
