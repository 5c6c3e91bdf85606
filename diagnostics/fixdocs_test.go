package diagnostics

import "testing"

func TestFixTitle(t *testing.T) {
	tests := []struct {
		template string
		parts    []string
		want     string
	}{
		{titleQuoteValue, nil, "Quote the value"},
		{titleRenameTo, []string{"description"}, "Rename to description"},
		{titleReplaceKey, []string{"userInvocable", "user-invocable"}, "Replace userInvocable with user-invocable"},
		{titleSuppressLine, []string{"name-invalid", "12"}, "Suppress name-invalid on line 12"},
		{titleShorten, []string{"1,024"}, "Shorten the description to its first 1,024 characters, ending at a word"},
		{titleRenameFolder, []string{"Old", "NAME"}, "Rename the folder Old to NAME"}, // a part is never filled again
		{titleChangeToSkill, []string{"pdf"}, "Change to /pdf"},
		{"Nothing NAMEs here", []string{"x"}, "Nothing NAMEs here"}, // capitals inside a word are no placeholder
	}
	for _, tt := range tests {
		if got := fixTitle(tt.template, tt.parts...); got != tt.want {
			t.Errorf("fixTitle(%q, %q) = %q; want %q", tt.template, tt.parts, got, tt.want)
		}
	}
}
