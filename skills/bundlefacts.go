package skills

import (
	"errors"
	"path/filepath"
	"slices"
	"sync"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// placeFacts makes the link facts of p, a file the load placed, and, when
// the workspace reads bundle files, the findings in its bundle's own
// files (bounded: see discovery.ReadBundleFiles) with br: the bundle
// listed first, so that a link target the listing met needs no stat of
// its own. With LoadOptions.BundleFilesWhenAsked the bundle is read when
// a rule first asks for its findings (bundleLater).
func (w *Workspace) placeFacts(p *placed, holder func(string) string, br *discovery.BundleReader) {
	exists := w.exists
	bundle := w.opts.BundleFiles && p.entry != nil && p.entry.Kind == discovery.EntryBundle
	var listing *discovery.BundleListing
	if bundle && !w.opts.BundleFilesWhenAsked {
		listing = discovery.ListBundle(p.entry.BaseDir, p.entry.Path)
		exists = func(t string) bool { return listing.Exists(t) || w.exists(t) }
	}
	p.links = linkFacts(p.file, p.entry.BaseDir, ownBundle(p), exists, holder)
	switch {
	case listing != nil:
		p.bundle = examineBundle(br, listing, linkTargets(p.file, p.entry.BaseDir))
		p.noEvals = listing.NoEvals()
	case bundle:
		p.later = &bundleLater{dir: p.entry.BaseDir, skill: p.entry.Path, linked: linkTargets(p.file, p.entry.BaseDir)}
	}
}

// bundleLater is the bundle read of a placed bundle entry, made when a
// rule first asks for its findings (Snapshot.BundleFindings): the
// server's load and its disk changes read no bundle, so that the
// discovery and the user's requests do not wait for them. The placed
// entry is shared by the snapshots that keep it, so its bundle is read
// once.
type bundleLater struct {
	once       sync.Once
	dir, skill string
	linked     []string // the skill file's link targets, from its parse
	found      []skillfile.BundleFinding
}

// findings reads the bundle on the first call and returns its findings.
func (b *bundleLater) findings() []skillfile.BundleFinding {
	b.once.Do(func() {
		b.found = examineBundle(new(discovery.BundleReader), discovery.ListBundle(b.dir, b.skill), b.linked)
		b.linked = nil
	})
	return b.found
}

// examineBundle reads the own files of the listed bundle with br (the
// linked files first) and returns what the security rules report of them,
// and what the bounds left out.
func examineBundle(br *discovery.BundleReader, l *discovery.BundleListing, linked []string) []skillfile.BundleFinding {
	var out []skillfile.BundleFinding
	skipped := br.Read(l, linked, skillfile.BundleWhole, func(bf discovery.BundleFile) {
		out = append(out, skillfile.ExamineBundleFile(bf.Path, bf.Head)...)
	})
	for _, s := range skipped {
		out = append(out, skillfile.BundleFinding{Kind: skillfile.BundleSkipped, Path: s.Path, What: s.Why})
	}
	return out
}

// linkTargets returns the targets of the local links of the skill file f
// whose links resolve against base (in body order, each once): a file the
// skill points the model at is read whatever the bounds of the bundle
// walk.
func linkTargets(f *skillfile.File, base string) []string {
	var out []string
	res := newLinkResolver(base)
	for _, l := range f.Outline.Links() {
		if t, ok := res.target(l.Dest); ok && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// BundleFindings returns the findings in the own files of the bundle whose
// skill file is at path, as read from disk when the snapshot's disk layer
// was made (an editor buffer of the skill file shares them); nil for a
// flat skill or an unknown path.
func (s *Snapshot) BundleFindings(path string) []skillfile.BundleFinding {
	if p, ok := s.open.Get(path); ok && p.root < 0 {
		return p.bundle // a bundle outside the roots (bufferbundles.go)
	}
	if p := s.disk.At(path); p != nil {
		if p.later != nil {
			return p.later.findings()
		}
		return p.bundle
	}
	return nil
}

// NoEvalFolder reports that the load listed the bundle folder dir of a
// skill in the roots and found no evals folder in it: the bundle has no
// eval file to read. false says nothing (no listing, or one with an
// evals entry).
func (s *Snapshot) NoEvalFolder(dir string) bool {
	p := s.disk.At(filepath.Join(dir, skillFileName))
	return p != nil && p.noEvals
}

// errNoFinding is BundleText's error for a path no bundle finding names.
var errNoFinding = errors.New("no bundle finding in this file")

// BundleText reads again the bundle file at path, which a finding of the
// snapshot names, and returns its bytes with their line index: how the
// outputs and the editor place a finding's related location in the file
// that holds it. Other paths are refused (errNoFinding): this is no way to
// read arbitrary files.
func (s *Snapshot) BundleText(path string) (*spans.LineIndex, error) {
	skill := s.skillHolding(path)
	if skill == "" {
		skill = s.outsideBundleOf(path)
	}
	if skill == "" {
		return nil, errNoFinding
	}
	for _, b := range s.BundleFindings(skill) {
		if b.Path == path && b.Kind != skillfile.BundleSkipped {
			src, err := discovery.ReadBundleText(path)
			if err != nil {
				return nil, err
			}
			return spans.NewLineIndex(src), nil
		}
	}
	return nil, errNoFinding
}
