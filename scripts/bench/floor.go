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
// frontmatter and decode it with yaml.v3 into a yaml.Node, on all cores.
// Nothing else: no stat calls, no validation, no Markdown, no output but a
// count.
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
	var files, decoded atomic.Int64
	var workers sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		workers.Go(func() {
			for p := range paths {
				src, err := os.ReadFile(p)
				if err != nil {
					continue // a bundle without SKILL.md
				}
				files.Add(1)
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
	fmt.Printf("%d files, %d decoded\n", files.Load(), decoded.Load())
	return nil
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
