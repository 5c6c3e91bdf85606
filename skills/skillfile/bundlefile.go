package skillfile

import (
	"bytes"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/skill-ls/skill-ls/skills/markdown"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// The facts of a bundle's own files that the security rules report:
// executables and archives (told by their first bytes, not their name),
// scripts that fetch and run remote code or read secrets, and hidden text
// in its Markdown files. The disk layer reads the files (bounded); this
// file only looks at the bytes it was given.

// BundleKind says what a BundleFinding is.
type BundleKind uint8

// The kinds of bundle findings.
const (
	// BundleBinary is an executable, a library or an archive.
	BundleBinary BundleKind = iota + 1
	// BundleRemoteExec is a line that fetches code and runs it.
	BundleRemoteExec
	// BundleSecretRead is a line that reads a secret or a credential.
	BundleSecretRead
	// BundleHiddenText is invisible text in a Markdown file, or markup a
	// preview hides there (Hidden holds its kind: a character kind, or
	// HiddenComment, HiddenHTML, HiddenRefDef with Text the hidden text).
	BundleHiddenText
	// BundleSkipped is a file or folder the bounded read left out: What
	// says why. No rule reports it; a vetting run names it.
	BundleSkipped
)

// BundleFinding is one finding in a bundle file.
type BundleFinding struct {
	Kind BundleKind
	// Path is the bundle file.
	Path string
	// Span covers the finding in the file's bytes; Line and Col (1-based,
	// byte columns) say where it starts.
	Span      spans.Span
	Line, Col int
	// What says what was found ("an ELF executable", "curl … | sh"); Text
	// is the line (clipped), or the text the hidden characters spell.
	What, Text string
	// Hidden and Count are the kind and number of the hidden characters
	// of a BundleHiddenText.
	Hidden HiddenKind
	Count  int
}

// maxBundleFindings bounds the findings of one file.
const maxBundleFindings = 8

// BundleWhole reports whether a bundle file is worth reading whole (up to
// the disk layer's cap), from its name and first bytes: a script by its
// extension or its #! line, a Markdown file.
func BundleWhole(name string, head []byte) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".sh", ".bash", ".zsh", ".fish", ".ksh", ".py", ".js", ".mjs", ".cjs", ".ts", ".ps1", ".psm1", ".bat", ".cmd", ".rb", ".pl", ".php", ".md", ".markdown":
		return true
	}
	return bytes.HasPrefix(head, []byte("#!"))
}

// magic are the first bytes of executables, libraries and archives.
var magic = []struct {
	at    int
	bytes string
	what  string
}{
	{0, "\x7fELF", "an ELF executable or library"},
	{0, "MZ", "a Windows executable (PE)"},
	{0, "\xfe\xed\xfa\xce", "a Mach-O executable"}, {0, "\xfe\xed\xfa\xcf", "a Mach-O executable"},
	{0, "\xce\xfa\xed\xfe", "a Mach-O executable"}, {0, "\xcf\xfa\xed\xfe", "a Mach-O executable"},
	{0, "\xca\xfe\xba\xbe", "a Mach-O universal binary or a Java class"},
	{0, "\x00asm", "a WebAssembly module"},
	{0, "PK\x03\x04", "a zip archive (or a jar, wheel or Office file)"},
	{0, "\x1f\x8b", "a gzip archive"}, {0, "BZh", "a bzip2 archive"}, {0, "\xfd7zXZ\x00", "an xz archive"},
	{0, "7z\xbc\xaf\x27\x1c", "a 7-Zip archive"}, {0, "Rar!\x1a\x07", "a RAR archive"},
	{0, "\x28\xb5\x2f\xfd", "a zstd archive"}, {257, "ustar", "a tar archive"},
}

// ExamineBundleFile returns the findings of one bundle file at path, of
// which head holds the first bytes (the whole file when BundleWhole said
// so and it was small enough).
func ExamineBundleFile(path string, head []byte) []BundleFinding {
	for _, m := range magic {
		if len(head) >= m.at+len(m.bytes) && string(head[m.at:m.at+len(m.bytes)]) == m.bytes {
			return []BundleFinding{{Kind: BundleBinary, Path: path, Line: 1, Col: 1, What: m.what}}
		}
	}
	if !BundleWhole(filepath.Base(path), head) {
		return nil
	}
	ext := strings.ToLower(filepath.Ext(path))
	if ext == ".md" || ext == ".markdown" {
		return hiddenInMarkdown(path, head)
	}
	return scriptFindings(path, head)
}

