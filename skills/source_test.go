package skills

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
	"weak"
)

// leanTree writes skills whose bodies exercise what a lean file must give
// back: non-ASCII text, CRLF, a BOM, links, headings, suppression comments,
// plus files that stay in memory (binary, no frontmatter is still text).
func leanTree(t *testing.T) (dir string, files map[string]string) {
	t.Helper()
	dir = t.TempDir()
	skillsDir := filepath.Join(dir, "project", ".agents", "skills")
	files = map[string]string{
		"pdf/SKILL.md":  "---\nname: pdf\ndescription: Fill PDF forms — é, 日本, 𐐀.\n---\n# Forms\n\nSee [guide](references/guide.md) and [gone](nope.md).\n\n## Steps 𐐀\n\n<!-- skill-ls-disable-next-line link-missing -- later -->\n[x](missing.md)\n",
		"crlf/SKILL.md": "\xEF\xBB\xBF---\r\nname: crlf\r\ndescription: Windows line endings\r\n---\r\n# Title\r\n\r\nBody [a](a.md)\r\n",
		"bad/SKILL.md":  "---\nname: bad\ndescription: x: y\n---\nbody\n",
		"bin/SKILL.md":  "---\x00binary",
		"flat.md":       "---\nname: flat\ndescription: A flat skill.\n---\nFlat body.\n",
		"nofm/SKILL.md": "no frontmatter here\n",
	}
	for rel, text := range files {
		writeFile(t, filepath.Join(skillsDir, rel), text)
	}
	return dir, files
}

