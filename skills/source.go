package skills

import (
	"bytes"
	"errors"
	"hash/maphash"

	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// A workspace keeps, for a file it read from disk, what rules and editor
// features need (frontmatter values and spans, the outline, directives,
// findings) and drops the bytes: a language server holds thousands of
// closed files for hours, and check needs no body once its rules ran.
// Snapshot.Text reads the bytes again and proves they are the ones that
// were parsed: same size, same 64-bit hash under the workspace's seed.

// ErrChangedOnDisk reports that a lean file changed on disk since it was
// parsed: the snapshot's spans no longer index its bytes, and the change's
// event is on its way with a newer snapshot.
var ErrChangedOnDisk = errors.New("the file changed on disk since it was read")

// textSource reads the bytes of a workspace's lean files.
type textSource struct {
	seed maphash.Seed
	// read reads a skill file as discovery does (readSkillFile), into
	// buf's memory when it is large enough.
	read func(path string, buf []byte) ([]byte, error)
}

// newTextSource returns the source of a new workspace, which reads its
// skill files with readFile.
func newTextSource(readFile func(path string, buf []byte) ([]byte, int64, error)) *textSource {
	return &textSource{seed: maphash.MakeSeed(), read: func(p string, buf []byte) ([]byte, error) {
		src, _, err := readFile(p, buf)
		return src, err
	}}
}

// lean returns f, a file just read from disk whose size when opened was
// size and that nothing else holds yet, without its bytes: f itself, made
// lean in place. Files that are not plain text read by DSH's production
// path, or whose size moved while they were read, keep their bytes.
func (ts *textSource) lean(f *skillfile.File, size int64) *skillfile.File {
	text := f.InMemory()
	if text == nil || f.Mode != skillfile.ReadFS || f.Frontmatter == nil || size != int64(len(text.Src())) {
		return f
	}
	f.DropText(maphash.Bytes(ts.seed, text.Src()))
	return f
}

// same reports whether b are the bytes f was parsed from.
func (ts *textSource) same(f *skillfile.File, b []byte) bool {
	sum, lean := f.Sum()
	if !lean {
		text := f.InMemory()
		return text != nil && bytes.Equal(text.Src(), b)
	}
	return ts != nil && len(b) == f.Size() && maphash.Bytes(ts.seed, b) == sum
}

// Text returns the bytes of f, a file of this snapshot, with their line
// index: at once for a file in memory, else read again from disk. It fails
// with ErrChangedOnDisk when the bytes on disk are not those that were
// parsed, with the read error when they cannot be read, and when f could
// not be read at all.
func (s *Snapshot) Text(f *skillfile.File) (*spans.LineIndex, error) {
	return s.TextInto(f, nil)
}

// TextInto is Text reading a lean file into *mem's memory, and leaving
// the memory it read into there for the next call (nil: new memory). It
// is for a caller that reads many files one after another and keeps none
// of their bytes (the text formats, a Run's rules, the server's
// publishing): the index it returns holds *mem until that caller's next
// read into it.
func (s *Snapshot) TextInto(f *skillfile.File, mem *[]byte) (*spans.LineIndex, error) {
	if text := f.InMemory(); text != nil {
		return text, nil
	}
	if _, lean := f.Sum(); !lean {
		return nil, errors.New("skill-ls could not read " + f.Path + ": " + f.ReadErr())
	}
	var buf []byte
	if mem != nil {
		buf = (*mem)[:0]
	}
	src, err := s.source.read(f.Path, buf)
	if err != nil {
		return nil, err
	}
	if mem != nil {
		*mem = src
	}
	if !s.source.same(f, src) {
		return nil, ErrChangedOnDisk
	}
	return spans.NewLineIndex(src), nil
}

// TextFor is TextInto for a caller that needs only the lines span
// touches: a lean file's kept first lines serve a span inside them (most
// findings are in the frontmatter) without reading the disk. The index it
// returns may cover only part of the file.
func (s *Snapshot) TextFor(f *skillfile.File, span spans.Span, mem *[]byte) (*spans.LineIndex, error) {
	if x := f.TextFor(span); x != nil {
		return x, nil
	}
	return s.TextInto(f, mem)
}

// SameBytes reports whether b are the bytes f was parsed from, without
// reading the disk.
func (s *Snapshot) SameBytes(f *skillfile.File, b []byte) bool { return s.source.same(f, b) }

// WithContent returns sk with its Content: sk itself for a skill without a
// file (a runtime skill), else a copy whose Content is its file's trimmed
// body, read through Text.
func (s *Snapshot) WithContent(sk *Skill) (*Skill, error) {
	if sk == nil || sk.File == nil {
		return sk, nil
	}
	idx, err := s.Text(sk.File)
	if err != nil {
		return nil, err
	}
	c := *sk
	c.Content = string(idx.Src()[sk.File.ContentSpan.Start:sk.File.ContentSpan.End])
	return &c, nil
}
