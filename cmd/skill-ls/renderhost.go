package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/diagnostics/format"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/jstext"
)

// renderHostFlags are the flags of `render catalog --host`.
type renderHostFlags struct {
	host   string
	home   string
	window int
}

func (hf *renderHostFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&hf.host, "host", "", "render what host `id` sends its model instead of DSH's text: its listing (catalog: claude, codex, gemini, opencode), its skill tool's result (skill: claude)")
	fs.StringVar(&hf.home, "home", "", "with --host: the user's home `dir` the host reads (default $HOME)")
	fs.IntVar(&hf.window, "context-window", 0, "with --host: the model's context window in `tokens`, for the budgets that are a share of it (Claude Code, Codex); 0: the window of the host release's default model, as for check and matrix")
}

// renderHostHelp is the part of render's help about --host.
func renderHostHelp() string {
	var b strings.Builder
	b.WriteString("  catalog --host ID [--home DIR] [--context-window N]\n")
	b.WriteString("      the skill listing host ID's model receives, line for line, in the\n")
	b.WriteString("      host's order with its cuts and budget, as the release the host suite\n")
	b.WriteString("      runs (scripts/hosts) sends it; the host's built-in skills are left out\n")
	b.WriteString("      (but OpenCode's customize-opencode, in its <available_skills> text)\n")
	b.WriteString("      unless they are on disk where it reads them (stderr says what Claude\n")
	b.WriteString("      Code's own skills take of its budget, as matrix counts them, and why\n")
	b.WriteString("      the listing shows no skill when it shows none). Hosts and the default\n")
	b.WriteString("      --context-window (the window of the release's default model, as for\n")
	b.WriteString("      check and matrix; stderr says when render assumed it):\n")
	for _, h := range hosts.All() {
		m, w := h.DefaultModel()
		switch {
		case !h.Renders():
		case w == 0:
			fmt.Fprintf(&b, "        %-8s %s: no budget\n", h.ID, h.Release)
		default:
			fmt.Fprintf(&b, "        %-8s %s: %s, %s tokens\n", h.ID, h.Release, m, jstext.Count(w))
		}
	}
	b.WriteString("\n  skill NAME --host claude [--home DIR]\n")
	b.WriteString("      the text Claude Code's model reads after its Skill tool's result\n")
	b.WriteString("      (\"Launching skill: NAME\") for the skill of folder NAME, no arguments\n")
	b.WriteString("      (NAME may be its frontmatter name: Claude Code's Skill tool takes both);\n")
	b.WriteString("      for a skill with allowed-tools, the error the Skill tool answers under\n")
	b.WriteString("      claude -p in the default permission mode (stderr says why)\n")
	return b.String()
}

// hostSkill prints what r.hostFlags.host's own skill tool gives its model
// for the skill pos[0].
func (r *renderRun) hostSkill(ctx context.Context, pos []string, stdout io.Writer) int {
	h := hosts.Lookup(r.hostFlags.host)
	if h == nil || len(pos) != 1 {
		return r.c.usageError("--host: want --host claude and one skill NAME")
	}
	res, status := r.evaluateHost(ctx, h, r.hostFlags.window)
	if res == nil {
		return status
	}
	if !res.RendersSkill() {
		return r.c.usageError("--host: skill-ls renders the skill tool's result of claude only")
	}
	text, ok := res.SkillText(pos[0])
	if !ok {
		fmt.Fprintf(r.c.stderr, "skill-ls render skill: %s has no skill %q%s%s\n", h.Name, pos[0], nearSkill(res, pos[0]), whyNoSkill(res, pos[0]))
		return exitFound
	}
	if reg, path := res.SkillCalled(pos[0]); reg != "" {
		fmt.Fprintf(r.c.stderr, "skill-ls render skill: %s calls this skill %s (its folder: %s); its skill tool also runs it by its frontmatter name %q\n", h.Name, format.Escape(reg), quotedRel(path), pos[0])
	}
	if why := res.SkillRefused(pos[0]); why != "" {
		fmt.Fprintf(r.c.stderr, "skill-ls render skill: %s\n", format.Escape(why))
	}
	if _, err := io.WriteString(stdout, terminalText(stdout, text)); err != nil {
		fmt.Fprintf(r.c.stderr, "skill-ls render: %s\n", errText(err))
		return exitUsage
	}
	return exitOK
}

