package skillfile

import "github.com/skill-ls/skill-ls/skills/spans"

// rareFacts are the facts of a file that few files have. A workspace keeps
// a File for every skill file it read, for as long as it holds it; these
// sit behind one pointer, nil for a file without any of them.
type rareFacts struct {
	hidden       []Hidden
	directives   []Directive
	frameClosers []spans.Span
	placeholders []Placeholder
	readErr      string
}

// withRare sets f's rare facts, leaving the pointer nil when there are
// none.
func (f *File) withRare(r rareFacts) {
	if len(r.hidden) == 0 && len(r.directives) == 0 && len(r.frameClosers) == 0 && len(r.placeholders) == 0 && r.readErr == "" {
		f.rare = nil
		return
	}
	f.rare = &r
}

// setHidden sets the hidden text of f, a file being parsed, keeping its
// other rare facts.
func (f *File) setHidden(hidden []Hidden) {
	if f.rare != nil {
		f.rare.hidden = hidden
		return
	}
	f.withRare(rareFacts{hidden: hidden})
}

// Hidden returns the text the model reads but a reviewer does not see
// (invisible characters, HTML comments, hidden HTML, padding, host
// commands), at most a few hundred entries; the security rules read only
// it.
func (f *File) Hidden() []Hidden {
	if f.rare == nil {
		return nil
	}
	return f.rare.hidden
}

// Directives returns the file's suppression comments, in source order.
func (f *File) Directives() []Directive {
	if f.rare == nil {
		return nil
	}
	return f.rare.directives
}

// FrameClosers returns the spans of the </skill_instructions> and
// </skill_content> tags in the content: DSH does not escape the body, so
// each closes the frame the model reads the skill in.
func (f *File) FrameClosers() []spans.Span {
	if f.rare == nil {
		return nil
	}
	return f.rare.frameClosers
}

// Placeholders returns the content's $NAME and ${NAME} tokens (at most 64;
// bodyfacts.go).
func (f *File) Placeholders() []Placeholder {
	if f.rare == nil {
		return nil
	}
	return f.rare.placeholders
}

// ReadErr returns the I/O error text when the file could not be read, ""
// otherwise.
func (f *File) ReadErr() string {
	if f.rare == nil {
		return ""
	}
	return f.rare.readErr
}
