// Package hosts models how the agents that read skill folders — the DeepSeek
// Harness (DSH), Claude Code, OpenAI Codex, GitHub Copilot in VS Code, Gemini
// CLI, OpenCode, Goose and Cursor — discover, parse, shadow and budget the
// same SKILL.md files, so skill-ls can say, per file and per host, whether the
// skill loads, is dropped (and why, in that host's terms), is shadowed by
// another file, or is not discovered at all.
//
// Every rule names where it was read (a loader source file and commit, or a
// documentation page) in docs/hosts.md. Rules that could not be confirmed
// never produce a "dropped" verdict: every verdict they decide carries a note
// whose code starts with "unconfirmed-" (codes.go lists them, and a test
// checks the list against docs/hosts.md and the notes the profiles emit).
//
// DSH is a host too, and its verdicts come from the skills package's own
// engine (skills.Roots and skills.Load), so they are exactly DSH's.
package hosts
