package skillfile_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// hostileFiles are skill files shaped to cost a parser the most: each must
// parse in well under a second and 256 MB, however many are parsed at once
// (SECURITY.md, "Reads are bounded").
func hostileFiles() map[string][]byte {
	head := "---\nname: a\ndescription: d\n"
	keys := new(strings.Builder)
	for i := range 45000 {
		fmt.Fprintf(keys, "k%05d: v\n", i)
	}
	withBody := func(body string) []byte { return []byte(head + "---\n[r]: x\n" + body) }
	return map[string][]byte{
		"45k-keys":          []byte(head + keys.String() + "---\nbody\n"),
		"160KB-quote-line":  withBody(strings.Repeat(">", 160<<10) + " [a](b)\n"),
		"160KB-quote-lines": withBody(strings.Repeat("> ", 80<<10) + "[a](b)\n"),
		"4MiB-brackets":     withBody(strings.Repeat("[", 4<<20)),
		// Without a reference definition the fast link scanner reads first.
		"4MiB-brackets-scan": []byte(head + "---\n" + strings.Repeat("a [", (4<<20)/3)),
		"2.8MB-link-openers": withBody(strings.Repeat("[a](", 700<<10)),
		"1MB-star-lines":     withBody(strings.Repeat("*\n", 512<<10)),
		"1MB-unclosed-tags":  withBody(strings.Repeat("<a ", 340<<10)),
		"60KB-nested-links":  withBody(strings.Repeat("[", 30000) + strings.Repeat("](b)", 30000)),
		// The costliest bodies inside the CommonMark parser's bounds.
		"250KB-star-lines": withBody(strings.Repeat("*\n", 125<<10)),
		"250KB-setext":     withBody(strings.Repeat("a\n=\n", 62<<10)),
		"8k-nested-links":  withBody(strings.Repeat("[", 8000) + strings.Repeat("](b)", 8000)),
		"1k-link-openers":  withBody(strings.Repeat("[a](", 1000) + strings.Repeat("a", 240<<10)),
		"60-link-openers":  withBody(strings.Repeat("[a](", 60) + strings.Repeat("a", 240<<10)),
		// Markup a renderer drops, never closed, inside one HTML block:
		// each opening would search the rest of the block for its close.
		"4k-open-cdata": withBody("<div>\n" + strings.Repeat("<![CDATA[ <?a >", 4000) + strings.Repeat("a", 180<<10)),
	}
}

// BenchmarkHostileFiles parses each hostile file, then eight of them at
// once; B/op, all the parses allocated, bounds the memory they held.
func BenchmarkHostileFiles(b *testing.B) {
	for name, src := range hostileFiles() {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				skillfile.Parse("/r/a/SKILL.md", src, skillfile.ReadFS)
			}
		})
		b.Run(name+"/x8", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var wg sync.WaitGroup
				for range 8 {
					wg.Go(func() { skillfile.Parse("/r/a/SKILL.md", src, skillfile.ReadFS) })
				}
				wg.Wait()
			}
		})
	}
}
