package skillfile

import "testing"

func TestOpensFrontmatter(t *testing.T) {
	for _, tt := range []struct {
		head string
		want bool
	}{
		{"---\nname: x\n", true},
		{"---\r\nname: x\r\n", true},
		{"\uFEFF---\nname: x\n", true},
		{"---", true}, // the first line is all there is of it
		{"--- \nname: x\n", false},
		{"----\n", false},
		{"# Title\n", false},
		{"", false},
	} {
		if got := OpensFrontmatter([]byte(tt.head)); got != tt.want {
			t.Errorf("OpensFrontmatter(%q) = %v, want %v", tt.head, got, tt.want)
		}
	}
}
