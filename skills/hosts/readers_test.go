package hosts

import (
	"path/filepath"
	"slices"
	"testing"
)

// TestReaders checks the one answer to "who reads this file" on a
// .claude/skills folder beside DSH's .agents/skills: the hosts whose
// search finds a file, and those that read its folder but pass over a
// skill.md, a flat file or a bundle nested too deep (Matrix.Missed holds
// the files no host finds; the matrix's table does not).
func TestReaders(t *testing.T) {
	dir := t.TempDir()
	project, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
	skill := "---\nname: x\ndescription: Does x.\n---\nBody.\n"
	claude := filepath.Join(project, ".claude", "skills")
	write(t, filepath.Join(project, ".git", "HEAD"), "ref: refs/heads/main\n")
	write(t, filepath.Join(claude, "ok", "SKILL.md"), skill)
	write(t, filepath.Join(claude, "lower", "skill.md"), skill)
	write(t, filepath.Join(claude, "flat.md"), skill)
	write(t, filepath.Join(claude, "README.md"), "# Skills\n")
	write(t, filepath.Join(claude, "tools", "deep", "SKILL.md"), skill)
	write(t, filepath.Join(project, ".agents", "skills", "dsh", "SKILL.md"), skill)
	opts := Options{Cwd: project, Home: home}
	opts.DSH.DSHHome = filepath.Join(home, ".dsh")
	opts.DSH.AgentsHome = filepath.Join(home, ".agents")
	hs := []*Host{Lookup(string(DSH)), Lookup(string(Claude)), Lookup(string(Goose))}
	m, err := Build(t.Context(), hs, opts)
	if err != nil {
		t.Fatal(err)
	}
	ids := func(list []*Host) []ID {
		var out []ID
		for _, h := range list {
			out = append(out, h.ID)
		}
		return out
	}
	for _, c := range []struct {
		path             string
		readers, passers []ID
	}{
		{filepath.Join(claude, "ok", "SKILL.md"), []ID{Claude, Goose}, nil},
		{filepath.Join(claude, "lower", "skill.md"), nil, []ID{Claude, Goose}},
		{filepath.Join(claude, "flat.md"), nil, []ID{Claude, Goose}},
		{filepath.Join(claude, "README.md"), nil, nil}, // no frontmatter: not meant as a skill
		{filepath.Join(claude, "tools", "deep", "SKILL.md"), []ID{Goose}, []ID{Claude}},
		{filepath.Join(project, ".agents", "skills", "dsh", "SKILL.md"), []ID{DSH, Goose}, nil},
	} {
		if got := ids(m.Readers(c.path)); !slices.Equal(got, c.readers) {
			t.Errorf("Readers(%s) = %v, want %v", c.path, got, c.readers)
		}
		if got := ids(m.PassOver(c.path)); !slices.Equal(got, c.passers) {
			t.Errorf("PassOver(%s) = %v, want %v", c.path, got, c.passers)
		}
	}
	if got := ids(m.Readers(filepath.Join(claude, "ok", "SKILL.md"), Lookup(string(Claude)))); !slices.Equal(got, []ID{Claude}) {
		t.Errorf("Readers among Claude Code = %v", got)
	}
	for _, r := range m.Rows {
		if filepath.Base(r.Path) != "SKILL.md" {
			t.Errorf("the matrix's table holds %s, which no host finds", r.Path)
		}
	}
}
