package diagnostics

import (
	"fmt"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills/hosts"
)

// The hosts that stumble on the same YAML mistake say one thing: an
// unquoted ": " in a .claude description made Goose's drop, Claude Code's
// and OpenCode's fallbacks and Codex's repair four findings at the same
// place, none of them saying "quote it". sameFact makes them one finding
// that names the hosts, says the mistake once and carries its one fix.

// repairNotes are the note codes of a host that reads YAML it cannot read
// as written: its reading is the same fact as another host's drop.
var repairNotes = []string{"yaml-fallback", "yaml-repaired"}

// sameFact merges the host findings that are about the YAML mistake DSH's
// own rule finds in the pass's file (an unquoted ": ", ...): the drops and
// repairs at its span become one finding, host-drops when a host skips the
// skill, whose message names those hosts and gives the mistake in DSH's
// rule's words (without "DSH drops this skill"), each host's own message a
// related location. Fewer than two such findings are left as they are.
func sameFact(p *Pass, found []hostFinding) []hostFinding {
	if p.rawFact {
		return found
	}
	fact, ok := yamlFact(p)
	if !ok {
		return found
	}
	skip, repair, related, out := factParts(p, found, fact)
	var words string
	if others := p.sameFileRows(); len(others) > 0 {
		if !p.isPrimary(others) {
			return out // the file's primary path says it
		}
		var more []Related
		words, more = p.linkedFactWords(others)
		related = append(related, more...)
	}
	if len(skip)+len(repair) == 0 || len(related) < 2 && words == "" {
		return found
	}
	merged := hostFinding{code: CodeHostNote, span: fact.Span, related: related,
		message: sameFactMessage(skip, repair, strings.TrimPrefix(fact.Message, dropPrefix))}
	if words != "" {
		merged.message = strings.TrimSuffix(merged.message, ".") + "." + words
	}
	if len(skip) > 0 {
		merged.code = CodeHostDrops
	}
	return append([]hostFinding{merged}, out...)
}

// factParts splits the host findings of the pass's file into those about
// the YAML fact (the hosts that skip the skill for it, those that read it
// through a fallback, and their words as related locations) and the rest.
func factParts(p *Pass, found []hostFinding, fact Diagnostic) (skip, repair []string, related []Related, rest []hostFinding) {
	for _, hf := range found {
		switch {
		case hf.span != fact.Span || hf.host == "":
			rest = append(rest, hf)
			continue
		case hf.code == CodeHostDrops:
			skip = append(skip, hf.host)
		case hf.code == CodeHostNote && slices.Contains(repairNotes, hf.note):
			repair = append(repair, hf.host)
		default:
			rest = append(rest, hf)
			continue
		}
		related = append(related, Related{Path: p.File.Path, Span: hf.span, Message: hf.message})
	}
	return skip, repair, related, rest
}

// sameFactMessage words a merged finding: "Goose and Codex 0.141 skip
// this skill: " and the mistake; without a host that skips it, "Claude
// Code and OpenCode read it only through a fallback: " and the mistake.
// A host that reads the skill is not named in a host-drops message (that
// names the hosts that skip it); its own words are a related location.
func sameFactMessage(skip, repair []string, mistake string) string {
	if len(skip) > 0 {
		return hosts.JoinNames(skip) + verbFor(skip, " skips", " skip") + " this skill: " + mistake
	}
	return hosts.JoinNames(repair) + verbFor(repair, " reads", " read") + " it only through a fallback: " + mistake
}

// verbFor returns one when names holds one name, else many.
func verbFor(names []string, one, many string) string {
	if len(names) == 1 {
		return one
	}
	return many
}

// yamlFact returns DSH's own finding on the pass's file when it is a YAML
// mistake that every reader of YAML trips on (an unquoted ": ", a tab
// indent, ...): the fact the hosts' findings at its span are about.
func yamlFact(p *Pass) (Diagnostic, bool) {
	if p.File.Drop == nil {
		return Diagnostic{}, false
	}
	switch string(p.File.Drop.Code) {
	case CodeYAMLUnquotedColon, CodeYAMLSyntax, CodeYAMLTabIndent, CodeYAMLDuplicateKey:
	default:
		return Diagnostic{}, false
	}
	return p.run.dropDiagnostic(p.Snap, p.File, Options{Profile: p.opts.Profile, MaxDescription: p.opts.MaxDescription})
}

