package diagnostics

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
	"github.com/skill-ls/skill-ls/skills/spelling"
)

// ChatToken is a `/name` of a chat buffer: the name and the span of the
// whole token, slash included, and whether punctuation touches it before or
// after (then DSH ignores it). render.GestureCandidates finds them.
type ChatToken struct {
	Name                  string
	Span                  spans.Span
	GlueBefore, GlueAfter bool
	// Host and Sigil, when set, name the host whose sigil starts the token
	// (Codex, "$"); "" is DSH's "/name". DSH's "/skill:name" form has the
	// Sigil "/skill:" and no Host.
	Host, Sigil string
}

// word is the token as written: its sigil ("/" when none is set) and name.
func (t ChatToken) word() string {
	if t.Sigil == "" {
		return "/" + t.Name
	}
	return t.Sigil + t.Name
}

func (t ChatToken) glued() bool { return t.GlueBefore || t.GlueAfter }

// The codes of the chat rules.
const (
	CodeChatUnknownSkill     = "chat-unknown-skill"
	CodeChatNotUserInvocable = "chat-not-user-invocable"
	CodeChatTokenGlued       = "chat-token-glued"
)

var chatRules = []*Rule{
	{Code: CodeChatUnknownSkill, Severity: SeverityWarning, Summary: "a /name token names no skill",
		Doc:  "In a chat buffer, `/name` injects the skill's instructions only when a skill of that name exists; otherwise DSH leaves the text as plain prose. The message suggests the closest name; when a file that would define the name is one DSH drops, it says so instead, with the reason in a few words and the dropped file as a related place, at the reason; in the editor, when the skill is in a folder DSH does not read (another agent's, such as `.claude/skills`), it says that, with the file as a related place. A name at the end of a sentence (`/nope.`) is reported too; one with punctuation before it (`(/tmp`) reads as a path and is not. The `/skill:name` form the completion offers (the command of DSH's historical TUI, docs/dsh.md §9) is checked as the name after `skill:`, never as a skill named `skill`.",
		Chat: checkUnknownSkill},
	{Code: CodeChatNotUserInvocable, Severity: SeverityWarning, Summary: "a /name token names a skill users cannot invoke",
		Doc:  "The skill has `user-invocable: false`, so DSH treats `/name` as plain prose and injects nothing.",
		Chat: checkNotUserInvocable},
	{Code: CodeChatTokenGlued, Severity: SeverityWarning, Summary: "punctuation touches a /name, so DSH injects nothing",
		Doc:  "DSH injects a skill only for `/name` with whitespace (or the start of the text) before the slash and whitespace (or the end of the text) after the name. `/release-notes.`, `(/pdf)` and `/pdf,` are plain text to DSH, although they name a skill. The quick fix puts a space between the punctuation and the token.",
		Chat: checkGlued},
}

// ChatPass is what a chat rule's check sees: one chat buffer's path, the
// snapshot of the skills and the registry its /name tokens resolve against.
type ChatPass struct {
	Path     string
	Snap     *skills.Snapshot
	Registry *skills.Registry
	opts     Options
	rule     *Rule
	out      []Diagnostic
	// dropWhy says why DSH drops a file: the token's message
	// (DroppedTokenMessage), and the place and words of the reason. Set
	// by Chat: a rule's check cannot name the rule table it is part of.
	dropWhy func(f *skillfile.File, name string) (string, Related)
	// dropped holds the dropped files by the name they mean, made on first
	// use: a chat buffer may hold thousands of unknown tokens.
	dropped map[string][]*skillfile.File
}

// Report adds a diagnostic of the running rule at span of the chat buffer.
func (p *ChatPass) Report(span spans.Span, msg string, fixes ...Fix) *Diagnostic {
	p.out = append(p.out, Diagnostic{Path: p.Path, Span: span, Severity: p.opts.Grade(p.Path, p.rule), Code: p.rule.Code, Message: msg, Fixes: fixes})
	return &p.out[len(p.out)-1]
}

