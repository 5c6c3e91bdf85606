// Package render produces, byte for byte, the model-facing text of the
// DeepSeek Harness (DSH) skill system: the session catalog and its digest
// (spec §6), the `skill` tool result (§7), the `/name` gesture injection (§8)
// and the historical TUI `/skill:<name>` user turn (§9).
//
// It imports only the skills package and the standard library; it knows
// nothing about editors or protocols. Every function returns a plain string
// whose lines are joined with "\n" and that has no trailing newline.
//
// # Text representation
//
// DSH works on JavaScript strings, which are UTF-16 and may hold a lone
// surrogate. render works on Go strings holding UTF-8, with one extension:
// when a catalog description is cut between the two halves of a surrogate
// pair (spec §6.1, §10.3), the lone high surrogate that JavaScript keeps is
// stored as its three-byte generalized UTF-8 (WTF-8) encoding, for example
// U+D83D as "\xed\xa0\xbd". Such a string is not valid UTF-8 on purpose:
//
//   - CatalogDescription and Entries return it in that form, so that Digest
//     can hash the exact JSON.stringify escape "\ud83d" (spec §6.4);
//   - ModelText turns every such sequence into U+FFFD ("\xef\xbf\xbd"), which
//     is what Node writes when it serializes the string as UTF-8. Every
//     rendering function (Catalog, CatalogStep, SkillContent, SkillTool,
//     Gesture, TUIInvocation, TUI) already returns ModelText output.
//
// Lengths and cuts are counted in UTF-16 code units: a character outside the
// Basic Multilingual Plane counts 2, a stored lone surrogate counts 1, and a
// byte that is not valid UTF-8 counts 1 (as the U+FFFD a JavaScript decoder
// would have produced). Whitespace always means JavaScript whitespace
// (skills.IsJSSpace).
package render