// hiddenInMarkdown reports the hidden characters of a Markdown file of
// the bundle, and the markup a preview hides there (HTML comments, hidden
// elements, reference titles: the diagnostics keep those that read as
// instructions): the model reads the file when the skill points it there.
func hiddenInMarkdown(path string, src []byte) []BundleFinding {
	var out []BundleFinding
	idx := spans.NewLineIndex(src)
	chars := hiddenChars(src, 0)
	// The markup is not cut to maxBundleFindings (hiddenMarkup keeps at
	// most maxHidden): the diagnostics keep what reads as instructions, and
	// eight harmless comments must not hide the ninth.
	chars = chars[:min(len(chars), maxBundleFindings)]
	for _, h := range slices.Concat(chars, hiddenMarkupIn(path, src)) {
		line, col := idx.LineCol(h.Span.Start)
		out = append(out, BundleFinding{Kind: BundleHiddenText, Path: path, Span: h.Span, Line: line, Col: col, Text: h.Text, Hidden: h.Kind, Count: h.Count})
	}
	return out
}

// hiddenMarkupIn returns the markup a preview hides in a Markdown file
// that is all body (a bundle's reference): its HTML comments, hidden
// elements and reference definition titles.
func hiddenMarkupIn(path string, src []byte) []Hidden {
	f := &File{Path: path, BodySpan: spans.Span{End: len(src)}}
	f.Outline = markdown.Scan(src, 0)
	if f.Outline.Unread() != "" {
		return nil
	}
	return slices.DeleteFunc(hiddenMarkup(f, src), func(h Hidden) bool {
		return h.Kind != HiddenComment && h.Kind != HiddenHTML && h.Kind != HiddenRefDef
	})
}

// scriptPattern is a shape of a script line and what it means. keys are
// literal strings one of which a matching line holds (lower-cased when
// fold is set): a line without any is never given to the expression.
type scriptPattern struct {
	kind BundleKind
	keys []string
	fold bool
	re   *regexp.Regexp
	what string
}

// scriptPatterns are the shapes of remote code execution and secret reads,
// compiled once.
var scriptPatterns = sync.OnceValue(func() []scriptPattern {
	run := `(sudo\s+)?(ba|z|da|k|fi)?sh|python[0-9.]*|node|perl|ruby|php|iex|Invoke-Expression`
	home := []string{".ssh", ".aws", ".azure", ".kube", ".docker", ".gnupg", "gcloud", ".netrc", ".git-credentials", ".npmrc", ".pypirc", "id_rsa", "id_ed25519", "id_ecdsa", "id_dsa"}
	return []scriptPattern{
		{BundleRemoteExec, []string{"curl", "wget", "fetch", "iwr", "irm", "Invoke-"}, false, regexp.MustCompile(`\b(curl|wget|fetch|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b[^|\n]*\|\s*(` + run + `)\b`), "downloads code and pipes it into an interpreter"},
		{BundleRemoteExec, []string{"base64"}, false, regexp.MustCompile(`\bbase64\s+(-d|-D|--decode)\b[^|\n]*\|\s*(` + run + `)\b`), "decodes hidden code and pipes it into a shell"},
		{BundleRemoteExec, []string{"$("}, false, regexp.MustCompile(`\b(eval|source|\.|(ba|z)?sh\s+-c|exec)\s+["']?\$\(\s*(curl|wget)\b`), "runs what a download returns"},
		{BundleRemoteExec, []string{"<("}, false, regexp.MustCompile(`\b(ba|z)?sh\s+<\(\s*(curl|wget)\b|\bsource\s+<\(\s*(curl|wget)\b`), "runs what a download returns"},
		{BundleRemoteExec, []string{"iex", "invoke-expression"}, true, regexp.MustCompile(`(?i)\b(iex|Invoke-Expression)\b\s*\(?\s*(\(?\s*New-Object\s+Net\.WebClient\)?\.DownloadString|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b`), "runs what a download returns (PowerShell)"},
		{BundleRemoteExec, []string{"urlopen", "requests.get", "httpx.get"}, false, regexp.MustCompile(`\b(exec|eval)\s*\(\s*(urllib\.request\.)?(urlopen|requests\.get|httpx\.get|urllib2\.urlopen)\s*\(`), "runs what a download returns (Python)"},
		{BundleRemoteExec, []string{"fetch"}, false, regexp.MustCompile(`\beval\s*\(\s*(await\s+)?\(?\s*(await\s+)?fetch\s*\(`), "runs what a download returns (JavaScript)"},
		{BundleSecretRead, home, false, regexp.MustCompile(`(~|\$HOME|\$\{HOME\}|%USERPROFILE%|expanduser\(["']~)/?\.(ssh|aws|azure|kube|docker|gnupg|config/gcloud|netrc|git-credentials|npmrc|pypirc)\b|\bid_(rsa|ed25519|ecdsa|dsa)\b`), "reads credentials or keys from the user's home"},
		{BundleSecretRead, []string{"security ", "secret-tool", "Get-StoredCredential", "CredRead", "login.keychain"}, false, regexp.MustCompile(`\b(security\s+(find-generic-password|find-internet-password|dump-keychain)|secret-tool\s+lookup|Get-StoredCredential|CredRead|login\.keychain)\b`), "reads the system keychain"},
		{BundleSecretRead, []string{".env"}, false, regexp.MustCompile(`\b(cat|source|open|readFile(Sync)?|read_text|load_dotenv)\s*\(?\s*["']?(\.\./|~/|\$HOME/)*\.env\b`), "reads a .env file of secrets"},
		{BundleSecretRead, []string{"Login Data", "Cookies"}, false, regexp.MustCompile(`(?i)\b(Login Data|Cookies|Local State)\b.*\b(Chrome|Chromium|Edge|Brave)\b|\b(Chrome|Chromium|Edge|Brave)\b.*\b(Login Data|Cookies)\b`), "reads a browser's saved logins or cookies"},
	}
})

