package session

import (
	"fmt"
	"maps"
	"testing"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills/hosts"
)

// TestHeldPaths: which paths a pass publishes empty because an open
// buffer of another path of their file shows their findings.
func TestHeldPaths(t *testing.T) {
	const (
		agents = "/p/.agents/skills/deploy/SKILL.md"
		claude = "/p/.claude/skills/deploy/SKILL.md"
		shared = "/p/shared/deploy/SKILL.md"
	)
	linked := map[string]string{claude: agents}                    // .claude/skills/deploy -> .agents/skills/deploy
	viaShared := map[string]string{agents: shared, claude: shared} // both link to shared/deploy
	broken := map[string]string{claude: ""}                        // a link that leads nowhere
	for _, c := range []struct {
		name  string
		open  []string
		chat  bool
		hosts bool
		reals map[string]string
		want  map[string]string
	}{
		{name: "the link's buffer holds the real path", open: []string{claude}, hosts: true, reals: linked, want: map[string]string{agents: claude}},
		{name: "both open: each shows its own", open: []string{claude, agents}, hosts: true, reals: linked},
		{name: "the real path's buffer holds nothing", open: []string{agents}, hosts: true, reals: linked},
		{name: "no hosts: the rules move nothing to the buffer", open: []string{claude}, reals: linked},
		{name: "both links to a third folder: the first path is primary", open: []string{claude}, hosts: true, reals: viaShared, want: map[string]string{agents: claude}},
		{name: "both links to a third folder, the first path open", open: []string{agents}, hosts: true, reals: viaShared},
		{name: "a chat buffer holds nothing", open: []string{claude}, chat: true, hosts: true, reals: linked},
		{name: "a link that leads nowhere holds nothing", open: []string{claude}, hosts: true, reals: broken},
	} {
		t.Run(c.name, func(t *testing.T) {
			opts := diagnostics.Options{HostEnv: hosts.Options{Cwd: "/p"}}
			if c.hosts {
				opts.Hosts = []*hosts.Host{hosts.Lookup("claude")}
			}
			realPath := func(p string) string {
				if r, ok := c.reals[p]; ok {
					return r
				}
				return p
			}
			st := &Snapshot{views: []viewSnapshot{{folder: "/p", skills: emptySnapshot(), opts: opts, memo: &viewMemo{realPath: realPath}}}}
			settings := DefaultSettings()
			docs := map[string]*Document{}
			for _, p := range c.open {
				d := newDocument(PathURI(p), p, "markdown", 1, []byte("---\nname: deploy\ndescription: Deploys.\n---\n"), &settings)
				d.Chat = c.chat
				docs[p] = d
			}
			st.Docs = st.Docs.With(docs, nil)
			if got := heldPaths(st, []string{agents, claude}); !maps.Equal(got, c.want) {
				t.Errorf("heldPaths = %v, want %v", got, c.want)
			}
		})
	}
}

// TestHeldPathsCostsNothingPerPath: a pass of a large tree names every
// skill file, and heldPaths groups only the paths of an open buffer's
// folder name, so its allocations do not grow with the tree.
func TestHeldPathsCostsNothingPerPath(t *testing.T) {
	const open = "/p/.claude/skills/deploy/SKILL.md"
	opts := diagnostics.Options{HostEnv: hosts.Options{Cwd: "/p"}, Hosts: []*hosts.Host{hosts.Lookup("claude")}}
	st := &Snapshot{views: []viewSnapshot{{folder: "/p", skills: emptySnapshot(), opts: opts, memo: &viewMemo{realPath: func(p string) string { return p }}}}}
	settings := DefaultSettings()
	d := newDocument(PathURI(open), open, "markdown", 1, []byte("---\nname: deploy\ndescription: Deploys.\n---\n"), &settings)
	st.Docs = st.Docs.With(map[string]*Document{open: d}, nil)
	allocs := func(n int) float64 {
		paths := []string{open}
		for i := range n {
			paths = append(paths, fmt.Sprintf("/p/.agents/skills/s%05d/SKILL.md", i))
		}
		return testing.AllocsPerRun(5, func() { heldPaths(st, paths) })
	}
	if small, large := allocs(10), allocs(10000); large > small+2 {
		t.Errorf("heldPaths made %v allocations for 10 paths, %v for 10,000", small, large)
	}
}
