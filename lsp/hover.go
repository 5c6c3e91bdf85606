package lsp

import (
	"context"
	"fmt"
	"strings"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/jstext"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"

	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/hosts"

	"github.com/skill-ls/skill-ls/lsp/session"
)

// Hover handles textDocument/hover on chat tokens and skill-file keys, values and links.
func (s *server) Hover(ctx context.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	t, err := s.target(p.TextDocument.URI, &p.Position)
	if err != nil {
		return nil, err
	}
	var text string
	var sp spans.Span
	switch {
	case t.chat():
		tok, ok := render.TokenAt(string(t.text), t.off)
		if !ok || tok.Name == "" {
			return nil, nil
		}
		text, sp = s.chatTokenHover(ctx, t, tok.Name), spans.Span{Start: tok.Start, End: tok.End}
	default:
		text, sp = s.skillFileHoverIn(ctx, t)
	}
	if text == "" {
		return nil, nil
	}
	r := t.rng(sp)
	return &protocol.Hover{Contents: markdownContent(text), Range: &r}, nil
}

// skillFileHoverIn is the hover in a skill file: DSH's words, with the
// hosts' line on the name. A file outside DSH's roots that other hosts
// read gets their words alone: DSH never reads it, so neither why DSH
// would drop it nor that it is in no root of DSH's is news to its author.
func (s *server) skillFileHoverIn(ctx context.Context, t *target) (string, spans.Span) {
	text, sp := skillFileHover(t)
	fld, onKey := fieldAt(t.file, t.off)
	onName := fld != nil && fld.Key == "name" && !onKey
	if !t.snap.InRoots(t.path) && t.file != nil {
		if h := s.hostHover(ctx, t); h != "" {
			if onName {
				return fmt.Sprintf("**%s**\n\n%s", mdEscape(fld.Value.Str), h), fld.ValueSpan
			}
			if fld != nil && fld.Key == "description" {
				if d := s.descriptionReadersHover(ctx, t); d != "" {
					return d, spans.Span{Start: fld.KeySpan.Start, End: max(fld.KeySpan.End, fld.ValueSpan.End)}
				}
			}
			if fld != nil && onKey && fld.Key != "description" {
				if k := s.keyReadersHover(ctx, t, fld.Key); k != "" {
					return k, fld.KeySpan
				}
			}
			if fld == nil && text == "" && inDropRegion(t.file, t.off) {
				// YAML DSH cannot read (Claude Code reads it line by line):
				// the line's key says where the cursor is.
				key, ksp := lineKey(t.text, t.off)
				if key == "name" {
					return h, lineSpan(t.text, t.off)
				}
				if k := s.keyReadersHover(ctx, t, key); key != "" && k != "" {
					return k, ksp
				}
				if kd, ok := skillfile.LookupKeyDoc(key); ok {
					return fmt.Sprintf("**%s**\n\n%s", kd.Key, kd.Doc), ksp
				}
			}
			return text, sp
		}
	}
	if dt, dsp, ok := dropHover(t, text, sp); ok {
		text, sp = dt, dsp
	}
	if fld != nil && onKey && dshIgnores(fld.Key) {
		text += s.linkedKeyReaders(ctx, t, fld.Key)
	}
	if onName {
		if h := s.hostHover(ctx, t); h != "" {
			text += "\n\n" + h
		}
	}
	return text, sp
}

// chatTokenHover is the hover on a chat's /name: DSH's skill, else the
// skill another of the chat's hosts loads (Claude Code's), else why
// nothing loads it.
func (s *server) chatTokenHover(ctx context.Context, t *target, name string) string {
	if t.snap.Registry.Lookup(name) == nil {
		if cs := s.chatSkillsFor(ctx, t).Lookup(name); cs != nil {
			if dropped := diagnostics.DroppedNamed(t.snap.Registry, name); len(dropped) > 0 && t.st.ChatHosts(t.path)[0].ID == hosts.DSH {
				return droppedSummary(t, name, dropped) + "\n" + hostSkillSummary(t, cs, false)
			}
			return hostSkillSummary(t, cs, t.st.ChatHosts(t.path)[0].ID == hosts.DSH)
		}
		return skillSummary(t, name)
	}
	text := skillSummary(t, name)
	if len(t.st.ChatHosts(t.path)) > 1 {
		if cs := s.chatSkillsFor(ctx, t).Lookup(name); cs != nil {
			if oc := otherCopies(t, cs); oc != "" {
				text = strings.TrimRight(text, "\n") + oc
			}
		}
	}
	return text
}

