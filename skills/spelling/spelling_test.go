package spelling

import "testing"

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b  string
		limit int
		want  int
	}{
		{"", "", 3, 0},
		{"name", "name", 3, 0},
		{"nmae", "name", 3, 1},  // two neighbours swapped: one edit
		{"nme", "name", 3, 1},   // a letter dropped
		{"namme", "name", 3, 1}, // a letter doubled
		{"nbme", "name", 3, 1},  // a letter changed
		{"ca", "abc", 5, 3},     // OSA, not Damerau: no edit inside a swap
		{"description", "d", 3, 3},
		{"kitten", "sitting", 10, 3},
		{"kitten", "sitting", 2, 2}, // capped
		{"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz", "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyZ", 5, 1},
	}
	for _, tt := range tests {
		if got := Distance(tt.a, tt.b, tt.limit); got != tt.want {
			t.Errorf("Distance(%q, %q, %d) = %d; want %d", tt.a, tt.b, tt.limit, got, tt.want)
		}
	}
}

func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"allowed-tools": "allowedtools",
		"Allowed_Tools": "allowedtools",
		"allowed tools": "allowedtools",
		"ÉTÉ":           "été",
		"":              "",
	} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q; want %q", in, got, want)
		}
	}
}
