// Command bench measures skill-ls against the floor on generated skill
// corpora; scripts/bench.sh builds it and the binaries it compares.
//
//	bench run [flags] NAME=BINARY...   the whole benchmark (see -help)
//	bench floor ROOT...                the floor: read, split and YAML-decode
//	                                   every skill file of the roots
//	bench gen -n N -cache DIR          write one corpus
//	bench report FILE                  print the tables of a run saved with -json
//
// The corpora come from skilltest.WriteCorpus (the Go port of
// shared/bench/gen-corpus.py, seed 1) and are cached under -cache.
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: bench run|floor|gen|report ...")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "run":
		err = runBench(os.Args[2:])
	case "floor":
		err = runFloor(os.Args[2:])
	case "gen":
		err = runGen(os.Args[2:])
	case "report":
		err = runReport(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q (want run, floor, gen or report)", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}
