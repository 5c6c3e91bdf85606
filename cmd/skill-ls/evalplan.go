package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/diagnostics/format"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/evalfile"
	"github.com/skill-ls/skill-ls/skills/evalrun"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// evalSkill is a skill skill-ls eval can run: its name and skill file.
type evalSkill struct {
	name, path string
	project    bool // in the project (not the user's own skills)
	byHost     bool // the host loads it (not only DSH)
}

// plans resolves the SKILL arguments and makes a plan for each.
func (f *evalFlags) plans(ctx context.Context, args []string, stderr io.Writer) ([]*evalrun.Plan, error) {
	driver, err := evalrun.LookupDriver(f.host)
	if err != nil {
		return nil, err
	}
	env, err := hostOptions(&f.roots, "", 0)
	if err != nil {
		return nil, err
	}
	known, err := evalCandidates(ctx, f.host, env)
	if err != nil {
		return nil, err
	}
	project := env.ProjectRoot
	if project == "" {
		project = discovery.ProjectRoot(env.Cwd)
	}
	// The skills first: a mistyped name is the mistake to hear about,
	// whether or not the host is installed yet.
	chosen, err := chooseEvalSkills(args, known)
	if err != nil {
		return nil, err
	}
	command, err := resolveHostCommand(f.command, driver.Command, project)
	if err != nil {
		return nil, err
	}
	var plans []*evalrun.Plan
	for _, s := range chosen {
		p, err := f.plan(s, known, driver, command, stderr)
		if err != nil {
			return nil, err
		}
		plans = append(plans, p)
	}
	return plans, nil
}

// evalCandidates are the skills the host loads and those DSH loads, the
// host's first: a skill of .agents/skills can be evaluated with a host
// that reads .claude/skills (the run places it there).
func evalCandidates(ctx context.Context, hostID string, env hosts.Options) ([]evalSkill, error) {
	var out []evalSkill
	if h := hosts.Lookup(hostID); h != nil {
		res, err := h.Evaluate(ctx, env)
		if err != nil {
			return nil, err
		}
		for _, file := range res.Files {
			if v := res.Verdicts[file.Path]; v.Status == hosts.Loads && v.Name != "" {
				out = append(out, evalSkill{name: v.Name, path: file.Path, project: file.Scope == hosts.ScopeProject, byHost: true})
			}
		}
	}
	if dsh, err := hosts.Lookup(string(hosts.DSH)).Evaluate(ctx, env); err == nil {
		for _, file := range dsh.Files {
			if v := dsh.Verdicts[file.Path]; v.Status == hosts.Loads && v.Name != "" {
				out = append(out, evalSkill{name: v.Name, path: file.Path, project: file.Scope == hosts.ScopeProject})
			}
		}
	}
	return out, nil
}

