package skills

import (
	"path/filepath"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// A skill file outside the roots (another host's folder, .claude/skills,
// put in the workspace as an open buffer by check and by the editor) is a
// bundle to that host when it is named SKILL.md: its folder's own files
// ship with it and run with the agent's permissions as much as a DSH
// bundle's do. Their findings are read when the buffer is opened, before
// the lock that publishes snapshots (derive reads no file), and kept
// while it is edited, as a disk file's are kept until the file changes.

// bundleFileName is the skill file of a bundle.
const bundleFileName = "SKILL.md"

// outsideBundles returns, by path, the bundle findings of the buffers the
// edits open outside cur's roots whose file is a bundle's SKILL.md (nil
// when the workspace reads no bundle files). A buffer cur already holds
// outside the roots keeps its findings (placeBuffer).
func (w *Workspace) outsideBundles(cur *Snapshot, edits []Change) map[string][]skillfile.BundleFinding {
	if !w.opts.BundleFiles || w.opts.CatalogOnly {
		return nil
	}
	var out map[string][]skillfile.BundleFinding
	for _, c := range edits {
		if c.Kind != ChangeOpen || filepath.Base(c.Path) != bundleFileName || cur.disk.At(c.Path) != nil {
			continue
		}
		if old, ok := cur.open.Get(c.Path); ok && old.root < 0 {
			continue
		}
		if out == nil {
			out = map[string][]skillfile.BundleFinding{}
		}
		out[c.Path] = outsideBundleFacts(skillfile.Parse(c.Path, c.Text, skillfile.ReadFS))
	}
	return out
}

// outsideBundleFacts reads the own files of the bundle whose skill file f
// lies outside the roots, as bundleFacts reads a root entry's.
func outsideBundleFacts(f *skillfile.File) []skillfile.BundleFinding {
	dir := filepath.Dir(f.Path)
	return examineBundle(new(discovery.BundleReader), discovery.ListBundle(dir, f.Path), linkTargets(f, dir))
}

// outsideBundleOf returns the skill file of the buffer outside the roots
// whose bundle folder holds path ("" when none does): the folders above
// path, nearest first, holding an open SKILL.md with bundle findings.
func (s *Snapshot) outsideBundleOf(path string) string {
	for dir := filepath.Dir(path); ; {
		skill := filepath.Join(dir, bundleFileName)
		if p, ok := s.open.Get(skill); ok && p.root < 0 && len(p.bundle) > 0 {
			return skill
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// keptBundle returns the bundle findings a buffer placed outside the
// roots at path carries: those read when it was opened (read), else
// those of old, the buffer it replaces.
func keptBundle(path string, read map[string][]skillfile.BundleFinding, old *placed) []skillfile.BundleFinding {
	if b, ok := read[path]; ok {
		return b
	}
	if old != nil && old.root < 0 {
		return old.bundle
	}
	return nil
}
