package skills

import (
	"errors"
	"slices"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// bundleFacts reads the own files of p's bundle folder (bounded: see
// discovery.ReadBundleFiles) and returns what the security rules report
// of them: executables and archives, scripts that run remote code or read
// secrets, hidden text in Markdown. A flat skill has no bundle: nil.
func bundleFacts(p *placed) []skillfile.BundleFinding {
	if p.entry == nil || p.entry.Kind != discovery.EntryBundle {
		return nil
	}
	return examineBundle(p.entry.BaseDir, p.entry.Path, linkTargets(p.file, p.entry.BaseDir))
}

// examineBundle reads the own files of the bundle folder dir whose skill
// file is skill (bounded, the linked files first) and returns what the
// security rules report of them, and what the bounds left out.
func examineBundle(dir, skill string, linked []string) []skillfile.BundleFinding {
	var out []skillfile.BundleFinding
	files, skipped := discovery.ReadBundleFiles(dir, skill, linked, skillfile.BundleWhole)
	for _, bf := range files {
		out = append(out, skillfile.ExamineBundleFile(bf.Path, bf.Head)...)
	}
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
	for _, l := range f.Outline.Links {
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
		return p.bundle
	}
	return nil
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