// chooseEvalSkills picks the skills named by args (a name or a skill
// folder), or every project skill with trigger queries when there are none.
func chooseEvalSkills(args []string, known []evalSkill) ([]evalSkill, error) {
	var out []evalSkill
	if len(args) == 0 {
		for _, s := range known {
			if s.project && triggerQueriesPath(s.path) != "" && !slices.ContainsFunc(out, func(o evalSkill) bool { return o.name == s.name }) {
				out = append(out, s)
			}
		}
		if len(out) == 0 {
			return nil, errors.New("no skill of the project has trigger queries (evals/eval_queries.json); name a skill, or see docs/evals.md")
		}
		return out, nil
	}
	for _, a := range args {
		s, err := findEvalSkill(a, known)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// findEvalSkill finds the skill arg names: a folder holding SKILL.md, or
// a name the host or DSH loads.
func findEvalSkill(arg string, known []evalSkill) (evalSkill, error) {
	if fi, err := os.Stat(arg); err == nil && fi.IsDir() && strings.ContainsRune(arg, filepath.Separator) || arg == "." {
		path := filepath.Join(absDir(arg), "SKILL.md")
		if i := slices.IndexFunc(known, func(s evalSkill) bool { return s.path == path }); i >= 0 {
			return known[i], nil
		}
		src, _, err := discovery.ReadSkillFile(path, nil)
		if err != nil {
			return evalSkill{}, fmt.Errorf("%s: %s", quotedRel(path), discovery.ErrText(err))
		}
		if def := skillfile.ParseCatalog(path, src, skillfile.ReadFS).Def; def != nil {
			return evalSkill{name: def.Name, path: path, project: true}, nil
		}
		return evalSkill{}, fmt.Errorf("%s does not load (run skill-ls check)", quotedRel(path))
	}
	if i := slices.IndexFunc(known, func(s evalSkill) bool { return s.name == arg }); i >= 0 {
		return known[i], nil
	}
	return evalSkill{}, fmt.Errorf("no skill named %s is loaded here%s", quotedRel(arg), didYouMean(arg, evalNames(known)))
}

func evalNames(known []evalSkill) []string {
	var out []string
	for _, s := range known {
		out = append(out, s.name)
	}
	return out
}

// triggerQueriesPath is the trigger-query file of the bundle whose skill
// file is at path, "" when it has none.
func triggerQueriesPath(path string) string {
	for _, n := range evalfile.Names() {
		p := filepath.Join(filepath.Dir(path), evalfile.Dir, n)
		if evalfile.KindOf(p) == evalfile.TriggerQueries && discovery.Exists(p) {
			return p
		}
	}
	return ""
}

// plan reads the skill's trigger queries and skill file, and the other
// project skills the host lists beside it.
func (f *evalFlags) plan(s evalSkill, known []evalSkill, driver *evalrun.Driver, command string, stderr io.Writer) (*evalrun.Plan, error) {
	qpath := triggerQueriesPath(s.path)
	if qpath == "" {
		return nil, fmt.Errorf("%s has no trigger queries: write %s (docs/evals.md)", s.name, quotedRel(filepath.Join(filepath.Dir(s.path), evalfile.Dir, evalfile.Names()[0])))
	}
	files := discovery.ReadEvalFiles(filepath.Dir(s.path), []string{filepath.Base(qpath)})
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: cannot be read", quotedRel(qpath))
	}
	ef := evalfile.Parse(qpath, files[0].Head, files[0].Size > int64(len(files[0].Head)))
	if ef.Root == nil {
		return nil, fmt.Errorf("%s: %s (skill-ls check shows where)", quotedRel(qpath), format.Escape(ef.Problems[0].Message))
	}
	if n := len(ef.Problems); n > 0 {
		fmt.Fprintf(stderr, "skill-ls eval: %s has %s; queries of the wrong shape are left out (skill-ls check shows them)\n", quotedRel(qpath), plural(n, "problem", "problems"))
	}
	queries := ef.Queries
	if f.split != "" {
		queries = slices.DeleteFunc(slices.Clone(queries), func(q evalfile.Query) bool { return q.Split != f.split })
	}
	if len(queries) == 0 && f.split != "" {
		return nil, fmt.Errorf("%s holds no query of the %s split", quotedRel(qpath), f.split)
	}
	if len(queries) == 0 {
		return nil, fmt.Errorf("%s holds no query", quotedRel(qpath))
	}
	text, _, err := discovery.ReadSkillFile(s.path, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", quotedRel(s.path), discovery.ErrText(err))
	}
	p := &evalrun.Plan{Driver: driver, Command: command, Env: os.Environ(), Skill: evalrun.Skill{Name: s.name, Text: text},
		Queries: queries, Runs: f.runs, Jobs: f.jobs, Timeout: f.timeout}
	p.Others = otherSkills(s, known)
	return p, nil
}

// otherSkills are the project skills the host loads other than s, one per
// name, read again: they compete with s for the queries as they do in the
// project. (The user's own skills the host reads from the user's home.)
func otherSkills(s evalSkill, known []evalSkill) []evalrun.Skill {
	var out []evalrun.Skill
	seen := map[string]bool{s.name: true}
	for _, o := range known {
		if !o.project || !o.byHost || seen[o.name] {
			continue
		}
		seen[o.name] = true
		if text, _, err := discovery.ReadSkillFile(o.path, nil); err == nil {
			out = append(out, evalrun.Skill{Name: o.name, Text: text})
		}
	}
	return out
}