// hostSkillSummary is the hover text for a name that hosts other than DSH
// load: which, the description (fenced: the author's text), the file, and,
// when dshChat, that DSH does not load it.
func hostSkillSummary(t *target, cs *session.ChatSkill, dshChat bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**/%s** — loaded by %s\n\n", mdEscape(cs.Name), mdEscape(hosts.JoinNames(cs.HostNames())))
	if d := cs.Description(); d != "" {
		b.WriteString(mdFence(jstext.ModelText(d)))
		b.WriteString("\n\n")
	}
	fmt.Fprintf(&b, "- path: %s\n", mdCode(t.st.RelPath(cs.Path)))
	if dshChat {
		fmt.Fprintf(&b, "- DSH does not load it: DSH leaves %s as plain text\n", mdCode("/"+cs.Name))
	}
	return b.String()
}

// skillSummary is the hover text for a skill name as a user invokes it.
func skillSummary(t *target, name string) string {
	snap := t.snap
	sk := snap.Registry.Lookup(name)
	if sk == nil {
		if dropped := diagnostics.DroppedNamed(snap.Registry, name); len(dropped) > 0 {
			return droppedSummary(t, name, dropped)
		}
		msg := fmt.Sprintf("No skill named %s: DSH leaves %s as plain text.", mdCode(name), mdCode("/"+name))
		if near := diagnostics.Closest(name, snap.Registry); near != "" {
			msg += fmt.Sprintf(" Did you mean %s?", mdCode("/"+near))
		}
		return msg
	}
	var b strings.Builder
	// The description is the author's text: fenced, so that it cannot
	// show an image or pass for lines of this hover.
	fmt.Fprintf(&b, "**/%s** — %s skill\n\n", mdEscape(sk.Name), sk.Source)
	b.WriteString(mdFence(jstext.ModelText(sk.Description)))
	b.WriteString("\n\n")
	fmt.Fprintf(&b, "- path: %s\n", mdCode(t.st.RelPath(sk.Path)))
	if sk.Invocation.UserInvocable {
		b.WriteString("- `/name` injects its instructions into the message\n")
	} else {
		b.WriteString("- **not user-invocable**: DSH treats `/name` as plain text\n")
	}
	if sk.Invocation.ModelInvocable {
		b.WriteString("- the model can also load it (it is in the catalog)\n")
	} else {
		b.WriteString("- hidden from the model (`disable-model-invocation: true`)\n")
	}
	switch n := len(snap.Registry.All(name)) - 1; {
	case n == 1:
		b.WriteString("- wins over one other skill with this name\n")
	case n > 1:
		fmt.Fprintf(&b, "- wins over %d other skills with this name\n", n)
	}
	return b.String()
}

// droppedSummary is the hover text for a name whose only files DSH
// drops: the chat diagnostic's words, then each file and DSH's reason.
func droppedSummary(t *target, name string, dropped []*skillfile.File) string {
	var b strings.Builder
	b.WriteString(mdEscape(diagnostics.DroppedTokenMessage(name, dropped[0])) + ".\n\n")
	for _, f := range dropped {
		why := t.st.RelMsg(diagnostics.DropMessage(t.snap, f, t.st.OptionsFor(f.Path)))
		fmt.Fprintf(&b, "- %s: %s\n", mdCode(t.st.RelPath(f.Path)), mdEscape(why))
	}
	return b.String()
}

