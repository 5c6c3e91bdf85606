package markdown

import (
	"strings"
	"testing"
)

func TestOverBudget(t *testing.T) {
	para := strings.Repeat("a", 200<<10)
	tests := []struct {
		name, body, want string // want: a substring of the reason, "" for none
	}{
		{"plain", "[a](b) and <b>x</b>\n\n> quoted [a](b)\n", ""},
		{"largest public skill body", strings.Repeat("See [a](b) and `c`.\n", 7000), ""},
		{"too long", strings.Repeat("a", maxGoldmarkBytes+1), "over the 262144 bytes"},
		{"brackets", strings.Repeat("[", maxBrackets+1), "holds 8193 \"[\""},
		{"brackets closed on their line", strings.Repeat("[a](\n", 100) + para, "not closed on their line"},
		{"openers closed later on the line", strings.Repeat("[a](", 100) + ")\n" + para, ""},
		{"openers in a short paragraph", strings.Repeat("[a](", 100) + "\n\n" + para, ""},
		{"unclosed tags", strings.Repeat("<a ", 100) + para, "not closed on their line"},
		{"quote depth", strings.Repeat("> ", maxQuoteDepth+1) + "a\n", "nests 65 block quotes"},
		{"quote depth at the bound", strings.Repeat(">", maxQuoteDepth) + " a\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := overBudget([]byte(tt.body))
			if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
				t.Errorf("overBudget = %q, want %q", got, tt.want)
			}
		})
	}
}
