package main

import (
	"cmp"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/diagnostics/format"
	"github.com/skill-ls/skill-ls/skills/config"
	"github.com/skill-ls/skill-ls/skills/discovery"
)

// configFlags are the config file flags of check, list, matrix and render.
type configFlags struct {
	path string
	none bool
	// hosts are the config file's hosts: as apply read them (list lists
	// the personal folders of the hosts check reads with).
	hosts []string
}

func (cf *configFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&cf.path, "config", "", "read the config `file` instead of "+config.FileName+" at the project root")
	fs.BoolVar(&cf.none, "no-config", false, "read no config file")
}

// load finds, parses and compiles the config file: --config's, else
// .skill-ls.yaml at the project root of the root flags (the nearest
// ancestor of --cwd holding .git, or --project-root). It returns nil and no
// errors when there is none or --no-config is set.
func (cf *configFlags) load(rf *rootFlags) (*diagnostics.Config, []config.Error, error) {
	if cf.none {
		return nil, nil, nil
	}
	path := cf.path
	if path == "" {
		ro, err := rf.options()
		if err != nil {
			return nil, nil, err
		}
		project := ro.ProjectRoot
		if project == "" {
			project = discovery.ProjectRoot(ro.Cwd)
		}
		if path = config.Find(project); path == "" {
			return nil, nil, nil
		}
	}
	parsed, errs := config.Read(path)
	if parsed == nil {
		return nil, errs, nil
	}
	cfg, more := diagnostics.CompileConfig(parsed)
	return cfg, append(errs, more...), nil
}

// apply reads the config file (load) and lays it under the flags of c as
// check does (applyConfig): its roots after the --custom-dir roots, and its
// maxDescription into *maxDesc unless --max-description was given (nil for
// a command that shows no description). It returns false when the file
// cannot be found or has errors, which it prints: list, matrix and render
// then stop as check does.
func (cf *configFlags) apply(c *command, rf *rootFlags, maxDesc *int) bool {
	cfg, cfgErrs, err := cf.load(rf)
	if err != nil || len(cfgErrs) > 0 {
		if err != nil {
			fmt.Fprintf(c.stderr, "skill-ls %s: %s\n", c.fs.Name(), errText(err))
		}
		printConfigErrors(c.stderr, cfgErrs)
		return false
	}
	if cfg == nil {
		return true
	}
	cf.hosts = cfg.Hosts
	var opts diagnostics.Options
	if maxDesc != nil {
		opts.MaxDescription = *maxDesc
	}
	applyConfig(cfg, &opts, rf, setFlags(c.fs))
	if maxDesc != nil {
		*maxDesc = opts.MaxDescription
	}
	return true
}

// applyConfig lays the config file under the flags: a key applies unless
// its flag was given (set holds the names of the flags given). The config's
// roots come after the --custom-dir roots (an earlier custom root wins).
func applyConfig(cfg *diagnostics.Config, opts *diagnostics.Options, rf *rootFlags, set map[string]bool) {
	if cfg.Profile != nil && !set["profile"] {
		opts.Profile = cfg.Profile
	}
	if cfg.MaxDescription > 0 && !set["max-description"] {
		opts.MaxDescription = cfg.MaxDescription
	}
	opts.Rules = cfg.Rules
	rf.customDirs = append(rf.customDirs, cfg.Roots...)
}

// setFlags returns the names of the flags given on the command line.
func setFlags(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// printConfigErrors writes the config file's errors in the order of their
// positions as "path:line:col: error: message", the path relative to the
// working directory when inside it.
func printConfigErrors(w io.Writer, errs []config.Error) {
	wd, _ := os.Getwd()
	errs = slices.Clone(errs)
	slices.SortStableFunc(errs, func(a, b config.Error) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
	for _, e := range errs {
		path := e.Path
		if rel, err := filepath.Rel(wd, path); err == nil && filepath.IsLocal(rel) {
			path = rel
		}
		fmt.Fprintf(w, "%s:%d:%d: error: %s\n", format.Quote(path), e.Line, e.Col, format.Escape(e.Message))
	}
}
