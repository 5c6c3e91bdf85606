package fix

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// A fix is safe only if it is safe for every agent that reads the file,
// not only DSH: renaming when_to_use to whenToUse in a bundle Claude Code
// reads (through a link, or in .claude/skills) takes text out of Claude
// Code's listing. So every host profile judges a tried fix too, whether
// or not the check reports on it: the hosts that discover the file (by
// any of its paths) must still load it under the same name, with no word
// less in their listing of it and in their tool's result for it, and the
// copy of each name that won must still win. The hosts see the workspace's
// buffers (diagnostics.HostMatrix), so they judge the fixed bytes.

// readers evaluates every host profile on a snapshot, for judging fixes;
// its zero value (no host environment: a test's, or an MCP run without
// a project) judges nothing.
type readers struct {
	opts diagnostics.Options
	on   bool
}

// readersOf returns the readers of opts: every host profile, in the
// environment opts.HostEnv describes (the CLI sets it even when it reports
// on DSH alone).
func readersOf(opts diagnostics.Options) readers {
	if opts.HostEnv.Cwd == "" && opts.HostEnv.ProjectRoot == "" {
		return readers{}
	}
	opts.Hosts, opts.Matrix = hosts.All(), nil
	return readers{opts: opts, on: true}
}

// view returns every host's view of snap, nil when readers is off or the
// run is cancelled.
func (rd readers) view(ctx context.Context, snap *skills.Snapshot) *hosts.Matrix {
	if !rd.on {
		return nil
	}
	m, err := diagnostics.HostMatrix(ctx, snap, rd.opts)
	if err != nil {
		return nil
	}
	return m
}

// judgeReaders compares what each host other than DSH does with the file
// (reached by any of paths) in before and after, a fix applied; nil when
// no host is worse off. Text lost from a listing or a tool result counts
// only when text: an unsafe fix (a shortened description) changes what
// the readers see by design, and says so.
func judgeReaders(before, after *hosts.Matrix, paths []string, text bool) *refusal {
	if before == nil || after == nil {
		return nil
	}
	for _, h := range after.Hosts {
		rb, ra := before.Results[h.ID], after.Results[h.ID]
		if h.ID == hosts.DSH || rb == nil || ra == nil {
			continue
		}
		for _, p := range paths {
			vb, ok := rb.Verdicts[p]
			if !ok {
				continue
			}
			if r := judgeHost(h, rb, ra, p, vb, ra.Verdicts[p], text); r != nil {
				return r
			}
		}
	}
	return nil
}

// judgeHost judges one host's view of the file at p: vb before the fix,
// va after. The skill may change its name (a name DSH rejects, fixed), as
// DSH's own judge allows, but not take a name from another copy.
func judgeHost(h *hosts.Host, rb, ra *hosts.Result, p string, vb, va hosts.Verdict, text bool) *refusal {
	if vb.Status == hosts.Loads && va.Status != hosts.Loads {
		why := "it would make " + h.Name + " stop loading the skill"
		if msg := va.Message(); msg != "" {
			why += ": " + msg
		}
		return &refusal{Reason: why}
	}
	for _, name := range []string{vb.Name, va.Name} {
		if name == "" {
			continue
		}
		now := loadedAs(ra, name)
		for _, was := range loadedAs(rb, name) {
			if was != p && !slices.Contains(now, was) {
				return &refusal{Reason: fmt.Sprintf("in %s, /%s would no longer be %s", h.Name, name, was)}
			}
		}
	}
	if vb.Status != hosts.Loads || !text {
		return nil
	}
	// A skill the fix takes out of the listing (a misspelled
	// disable-model-invocation that now counts) is what its author asked:
	// DSH's judge allows it too. Text lost from a listing is not.
	if tb, ok := rb.ListingText(p); ok {
		ta, listed := ra.ListingText(p)
		if w := lostWord(tb, ta); listed && w != "" {
			return &refusal{Reason: fmt.Sprintf("it would take %q out of %s's listing of the skill (%q)", w, h.Name, tb)}
		}
	}
	if rb.RendersSkill() && ra.SkillRefused(va.Name) == "" {
		tb, okb := rb.SkillText(vb.Name)
		ta, _ := ra.SkillText(va.Name)
		if w := lostWord(tb, ta); okb && w != "" {
			return &refusal{Reason: fmt.Sprintf("it would take %q out of what %s's skill tool returns for /%s", w, h.Name, vb.Name)}
		}
	}
	return nil
}

// loadedAs returns the files res loads under name, in path order.
func loadedAs(res *hosts.Result, name string) []string {
	var out []string
	for p, v := range res.Verdicts {
		if v.Status == hosts.Loads && v.Name == name {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// lostWord returns a word of before that after holds fewer times, "" when
// after holds every word of before (text may be added, spaces changed, a
// value's quotes or an invisible character taken off: nothing a reader
// saw is lost).
func lostWord(before, after string) string {
	have := map[string]int{}
	for _, w := range strings.Fields(visible(after)) {
		have[w]++
	}
	lost := ""
	for _, w := range strings.Fields(visible(before)) {
		if have[w] > 0 {
			have[w]--
			continue
		}
		if strings.IndexFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
			return w // a word says more than the punctuation lost with it
		}
		if lost == "" {
			lost = w
		}
	}
	return lost
}

// visible returns s without its invisible characters (zero-width, bidi
// controls, other format and control characters but white space) and its
// terminal escape sequences, whole, as skillfile finds them: removing one,
// as remove-invisible fixes do, takes no text out of a listing.
func visible(s string) string {
	if strings.IndexByte(s, 0x1b) >= 0 {
		var b strings.Builder
		at := 0
		for _, h := range skillfile.HiddenIn([]byte(s)) {
			if h.Kind == skillfile.HiddenEscape {
				b.WriteString(s[at:h.Span.Start])
				at = h.Span.End
			}
		}
		s = b.String() + s[at:]
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || (unicode.IsGraphic(r) && !unicode.Is(unicode.Cf, r)) {
			return r
		}
		return -1
	}, s)
}
