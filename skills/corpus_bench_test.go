package skills_test

import (
	"bytes"
	"fmt"
	"os"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// The corpus benchmarks measure skill-ls over a synthetic tree written by
// skilltest.WriteCorpus:
//
//	go test -run '^$' -bench Corpus -benchtime 3x ./skills/
//
// BenchmarkLoad is a cold skills.Load (discovery, read, parse, resolve) with
// nothing cached in the engine; BenchmarkReadDecodeOnly is the baseline: read
// every skill file and YAML-decode its frontmatter, in parallel, with the
// file list given; BenchmarkCheck is what `skill-ls check` does (Load plus
// diagnostics.Run). Each reports ns/skill and the peak heap (peak-heap-MB,
// sampled from runtime/metrics during the timed loop) and the peak memory the
// Go runtime held (peak-sys-MB). The target is 10,000 skills resolved in
// under 1 s on 2 cores, within 2x of the read+decode baseline, with peak
// memory under 150 MB.

var corpusSizes = []int{1000, 10000}

// corpus writes the corpus of n skills to a fresh temporary directory.
func corpus(b *testing.B, n int) *skilltest.Corpus {
	b.Helper()
	c, err := skilltest.WriteCorpus(b.TempDir(), skilltest.CorpusOptions{N: n, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	return c
}

func BenchmarkLoad(b *testing.B) {
	for _, n := range corpusSizes {
		c := corpus(b, n)
		roots := discovery.Roots(c.RootOptions())
		b.Run(fmt.Sprintf("skills=%d", n), func(b *testing.B) {
			benchCorpus(b, n, func() {
				if _, err := skills.Load(b.Context(), roots, skills.LoadOptions{}); err != nil {
					b.Fatal(err)
				}
			})
			// The memory a snapshot keeps alive (what the language server
			// holds between edits), measured outside the timed loop.
			runtime.GC()
			snap, err := skills.Load(b.Context(), roots, skills.LoadOptions{})
			if err != nil {
				b.Fatal(err)
			}
			if w := len(snap.Registry.Winners()); w == 0 || w > n {
				b.Fatalf("got %d winners from %d skills", w, n)
			}
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			b.ReportMetric(float64(ms.HeapAlloc)/(1<<20), "retained-MB")
			runtime.KeepAlive(snap)
		})
	}
}

func BenchmarkCheck(b *testing.B) {
	for _, n := range corpusSizes {
		c := corpus(b, n)
		roots := discovery.Roots(c.RootOptions())
		b.Run(fmt.Sprintf("skills=%d", n), func(b *testing.B) {
			var errs int
			benchCorpus(b, n, func() {
				snap, err := skills.Load(b.Context(), roots, skills.LoadOptions{})
				if err != nil {
					b.Fatal(err)
				}
				ds := diagnostics.Run(b.Context(), snap, diagnostics.Options{})
				errs = 0
				for _, d := range ds {
					if d.Severity == diagnostics.SeverityError {
						errs++
					}
				}
			})
			if errs == 0 {
				b.Fatal("the corpus has broken skills, but no error was reported")
			}
			// The memory a checked snapshot and its diagnostics keep alive.
			runtime.GC()
			snap, err := skills.Load(b.Context(), roots, skills.LoadOptions{})
			if err != nil {
				b.Fatal(err)
			}
			ds := diagnostics.Run(b.Context(), snap, diagnostics.Options{})
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			b.ReportMetric(float64(ms.HeapAlloc)/(1<<20), "retained-MB")
			runtime.KeepAlive(snap)
			runtime.KeepAlive(ds)
		})
	}
}

func BenchmarkReadDecodeOnly(b *testing.B) {
	for _, n := range corpusSizes {
		c := corpus(b, n)
		files := c.SkillFiles
		b.Run(fmt.Sprintf("skills=%d", n), func(b *testing.B) {
			var decoded atomic.Int64
			benchCorpus(b, n, func() {
				decoded.Store(0)
				parallel(len(files), func(i int) {
					src, err := os.ReadFile(files[i])
					if err != nil {
						b.Error(err)
						return
					}
					if yml, ok := frontmatter(src); ok {
						var node yaml.Node
						if yaml.Unmarshal(yml, &node) == nil {
							decoded.Add(1)
						}
					}
				})
			})
			if got := decoded.Load(); got < int64(n)*9/10 {
				b.Fatalf("decoded %d of %d files", got, n)
			}
		})
	}
}

// frontmatter returns the YAML between the first two --- lines: the least
// any reader must do.
func frontmatter(src []byte) ([]byte, bool) {
	rest, ok := bytes.CutPrefix(src, []byte("---\n"))
	if !ok {
		return nil, false
	}
	if bytes.HasPrefix(rest, []byte("---\n")) {
		return nil, true
	}
	i := bytes.Index(rest, []byte("\n---\n"))
	if i < 0 {
		return nil, false
	}
	return rest[:i+1], true
}

// parallel runs f(0..n-1) on GOMAXPROCS workers, as the engine does.
func parallel(n int, f func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(n, runtime.GOMAXPROCS(0)) {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				f(i)
			}
		})
	}
	wg.Wait()
}

// benchCorpus runs op b.N times from a collected heap and reports ns/skill and
// the peak memory seen while op ran.
func benchCorpus(b *testing.B, n int, op func()) {
	b.ReportAllocs()
	peak := newPeakSampler()
	var elapsed time.Duration
	iters := 0
	for b.Loop() {
		b.StopTimer()
		runtime.GC()
		peak.start()
		b.StartTimer()
		t0 := time.Now()
		op()
		elapsed += time.Since(t0)
		iters++
		b.StopTimer()
		peak.stop()
		b.StartTimer()
	}
	if iters > 0 {
		b.ReportMetric(float64(elapsed.Nanoseconds())/float64(iters)/float64(n), "ns/skill")
	}
	heap, sys := peak.max()
	b.ReportMetric(float64(heap)/(1<<20), "peak-heap-MB")
	b.ReportMetric(float64(sys)/(1<<20), "peak-sys-MB")
}

// peakSampler polls runtime/metrics (which does not stop the world) every
// 500µs while started, and keeps the largest heap and the largest total of
// memory the runtime held (mapped minus released to the OS).
type peakSampler struct {
	samples        []metrics.Sample
	done           chan struct{}
	wg             sync.WaitGroup
	peakHeap, peak uint64
}

func newPeakSampler() *peakSampler {
	return &peakSampler{samples: []metrics.Sample{
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/memory/classes/total:bytes"},
		{Name: "/memory/classes/heap/released:bytes"},
	}}
}

func (p *peakSampler) sample() {
	metrics.Read(p.samples)
	heap := p.samples[0].Value.Uint64()
	sys := p.samples[1].Value.Uint64() - p.samples[2].Value.Uint64()
	p.peakHeap = max(p.peakHeap, heap)
	p.peak = max(p.peak, sys)
}

func (p *peakSampler) start() {
	p.done = make(chan struct{})
	p.wg.Go(func() {
		t := time.NewTicker(500 * time.Microsecond)
		defer t.Stop()
		for {
			p.sample()
			select {
			case <-p.done:
				return
			case <-t.C:
			}
		}
	})
}

func (p *peakSampler) stop() {
	close(p.done)
	p.wg.Wait()
	p.sample()
}

func (p *peakSampler) max() (heap, sys uint64) { return p.peakHeap, p.peak }
