package diagnostics

import (
	"context"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// Rules per reader: a rule that speaks of a host speaks of the hosts that
// read the file. A .claude/skills file, which DSH never reads, was told
// "DSH ignores the key when_to_use; did you mean whenToUse?" (Claude Code
// reads when_to_use) and "DSH's catalog shows only its first 497
// characters"; a key Claude Code reads misspelled (allowed_tools) got
// nothing, since DSH reads no allowed-tools.

// dshReads reports whether DSH reads the pass's file, so that a rule may
// speak of DSH: always without hosts selected (DSH's rules, byte for
// byte), else when the file is in DSH's roots.
func (p *Pass) dshReads() bool {
	return !p.opts.hostMode() || p.Snap.InRoots(p.File.Path)
}

// readers returns the selected hosts other than DSH that read the pass's
// file (hosts.Matrix.Readers), else, when none does, those whose search
// passes it over in a folder they read (the hosts it was written for).
// Before the hosts are evaluated (a Quick run without a matrix), it is
// every selected host but DSH.
func (p *Pass) readers() []*hosts.Host {
	others := slices.DeleteFunc(slices.Clone(p.opts.Hosts), func(h *hosts.Host) bool { return h.ID == hosts.DSH })
	if p.opts.Quick && p.opts.Matrix == nil {
		return others
	}
	hv := p.run.hostView()
	if hv == nil {
		return others
	}
	if rs := hv.m.Readers(p.File.Path, others...); len(rs) > 0 {
		return rs
	}
	return hv.m.PassOver(p.File.Path, others...)
}

// linkedReaders returns, for a file DSH reads, another path of it (a link
// to its bundle in .claude/skills) by which selected hosts other than DSH
// read it, as the messages name it (".claude/skills/tdd"), and those of
// them that read key: renaming a key DSH ignores takes it from them
// (Claude Code reads when_to_use). "" and nil when there is none. Only
// rows of the same folder name are resolved (the fix judge's openLinked
// asks the same of the disk).
func (p *Pass) linkedReaders(key string) (string, []string) {
	hv := p.run.hostView()
	if hv == nil || !p.dshReads() {
		return "", nil
	}
	others := slices.DeleteFunc(slices.Clone(p.opts.Hosts), func(h *hosts.Host) bool { return h.ID == hosts.DSH })
	folder, real := filepath.Base(filepath.Dir(p.File.Path)), ""
	for _, row := range hv.m.Rows {
		if row.Path == p.File.Path || filepath.Base(filepath.Dir(row.Path)) != folder {
			continue
		}
		names := readersOf(hv.m.Readers(row.Path, others...), key)
		if len(names) == 0 {
			continue
		}
		if real == "" {
			real = discovery.RealPath(p.File.Path)
		}
		if real != "" && discovery.RealPath(row.Path) == real {
			return row.RootLabel + "/" + folder, names
		}
	}
	return "", nil
}

// readerKeys returns the frontmatter keys the hosts of rs read, each once.
func readerKeys(rs []*hosts.Host) []string {
	var out []string
	for _, h := range rs {
		for _, k := range h.Keys() {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	return out
}

// readersOf returns the names of the hosts of rs that read key.
func readersOf(rs []*hosts.Host, key string) []string {
	var out []string
	for _, h := range rs {
		if slices.Contains(h.Keys(), key) {
			out = append(out, h.Name)
		}
	}
	return out
}

// The files a check adds to the snapshot it judges besides DSH's roots:
// `skill-ls check` and the server's workspace pass both ask HostFiles, so
// that the editor's diagnostics of a file only another host reads are
// check's without the file being opened.

// HostFiles returns, sorted, the skill files the selected hosts of opts
// discover that DSH's roots in snap do not hold, and those their searches
// pass over that look meant as skill files (a skill.md, a flat
// quick-fix.md in .claude/skills) outside DSH's roots. A host whose
// search fails makes the whole answer nil and the error: a partial list
// would judge a folder as if it held fewer skills.
func HostFiles(ctx context.Context, snap *skills.Snapshot, opts Options) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	for _, h := range opts.Hosts {
		if h.ID == hosts.DSH {
			continue
		}
		files, misses, err := h.DiscoverMisses(ctx, opts.HostEnv)
		if err != nil {
			return nil, err
		}
		// A miss inside DSH's roots is DSH's discovery's to judge (a
		// skill.md there is skill-md-case's).
		misses = slices.DeleteFunc(misses, func(f hosts.File) bool { return inDSHRoot(snap, f.Path) })
		for _, f := range append(files, misses...) {
			if seen[f.Path] || snap.InRoots(f.Path) {
				continue
			}
			seen[f.Path] = true
			out = append(out, f.Path)
		}
	}
	slices.Sort(out)
	return out, nil
}

// inDSHRoot reports whether path lies in one of DSH's roots.
func inDSHRoot(snap *skills.Snapshot, path string) bool {
	return slices.ContainsFunc(snap.Roots, func(r discovery.RootState) bool { return discovery.Within(path, r.Root.Dir) })
}

// One file, one fact: a bundle linked from .agents/skills and from
// .claude/skills (or one folder a link to the other) is one file that the
// check reads by two paths. An unquoted ": " in it was DSH's finding on
// the one path and the hosts' on the other, the same words twice. It is
// reported once, on the file's primary path, naming what DSH and the
// hosts do through the other paths; the other paths say nothing of it.
// The primary path is the one an editor answers the file's buffer as
// (lsp's LinkedAs): the real path when a host reads the file there, else
// the first of its paths.

// linkedRow is another path of the pass's file that a host reads.
type linkedRow struct {
	path, label string // the path, and its bundle as messages name it (".claude/skills/tdd")
}

// sameFileRows returns the other paths of the pass's file (links
// resolved) that the matrix has rows for, sorted, whether or not the
// snapshot holds them (the server checks DSH's roots and the hosts'
// folders in views of their own); only rows of the same folder name are
// resolved (as linkedReaders does).
func (p *Pass) sameFileRows() []linkedRow {
	hv := p.run.hostView()
	if hv == nil {
		return nil
	}
	folder, real := filepath.Base(filepath.Dir(p.File.Path)), ""
	var out []linkedRow
	for _, row := range hv.rowsNamed(folder) {
		if row.Path == p.File.Path {
			continue
		}
		if real == "" {
			if real = discovery.RealPath(p.File.Path); real == "" {
				return nil
			}
		}
		if discovery.RealPath(row.Path) == real {
			out = append(out, linkedRow{path: row.Path, label: row.RootLabel + "/" + folder})
		}
	}
	slices.SortFunc(out, func(a, b linkedRow) int { return strings.Compare(a.path, b.path) })
	return out
}

// isPrimary reports whether the pass's path is its file's primary path
// among others.
func (p *Pass) isPrimary(others []linkedRow) bool {
	return p.reportsAt(others) == p.File.Path
}

// reportsAt returns the path the file's shared findings are reported on:
// its primary path among others, or the pass's own when the run does not
// check the primary path (a check of PATHs outside it), where nothing
// would report them.
func (p *Pass) reportsAt(others []linkedRow) string {
	if primary := p.primaryPath(others); p.Snap.File(primary) != nil {
		return primary
	}
	return p.File.Path
}

// primaryPath returns the path of the pass's file, among its own and
// others, that its findings are reported on (PrimaryPath).
func (p *Pass) primaryPath(others []linkedRow) string {
	paths := []string{p.File.Path}
	for _, r := range others {
		paths = append(paths, r.path)
	}
	return PrimaryPath(discovery.RealPath(p.File.Path), paths)
}

// PrimaryPath returns the path, among paths (one file's paths that hosts
// read, links resolved; at least one), that the file's findings are
// reported on: real, its real path, when a host reads it there, else the
// first of paths. The language server asks it too: a buffer of another
// path shows the primary path's findings, which it then publishes empty.
func PrimaryPath(real string, paths []string) string {
	if slices.Contains(paths, real) {
		return real
	}
	return slices.Min(paths)
}

// linkedFactWords says what the readers of the file's other paths do for
// the YAML fact, as a sentence to append to the primary path's finding
// (" Through .claude/skills/tdd, Goose skips it too."), with their own
// words as related locations; "" when none of them says anything.
func (p *Pass) linkedFactWords(others []linkedRow) (string, []Related) {
	var b strings.Builder
	var related []Related
	for _, o := range others {
		qp := &Pass{Snap: p.Snap, File: p.sameFileAt(o.path), opts: p.opts, run: p.run, rules: p.rules, grade: p.grade, rawFact: true}
		var parts []string
		if p.Snap.InRoots(o.path) {
			if d, ok := yamlFact(qp); ok && p.opts.dshSelected() && p.dshFactRuns() {
				parts = append(parts, "DSH drops it too")
				related = append(related, Related{Path: o.path, Span: d.Span, Message: d.Message})
			}
		} else if fact, ok := yamlFact(qp); ok {
			skip, repair, rel, _ := factParts(qp, hostFindings(qp), fact)
			if len(skip) > 0 {
				parts = append(parts, hosts.JoinNames(skip)+verbFor(skip, " skips", " skip")+" it too")
			}
			if len(repair) > 0 {
				parts = append(parts, hosts.JoinNames(repair)+verbFor(repair, " reads", " read")+" it only through a fallback")
			}
			related = append(related, rel...)
		}
		if len(parts) > 0 {
			b.WriteString(" Through " + o.label + ", " + strings.Join(parts, "; ") + ".")
		}
	}
	return b.String(), related
}

// sameFileAt returns the pass's file as the snapshot holds it at path,
// another path of it, else the pass's file by that path: the same bytes.
func (p *Pass) sameFileAt(path string) *skillfile.File {
	if f := p.Snap.File(path); f != nil {
		return f
	}
	f := *p.File
	f.Path = path
	return &f
}

// dshFactRuns reports whether DSH's own rule of the pass's YAML fact runs.
func (p *Pass) dshFactRuns() bool {
	r := p.lookup(string(p.File.Drop.Code))
	return r != nil && p.grade(r) != SeverityOff
}

// linkDSHFact applies one file, one fact to DSH's finding of a YAML
// mistake on a file of DSH's roots that hosts read by other paths too: on
// the primary path it names what they do, elsewhere it is dropped (the
// primary path's finding says it).
func linkDSHFact(p *Pass) {
	if !p.opts.hostMode() || p.File.Drop == nil || !p.Snap.InRoots(p.File.Path) {
		return
	}
	fact, ok := yamlFact(p)
	if !ok {
		return
	}
	at := slices.IndexFunc(p.out, func(d Diagnostic) bool { return d.Code == string(p.File.Drop.Code) && d.Span == fact.Span })
	if at < 0 {
		return
	}
	others := p.sameFileRows()
	if len(others) == 0 {
		return
	}
	if !p.isPrimary(others) {
		p.out = slices.Delete(p.out, at, at+1)
		return
	}
	if words, related := p.linkedFactWords(others); words != "" {
		p.out[at].Message = strings.TrimSuffix(p.out[at].Message, ".") + "." + words
		p.out[at].Related = append(p.out[at].Related, related...)
	}
}

// One file, one set of findings: a file the check reads by several paths
// (a bundle linked from .agents/skills and from .claude/skills) is one
// file, and a finding that is the same fact on each path (same code, same
// span, same words once the paths are set aside: side-effect-model-
// invocable, a security finding) is reported once, on the file's primary
// path (primaryPath, as the YAML fact of linkDSHFact). A finding that
// differs by path (a host reads one path and not the other) stays on its
// path.

// dropLinkedSame removes from the pass's findings those its file's
// primary path, another path of the same file, reports too (theirs
// gives them: nil, the primary path's file is checked once more). An
// editor's buffer of the other path (Options.Buffer) gets the primary
// path's findings of its own text instead, at its own path: the file's
// one set, in the buffer the user opened.
func dropLinkedSame(p *Pass, theirs func(primary string) ([]Diagnostic, bool)) {
	if !p.opts.hostMode() {
		return
	}
	buffer := p.opts.isBuffer(p.File.Path)
	if len(p.out) == 0 && !buffer {
		return
	}
	dropLinkedSameAmong(p, p.sameFileRows(), theirs)
}

// dropLinkedSameAmong is dropLinkedSame once the file's other paths,
// others, are known: a whole Run looks them up to see whether a file has
// any, and resolving each path's real path again would cost twice.
func dropLinkedSameAmong(p *Pass, others []linkedRow, theirs func(primary string) ([]Diagnostic, bool)) {
	if len(others) == 0 {
		return
	}
	buffer := p.opts.isBuffer(p.File.Path)
	primary := p.reportsAt(others)
	if primary == p.File.Path {
		return
	}
	var found []Diagnostic
	ok := false
	if !buffer && theirs != nil {
		found, ok = theirs(primary)
	}
	if !ok {
		at := p.sameFileAt(primary)
		if buffer { // the buffer's text, which may differ from the disk's
			f := *p.File
			f.Path, at = primary, &f
		}
		found = p.run.checkFile(at)
	}
	p.out = slices.DeleteFunc(p.out, func(d Diagnostic) bool {
		return slices.ContainsFunc(found, func(t Diagnostic) bool { return sameFinding(d, t, p.File.Path, primary) })
	})
	if buffer {
		for _, d := range found {
			p.out = append(p.out, movedTo(d, primary, p.File.Path))
		}
	}
}

// movedTo returns d, a finding at path from, as the same file's finding
// at path to: its related locations and its fixes' edits in the file
// too, so that a quick fix edits the buffer once.
func movedTo(d Diagnostic, from, to string) Diagnostic {
	d.Path = to
	d.Related = slices.Clone(d.Related)
	for i := range d.Related {
		if d.Related[i].Path == from {
			d.Related[i].Path = to
		}
	}
	d.Fixes = slices.Clone(d.Fixes)
	for i := range d.Fixes {
		d.Fixes[i].Edits = slices.Clone(d.Fixes[i].Edits)
		for j := range d.Fixes[i].Edits {
			if d.Fixes[i].Edits[j].Path == from {
				d.Fixes[i].Edits[j].Path = to
			}
		}
	}
	return d
}

// sameFinding reports whether a, a finding at path a, and b, one at path b,
// of one file, are the same fact: same code and span, and the same words
// once each path is set aside.
func sameFinding(a, b Diagnostic, pathA, pathB string) bool {
	return a.Code == b.Code && a.Span == b.Span &&
		strings.ReplaceAll(a.Message, pathA, "") == strings.ReplaceAll(b.Message, pathB, "")
}
