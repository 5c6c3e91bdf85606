package discovery

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// TestCollationOrderMatchesCompare checks the key-based order against
// sorting with the collator's Compare, on names with case, accents,
// punctuation and characters that collate alike.
func TestCollationOrderMatchesCompare(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	unusual := []string{"a", "b", "z", "A", "Z", "0", "9", "-", "_", ".", " ", "é", "É", "e", "ß", "ss", "æ", "ae", "日", "ｱ", "ア", "𐐀", "\u0301", "ﬁ", "fi"}
	usual := []string{"a", "b", "m", "z", "0", "5", "9", "-", ".", "md", "x-", "-y", ".m", "A", "_"}
	for round := range 400 {
		alpha := unusual
		if round%2 == 1 {
			alpha = usual // mostly plain names, some not: both comparisons meet
		}
		names := make([]string, r.IntN(300))
		for i := range names {
			var b strings.Builder
			for range 1 + r.IntN(5) {
				b.WriteString(alpha[r.IntN(len(alpha))])
			}
			names[i] = b.String()
		}
		want := slices.Clone(names)
		c := newCollator()
		slices.SortStableFunc(want, func(a, b string) int {
			if r := c.CompareString(a, b); r != 0 {
				return r
			}
			return strings.Compare(a, b)
		})
		got := make([]string, len(names))
		order := collationOrder(names)
		for i, at := range order {
			got[i] = names[at]
			// Equal names keep their listed order, as in a stable sort.
			if i > 0 && got[i] == got[i-1] && order[i-1] > at {
				t.Fatalf("collationOrder: %q at %d before %d", got[i], order[i-1], at)
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("collationOrder:\n got %q\nwant %q", got, want)
		}
	}
}

// TestExamineListedMatchesExamineEntry checks that using the listing's types
// changes no verdict.
func TestExamineListedMatchesExamineEntry(t *testing.T) {
	dir := t.TempDir()
	write := func(p, s string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(dir, "bundle", "SKILL.md"), "---\nname: bundle\n---\n")
	write(filepath.Join(dir, "lower", "skill.md"), "x")
	write(filepath.Join(dir, "flat.md"), "x")
	write(filepath.Join(dir, "notes.txt"), "x")
	write(filepath.Join(dir, "empty", "README"), "x")
	write(filepath.Join(dir, ".system", "SKILL.md"), "x")
	if err := os.MkdirAll(filepath.Join(dir, "dirskill", "SKILL.md"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "dir.md"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, l := range [][2]string{{"bundle", "linked"}, {"flat.md", "linked.md"}, {"missing", "broken"}, {"missing.md", "broken.md"}} {
		if err := os.Symlink(filepath.Join(dir, l[0]), filepath.Join(dir, l[1])); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(dir, "nowhere"), filepath.Join(dir, "bundle", "x")); err != nil {
		t.Fatal(err)
	}
	_ = syscall.Mkfifo(filepath.Join(dir, "fifo.md"), 0o644)
	ents, err := readDirEntries(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []skillfile.ReadMode{skillfile.ReadFS, skillfile.ReadNode} {
		for _, skip := range []bool{false, true} {
			r := Root{Dir: dir, Mode: mode, SkipSystem: skip}
			for _, e := range ents {
				ge, gp := examineListed(r, e.Name(), e.Type())
				we, wp := Examine(r, e.Name())
				if !reflect.DeepEqual(ge, we) || !reflect.DeepEqual(gp, wp) {
					t.Errorf("%s (mode %v, skip %v): examineListed = %+v %+v, examineEntry = %+v %+v", e.Name(), mode, skip, ge, gp, we, wp)
				}
			}
		}
	}
}

// TestPlainNamesCollateInByteOrder backs collationOrder's shortcut: names of
// [-.0-9a-z] compare as bytes exactly as the collator (then bytes) does.
func TestPlainNamesCollateInByteOrder(t *testing.T) {
	c := newCollator()
	r := rand.New(rand.NewPCG(9, 10))
	const alpha = "-.0123456789abcdefghijklmnopqrstuvwxyz"
	word := func() string {
		var b strings.Builder
		for range r.IntN(8) {
			b.WriteByte(alpha[r.IntN(len(alpha))])
		}
		return b.String()
	}
	for range 100000 {
		a, b := word(), word()
		switch r.IntN(3) {
		case 0:
			b = a + word() // a prefix
		case 1:
			if len(a) > 0 {
				b = a[:r.IntN(len(a))] + word() // a common prefix
			}
		}
		want := c.CompareString(a, b)
		if want == 0 {
			want = strings.Compare(a, b)
		}
		if got := strings.Compare(a, b); got != want {
			t.Fatalf("%q vs %q: collator %d, bytes %d", a, b, want, got)
		}
	}
}

// TestRootStateStale: a listed root is stale when it appears, goes or
// stops being a folder, and not when it is as the listing saw it.
func TestRootStateStale(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "skills")
	r := Root{Dir: dir}
	step := func(what string, change func(), wantStale bool) {
		t.Helper()
		before := List(r)
		change()
		if got := before.Stale(); got != wantStale {
			t.Errorf("%s: Stale() = %v, want %v", what, got, wantStale)
		}
		if after := List(r); after.Stale() {
			t.Errorf("%s: a fresh listing is stale", what)
		}
	}
	step("missing, unchanged", func() {}, false)
	step("appears", func() { must(t, os.Mkdir(dir, 0o755)) }, true)
	step("folder, unchanged", func() {}, false)
	step("goes", func() { must(t, os.Remove(dir)) }, true)
	step("becomes a file", func() { must(t, os.WriteFile(dir, nil, 0o644)) }, false)
	step("a file becomes a folder", func() { must(t, os.Remove(dir)); must(t, os.Mkdir(dir, 0o755)) }, true)
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestEntryRecordSize: an entry is at most 72 bytes: check keeps every
// root's entries while its rules run (100,000 at 100k skills), and its
// modification time is the nanoseconds a comparison needs, not a 24-byte
// time.Time.
func TestEntryRecordSize(t *testing.T) {
	if size := reflect.TypeFor[Entry]().Size(); size > 72 {
		t.Errorf("an Entry is %d bytes, over 72", size)
	}
}
