package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestCheckBadInput feeds check a hostile tree: a binary file, invalid
// UTF-8, a 50 MB SKILL.md, a FIFO named x.md, a symbolic link loop, a dangling link, an
// unreadable bundle, a SKILL.md that is a directory, a root that is a file
// and a root that does not exist. check must not crash or hang, must report
// each of them (or skip it with a clear line), and must still check the good
// skill next to them.
func TestCheckBadInput(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("FIFOs and permission bits are Unix")
	}
	dir := t.TempDir()
	root := filepath.Join(dir, "root")
	write := func(rel, text string) {
		t.Helper()
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("good/SKILL.md", "---\nname: good\ndescription: Fine.\n---\nBody.\n")
	write("bad/SKILL.md", "---\nname: bad\ndescription: Broken: here\n---\nBody.\n")
	write("binary/SKILL.md", "---\nname: binary\x00\n---\n")
	write("latin1.md", "---\nname: latin1\ndescription: caf\xe9\n---\n")
	write("locked/SKILL.md", "---\nname: locked\ndescription: Locked.\n---\n")
	write("huge/SKILL.md", "---\nname: huge\n")
	if err := os.Truncate(filepath.Join(root, "huge", "SKILL.md"), 50<<20); err != nil { // 50 MB, sparse
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "dirskill", "SKILL.md"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "fifo.md"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, l := range [][2]string{{"loop-a", "loop-b"}, {"loop-b", "loop-a"}, {"dangling.md", "nowhere.md"}} {
		if err := os.Symlink(l[1], filepath.Join(root, l[0])); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(".", filepath.Join(root, "self")); err != nil { // a directory loop
		t.Fatal(err)
	}
	locked := filepath.Join(root, "locked")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(locked, 0o755) })
	rootFile := filepath.Join(dir, "root-file")
	if err := os.WriteFile(rootFile, []byte("not a directory"), 0o644); err != nil {
		t.Fatal(err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var stdout, stderr bytes.Buffer
	code := run(ctx, []string{"check", "--no-default-roots",
		"--custom-dir", root, "--custom-dir", rootFile, "--custom-dir", filepath.Join(dir, "missing")},
		strings.NewReader(""), &stdout, &stderr)
	if code != exitFound {
		t.Errorf("got exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, exitFound, &stdout, &stderr)
	}
	out := stdout.String()
	for _, want := range []string{
		"bad/SKILL.md:3:14: error:",
		"binary/SKILL.md:", "[binary-file]",
		"latin1.md:", "[invalid-utf8]",
		"fifo.md:", "[not-regular-file]",
		"dirskill/SKILL.md:",
		"loop-a:", "[broken-symlink]",
		"dangling.md:",
		"huge/SKILL.md:", "[file-too-large]",
		"root-file:", "[root-not-directory]",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if os.Geteuid() != 0 && !strings.Contains(out, "locked") { // root reads anything
		t.Errorf("output does not mention the unreadable bundle:\n%s", out)
	}
	if strings.Contains(out, "good/SKILL.md") {
		t.Errorf("the good skill got a diagnostic:\n%s", out)
	}

	// The good skill is still listed, and the problems are too.
	stdout.Reset()
	stderr.Reset()
	code = run(ctx, []string{"list", "--no-default-roots", "--custom-dir", root, "--custom-dir", rootFile}, strings.NewReader(""), &stdout, &stderr)
	if code != exitOK {
		t.Errorf("list: got exit %d, want 0; stderr:\n%s", code, &stderr)
	}
	if !strings.Contains(stdout.String(), "good") || !strings.Contains(stdout.String(), "Problems:") {
		t.Errorf("list output:\n%s", &stdout)
	}

	// Explicit bad paths: a clear line each, exit 2, the rest still checked.
	stdout.Reset()
	stderr.Reset()
	code = run(ctx, []string{"check", filepath.Join(root, "fifo.md"), filepath.Join(root, "loop-a"), filepath.Join(root, "bad"), rootFile},
		strings.NewReader(""), &stdout, &stderr)
	if code != exitUsage {
		t.Errorf("got exit %d, want %d", code, exitUsage)
	}
	for _, want := range []string{"loop-a: too many levels of symbolic links", "root-file: not a skill file"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, &stderr)
		}
	}
	for _, want := range []string{"fifo.md:", "bad/SKILL.md:3:14: error:"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, &stdout)
		}
	}
}
