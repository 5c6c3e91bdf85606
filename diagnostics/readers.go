package diagnostics

import (
	"context"
	"path/filepath"
	"slices"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
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