// Chat reports the /name tokens of a chat buffer at path that DSH would
// leave as plain prose, resolved against snap's skills: names of no skill
// (with the closest name as a suggestion and a fix, or the file DSH drops
// that would define it) and skills with user-invocable: false.
func Chat(path string, tokens []ChatToken, snap *skills.Snapshot, opts Options) []Diagnostic {
	p := &ChatPass{Path: path, Snap: snap, Registry: snap.Registry, opts: opts}
	p.dropWhy = func(f *skillfile.File, name string) (string, Related) {
		return DroppedTokenMessage(name, f), Related{Path: f.Path, Span: DropSpan(snap, f), Message: "why DSH drops " + name + ": " + DropMessage(snap, f, Options{})}
	}
	for _, r := range table().sorted {
		if r.Chat == nil || opts.Grade(path, r) == SeverityOff {
			continue
		}
		p.rule = r
		for _, t := range tokens {
			r.Chat(p, t)
		}
	}
	Sort(p.out)
	return p.out
}

// titleChangeToSkill is the title of the fix below (FixDocs lists it); its
// / stands for the sigil the token was typed with ($ for Codex).
const titleChangeToSkill = "Change to /NAME"

// checkUnknownSkill reports a token that names no skill: one punctuation
// touches only after ("/nope.") too, as the end of a sentence does; one
// glued before ("(/tmp", "'/etc'") reads as a path, not an invocation.
func checkUnknownSkill(p *ChatPass, t ChatToken) {
	if t.GlueBefore || p.known(t) {
		return
	}
	who, sigil := "DSH", strings.TrimSuffix(t.word(), t.Name)
	if t.Host != "" {
		who = t.Host
	} else if p.opts.ChatWho != "" {
		who = p.opts.ChatWho
	}
	if t.Host == "" && (reportDropped(p, t) || reportElsewhere(p, t)) {
		return
	}
	d := p.Report(t.Span, fmt.Sprintf("no skill is named %q, so %s leaves %s as plain text", t.Name, who, t.word()))
	if best := Closest(t.Name, p.Registry); best != "" {
		d.Message += fmt.Sprintf("; did you mean %s%s?", sigil, best)
		d.Fixes = []Fix{{Title: strings.Replace(fixTitle(titleChangeToSkill, best), "/", sigil, 1), Preferred: true, Edits: []Edit{{Path: p.Path, Span: t.Span, NewText: sigil + best}}}}
	}
}

// known reports whether a host of the chat loads the skill t names
// (Options.ChatHosts), by default whether DSH does; "/skill:name" is
// DSH's form alone, so DSH's skills alone answer it.
func (p *ChatPass) known(t ChatToken) bool {
	if p.opts.ChatHosts != nil && t.Sigil != "/skill:" {
		return len(p.opts.ChatHosts(t.Name)) > 0
	}
	return p.Registry.Lookup(t.Name) != nil
}

// reportDropped reports a token whose skill exists but DSH drops: the
// message says why in a few words, and each dropped file is a related
// place, at the reason. It returns false when no dropped file has the name.
func reportDropped(p *ChatPass, t ChatToken) bool {
	if p.dropped == nil {
		p.dropped = map[string][]*skillfile.File{}
		for _, f := range p.Registry.Dropped() {
			if f != nil && f.Drop != nil {
				n := DeclaredName(f)
				p.dropped[n] = append(p.dropped[n], f)
			}
		}
	}
	files := p.dropped[t.Name]
	if len(files) == 0 {
		return false
	}
	msg, _ := p.dropWhy(files[0], t.Name)
	d := p.Report(t.Span, msg)
	for _, f := range files {
		_, rel := p.dropWhy(f, t.Name)
		d.Related = append(d.Related, rel)
	}
	return true
}

// DroppedTokenMessage words why DSH leaves /name as plain text when f,
// which would define name, is a file DSH drops: the reason in the few
// words of its rule. The chat diagnostic and the editor's hover on the
// token say it alike.
func DroppedTokenMessage(name string, f *skillfile.File) string {
	what := string(f.Drop.Code)
	if r := Lookup(what); r != nil && r.Short != "" {
		what = r.Short
	}
	return fmt.Sprintf("%q exists, but DSH drops it (%s), so it leaves /%s as plain text", name, what, name)
}

