// Package jstext holds the JavaScript-string semantics that DSH's
// model-facing text depends on, in one place: which characters are
// whitespace, how long a string is and where it is cut in UTF-16 code units
// (String.prototype.substring), how a catalog description is shortened and
// written as a catalog line, how text and attributes are escaped, how
// JSON.stringify writes a string, and how toLocaleString writes a count. It imports no project package; skills,
// skills/hosts, render and diagnostics all use it.
//
// # Text representation
//
// DSH works on JavaScript strings, which are UTF-16 and may hold a lone
// surrogate. Go strings hold UTF-8, with one extension used here: when a
// description is cut between the two halves of a surrogate pair (docs/dsh.md §6.1,
// §10.3), or a frontmatter value holds a lone surrogate written as a YAML
// escape ("\uD800", docs/dsh.md §4.2; AppendCodePoint), the lone surrogate
// that JavaScript keeps is stored as its three-byte generalized UTF-8
// (WTF-8) encoding, for example U+D83D as "\xed\xa0\xbd". Such a string is not valid UTF-8 on purpose: the catalog
// digest hashes the exact JSON.stringify escape "\ud83d" (docs/dsh.md §6.4), and
// ModelText turns the sequence into U+FFFD, which is what Node writes when
// it serializes the string as UTF-8.
//
// Lengths and cuts are counted in UTF-16 code units: a character outside the
// Basic Multilingual Plane counts 2, a stored lone surrogate counts 1, and a
// byte that is not valid UTF-8 counts 1 (as the U+FFFD a JavaScript decoder
// would have produced). Whitespace always means JavaScript whitespace
// (IsSpace).
package jstext