// sameNameFact merges the hosts' findings about a missing name when a key
// of the frontmatter is a misspelling of name (Name:), on a file DSH does
// not read: Goose's and OpenCode's drops and the hosts that name the skill
// after its folder were five findings beside key-misspelled's, all about
// one typo. They become one finding at the key, host-drops when a host
// skips the skill, with the rename; key-misspelled then says nothing of it.
func sameNameFact(p *Pass, found []hostFinding) []hostFinding {
	if p.dshReads() {
		return found // DSH's own name-missing names the typo
	}
	fld := p.misspelledKey("name")
	if fld == nil {
		return found
	}
	var skip, folder []string
	var related []Related
	var out []hostFinding
	for _, hf := range found {
		switch {
		case hf.note != CodeNameMissing || hf.host == "":
			out = append(out, hf)
			continue
		case hf.code == CodeHostDrops:
			skip = append(skip, hf.host)
		default:
			folder = append(folder, hf.host)
		}
		related = append(related, Related{Path: p.File.Path, Span: hf.span, Message: hf.message})
	}
	if len(related) == 0 {
		return found
	}
	merged := hostFinding{code: CodeHostNote, span: fld.KeySpan, related: related, nameFact: true,
		message: sameNameMessage(skip, folder, fld.Key),
		fixes:   []Fix{{Title: fixTitle(titleRenameTo, "name"), Preferred: true, Edits: []Edit{p.Edit(fld.KeySpan, "name")}}}}
	if len(skip) > 0 {
		merged.code = CodeHostDrops
	}
	return append([]hostFinding{merged}, out...)
}

// sameNameMessage words sameNameFact's finding: "Goose and OpenCode skip
// this skill, and Claude Code names it after its folder: there is no name:
// key; rename "Name" to name".
func sameNameMessage(skip, folder []string, key string) string {
	var who string
	if len(skip) > 0 {
		who = hosts.JoinNames(skip) + verbFor(skip, " skips", " skip") + " this skill"
	}
	if len(folder) > 0 {
		if who != "" {
			who += ", and " + hosts.JoinNames(folder) + verbFor(folder, " names", " name") + " it after its folder"
		} else {
			who = hosts.JoinNames(folder) + verbFor(folder, " names", " name") + " this skill after its folder"
		}
	}
	return fmt.Sprintf("%s: there is no name: key, and hosts read keys spelled exactly so; rename %q to name", who, key)
}

// nameFactMerged reports whether the hosts' findings on the pass's file
// hold sameNameFact's finding, which key-misspelled then leaves to it.
func (p *Pass) nameFactMerged() bool {
	return slices.ContainsFunc(hostFindings(p), func(hf hostFinding) bool { return hf.nameFact })
}

// nameFactHosts marks the hosts' findings at the name of a file DSH does
// not read whose name is not kebab-case (PDF-Helper): the hosts that load
// it under another name say the fact name-invalid states, which then
// names them and carries their words as related locations, one finding
// instead of three.
func nameFactHosts(p *Pass, found []hostFinding) []hostFinding {
	if p.dshReads() || p.File.Drop == nil || string(p.File.Drop.Code) != CodeNameInvalid {
		return found
	}
	// Whether name-invalid runs, asked as Pass.runs does (which cannot be
	// named here: the host rules' table would refer to itself).
	if r := p.lookup(CodeNameInvalid); r == nil || p.grade(r) == SeverityOff || p.run.only != "" {
		return found
	}
	for i, hf := range found {
		if hf.code == CodeHostChanges && hf.host != "" && hf.span == p.File.Drop.Span {
			found[i].absorbed = true
		}
	}
	return found
}

// absorbedNames returns the hosts nameFactHosts marked, and their words
// as related locations.
func absorbedNames(p *Pass) (names []string, related []Related) {
	for _, hf := range hostFindings(p) {
		if hf.absorbed && !slices.Contains(names, hf.host) {
			names = append(names, hf.host)
			related = append(related, Related{Path: p.File.Path, Span: hf.span, Message: hf.message})
		}
	}
	return names, related
}

