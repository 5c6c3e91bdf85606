package lsp

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// TestChatCompletionCostsNoWorkPerSkill: a `/` completion makes items for
// the names it offers and nothing for every other skill, so that it costs
// the same in a tree seven times the size, with the hosts' matrix or
// without: a pass over every skill per request (a map and a record per
// skill, then a sort) grows with the tree (docs/performance.md has the
// figures). Counted in allocations, not time, once the startup pass has
// ended.
func TestChatCompletionCostsNoWorkPerSkill(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 2,300 skills")
	}
	for _, shape := range []string{"DSH's folders", "and Claude Code's"} {
		t.Run(shape, func(t *testing.T) {
			allocs := map[int]float64{}
			for _, n := range []int{150, 1000} {
				allocs[n] = completionAllocs(t, n, shape != "DSH's folders")
			}
			t.Logf("allocations per completion: %v (skills: allocations)", allocs)
			if small, big := allocs[150], allocs[1000]; big > small*1.2 {
				t.Errorf("a completion allocates %.0f times among 1,000 skills, %.0f among 150: it does work per skill", big, small)
			}
		})
	}
}

// completionAllocs counts the allocations of a bare `/` completion in a
// quiet session on a tree of n skills; claude puts them in
// .claude/skills too (through a symbolic link), so that the chat speaks
// to Claude Code as well and the completion reads the hosts' matrix.
func completionAllocs(t *testing.T, n int, claude bool) float64 {
	tree := genBenchTree(t, filepath.Join(t.TempDir(), "t"), n)
	if claude {
		if err := os.MkdirAll(filepath.Join(tree.project, ".claude"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join("..", ".agents", "skills"), filepath.Join(tree.project, ".claude", "skills")); err != nil {
			t.Fatal(err)
		}
	}
	w := startBenchSession(t, tree, 10*time.Millisecond, true)
	w.client.waitFor(t, "the startup pass's end", func() bool {
		return slices.ContainsFunc(w.client.progress, func(p protocol.ProgressParams) bool {
			return strings.HasSuffix(progressMessage(p), " skill files checked")
		})
	})
	u := w.open("project/notes.chat.md", "markdown", "please run /")
	params := &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: protocol.Position{Line: 0, Character: 12},
	}}
	w.client.waitFor(t, "the chat's diagnostics", func() bool { return w.client.diagnostics[u] != nil })
	var items []protocol.CompletionItem
	complete := func() {
		res, err := w.srv.Completion(w.ctx, params)
		if err != nil {
			t.Fatal(err)
		}
		items = res.(*protocol.CompletionList).Items
	}
	// The fewest of ten counts, spread over two seconds: the count is the
	// process's, and what the server does meanwhile counts too (a view
	// made again when a late disk event of the startup changes the
	// content, a pass the chat buffer's opening started, which a loaded
	// machine stretches over several counts). Work per skill in the
	// completion itself is in every count.
	allocs := testing.AllocsPerRun(10, complete)
	for range 9 {
		time.Sleep(200 * time.Millisecond)
		allocs = min(allocs, testing.AllocsPerRun(10, complete))
	}
	if len(items) != maxCompletionItems {
		t.Fatalf("%d skills: %d items, want %d", n, len(items), maxCompletionItems)
	}
	if claude && !slices.ContainsFunc(items, func(it protocol.CompletionItem) bool {
		d, _ := it.Detail.Get()
		return strings.Contains(d, "Claude Code")
	}) {
		t.Fatalf("%d skills: no item names Claude Code: the matrix was not read", n)
	}
	return allocs
}