// scriptFindings returns the lines of a script that match a pattern (the
// first pattern of each line), in line order, at most maxBundleFindings;
// comment lines are skipped. A pattern runs only on the lines holding one
// of its keys, found in one pass over the script (scriptKeys).
func scriptFindings(path string, src []byte) []BundleFinding {
	pats, keys := scriptPatterns(), scriptKeys()
	var out []BundleFinding
	line := 0
	for start := 0; start < len(src) && len(out) < maxBundleFindings; {
		end := lineEnd(src, start)
		line++
		if m := keys.patternsIn(src[start:end]); m != 0 && !commentLine(src[start:end]) {
			for i := range pats {
				if m&(1<<i) == 0 {
					continue
				}
				if loc := pats[i].re.FindIndex(src[start:end]); loc != nil {
					out = append(out, BundleFinding{Kind: pats[i].kind, Path: path, Span: spans.Span{Start: start + loc[0], End: start + loc[1]}, Line: line, Col: loc[0] + 1, What: pats[i].what, Text: clip(string(src[start:end]))})
					break
				}
			}
		}
		start = end + 1
	}
	return out
}

// keyTable finds the keys of the script patterns in a line: the keys by
// their first byte (both cases of a folded key's), each with the bit of
// its pattern, and the pairs of bytes some key starts with, so that most
// bytes of a line cost one bit test.
type keyTable struct {
	first [256][]scriptKey
	pairs [256][4]uint64 // pairs[c] holds d when some key starts with c, d
}

// scriptKey is a key of the script pattern whose bit is bit.
type scriptKey struct {
	key  string
	fold bool
	bit  uint32
}

// scriptKeys is the key table of scriptPatterns, made once. Every key is
// two bytes long or more.
var scriptKeys = sync.OnceValue(func() *keyTable {
	t := &keyTable{}
	for i, p := range scriptPatterns() {
		for _, k := range p.keys {
			sk := scriptKey{key: k, fold: p.fold, bit: 1 << i}
			c, d := k[0], k[1]
			t.first[c] = append(t.first[c], sk)
			t.pair(c, d)
			if p.fold {
				if u := upperASCII(c); u != c {
					t.first[u] = append(t.first[u], sk)
				}
				for _, c := range []byte{c, upperASCII(c)} {
					t.pair(c, d)
					t.pair(c, upperASCII(d))
				}
			}
		}
	}
	return t
})

// pair records that some key starts with the bytes c, d.
func (t *keyTable) pair(c, d byte) {
	t.pairs[c][d>>6] |= 1 << (d & 63)
}

// patternsIn returns the bits of the patterns one of whose keys line
// holds.
func (t *keyTable) patternsIn(line []byte) uint32 {
	var m uint32
	for i := 0; i+1 < len(line); i++ {
		c, d := line[i], line[i+1]
		if t.pairs[c][d>>6]&(1<<(d&63)) == 0 {
			continue
		}
		for _, k := range t.first[c] {
			if m&k.bit == 0 && hasKeyAt(line[i:], k) {
				m |= k.bit
			}
		}
	}
	return m
}

// hasKeyAt reports whether b starts with k's key (ASCII case folded for a
// folded key, whose key is lower case).
func hasKeyAt(b []byte, k scriptKey) bool {
	if len(b) < len(k.key) {
		return false
	}
	if !k.fold {
		return string(b[:len(k.key)]) == k.key
	}
	for j := range len(k.key) {
		c := b[j]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != k.key[j] {
			return false
		}
	}
	return true
}

// upperASCII returns c in upper case when it is an ASCII letter.
func upperASCII(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

// commentLine reports whether a script line is a comment (#, //, REM).
func commentLine(line []byte) bool {
	t := bytes.TrimSpace(line)
	return len(t) > 0 && (t[0] == '#' || bytes.HasPrefix(t, []byte("//")) || bytes.HasPrefix(t, []byte("REM ")))
}
