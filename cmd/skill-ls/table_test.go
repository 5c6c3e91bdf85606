package main

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"text/tabwriter"
)

// TestWriteTableMatchesTabwriter: writeTable prints what tabwriter prints,
// for tables it writes itself (printable ASCII, empty cells, spaces) and
// for those it leaves to tabwriter (non-ASCII, tabs, newlines, form feeds,
// rows of different lengths).
func TestWriteTableMatchesTabwriter(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	plain := []string{"", "a", "bb", "name-x", " ", "  padded ", "~", "0", "skills/x/SKILL.md", "loses to a (project, rank 1)"}
	odd := []string{"é", "日本", "𐐀", "a\tb", "x\ny", "\f", "\v", "\x00", "\xff", "\r"}
	for round := range 2000 {
		cols := 1 + r.IntN(6)
		rows := make([][]string, r.IntN(8))
		for i := range rows {
			n := cols
			if round%7 == 0 && r.IntN(3) == 0 {
				n = 1 + r.IntN(6) // rows of different lengths
			}
			rows[i] = make([]string, n)
			for j := range rows[i] {
				rows[i][j] = plain[r.IntN(len(plain))]
				if round%3 == 0 && r.IntN(10) == 0 {
					rows[i][j] += odd[r.IntN(len(odd))]
				}
			}
		}
		var want bytes.Buffer
		tw := tabwriter.NewWriter(&want, 0, 0, tablePadding, ' ', 0)
		for _, row := range rows {
			io.WriteString(tw, strings.Join(row, "\t")+"\n")
		}
		tw.Flush()
		var got bytes.Buffer
		if err := writeTable(&got, rows); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Fatalf("rows %q:\n got %q\nwant %q", rows, got.String(), want.String())
		}
	}
}
