package skilltest

import (
	"flag"
	"os"
)

// update is the one -update flag of every package whose tests hold golden
// files or generated docs; it is registered by importing skilltest.
var update = flag.Bool("update", false, "rewrite the golden files, scripts and generated docs (or set SKILL_LS_UPDATE=1)")

// Updating reports whether this run rewrites golden files and generated
// docs instead of comparing with them: go test -update for one package, or
// SKILL_LS_UPDATE=1 for a run over several (where -update would reach
// packages that do not define it). Any other value of SKILL_LS_UPDATE
// compares.
func Updating() bool { return *update || os.Getenv("SKILL_LS_UPDATE") == "1" }
