// Command skill-ls lints agent skills (SKILL.md bundles and flat <name>.md
// files) and shows them exactly as the DeepSeek Harness sees them. With no
// arguments, or with serve or --stdio, it is a language server on stdin and
// stdout. Run `skill-ls --help` for the verbs.
package main

import (
	"context"
	"os"
)

func main() { os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
