package config

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
)

// hostileConfigs are config files of size bytes in the shapes that cost
// a YAML decoder the most per byte, under keys that check their entries.
func hostileConfigs(size int) map[string]string {
	fill := func(head, unit, tail string) string {
		n := (size - len(head) - len(tail)) / len(unit)
		return head + strings.Repeat(unit, n) + tail
	}
	return map[string]string{
		"flow-map":       fill("k: {", "a,", "b}\n"),
		"rules-flow-map": fill("rules: {", "a,", "b}\n"),
		"flow-seq":       fill("hosts: [", "a,", "b]\n"),
		"empty-keys":     fill("", "a:\n", ""),
		"block-seq":      fill("ignore:\n", "- a\n", ""),
	}
}

// TestHostileConfigRefused: a config file past MaxEntries is one error at
// the entry past the bound, found without decoding the file.
func TestHostileConfigRefused(t *testing.T) {
	for name, text := range hostileConfigs(MaxSize - 64) {
		t.Run(name, func(t *testing.T) {
			var errs []Error
			allocs := testing.AllocsPerRun(1, func() { _, errs = Parse("/p/.skill-ls.yaml", []byte(text)) })
			_, past := dshyaml.CountEntries([]byte(text), MaxEntries)
			if len(errs) != 1 || !strings.Contains(errs[0].Message, "more than 10000 YAML entries") || errs[0].Span.Start != past {
				t.Fatalf("%d errors, first %+v; want one at %d saying more than 10000 YAML entries", len(errs), first(errs), past)
			}
			if e := errs[0]; e.Line != strings.Count(text[:past], "\n")+1 || e.Col != past-strings.LastIndexByte(text[:past], '\n') {
				t.Errorf("at %d:%d, want the line and column of offset %d", e.Line, e.Col, past)
			}
			if allocs > 50 {
				t.Errorf("%v allocations, want at most 50", allocs)
			}
		})
	}
}

// TestConfigErrorsLinear: a config within the bounds with an error for
// each of its thousands of entries costs bytes in proportion to them, not
// to the entries times the file (a line table and a replacer per error),
// and so do the errors its compiler adds through Errorf.
func TestConfigErrorsLinear(t *testing.T) {
	for name, text := range map[string]string{
		"rules":      "rules:\n" + strings.Repeat("  a:\n", 3000),
		"empty-keys": strings.Repeat("a:\n", 3000),
		"hosts":      "hosts:\n" + strings.Repeat("- a\n", 3000),
	} {
		t.Run(name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			c, errs := Parse("/p/.skill-ls.yaml", []byte(text))
			for _, h := range c.Hosts {
				errs = append(errs, c.Errorf(h.Span, "unknown host %q", h.Value))
			}
			runtime.ReadMemStats(&after)
			if len(errs) < 1000 {
				t.Fatalf("%d errors, want one for each of thousands of entries", len(errs))
			}
			if bytes := after.TotalAlloc - before.TotalAlloc; bytes > 2048*uint64(len(errs)) {
				t.Errorf("%d bytes for %d errors, want at most 2 KiB each", bytes, len(errs))
			}
		})
	}
}

func first(errs []Error) any {
	if len(errs) == 0 {
		return nil
	}
	return errs[0]
}

// BenchmarkParseHostileConfigs parses each 1 MiB hostile config file.
func BenchmarkParseHostileConfigs(b *testing.B) {
	for name, text := range hostileConfigs(MaxSize - 64) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, errs := Parse("/p/.skill-ls.yaml", []byte(text)); len(errs) == 0 {
					b.Fatal(fmt.Sprintf("%s: no error", name))
				}
			}
		})
	}
}
