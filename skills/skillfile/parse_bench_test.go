package skillfile_test

import (
	"os"
	"testing"

	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// BenchmarkParseCorpus parses the skill files of a synthetic corpus (the
// one check's figures are measured on), read into memory first: the CPU
// Parse spends on the files people write.
func BenchmarkParseCorpus(b *testing.B) {
	c, err := skilltest.WriteCorpus(b.TempDir(), skilltest.CorpusOptions{N: 2000, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	srcs := make([][]byte, len(c.SkillFiles))
	var total int64
	for i, p := range c.SkillFiles {
		if srcs[i], err = os.ReadFile(p); err != nil {
			b.Fatal(err)
		}
		total += int64(len(srcs[i]))
	}
	b.SetBytes(total)
	b.ReportAllocs()
	for b.Loop() {
		for i, src := range srcs {
			skillfile.Parse(c.SkillFiles[i], src, skillfile.ReadFS)
		}
	}
}
