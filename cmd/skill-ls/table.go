package main

import (
	"io"
	"strings"
	"text/tabwriter"
)

// tablePadding is the space between two columns of the text tables.
const tablePadding = 2

// writeTable writes rows as a text table: each row's cells joined by tabs
// and aligned by tabwriter, ended by a newline (the last cell of a row is
// no column and is not padded).
func writeTable(w io.Writer, rows [][]string) error {
	tw := tabwriter.NewWriter(w, 0, 0, tablePadding, ' ', 0)
	for _, row := range rows {
		if _, err := io.WriteString(tw, strings.Join(row, "\t")+"\n"); err != nil {
			return err
		}
	}
	return tw.Flush()
}

// tableRows returns n rows of cols cells, filled by fill(i, row), in one
// block of memory.
func tableRows(n, cols int, fill func(i int, row []string)) [][]string {
	cells := make([]string, n*cols)
	rows := make([][]string, n)
	for i := range rows {
		rows[i] = cells[i*cols : (i+1)*cols : (i+1)*cols]
		fill(i, rows[i])
	}
	return rows
}