// skillFileHover covers frontmatter keys, the description (catalog line),
// the name (registry status) and links.
func skillFileHover(t *target) (string, spans.Span) {
	f := t.file
	if fld, onKey := fieldAt(f, t.off); fld != nil {
		if fld.Key == "description" {
			return descriptionHover(t, fld), spans.Span{Start: fld.KeySpan.Start, End: max(fld.KeySpan.End, fld.ValueSpan.End)}
		}
		if fld.Key == "name" && !onKey {
			return nameStatus(t, f), fld.ValueSpan
		}
		if kd, ok := skillfile.LookupKeyDoc(fld.Key); ok {
			return fmt.Sprintf("**%s**\n\n%s", kd.Key, kd.Doc), fld.KeySpan
		}
		if repl := skillfile.LegacyKeyReplacement(fld.Key); repl != "" {
			return fmt.Sprintf("**%s** is a legacy key: DSH drops the skill. Use `%s`.", fld.Key, repl), fld.KeySpan
		}
		return fmt.Sprintf("**%s**: DSH ignores this key.", mdEscape(fld.Key)), fld.KeySpan
	}
	if l := t.linkFact(); l != nil {
		return linkHover(t, l), l.Span
	}
	return "", spans.Span{}
}

func descriptionHover(t *target, fld *dshyaml.Field) string {
	maxLen := t.st.Settings.CatalogDescriptionMaxLength
	var b strings.Builder
	b.WriteString("**description**: the text the model sees in the catalog.\n\n")
	if fld.Value.Kind != dshyaml.KindString {
		fmt.Fprintf(&b, "This value is a %s, not a string: DSH drops the skill.\n", fld.Value.Kind)
		return b.String()
	}
	name := "name"
	if t.file.Def != nil {
		name = t.file.Def.Name
	} else if nf := t.file.Frontmatter.Field("name"); nf != nil && nf.Value.Kind == dshyaml.KindString {
		name = nf.Value.Str
	}
	_, units := jstext.Collapse(fld.Value.Str)
	line := render.CatalogLine(name, fld.Value.Str, maxLen)
	fmt.Fprintf(&b, "Catalog line:\n\n%s\n\n", mdFence(line))
	if units > maxLen {
		fmt.Fprintf(&b, "%s/%s characters: the catalog shows the first %s, then `...`.\n", jstext.Count(units), jstext.Count(maxLen), jstext.Count(maxLen-3))
	} else {
		fmt.Fprintf(&b, "%s/%s characters.\n", jstext.Count(units), jstext.Count(maxLen))
	}
	if t.file.Def != nil && !t.file.Def.Invocation.ModelInvocable {
		b.WriteString("\nThe skill has `disable-model-invocation: true`: it is not in the catalog.\n")
	}
	return b.String()
}

// nameStatus describes where the file stands in the registry.
func nameStatus(t *target, f *skillfile.File) string {
	snap := t.snap
	if f.Drop != nil {
		return fmt.Sprintf("DSH **drops** this skill: %s", mdEscape(t.st.RelMsg(diagnostics.DropMessage(snap, f, t.st.OptionsFor(t.path)))))
	}
	if f.Def == nil {
		return ""
	}
	sk := snap.SkillAt(f.Path)
	if sk == nil {
		if !snap.InRoots(f.Path) {
			return fmt.Sprintf("**%s**: this file is not in a skill root, so DSH never loads it.", mdEscape(f.Def.Name))
		}
		return fmt.Sprintf("**%s**", mdEscape(f.Def.Name))
	}
	if w := snap.Registry.ShadowOf(sk); w != nil {
		return fmt.Sprintf("**%s** is **shadowed** by %s (%s, rank %d): DSH ignores this file.", mdEscape(sk.Name), mdCode(t.st.RelPath(w.Path)), w.Source, w.Rank)
	}
	return fmt.Sprintf("**%s** — %s skill (rank %d), loaded by DSH.", mdEscape(sk.Name), sk.Source, sk.Rank)
}

// linkHover says where a link points, whether the target exists, and which
// skill it belongs to when it is another skill's.
func linkHover(t *target, l *skills.LinkFact) string {
	where := mdCode(t.st.RelPath(l.Target()))
	switch {
	case !l.Exists:
		return where + " does not exist"
	case l.Skill != "" && !l.Inside:
		if sk := t.snap.SkillAt(l.Skill); sk != nil {
			return fmt.Sprintf("%s, in the skill **%s** (%s)", where, mdEscape(sk.Name), sk.Source)
		}
		return where + ", in another skill's folder"
	}
	return where
}