// reportElsewhere reports a token whose skill sits in a folder DSH does
// not read (another agent's, such as .claude/skills), with the file as a
// related place. It returns false when there is none.
func reportElsewhere(p *ChatPass, t ChatToken) bool {
	if p.opts.Elsewhere == nil {
		return false
	}
	found := p.opts.Elsewhere(t.Name)
	if len(found) == 0 {
		return false
	}
	e := found[0]
	d := p.Report(t.Span, fmt.Sprintf("%q is in %s, which DSH does not read (%s read it), so DSH leaves /%s as plain text", t.Name, e.Folder, strings.Join(e.Hosts, ", "), t.Name))
	for _, e := range found {
		d.Related = append(d.Related, Related{Path: e.Path, Message: t.Name + " in " + e.Folder})
	}
	return true
}

// DroppedNamed returns the files in reg's roots that DSH drops and that
// would define name (DeclaredName), in root and entry order.
func DroppedNamed(reg *skills.Registry, name string) []*skillfile.File {
	var out []*skillfile.File
	for _, f := range reg.Dropped() {
		if f != nil && f.Drop != nil && DeclaredName(f) == name {
			out = append(out, f)
		}
	}
	return out
}

// DeclaredName is the name a skill file means to have: its name: when it
// can be read, else its bundle folder's (or flat file's) name.
func DeclaredName(f *skillfile.File) string {
	if fm := f.Frontmatter; fm != nil {
		if n := fm.Field("name"); n != nil && n.Value.Str != "" {
			return n.Value.Str
		}
	}
	if base := filepath.Base(f.Path); base != "SKILL.md" {
		return strings.TrimSuffix(base, ".md")
	}
	return filepath.Base(filepath.Dir(f.Path))
}

func checkNotUserInvocable(p *ChatPass, t ChatToken) {
	s := p.Registry.Lookup(t.Name)
	if t.glued() || t.Host != "" || s == nil || s.Invocation.UserInvocable {
		return
	}
	d := p.Report(t.Span, fmt.Sprintf("%q has user-invocable: false, so DSH leaves %s as plain text and injects nothing", t.Name, t.word()))
	if s.File != nil {
		if f := s.File.Frontmatter.Field("user-invocable"); f != nil {
			d.Related = []Related{{Path: s.Path, Span: f.ValueSpan, Message: "user-invocable: false"}}
		}
	}
}

// Closest returns the user-invocable skill name nearest to name by edit
// distance, or "" when none is close enough to be a likely typo.
func Closest(name string, reg *skills.Registry) string {
	best, bestDist := "", len(name)/3+2
	for s := range reg.AllWinners() {
		if !s.Invocation.UserInvocable {
			continue
		}
		if d := spelling.Distance(name, s.Name, bestDist); d < bestDist {
			best, bestDist = s.Name, d
		}
	}
	return best
}

// checkGlued reports a /name of a skill users may invoke that punctuation
// touches, offering to put spaces between them.
func checkGlued(p *ChatPass, t ChatToken) {
	s := p.Registry.Lookup(t.Name)
	if !t.glued() || s == nil || !s.Invocation.UserInvocable {
		return
	}
	var sides []string
	var fix []Edit
	if t.GlueBefore {
		sides = append(sides, "before the slash")
		fix = append(fix, Edit{Path: p.Path, Span: spans.Span{Start: t.Span.Start, End: t.Span.Start}, NewText: " "})
	}
	if t.GlueAfter {
		sides = append(sides, "after the name")
		fix = append(fix, Edit{Path: p.Path, Span: spans.Span{Start: t.Span.End, End: t.Span.End}, NewText: " "})
	}
	msg := fmt.Sprintf("DSH injects nothing for /%s here: it needs a space or the edge of the text %s", t.Name, strings.Join(sides, " and "))
	p.Report(t.Span, msg, Fix{Title: "Separate /" + t.Name + " with spaces", Preferred: true, Edits: fix})
}
