package session

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

// ChatSkill is one name a chat's user can type, with the hosts that load a
// skill of that name.
type ChatSkill struct {
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
	// Copies are the file each of Hosts loads under the name, in Hosts'
	// order: two hosts may load two different files (DSH's
	// .agents/skills copy, Claude Code's .claude/skills one).
	Copies []ChatCopy
}

// ChatCopy is the file one of a chat's hosts loads for a name.
type ChatCopy struct {
	Host *hosts.Host
	Path string
	res  *hosts.Result // the host's, for its listing text; nil for DSH
}

// Listing returns the text the host's listing shows for the copy; listed
// is false when the listing leaves it out or the host is DSH.
func (c ChatCopy) Listing() (text string, listed bool) {
	if c.res == nil {
		return "", false
	}
	return c.res.ListingText(c.Path)
}

// ChatSkills is what a chat buffer can invoke, by name (Lookup, NamesFrom
// in chatindex.go). It makes nothing per skill: it reads the view's
// registry and the index of its matrix.
type ChatSkills struct {
	snap *skills.Snapshot
	// hosts are the chat's; dsh is DSH when it is one of them.
	hosts  []*hosts.Host
	dsh    *hosts.Host
	others *chatLoads // nil without a matrix
	// dshOnly reports that DSH is the chat's one host: the DSH-only
	// answers (dropped files, other agents' folders) apply.
	dshOnly bool
}

// ChatHosts returns the hosts a chat at path speaks to: the chatHost
// setting's, else the view's selected hosts; DSH alone when the view
// selects none.
func (st *Snapshot) ChatHosts(path string) []*hosts.Host {
	if id := st.Settings.ChatHost; id != "" {
		if h := hosts.Lookup(id); h != nil {
			return []*hosts.Host{h}
		}
	}
	if sel := st.SelectedHosts(path); len(sel) > 0 {
		return sel
	}
	return []*hosts.Host{hosts.Lookup(string(hosts.DSH))}
}

// ChatSkills lists the skills the chat at path can invoke, against snap
// (the view's) and m, the view's hosts' matrix (nil: DSH's registry alone).
func (st *Snapshot) ChatSkills(snap *skills.Snapshot, path string, m *hosts.Matrix) *ChatSkills {
	chatHosts := st.ChatHosts(path)
	out := &ChatSkills{snap: snap, hosts: chatHosts, others: st.chatLoadsOf(path, m)}
	if slices.ContainsFunc(chatHosts, func(h *hosts.Host) bool { return h.ID == hosts.DSH }) {
		out.dsh = hosts.Lookup(string(hosts.DSH))
	}
	out.dshOnly = len(chatHosts) == 1 && out.dsh != nil
	return out
}

// HostNames joins the names of the hosts that load cs ("DSH, Claude Code").
func (cs *ChatSkill) HostNames() []string { return hosts.Names(cs.Hosts) }

// UserInvocable reports whether a user may invoke cs by hand: DSH's flag
// when DSH loads it, else the file's user-invocable key (Claude Code's too).
func (cs *ChatSkill) UserInvocable() bool {
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
func (cs *ChatSkill) file() *skillfile.File {
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

// Description is the description of cs ("" when unknown).
func (cs *ChatSkill) Description() string {
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
func chatKnown(st *Snapshot, snap *skills.Snapshot, path string) func(name string) []string {
	dshChat := slices.ContainsFunc(st.ChatHosts(path), func(h *hosts.Host) bool { return h.ID == hosts.DSH })
	return func(name string) []string {
		if dshChat && snap.Registry.Lookup(name) == nil && len(diagnostics.DroppedNamed(snap.Registry, name)) > 0 {
			// DSH, one of the chat's hosts, drops the file: the warning
			// says why, whoever else loads it (the hover names them).
			return nil
		}
		cs := st.ChatSkills(snap, path, nil)
		if c := cs.Lookup(name); c != nil {
			return c.HostNames()
		}
		if cs.dshOnly || st.ctx == nil {
			return nil
		}
		m := st.Matrix(st.ctx, path, diagnostics.HostMatrix)
		if c := st.ChatSkills(snap, path, m).Lookup(name); c != nil {
			return c.HostNames()
		}
		return nil
	}
}

// chatWho names the chat's one host when it is not DSH, for the chat
// diagnostics' words; "" otherwise.
func chatWho(st *Snapshot, path string) string {
	if hs := st.ChatHosts(path); len(hs) == 1 && hs[0].ID != hosts.DSH {
		return hs[0].Name
	}
	return ""
}

// ChatDiagnostics checks the `/name` tokens of a chat buffer, and the names
// glued to punctuation that DSH ignores.
func ChatDiagnostics(snap *skills.Snapshot, d *Document, opts diagnostics.Options) []diagnostics.Diagnostic {
	text := string(d.Text)
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
			for _, tok := range render.SigilTokens(string(d.Text), sigil[0]) {
				toks = append(toks, diagnostics.ChatToken{Name: tok.Name, Span: spans.Span{Start: tok.Start, End: tok.End}, Host: h.Name, Sigil: sigil})
			}
		}
	}
	return diagnostics.Chat(d.Key, toks, snap, opts)
}
