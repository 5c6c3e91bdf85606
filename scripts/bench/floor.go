package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"go.yaml.in/yaml/v3"
)

// runFloor is the floor every skill reader pays: list the roots, read each
// skill file (<root>/<dir>/SKILL.md or <root>/<name>.md), split off the
// frontmatter and decode it with yaml.v3 into a yaml.Node, and read the
// bundle's own files that check reads for the security rules (its
// folders listed 3 deep, at most 64 files, each read to its end up to
// 256 KiB), on all cores. Nothing else: no stat calls, no validation, no
// Markdown, no output but a count.
func runFloor(roots []string) error {
	if len(roots) == 0 {
		return fmt.Errorf("floor: no roots")
	}
	paths := make(chan string, 1024)
	var listers sync.WaitGroup
	for _, root := range roots {
		listers.Go(func() {
			d, err := os.Open(root)
			if err != nil {
				return // a missing root is empty
			}
			defer d.Close()
			ents, _ := d.ReadDir(-1) // d_type: no stat per entry
			for _, e := range ents {
				switch {
				case e.IsDir():
					paths <- filepath.Join(root, e.Name(), "SKILL.md")
				case e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".md"):
					paths <- filepath.Join(root, e.Name())
				}
			}
		})
	}
	go func() {
		listers.Wait()
		close(paths)
	}()
	var files, decoded, bundleBytes atomic.Int64
	var workers sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		workers.Go(func() {
			for p := range paths {
				src, err := os.ReadFile(p)
				if err != nil {
					continue // a bundle without SKILL.md
				}
				files.Add(1)
				if filepath.Base(p) == "SKILL.md" {
					budget := bundleFloorFiles
					bundleBytes.Add(readBundleFloor(filepath.Dir(p), 1, &budget))
				}
				if yml, ok := splitFrontmatter(src); ok {
					var node yaml.Node
					if yaml.Unmarshal(yml, &node) == nil {
						decoded.Add(1)
					}
				}
			}
		})
	}
	workers.Wait()
	fmt.Printf("%d files, %d decoded, %d bundle bytes\n", files.Load(), decoded.Load(), bundleBytes.Load())
	return nil
}

// The bounds of a bundle's read (discovery.ReadBundleFiles's).
const (
	bundleFloorFiles = 64
	bundleFloorDepth = 3
	bundleFloorBytes = 256 << 10
)

// readBundleFloor reads the regular files of the bundle folder dir,
// depth folders deep, other than SKILL.md, while budget lasts: the least
// any reader of a bundle's own files does. It returns the bytes read.
func readBundleFloor(dir string, depth int, budget *int) int64 {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	var n int64
	buf := make([]byte, 32<<10)
	for _, e := range ents {
		p := filepath.Join(dir, e.Name())
		switch {
		case *budget <= 0 || strings.HasPrefix(e.Name(), "."):
		case e.IsDir() && depth < bundleFloorDepth:
			n += readBundleFloor(p, depth+1, budget)
		case e.Type().IsRegular() && !(depth == 1 && e.Name() == "SKILL.md"):
			*budget--
			n += readFloorFile(p, buf)
		}
	}
	return n
}

// readFloorFile reads up to bundleFloorBytes of the file at p through buf.
func readFloorFile(p string, buf []byte) int64 {
	f, err := os.Open(p)
	if err != nil {
		return 0
	}
	defer f.Close()
	var n int64
	for n < bundleFloorBytes {
		k, err := f.Read(buf)
		n += int64(k)
		if err != nil {
			break
		}
	}
	return n
}

// splitFrontmatter returns the YAML between the first two --- lines.
func splitFrontmatter(src []byte) ([]byte, bool) {
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