// hostCatalog prints the listing of r.hostFlags.host.
func (r *renderRun) hostCatalog(ctx context.Context, stdout io.Writer) int {
	h := hosts.Lookup(r.hostFlags.host)
	if h == nil || !h.Renders() {
		var ids []string
		for _, h := range hosts.All() {
			if h.Renders() {
				ids = append(ids, string(h.ID))
			}
		}
		return r.c.usageError(fmt.Sprintf("--host: skill-ls renders the listing of %s only (the hosts whose releases the host suite runs)", strings.Join(ids, ", ")))
	}
	res, status := r.evaluateHost(ctx, h, r.hostFlags.window)
	if res == nil {
		return status
	}
	if window, assumed := h.Window(r.hostFlags.window); assumed && res.Budget.Limit > 0 && res.EmptyListing() == "" {
		model, _ := h.DefaultModel()
		fmt.Fprintf(r.c.stderr, "skill-ls render catalog: %s's listing budget assumes a %s-token context window (%s, the default model of %s); --context-window sets another\n", h.Name, jstext.Count(window), model, h.Release)
	}
	r.hostListingNotes(res)
	lines, _ := res.Listing()
	if _, err := io.WriteString(stdout, terminalText(stdout, strings.Join(lines, "\n"))); err != nil {
		fmt.Fprintf(r.c.stderr, "skill-ls render: %s\n", errText(err))
		return exitUsage
	}
	return exitOK
}

// evaluateHost is what host h loads from the roots, with the home of
// --home and a context window of window tokens; nil and the exit status
// when it cannot be had (the reason is on stderr).
func (r *renderRun) evaluateHost(ctx context.Context, h *hosts.Host, window int) (*hosts.Result, int) {
	opts, err := hostOptions(&r.rf, r.hostFlags.home, window)
	if err == nil {
		var res *hosts.Result
		if res, err = h.Evaluate(ctx, opts); err == nil {
			return res, exitOK
		}
	}
	fmt.Fprintf(r.c.stderr, "skill-ls render: %s\n", errText(err))
	return nil, exitUsage
}

// hostListingNotes says on stderr what the listing printed leaves out of
// what the host's model receives, as render says why DSH publishes no
// catalog: why it shows no skill, and the host's own skills, which are in
// no folder skill-ls reads but which matrix counts in the host's budget.
func (r *renderRun) hostListingNotes(res *hosts.Result) {
	if why := res.EmptyListing(); why != "" {
		fmt.Fprintf(r.c.stderr, "skill-ls render catalog: %s; skill-ls matrix shows which hosts read each skill file, and why\n", format.Escape(why))
	}
	if b := res.Budget; b.Builtin > 0 {
		fmt.Fprintf(r.c.stderr, "skill-ls render catalog: %s's listing also holds its own skills, %s %s of the %s its budget counts (as matrix does); render leaves them out\n", res.Host.Name, jstext.Count(b.Builtin), b.Unit, jstext.Count(b.Used))
	}
	r.disabledNotes(res)
}

// disabledNotes says on stderr which skills the listing leaves out or
// shortens because the host's own settings say so, and which file does.
func (r *renderRun) disabledNotes(res *hosts.Result) {
	whys := map[string]string{}
	for p, v := range res.Verdicts {
		for _, n := range v.Notes {
			switch n.Code {
			case "disabled-by-config":
				whys[p] = "leaves out " + quotedRel(p) + ": " + strings.TrimPrefix(n.Message, res.Host.Name+" skips this skill: ")
			case "hidden-by-config":
				whys[p] = "on " + quotedRel(p) + ": " + strings.TrimPrefix(n.Message, res.Host.Name+" ")
			}
		}
	}
	paths := slices.Sorted(maps.Keys(whys))
	for _, p := range paths {
		fmt.Fprintf(r.c.stderr, "skill-ls render catalog: %s %s\n", res.Host.Name, format.Escape(whys[p]))
	}
}

// nearSkill names the skill the user may have meant by name, which the
// host's tool does not run by it (hosts.Result.SkillNear): ": did you mean
// X (PATH)?" for a name in another case, ": PATH has name: N, which is
// the host's own skill; it calls this one F" when the frontmatter name is
// taken by the host; else "".
func nearSkill(res *hosts.Result, name string) string {
	near, path, own := res.SkillNear(name)
	switch {
	case near == "":
		return ""
	case own:
		return fmt.Sprintf(": %s has name: %q, the name of %s's own skill, which its skill tool runs instead; %s calls this one %s", quotedRel(path), name, res.Host.Name, res.Host.Name, format.Escape(near))
	}
	return fmt.Sprintf(": did you mean %s (%s)?", format.Escape(near), quotedRel(path))
}

// whyNoSkill says why the host has no skill name when a file in its
// folders is the skill of folder name ("onboarding/SKILL.md", a flat
// "quick-fix.md" or a "lower/skill.md" it passes over): ": PATH: the host's verdict", else "".
// Without it, a skill that a settings file turns off reads as a typo.
func whyNoSkill(res *hosts.Result, name string) string {
	for _, f := range slices.Concat(res.Files, res.Misses) {
		spelled := strings.EqualFold(filepath.Base(f.Path), "SKILL.md") && filepath.Base(filepath.Dir(f.Path)) == name
		if f.Folder != name && !spelled {
			continue
		}
		if v := res.Explain(f.Path, f.RootLabel); v.Status != hosts.Loads {
			return ": " + quotedRel(f.Path) + ": " + format.Escape(v.Message())
		}
	}
	return ""
}
