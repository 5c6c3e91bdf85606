package skillfile

// HiddenIn returns the runs of hidden characters in text that is not a
// skill file (a rendered preview, say): the same scan Parse makes of a
// file's text, so a preview marks exactly what the rules report.
func HiddenIn(text []byte) []Hidden { return hiddenChars(text, 0) }

// IsHiddenChar reports whether the kind is a run of characters (tag,
// bidi, zero-width, variation, private-use, control, escape) rather than
// hidden markup a reader sees in the source (a comment, padding).
func (k HiddenKind) IsHiddenChar() bool { return k >= HiddenTag && k <= HiddenEscape }
