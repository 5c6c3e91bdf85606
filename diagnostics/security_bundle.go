package diagnostics

import (
	"fmt"
	"path/filepath"

	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// Security rules about a bundle's own files: what ships beside SKILL.md
// and runs with the agent's permissions when the skill tells the model to
// run it. The engine reads the files (bounded, only bundles have them) and
// records findings (Snapshot.BundleFindings); each is reported on the
// skill file, at the link to the file when the body has one, with the
// file, line and column in the message.

// The codes of the bundle rules.
const (
	CodeBundleBinary     = "bundle-binary"
	CodeScriptRemoteCode = "script-remote-code"
	CodeScriptSecrets    = "script-reads-secrets"
	CodeBundleHidden     = "bundle-hidden-text"
)

// bundleDocTail ends the doc of every bundle rule.
const bundleDocTail = " Bundle files are read for every skill of every host folder a check reads (`.agents/skills`, `.claude/skills`, ...), in the CLI and the editor, unless the four bundle rules are off." + securityDocTail

var securityBundleRules = []*Rule{
	{Code: CodeBundleBinary, Category: CategorySecurity, Severity: SeverityWarning, Summary: "the bundle ships an executable or an archive",
		Doc:  "A file of the bundle is an executable, a library or an archive, told by its first bytes whatever its name (ELF, PE, Mach-O, WebAssembly, zip, gzip, bzip2, xz, zstd, 7-Zip, RAR, tar). No reviewer can read it, and the model may be told to run or unpack it. Images, PDFs and text are not reported. skill-ls reads the files the skill links to inside its bundle, then at most 64 files in all, 3 folders deep, and the first 512 bytes of each; `check --security` names what it left out." + bundleDocTail,
		File: bundleRule(skillfile.BundleBinary)},
	{Code: CodeScriptRemoteCode, Category: CategorySecurity, Severity: SeverityWarning, Summary: "a bundle script fetches code and runs it",
		Doc:  "A script of the bundle downloads code and runs it at once: `curl … | sh`, `wget -O- … | bash`, `base64 -d … | sh`, `eval \"$(curl …)\"`, `bash <(curl …)`, PowerShell `iex (iwr …)` or `IEX (New-Object Net.WebClient).DownloadString(…)`, Python `exec(urlopen(…))`, JavaScript `eval(await fetch(…))`. What runs is whatever the server returns that day, not what was reviewed. A download that is saved and not run (`curl -LO …`), and commented lines, are not reported. Scripts are files with a script extension or a `#!` line, read up to 256 KiB." + bundleDocTail,
		File: bundleRule(skillfile.BundleRemoteExec)},
	{Code: CodeScriptSecrets, Category: CategorySecurity, Severity: SeverityWarning, Summary: "a bundle script reads secrets or credentials",
		Doc:  "A script of the bundle reads what an attacker wants: SSH keys (`~/.ssh`, `id_rsa`), cloud and tool credentials (`~/.aws`, `~/.azure`, `~/.config/gcloud`, `~/.kube`, `~/.docker`, `~/.netrc`, `~/.npmrc`, `~/.pypirc`, `~/.git-credentials`), a `.env` file, the system keychain (`security find-generic-password`, `secret-tool lookup`), a browser's saved logins or cookies. A skill rarely needs any of them; with a network call they are the shape of credential theft. Commented lines are not reported." + bundleDocTail,
		File: bundleRule(skillfile.BundleSecretRead)},
	{Code: CodeBundleHidden, Category: CategorySecurity, Severity: SeverityWarning, Summary: "invisible characters in a Markdown file of the bundle",
		Doc:  "A Markdown file of the bundle (a reference the skill points the model at) holds the invisible characters the character rules report in the skill file: tag characters that spell text (the message decodes it), bidi controls, zero-width characters, stray variation selectors, private-use or control characters; or an HTML comment, a hidden element or a reference title that reads as instructions, as `hidden-instructions` reports in the skill file. The model reads the file when the skill sends it there; a reviewer sees nothing. Emoji, right-to-left and CJK text are not reported, as in the skill file, nor hidden markup that does not read as instructions." + bundleDocTail,
		File: bundleRule(skillfile.BundleHiddenText)},
}

// SelectsBundleFiles reports whether some rule that looks at bundle files
// is on (by default, or selected by name): only then does a load read
// them (skills.LoadOptions.BundleFiles). A run that turns all four off
// (--ignore security, a select of other rules) lists no bundle.
func (o Options) SelectsBundleFiles() bool {
	for _, r := range securityBundleRules {
		if o.Grade("", r) != SeverityOff {
			return true
		}
	}
	return false
}

// bundleRule returns the File check that reports the bundle findings of
// kind of the pass's skill file.
func bundleRule(kind skillfile.BundleKind) func(p *Pass) {
	return func(p *Pass) {
		if !p.bundleDone { // one lookup for the four rules
			p.bundle, p.bundleDone = p.Snap.BundleFindings(p.File.Path), true
		}
		found := p.bundle
		if len(found) == 0 {
			return
		}
		for _, b := range found {
			if b.Kind == kind && !plainMarkup(b) {
				d := p.Report(bundleAnchor(p, b.Path), bundleMessage(p, b))
				what := b.What
				if m, ok := hiddenMarkupWhat[b.Hidden]; ok && b.Kind == skillfile.BundleHiddenText {
					what = "a preview hides " + m
				} else if what == "" {
					what = "the hidden characters"
				}
				d.Related = []Related{{Path: b.Path, Span: b.Span, Message: what}}
			}
		}
	}
}

// bundleAnchor returns where a finding in the bundle file at path is
// reported on the skill file: the first link to the file, else the name.
func bundleAnchor(p *Pass, path string) spans.Span {
	for l := range p.Snap.EachLink(p.File.Path) {
		if l.Target() == path {
			return l.Span
		}
	}
	if p.fields() {
		if name := p.File.Frontmatter.Field("name"); name != nil {
			return name.ValueSpan.OrKey(name.KeySpan)
		}
	}
	return spans.Span{Start: p.File.BodySpan.Start, End: p.File.BodySpan.Start}
}

// bundleMessage words a bundle finding: the file relative to the bundle,
// its line and column, and what was found there.
func bundleMessage(p *Pass, b skillfile.BundleFinding) string {
	rel, err := filepath.Rel(filepath.Dir(p.File.Path), b.Path)
	if err != nil {
		rel = b.Path
	}
	rel = filepath.ToSlash(rel)
	switch b.Kind {
	case skillfile.BundleBinary:
		return fmt.Sprintf("%s is %s, shipped in the bundle: no reviewer can read it, and the model may be told to run it", rel, b.What)
	case skillfile.BundleHiddenText:
		msg := hiddenCharMessage(skillfile.Hidden{Kind: b.Hidden, Count: b.Count, Text: b.Text})
		if what, ok := hiddenMarkupWhat[b.Hidden]; ok {
			msg = fmt.Sprintf("a Markdown preview hides %s, which %s; the model reads: %q", what, instructionSign(b.Text), b.Text)
		}
		return fmt.Sprintf("%s:%d:%d: %s", rel, b.Line, b.Col, msg)
	}
	return fmt.Sprintf("%s:%d:%d %s: %s", rel, b.Line, b.Col, b.What, b.Text)
}

// hiddenMarkupWhat names the markup a preview hides, for the message of a
// bundle finding of that kind.
var hiddenMarkupWhat = map[skillfile.HiddenKind]string{
	skillfile.HiddenComment: "this HTML comment",
	skillfile.HiddenHTML:    "this HTML element",
	skillfile.HiddenRefDef:  "this link reference definition's title",
}

// plainMarkup reports whether b is hidden markup in a bundle file whose
// text does not read as instructions: a reference's comments are many and
// mostly harmless, so only those hidden-instructions would report in the
// skill file are reported.
func plainMarkup(b skillfile.BundleFinding) bool {
	_, markup := hiddenMarkupWhat[b.Hidden]
	return b.Kind == skillfile.BundleHiddenText && markup && instructionSign(b.Text) == ""
}
