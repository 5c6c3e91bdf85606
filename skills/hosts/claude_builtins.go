package hosts

import "strings"

// claude_builtins.go: Claude Code 2.1.328's own skills and commands, as
// the host suite sees them under `claude -p` with an API key and no
// network (scripts/hosts): what they cost in the listing, and which
// /names they take.

// claudeBuiltinSkill is one of the release's own skills in its listing:
// its name and the UTF-16 units its entry costs the budget, line break
// included. The last two are listed by name only, their descriptions
// added after the user's skills when room is left; the others in full
// whatever the budget.
type claudeBuiltinSkill struct {
	name string
	cost int
}

// claudeBuiltinSkills are the release's own skills in listing order, after
// the user's (an empty tree's listing).
var claudeBuiltinSkills = []claudeBuiltinSkill{
	{"dataviz", 1448},
	{"update-config", 708},
	{"keybindings-help", 249},
	{"code-review", 851},
	{"simplify", 189},
	{"fewer-permission-prompts", 192},
	{"loop", 345},
	{"claude-api", 1172},
	{"workflow-authoring", 253},
	{"run", 369},
	{"plugin-authoring", 276},
	{"init", 7},
	{"security-review", 18},
}

// claudeBuiltinNames are the /names the release's own skills and commands
// take: a skill's frontmatter name equal to one is not shown beside its
// folder (the host suite: a skill per name the release's code holds, of
// which these lost their "(name)"). The release turns some commands on
// only for some accounts or settings; these are the ones on in the suite.
var claudeBuiltinNames = strings.Fields(`add-dir agents auto-mode-setup
autocompact background batch branch btw bug cd claude-api clear
code-review color compact config context copy dataviz debug diff doctor
effort exit export fast feedback fewer-permission-prompts focus fork goal
heapdump help hooks ide init insights keybindings keybindings-help
list-agents login logout loop mcp memory mobile model output-style passes
permissions plan plugin plugin-authoring powerup pro-trial-expired radio
recap release-notes reload-plugins reload-skills rename resume rewind run
run-skill-generator sandbox scroll-speed security-review setup-bedrock
setup-vertex simplify skills status statusline stickers subtask tasks
team-onboarding terminal-setup theme tui update-config usage
workflow-authoring workflow-launch-exec workflows`)

// claudeBuiltinCostLeft is what the release's own skills cost in a
// listing whose skills are winners: a skill folder named like one of them
// replaces it, and its share of the budget is freed; skillOverrides may
// shorten or remove it (claudeBuiltinOverride).
func claudeBuiltinCostLeft(e *env, winners []*entry) int {
	replaced := map[string]bool{}
	for _, w := range winners {
		replaced[w.name] = true
	}
	cost := 0
	for _, b := range claudeBuiltinSkills {
		if !replaced[b.name] {
			cost += claudeBuiltinOverride(e, b.name, b.cost)
		}
	}
	return cost
}
