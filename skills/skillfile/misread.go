package skillfile

import (
	"bytes"
	"strings"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
)

// misread.go: the cheap signs that a frontmatter holds what YAML reads
// otherwise than it looks, which the yaml-misread rule then words.

// JoinedListItem returns the offset in src of the "-" that starts the
// line after fld's plain value when that line is indented under the key:
// YAML joins it to the value ("allowed-tools: Bash" then "  - Read" is the
// string "Bash - Read"), where the author meant a list. It is -1 otherwise.
func JoinedListItem(fld dshyaml.Field, src []byte) int {
	v := fld.Value
	if !v.Plain || v.Kind != dshyaml.KindString || fld.ValueSpan.End >= len(src) || !strings.Contains(v.Str, "-") {
		return -1
	}
	keyCol := fld.KeySpan.Start - (bytes.LastIndexByte(src[:fld.KeySpan.Start], '\n') + 1)
	for off := fld.ValueSpan.End; ; {
		nl := bytes.IndexByte(src[off:], '\n')
		if nl < 0 {
			return -1
		}
		start, end := off+nl+1, len(src)
		if e := bytes.IndexByte(src[start:], '\n'); e >= 0 {
			end = start + e
		}
		line := src[start:end]
		item := bytes.TrimLeft(line, " ")
		if len(bytes.TrimSpace(item)) == 0 {
			off = end // a blank line: the value may go on after it
			continue
		}
		indent := len(line) - len(item)
		if indent <= keyCol || !(bytes.HasPrefix(item, []byte("- ")) || string(bytes.TrimRight(item, "\r")) == "-") {
			return -1
		}
		return start + indent
	}
}

// misreadSigns are the bytes of a frontmatter that YAML may read otherwise
// than it looks.
var misreadSigns = [][]byte{[]byte(": &"), []byte(": !"), []byte(":\t&"), []byte(":\t!"), []byte(" #"), []byte("\u00a0")}

// mayMisread reports whether f's frontmatter holds a sign of a misreading,
// or its body starts indented (a value cut by the closing ---).
func mayMisread(f *File, src []byte) bool {
	fm := f.Frontmatter
	if fm == nil {
		return false
	}
	if f.BodySpan.Len() > 0 && (src[f.BodySpan.Start] == ' ' || src[f.BodySpan.Start] == '\t') {
		return true
	}
	for _, fld := range fm.Fields() {
		if JoinedListItem(fld, src) >= 0 {
			return true
		}
		for _, e := range fld.Entries {
			if JoinedListItem(e, src) >= 0 {
				return true
			}
		}
	}
	text := src[fm.YAMLSpan.Start:fm.YAMLSpan.End]
	for _, sign := range misreadSigns {
		if bytes.Contains(text, sign) {
			return true
		}
	}
	return false
}