// sameWinner merges the host-shadowed findings whose hosts all use one
// other file instead of this one: "GitHub Copilot, GitHub Copilot CLI and
// Goose use .agents/skills/pr-review/SKILL.md instead" is one fact, each
// host's own words (its rule for picking that file) a related location.
// A winner only one host picks, or a finding whose verdict names no
// winner (hostFinding.winnerLabel), is left as it is.
func sameWinner(found []hostFinding) []hostFinding {
	groups := map[string][]int{}
	for i, hf := range found {
		if mergeableShadowed(hf) {
			groups[hf.winner] = append(groups[hf.winner], i)
		}
	}
	var out []hostFinding
	for i, hf := range found {
		g := groups[hf.winner]
		switch {
		case hf.code != CodeHostShadowed || len(g) < 2:
			out = append(out, hf)
		case g[0] == i:
			out = append(out, mergeShadowed(found, g))
		}
	}
	return out
}

// mergeShadowed is sameWinner's one finding of the findings at group.
func mergeShadowed(found []hostFinding, group []int) hostFinding {
	first := found[group[0]]
	merged := hostFinding{code: CodeHostShadowed, span: first.span, winner: first.winner, winnerLabel: first.winnerLabel}
	var names []string
	for _, i := range group {
		hf := found[i]
		names = append(names, hf.by)
		where := Related{Path: hf.winner, Message: hf.message}
		if len(hf.related) > 0 {
			where.Span = hf.related[0].Span
		}
		merged.related = append(merged.related, where)
	}
	merged.message = hosts.JoinNames(names) + " use " + first.winnerLabel + " instead"
	return merged
}

// mergeableShadowed reports whether hf is a host-shadowed finding whose
// verdict names its winner and the host that picks it.
func mergeableShadowed(hf hostFinding) bool {
	return hf.code == CodeHostShadowed && hf.winner != "" && hf.winnerLabel != "" && hf.by != ""
}

// A SKILL.md that is not text (a binary, a file saved as UTF-16 or
// Latin-1) in .claude/skills got one finding per host, each in its own
// words: three hosts' drops (a YAML error, "not valid UTF-8", "no
// frontmatter"), and Claude Code's notes and its description taken from
// the body. It is one fact: textFact makes them one finding that names
// the hosts that skip the skill and says what is wrong with the file,
// each host's words a related location.

// textFactCodes are the host rules whose findings on a file that is not
// text are about that: what each host makes of bytes it cannot read.
var textFactCodes = []string{CodeHostDrops, CodeHostChanges, CodeHostNote}

// textFact merges the hosts' findings on the pass's file when DSH's
// reader finds it is not text (binary-file, invalid-utf8): one finding at
// the first bad byte, host-drops when a host skips the skill. Fewer than
// two such findings are left as they are.
func textFact(p *Pass, found []hostFinding) []hostFinding {
	mistake, ok := notTextMistake(p)
	if !ok {
		return found
	}
	var skip, read []string
	var related []Related
	var out []hostFinding
	for _, hf := range found {
		if hf.host == "" || hf.absorbed || !slices.Contains(textFactCodes, hf.code) {
			out = append(out, hf)
			continue
		}
		names := &read
		if hf.code == CodeHostDrops {
			names = &skip
		}
		if !slices.Contains(*names, hf.host) {
			*names = append(*names, hf.host)
		}
		related = append(related, Related{Path: p.File.Path, Span: hf.span, Message: hf.message})
	}
	if len(related) < 2 {
		return found
	}
	read = slices.DeleteFunc(read, func(h string) bool { return slices.Contains(skip, h) })
	merged := hostFinding{code: CodeHostNote, span: p.File.Drop.Span, related: related}
	switch {
	case len(skip) > 0:
		merged.code = CodeHostDrops
		merged.message = hosts.JoinNames(skip) + verbFor(skip, " skips", " skip") + " this skill: " + mistake
	default:
		merged.message = hosts.JoinNames(read) + verbFor(read, " reads", " read") + " this skill from a file that is not text: " + mistake
	}
	return append([]hostFinding{merged}, out...)
}

// notTextMistake says, in no host's terms, why the pass's file is not
// text, when DSH's reader refuses it for that.
func notTextMistake(p *Pass) (string, bool) {
	if p.File.Drop == nil {
		return "", false
	}
	switch string(p.File.Drop.Code) {
	case CodeBinaryFile:
		return "the file holds a NUL byte (it is binary, or saved as UTF-16); save it as UTF-8 text", true
	case CodeInvalidUTF8:
		return "the file is not valid UTF-8 text (first bad byte here; it is saved as Latin-1 or another encoding); save it as UTF-8", true
	}
	return "", false
}
