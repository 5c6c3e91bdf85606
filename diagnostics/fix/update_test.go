package fix

import (
	"flag"
	"os"
)

var update = flag.Bool("update", false, "rewrite the golden archives (or set SKILL_LS_UPDATE=1)")

// updating reports whether this run rewrites golden files: go test -update,
// or SKILL_LS_UPDATE=1 for runs over several packages.
func updating() bool { return *update || os.Getenv("SKILL_LS_UPDATE") != "" }
