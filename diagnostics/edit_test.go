package diagnostics

import (
	"testing"

	"github.com/skill-ls/skill-ls/skills/spans"
)

func TestOverlaps(t *testing.T) {
	span := func(start, end int) spans.Span { return spans.Span{Start: start, End: end} }
	tests := []struct {
		name string
		a, b spans.Span
		want bool
	}{
		{"disjoint", span(0, 2), span(3, 5), false},
		{"adjacent replacements", span(0, 3), span(3, 5), false},
		{"shared byte", span(0, 4), span(3, 5), true},
		{"nested", span(0, 10), span(3, 5), true},
		{"insertions at one offset", span(4, 4), span(4, 4), true},
		{"insertions at two offsets", span(4, 4), span(5, 5), false},
		{"insertion inside a replacement", span(2, 6), span(4, 4), true},
		{"insertion at the start of a replacement", span(4, 4), span(4, 8), true},
		{"insertion at the end of a replacement", span(4, 8), span(8, 8), true},
		{"insertion before a replacement", span(3, 3), span(4, 8), false},
		{"insertion after a replacement", span(4, 8), span(9, 9), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Overlaps(tt.a, tt.b); got != tt.want {
				t.Errorf("Overlaps(%v, %v) = %v, want %v", tt.a, tt.b, got, tt.want)
			}
			if got := Overlaps(tt.b, tt.a); got != tt.want {
				t.Errorf("Overlaps(%v, %v) = %v, want %v", tt.b, tt.a, got, tt.want)
			}
		})
	}
}
