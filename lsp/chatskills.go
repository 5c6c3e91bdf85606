package lsp

// chatskills.go: the skills a chat buffer invokes. A chat is not DSH's
// alone: most authors keep their skills in .claude/skills and chat with
// Claude Code. The chat's hosts are the chatHost setting's host, else
// every host the view selects (the hosts setting, or those a plain check
// detects); completion, hover and the chat diagnostics all ask chatSkillsOf,
// so that what completion offers is never called unknown.

import (
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// chatSkill is one name a chat's user can type, with the hosts that load a
// skill of that name.
type chatSkill struct {
	Name string
	// Path is the file of the first host (in the matrix's order) that
	// loads the name.
	Path string
	// Hosts are the chat's hosts that load a skill of that name.
	Hosts []*hosts.Host
	// DSH is DSH's winner of that name when DSH is one of the chat's hosts
	// and loads it: its description and invocation flags are DSH's.
	DSH *skills.Skill
	// parsed is the file read back for another host's skill (see file),
	// once: read says it was tried.
	parsed *skillfile.File
	read   bool
	// listings are the results of the hosts that load it, whose listing
	// line gives the description when DSH cannot read the YAML.
	listings []*hosts.Result
}

// chatSkills is what a chat buffer can invoke, by name.
type chatSkills struct {
	byName map[string]*chatSkill
	order  []*chatSkill // by name
	// dshOnly reports that DSH is the chat's one host: the DSH-only
	// answers (dropped files, other agents' folders) apply.
	dshOnly bool
}

// chatHostsFor returns the hosts a chat at path speaks to: the chatHost
// setting's, else the view's selected hosts; DSH alone when the view
// selects none.
func chatHostsFor(st *snapshot, path string) []*hosts.Host {
	if id := st.settings.ChatHost; id != "" {
		if h := hosts.Lookup(id); h != nil {
			return []*hosts.Host{h}
		}
	}
	if sel := selectedHosts(st, path); len(sel) > 0 {
		return sel
	}
	return []*hosts.Host{hosts.Lookup(string(hosts.DSH))}
}

// chatSkillsOf lists the skills the chat at path can invoke, against snap
// (the view's) and m, the view's hosts' matrix (nil: DSH's registry alone).
func chatSkillsOf(st *snapshot, snap *skills.Snapshot, path string, m *hosts.Matrix) *chatSkills {
	chatHosts := chatHostsFor(st, path)
	out := &chatSkills{byName: map[string]*chatSkill{}}
	out.dshOnly = len(chatHosts) == 1 && chatHosts[0].ID == hosts.DSH
	add := func(name, p string, h *hosts.Host) *chatSkill {
		cs := out.byName[name]
		if cs == nil {
			cs = &chatSkill{Name: name, Path: p}
			out.byName[name] = cs
			out.order = append(out.order, cs)
		}
		if !slices.Contains(cs.Hosts, h) {
			cs.Hosts = append(cs.Hosts, h)
		}
		return cs
	}
	if slices.ContainsFunc(chatHosts, func(h *hosts.Host) bool { return h.ID == hosts.DSH }) {
		dsh := hosts.Lookup(string(hosts.DSH))
		for sk := range snap.Registry.AllWinners() {
			add(sk.Name, sk.Path, dsh).DSH = sk
		}
	}
	if m != nil {
		for _, row := range m.Rows {
			for _, h := range m.Hosts {
				v := row.Verdicts[h.ID]
				if h.ID == hosts.DSH || v.Status != hosts.Loads || v.Name == "" || !slices.Contains(chatHosts, h) {
					continue
				}
				cs := add(v.Name, row.Path, h)
				if res := m.Results[h.ID]; res != nil {
					cs.listings = append(cs.listings, res)
				}
			}
		}
	}
	slices.SortFunc(out.order, func(a, b *chatSkill) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// hostNames joins the names of the hosts that load cs ("DSH, Claude Code").
func (cs *chatSkill) hostNames() []string { return hosts.Names(cs.Hosts) }

// userInvocable reports whether a user may invoke cs by hand: DSH's flag
// when DSH loads it, else the file's user-invocable key (Claude Code's too).
func (cs *chatSkill) userInvocable() bool {
	if cs.DSH != nil {
		return cs.DSH.Invocation.UserInvocable
	}
	if f := cs.file(); f != nil {
		if fld := f.Frontmatter.Field("user-invocable"); fld != nil && fld.Value.Str == "false" {
			return false
		}
	}
	return true
}

// file parses the file of cs for its description (nil when unreadable).
func (cs *chatSkill) file() *skillfile.File {
	if cs.DSH != nil {
		return cs.DSH.File
	}
	if !cs.read {
		cs.parsed, cs.read = readChatSkillFile(cs.Path), true
	}
	return cs.parsed
}

// readChatSkillFile parses the file at p for its listing, nil when it
// cannot be read or holds no frontmatter. discovery.ReadSkillFile bounds the
// read and never blocks on a FIFO named SKILL.md.
func readChatSkillFile(p string) *skillfile.File {
	src, _, err := discovery.ReadSkillFile(p, nil)
	if err != nil {
		return nil
	}
	f := skillfile.ParseCatalog(p, src, skillfile.ReadFS)
	if f == nil || f.Frontmatter == nil {
		return nil
	}
	return f
}

// description is the description of cs ("" when unknown).
func (cs *chatSkill) description() string {
	if cs.DSH != nil {
		return cs.DSH.Description
	}
	if f := cs.file(); f != nil {
		if fld := f.Frontmatter.Field("description"); fld != nil && fld.Value.Str != "" {
			return fld.Value.Str
		}
	}
	// YAML DSH cannot read, as Claude Code reads it: its listing's line
	// ("- name: description").
	for _, res := range cs.listings {
		lines, _ := res.Listing()
		for _, l := range lines {
			if d, ok := strings.CutPrefix(l, "- "+cs.Name+": "); ok {
				return d
			}
		}
	}
	return ""
}

// chatKnown is the chat diagnostics' lookup of a name (see
// diagnostics.Options.ChatHosts): the hosts of the chat at path that load
// it. The matrix is built only for a name DSH does not know.
func chatKnown(st *snapshot, snap *skills.Snapshot, path string) func(name string) []string {
	dshChat := slices.ContainsFunc(chatHostsFor(st, path), func(h *hosts.Host) bool { return h.ID == hosts.DSH })
	return func(name string) []string {
		if dshChat && snap.Registry.Lookup(name) == nil && len(diagnostics.DroppedNamed(snap.Registry, name)) > 0 {
			// DSH, one of the chat's hosts, drops the file: the warning
			// says why, whoever else loads it (the hover names them).
			return nil
		}
		cs := chatSkillsOf(st, snap, path, nil)
		if c := cs.byName[name]; c != nil {
			return c.hostNames()
		}
		if cs.dshOnly || st.set == nil {
			return nil
		}
		m := viewMatrix(st.set.ctx, st, path, diagnostics.HostMatrix)
		if c := chatSkillsOf(st, snap, path, m).byName[name]; c != nil {
			return c.hostNames()
		}
		return nil
	}
}

// chatWho names the chat's one host when it is not DSH, for the chat
// diagnostics' words; "" otherwise.
func chatWho(st *snapshot, path string) string {
	if hs := chatHostsFor(st, path); len(hs) == 1 && hs[0].ID != hosts.DSH {
		return hs[0].Name
	}
	return ""
}

// chatDiagnostics checks the `/name` tokens of a chat buffer, and the names
// glued to punctuation that DSH ignores.
func chatDiagnostics(snap *skills.Snapshot, d *document, opts diagnostics.Options) []diagnostics.Diagnostic {
	text := string(d.text)
	cands := render.GestureCandidates(text)
	toks := make([]diagnostics.ChatToken, 0, len(cands))
	for _, c := range cands {
		if strings.HasPrefix(text[c.Start:], "/skill:") {
			continue // the /skill:name form, below: not a /skill glued to ':'
		}
		toks = append(toks, diagnostics.ChatToken{Name: c.Name, Span: spans.Span{Start: c.Start, End: c.End}, GlueBefore: c.GlueBefore, GlueAfter: c.GlueAfter})
	}
	// The /skill:name form the completion offers names the skill after
	// "skill:" (docs/dsh.md §9), so it is checked as that name.
	for _, tok := range render.TUITokens(text) {
		toks = append(toks, diagnostics.ChatToken{Name: tok.Name, Span: spans.Span{Start: tok.Start, End: tok.End}, Sigil: "/skill:"})
	}
	seen := map[string]bool{"/": true}
	for _, h := range opts.Hosts {
		if sigil := h.Invocation.Sigil; sigil != "" && !seen[sigil] {
			seen[sigil] = true
			for _, tok := range render.SigilTokens(string(d.text), sigil[0]) {
				toks = append(toks, diagnostics.ChatToken{Name: tok.Name, Span: spans.Span{Start: tok.Start, End: tok.End}, Host: h.Name, Sigil: sigil})
			}
		}
	}
	return diagnostics.Chat(d.key, toks, snap, opts)
}
