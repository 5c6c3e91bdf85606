// Command bench measures skill-ls against the floor on generated skill
// corpora; scripts/bench.sh builds it and the binaries it compares.
//
//	bench run [flags] NAME=BINARY...   the whole benchmark (see -help)
//	bench floor ROOT...                the floor: read, split and YAML-decode
//	                                   every skill file of the roots
//	bench gen -n N -cache DIR          write one corpus
//	bench report FILE                  print the tables of a run saved with -json
//
// The corpora come from skilltest.WriteCorpus (seed 1) and are cached
// under -cache.
package main

import (
	"fmt"
	"os"
	"runtime/trace"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: bench run|floor|gen|report ...")
		os.Exit(2)
	}
	if path := os.Getenv("BENCH_TRACE"); path != "" {
		// The driver's own execution trace: with the server's
		// (SKILL_LS_TRACE), where a reply waited on the client's side.
		f, err := os.Create(path)
		if err == nil && trace.Start(f) == nil {
			defer f.Close()
			defer trace.Stop()
		}
	}
	if err := runCommand(); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// runCommand runs the verb named by the first argument.
func runCommand() error {
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
	return err
}
