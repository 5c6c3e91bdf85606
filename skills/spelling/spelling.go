// Package spelling tells how close a typed word is to a known one, for the
// "did you mean" suggestions of the CLI's flags, the frontmatter's keys,
// .skill-ls.yaml's keys and the chat's skill names: one edit distance and
// one folding of a key's case and separators for all of them.
package spelling

import (
	"strings"
	"unicode"
)

// Distance is the optimal-string-alignment distance of a and b (the
// Levenshtein distance, with two swapped neighbours counting as one edit),
// capped at limit: any distance of limit or more may be returned as limit.
func Distance(a, b string, limit int) int {
	if abs(len(a)-len(b)) >= limit {
		return limit
	}
	var buf [3 * 48]int // the rows of a key or a skill name, without allocating
	cells := buf[:0]
	if 3*(len(b)+1) > len(buf) {
		cells = make([]int, 0, 3*(len(b)+1))
	}
	cells = cells[:3*(len(b)+1)]
	n := len(b) + 1
	rows := [3][]int{cells[:n:n], cells[n : 2*n : 2*n], cells[2*n:]}
	for j := range rows[1] {
		rows[1][j] = j
	}
	for i := 1; i <= len(a); i++ {
		prev2, prev, cur := rows[0], rows[1], rows[2]
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			rowMin = min(rowMin, cur[j])
		}
		// No cell of a later row is below this row's least (a swap
		// reaches back two rows, but costs one), so the distance is
		// at least limit.
		if rowMin >= limit {
			return limit
		}
		rows = [3][]int{prev, cur, prev2}
	}
	return rows[1][len(b)]
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Fold is a key in lower case without the separators between its words
// (-, _ and space), so that allowed-tools, Allowed_Tools and allowedtools
// are one key.
func Fold(key string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r == ' ' {
			return -1
		}
		return unicode.ToLower(r)
	}, key)
}
