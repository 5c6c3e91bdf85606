// Package overlap finds the skills whose descriptions would match the same
// requests: each name and description split into weighted words, and the
// pairs that share distinctive words scored through an inverted index of
// the words (the description-overlap rule reports them).
package overlap

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The words of the description-overlap rule: how a name or description
// splits into the words the score counts, and how a word is reduced to
// its stem.

// Word is one word of a text: its stem and the word as written
// (lower-cased).
type Word struct{ Stem, Surface string }

// Words splits text into the words the overlap score counts.
func Words(text string) []Word {
	var out []Word
	forEachWord(text, func(stem, surface []byte) { out = append(out, Word{string(stem), string(surface)}) })
	return out
}

// forEachWord calls visit with the stem and the lower-cased spelling of
// every word of text the overlap score counts: runs of letters and digits
// of two characters or more, not only digits, not stop words. The slices
// are valid only during the call.
func forEachWord(text string, visit func(stem, word []byte)) {
	var buf [64]byte
	forEachRun(text, func(word []byte) {
		if st, ok := stemOf(word, buf[:0]); ok {
			visit(st, word)
		}
	})
}

// stemOf returns the stem of word (a lower-cased run of forEachRun),
// made in buf's memory, and whether the score counts the word: neither it
// nor its stem is a stop word.
func stemOf(word, buf []byte) ([]byte, bool) {
	if isStopWord(word) {
		return nil, false
	}
	st := stem(append(buf, word...))
	if len(st) == 0 || isStopWord(st) {
		return nil, false
	}
	return st, true
}

// forEachRun calls visit with every run of letters and digits of text of
// two characters or more and not only digits, lower-cased: the words
// before the stop words are left out. The slice is valid only during the
// call.
func forEachRun(text string, visit func(word []byte)) {
	var buf [64]byte
	word := buf[:0]
	for i := 0; i < len(text); {
		r, size := rune(text[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(text[i:])
		}
		if !isWordRune(r) {
			i += size
			continue
		}
		word = word[:0]
		runes, digits := 0, true
		for i < len(text) {
			if c := text[i]; c < utf8.RuneSelf { // ASCII: no decoding
				if !asciiWord[c] {
					break
				}
				if 'A' <= c && c <= 'Z' {
					c += 'a' - 'A'
				}
				word = append(word, c)
				digits = digits && '0' <= c && c <= '9'
				runes++
				i++
				continue
			}
			r, size = utf8.DecodeRuneInString(text[i:])
			if !isWordRune(r) {
				break
			}
			word = utf8.AppendRune(word, unicode.ToLower(r))
			digits = digits && unicode.IsDigit(r)
			runes++
			i += size
		}
		if runes >= 2 && !digits {
			visit(word)
		}
	}
}

// asciiWord marks the ASCII letters and digits.
var asciiWord = func() (t [utf8.RuneSelf]bool) {
	for c := range utf8.RuneSelf {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	return t
}()

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// stem removes the common English endings of a lower-cased word, in place:
// a plural s or es, ies → y, ing and ed (undoubling a final consonant),
// then a final e.
func stem(w []byte) []byte {
	n := len(w)
	has := func(suffix string) bool { return bytes.HasSuffix(w, []byte(suffix)) }
	switch {
	case n > 4 && has("ies"):
		w = append(w[:n-3], 'y')
	case n > 4 && (has("sses") || has("shes") || has("ches") || has("xes")):
		w = w[:n-2]
	case n > 3 && has("s") && !has("ss") && !has("us") && !has("is"):
		w = w[:n-1]
	}
	n = len(w)
	switch {
	case n > 5 && has("ing"):
		w = undouble(w[:n-3])
	case n > 4 && has("ed"):
		w = undouble(w[:n-2])
	}
	if n := len(w); n > 3 && w[n-1] == 'e' {
		w = w[:n-1]
	}
	return w
}

// undouble turns a final double consonant into one ("mapp" → "map"),
// except ll, ss and zz ("fill", "pass").
func undouble(w []byte) []byte {
	n := len(w)
	if n >= 3 && w[n-1] == w[n-2] && !strings.ContainsRune("aeiouylsz", rune(w[n-1])) {
		return w[:n-1]
	}
	return w
}

// isStopWord reports whether w (lower-cased, not empty) is one of
// stopWords.
func isStopWord(w []byte) bool { return stopWords[string(w)] }

// stopWords are the words the overlap score ignores: English
// function words, and the words nearly every skill description uses.
var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`
a about above after again against all also am an and any are as at be because been before being
below between both but by can cannot could did do does doing done down during each either else etc
eg ie few for from further had has have having he her here hers him his how however if in into is it
its itself just least less let like may me might more most must my no nor not now of off on once
one only onto or other others otherwise our ours out over own per same shall she should since so
some such than that the their theirs them then there these they this those through thus to too under
until up upon us very via was we were what whatever when whenever where whether which while who whom
whose why will with within without would yet you your yours
use used uses using user users ask asks asked asking skill skills help helps helping need needs
want wants mention mentions mentioned trigger triggers triggered invoke invoked
agent agents model claude assistant task tasks thing things something anything way ways work works
any every various given new get gets make makes`) {
		m[w] = true
	}
	return m
}()
