// Package rendernotes is what render says on stderr beside the model text,
// which it leaves as DSH makes it: why a /name injects nothing, why a skill
// the skill tool does not find is missing, and which file a name resolves
// to when other files have the same name.
package rendernotes

import (
	"fmt"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/diagnostics/format"
	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// Why explains a skill's name to someone reading render's output.
type Why struct {
	// Snap is the snapshot whose names are explained.
	Snap *skills.Snapshot
	// WD is the working directory paths are printed relative to.
	WD string
	// Elsewhere lists the project's folders other agents read and DSH does
	// not, when asked (nil: none are looked at).
	Elsewhere func() []hosts.Folder
}

// rel is path relative to the working directory when it is inside it,
// quoted as git quotes a path that holds a control character (a folder
// name is a skill pack's to choose).
func (w Why) rel(path string) string { return format.Quote(format.RelPath(w.WD, path)) }

// dropped returns the files DSH drops that would define name.
func (w Why) dropped(name string) []*skillfile.File {
	return diagnostics.DroppedNamed(w.Snap.Registry, name)
}

// drop says why DSH drops f, at the place the reason points to; or, for
// a file over skill-ls's limits, that skill-ls did not read it.
func (w Why) drop(f *skillfile.File) string {
	where := w.rel(f.Path)
	if idx, err := w.Snap.Text(f); err == nil {
		line, col := idx.LineCol(diagnostics.DropSpan(w.Snap, f).Start)
		where = fmt.Sprintf("%s:%d:%d", where, line, col)
	}
	msg := diagnostics.DropMessage(w.Snap, f, diagnostics.Options{})
	if f.Drop.Code.Unread() {
		return fmt.Sprintf("%s: %s; the rendered text leaves it out", where, msg)
	}
	return fmt.Sprintf("DSH drops %s: %s", where, msg)
}

// Unread says which skill files skill-ls did not read or decode, and
// which roots it did not list to the end: DSH would load what they hold,
// so the text rendered may lack it.
func (w Why) Unread() []string {
	var out []string
	for _, f := range w.Snap.Registry.Dropped() {
		if f != nil && f.Drop != nil && f.Drop.Code.Unread() {
			out = append(out, w.drop(f))
		}
	}
	for _, p := range w.Snap.Problems() {
		if p.Code.Unread() {
			out = append(out, fmt.Sprintf("%s: %s; the rendered text may lack the skills past them", w.rel(p.Path), p.Message))
		}
	}
	return out
}

// place names a skill's file with its root's source and rank.
func (w Why) place(s *skills.Skill) string {
	return fmt.Sprintf("%s (%s, rank %d)", w.rel(s.Path), s.Source, s.Rank)
}

// missing says why no skill has name: the files DSH drops that would
// define it, else the closest name.
func (w Why) missing(name, sigil string) []string {
	var out []string
	for _, f := range w.dropped(name) {
		out = append(out, w.drop(f))
	}
	if len(out) > 0 {
		return out
	}
	if w.Elsewhere != nil {
		for _, fo := range w.Elsewhere() {
			for _, f := range fo.Files {
				if f.Folder == name {
					out = append(out, fmt.Sprintf("%s is in %s, which DSH does not read (%s read it)", w.rel(f.Path), fo.Label, strings.Join(hosts.Names(fo.Hosts), ", ")))
				}
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	msg := fmt.Sprintf("no skill is named %q", name)
	if best := diagnostics.Closest(name, w.Snap.Registry); best != "" {
		msg += fmt.Sprintf("; did you mean %s%s?", sigil, best)
	}
	return []string{msg}
}

// resolved says which file a found name resolves to when other files
// have the same name: the ones it shadows and the ones DSH drops.
func (w Why) resolved(s *skills.Skill) []string {
	var out []string
	for _, other := range w.Snap.Registry.All(s.Name) {
		if other != s && other.Path != "" {
			out = append(out, fmt.Sprintf("%s is %s; DSH ignores %s, which it shadows", s.Name, w.place(s), w.place(other)))
		}
	}
	for _, f := range w.dropped(s.Name) {
		out = append(out, fmt.Sprintf("%s is %s, because %s", s.Name, w.place(s), w.drop(f)))
	}
	return out
}

// SkillNotes says why the skill tool's result for name is what it is.
func (w Why) SkillNotes(name, result string) []string {
	s := w.Snap.Registry.Lookup(name)
	switch {
	case s == nil && strings.HasSuffix(result, "is unknown or no longer available"):
		return w.missing(name, "")
	case s == nil:
		return nil
	case !s.Invocation.ModelInvocable:
		return append([]string{fmt.Sprintf("%s has disable-model-invocation: true in %s", name, w.rel(s.Path))}, w.resolved(s)...)
	}
	return w.resolved(s)
}

// InvokeNotes says, for each /name of the text blocks that injects
// nothing, why: punctuation touches it, no skill has the name (DSH drops
// the file that would), or the skill is not user-invocable; and, for a
// name that injects, which file it resolves to when others share it. A
// name that injects anywhere in the message is not reported as missing.
func (w Why) InvokeNotes(texts []string) []string {
	var out []string
	injects := map[string]bool{}
	for _, name := range render.GestureNames(texts) {
		if s := w.Snap.Registry.Lookup(name); s != nil && s.Invocation.UserInvocable {
			injects[name] = true
			out = append(out, w.resolved(s)...)
		}
	}
	for _, text := range texts {
		for _, c := range render.GestureCandidates(text) {
			if injects[c.Name] {
				continue
			}
			s := w.Snap.Registry.Lookup(c.Name)
			token := text[c.Start:c.End]
			var why []string
			switch {
			case !c.Injects:
				why = []string{fmt.Sprintf("punctuation touches it, and DSH needs a space or the edge of the text on both sides of %s", token)}
				if s == nil {
					why[0] += fmt.Sprintf(" (and no skill is named %q)", c.Name)
				}
			case s == nil:
				why = w.missing(c.Name, "/")
			default:
				why = []string{fmt.Sprintf("%s has user-invocable: false in %s", c.Name, w.rel(s.Path))}
			}
			for _, y := range why {
				out = append(out, fmt.Sprintf("%s is not injected: %s", token, y))
			}
		}
	}
	return unique(out)
}

// unique returns lines without repeats, in order.
func unique(lines []string) []string {
	seen := map[string]bool{}
	return slices.DeleteFunc(lines, func(l string) bool {
		dup := seen[l]
		seen[l] = true
		return dup
	})
}
