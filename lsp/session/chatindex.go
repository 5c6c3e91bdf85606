package session

// chatindex.go: what a chat buffer's `/` completion, hover and diagnostics
// look a name up in, without a pass over every skill per request. DSH's
// names are its registry's (sorted in the snapshot); the other hosts'
// are indexed once per hosts' matrix (chatLoads), which is made once per
// content. A ChatSkill is made for the names asked for alone: the 100 a
// completion offers, the one a hover is on.

import (
	"iter"
	"slices"

	"github.com/skill-ls/skill-ls/skills/hosts"
)

// chatLoads are the names the hosts of one matrix other than DSH load, in
// the matrix's order (its rows, then its hosts), from the files a
// session of the project lists (a shipped plugin's are left out).
type chatLoads struct {
	m     *hosts.Matrix
	names []string // sorted, each once
	by    map[string][]chatLoad
}

// chatLoad is one host's file of a name.
type chatLoad struct {
	path string
	host *hosts.Host
	res  *hosts.Result
}

// newChatLoads indexes the loads of m by name.
func newChatLoads(m *hosts.Matrix) *chatLoads {
	out := &chatLoads{m: m, by: map[string][]chatLoad{}}
	for _, row := range m.Rows {
		for _, h := range m.Hosts {
			v := row.Verdicts[h.ID]
			if h.ID == hosts.DSH || v.Status != hosts.Loads || v.Name == "" {
				continue
			}
			res := m.Results[h.ID]
			if res != nil && res.InShippedPlugin(row.Path) {
				continue // a session of the project lists it once the plugin is installed
			}
			if _, ok := out.by[v.Name]; !ok {
				out.names = append(out.names, v.Name)
			}
			out.by[v.Name] = append(out.by[v.Name], chatLoad{path: row.Path, host: h, res: res})
		}
	}
	slices.Sort(out.names)
	return out
}

// chatLoadsOf returns the index of m, made once per matrix for the view
// owning path (kept in its memo; without a view, made for the call).
func (st *Snapshot) chatLoadsOf(path string, m *hosts.Matrix) *chatLoads {
	if m == nil {
		return nil
	}
	i := st.viewIndex(path)
	if i < 0 {
		return newChatLoads(m)
	}
	memo := st.views[i].memo
	if cl := memo.chatLoads.get(); cl != nil && cl.m == m {
		return cl
	}
	cl := newChatLoads(m) // outside the lock: two requests may both make it
	memo.chatLoads.set(cl)
	return cl
}

// Lookup returns the skill of name the chat can invoke, with the hosts
// that load it; nil when none of the chat's hosts loads one.
func (c *ChatSkills) Lookup(name string) *ChatSkill {
	var cs *ChatSkill
	add := func(p string, h *hosts.Host, res *hosts.Result) {
		if cs == nil {
			cs = &ChatSkill{Name: name, Path: p}
		}
		if !slices.Contains(cs.Hosts, h) {
			cs.Hosts = append(cs.Hosts, h)
			cs.Copies = append(cs.Copies, ChatCopy{Host: h, Path: p, res: res})
		}
	}
	if c.dsh != nil {
		if w := c.snap.Registry.Winner(name); w != nil {
			add(w.Path, c.dsh, nil)
			cs.DSH = w
		}
	}
	if c.others != nil {
		for _, l := range c.others.by[name] {
			if !slices.Contains(c.hosts, l.host) {
				continue
			}
			add(l.path, l.host, l.res)
			if l.res != nil {
				cs.listings = append(cs.listings, l.res)
			}
		}
	}
	return cs
}

// NamesFrom yields the names the chat can invoke, sorted, each once, from
// the first that is not below from.
func (c *ChatSkills) NamesFrom(from string) iter.Seq[string] {
	return func(yield func(string) bool) {
		var dsh []string
		if c.dsh != nil {
			dsh = c.snap.Registry.Names()
		}
		i, _ := slices.BinarySearch(dsh, from)
		var others []string
		if c.others != nil {
			others = c.others.names
		}
		j, _ := slices.BinarySearch(others, from)
		for i < len(dsh) || j < len(others) {
			if j < len(others) && !c.othersLoad(others[j]) {
				j++
				continue
			}
			var name string
			switch {
			case j == len(others) || i < len(dsh) && dsh[i] < others[j]:
				name, i = dsh[i], i+1
			case i == len(dsh) || others[j] < dsh[i]:
				name, j = others[j], j+1
			default: // the same name
				name, i, j = dsh[i], i+1, j+1
			}
			if !yield(name) {
				return
			}
		}
	}
}

// othersLoad reports whether one of the chat's hosts other than DSH loads
// name.
func (c *ChatSkills) othersLoad(name string) bool {
	return slices.ContainsFunc(c.others.by[name], func(l chatLoad) bool { return slices.Contains(c.hosts, l.host) })
}