// loadFullAndLean loads the tree at dir twice: with the bytes in memory,
// and lean (LeanBodies, or the options given).
func loadFullAndLean(t *testing.T, dir string, leanOpts ...LoadOptions) (full, lean *Snapshot) {
	t.Helper()
	full, err := Load(t.Context(), testRoots(dir), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	opts := LoadOptions{LeanBodies: true}
	if len(leanOpts) > 0 {
		opts = leanOpts[0]
	}
	lean, err = Load(t.Context(), testRoots(dir), opts)
	if err != nil {
		t.Fatal(err)
	}
	return full, lean
}

// TestLeanBodiesGiveTheSameFacts loads a tree twice, with the bytes in
// memory and lean, and compares what every file gives back: lean with the
// outline computed at once (the server), and with bodies on demand (the
// CLI, whose files are read into reused memory).
func TestLeanBodiesGiveTheSameFacts(t *testing.T) {
	for name, opts := range map[string]LoadOptions{"LeanBodies": {LeanBodies: true}, "BodiesOnDemand": {BodiesOnDemand: true}} {
		t.Run(name, func(t *testing.T) { testLeanFacts(t, opts) })
	}
}

func testLeanFacts(t *testing.T, opts LoadOptions) {
	dir, _ := leanTree(t)
	full, lean := loadFullAndLean(t, dir, opts)
	if summary(full) != summary(lean) {
		t.Fatalf("summaries differ:\n%s\n%s", summary(full), summary(lean))
	}
	leanCount := 0
	for _, want := range full.Files() {
		got := lean.File(want.Path)
		if got.Lean() {
			leanCount++
		}
		// Asked first: a file on demand scans its body again for it.
		if !reflect.DeepEqual(got.Outline(), want.Outline()) {
			t.Errorf("%s: outline differs: %+v / %+v", want.Path, got.Outline(), want.Outline())
		}
		src, err := got.Source()
		if err != nil || !bytes.Equal(src, want.Text()) {
			t.Errorf("%s: Source = %q, %v; want %q", want.Path, src, err, want.Text())
		}
		if !got.SameBytes(want.Text()) || got.SameBytes(append(want.Text(), ' ')) {
			t.Errorf("%s: SameBytes wrong", want.Path)
		}
		if !reflect.DeepEqual(got.Headings(), want.Headings()) || !reflect.DeepEqual(got.Outline().Links, want.Outline().Links) {
			t.Errorf("%s: outline differs: %+v / %+v", want.Path, got.Outline(), want.Outline())
		}
		if !reflect.DeepEqual(got.Directives(), want.Directives()) {
			t.Errorf("%s: directives differ", want.Path)
		}
		for off := range len(want.Text()) + 1 {
			l1, c1 := got.Lines().Position(off)
			l2, c2 := want.Lines().Position(off)
			if l1 != l2 || c1 != c2 {
				t.Fatalf("%s: position of %d = %d:%d, want %d:%d", want.Path, off, l1, c1, l2, c2)
			}
		}
		if want.Def != nil {
			s, err := got.Def.WithContent()
			if err != nil || s.Content != want.Def.Content || s.Content == "" {
				t.Errorf("%s: content %q, %v; want %q", want.Path, s.Content, err, want.Def.Content)
			}
		}
	}
	// pdf, crlf, bad, flat and nofm are text read by the production path;
	// the binary file stays as it is.
	if leanCount != 5 {
		t.Errorf("%d lean files, want 5", leanCount)
	}
}

// TestLeanBodyChangedOnDisk: a lean file whose bytes change before the
// workspace hears of it gives no bytes (and no positions to edit at); a
// touch that keeps the bytes changes nothing; the change applied gives a
// new lean file.
func TestLeanBodyChangedOnDisk(t *testing.T) {
	dir, _ := leanTree(t)
	ws := NewWorkspace(testRoots(dir), LoadOptions{LeanBodies: true})
	snap, err := ws.Load(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "project", ".agents", "skills", "flat.md")
	f := snap.File(path)
	if !f.Lean() {
		t.Fatal("flat.md is not lean")
	}
	before := f.Def.Description

	// A touch: same bytes, new modification time.
	if err := os.Chtimes(path, time.Now().Add(5*time.Second), time.Now().Add(5*time.Second)); err != nil {
		t.Fatal(err)
	}
	forget(f)
	if _, err := f.Source(); err != nil {
		t.Errorf("after a touch: %v", err)
	}

	// Same size, other bytes.
	old, _ := os.ReadFile(path)
	changed := bytes.Replace(old, []byte("Flat body."), []byte("Flat BODY."), 1)
	if err := os.WriteFile(path, changed, 0o644); err != nil {
		t.Fatal(err)
	}
	forget(f)
	if _, err := f.Source(); !errors.Is(err, ErrChangedOnDisk) {
		t.Errorf("Source after a same-size rewrite: %v, want ErrChangedOnDisk", err)
	}
	if _, err := f.Index(); !errors.Is(err, ErrChangedOnDisk) {
		t.Errorf("Index: %v", err)
	}
	if f.Lines().LineCount() != 1 || f.Text() != nil {
		t.Errorf("a changed file still gives lines or text")
	}
	if _, err := f.Def.WithContent(); err == nil {
		t.Errorf("WithContent of a changed file succeeded")
	}

	// The change arrives.
	next := ws.Apply(t.Context(), Change{Kind: ChangeDisk, Path: path})
	nf := next.File(path)
	if nf == f || !nf.Lean() || nf.Def.Description != before {
		t.Fatalf("after Apply: same=%t lean=%t", nf == f, nf.Lean())
	}
	if s, err := nf.Def.WithContent(); err != nil || s.Content != "Flat BODY." {
		t.Errorf("content after the change = %q, %v", s.Content, err)
	}

	// Gone from disk before the workspace knows.
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	forget(nf)
	if _, err := nf.Source(); err == nil {
		t.Errorf("Source of a deleted file succeeded")
	}
}

// forget drops the bytes a lean file holds weakly (as a collection does
// once no one uses them), so that the next Source reads the disk.
func forget(f *File) {
	if f.lean == nil {
		return
	}
	f.lean.mu.Lock()
	f.lean.held = weak.Pointer[LineIndex]{}
	f.lean.mu.Unlock()
}

// TestBorrowIndex: a borrowed index gives the file's bytes and positions;
// memory given back is lent again for another file, with that file's bytes
// and nothing of the last; a file someone holds is shared; a lean file
// that changed on disk gives ErrChangedOnDisk and no bytes.
func TestBorrowIndex(t *testing.T) {
	dir, _ := leanTree(t)
	full, lean := loadFullAndLean(t, dir)
	// Twice over every file: the second round reads into memory given
	// back by the first (longer and shorter files in turn).
	for round := range 2 {
		for _, want := range full.Files() {
			got := lean.File(want.Path)
			forget(got)
			idx, release, err := got.BorrowIndex()
			if err != nil || !bytes.Equal(idx.Src(), want.Text()) {
				t.Fatalf("round %d, %s: borrowed %q, %v; want %q", round, want.Path, idx.Src(), err, want.Text())
			}
			if !reflect.DeepEqual(got.DirectivesIn(idx.Src()), want.Directives()) {
				t.Errorf("%s: DirectivesIn differs from Directives", want.Path)
			}
			for off := range len(want.Text()) + 1 {
				l1, c1 := idx.Position(off)
				l2, c2 := want.Lines().Position(off)
				if l1 != l2 || c1 != c2 {
					t.Fatalf("round %d, %s: position of %d = %d:%d, want %d:%d", round, want.Path, off, l1, c1, l2, c2)
				}
			}
			release()
		}
	}

	path := filepath.Join(dir, "project", ".agents", "skills", "pdf", "SKILL.md")
	f := lean.File(path)
	held, err := f.Index() // someone holds the file's index
	if err != nil {
		t.Fatal(err)
	}
	idx, release, err := f.BorrowIndex()
	if err != nil || idx != held {
		t.Errorf("BorrowIndex while the index is held: %p, %v; want the held %p", idx, err, held)
	}
	release()
	if !bytes.Equal(held.Src(), full.File(path).Text()) {
		t.Errorf("releasing a shared index changed its bytes")
	}

	old, _ := os.ReadFile(path)
	if err := os.WriteFile(path, bytes.Replace(old, []byte("Forms"), []byte("FORMS"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	forget(f)
	idx, release, err = f.BorrowIndex()
	defer release()
	if !errors.Is(err, ErrChangedOnDisk) || len(idx.Src()) != 0 {
		t.Errorf("BorrowIndex of a changed file: %d bytes, %v; want none and ErrChangedOnDisk", len(idx.Src()), err)
	}
}
