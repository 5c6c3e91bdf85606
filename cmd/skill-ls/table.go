package main

import (
	"io"
	"strings"
	"text/tabwriter"
)

// tablePadding is the space between two columns of the text tables.
const tablePadding = 2

// writeTable writes rows as a text table: what a
// tabwriter.NewWriter(w, 0, 0, tablePadding, ' ', 0) prints for each row's
// cells joined by tabs, ended by a newline (the last cell of a row is no
// column and is not padded). When every row has as many cells and every
// cell is printable ASCII, a cell's width is its length and the table is
// written here in one pass over the widths; any other table goes through
// tabwriter, which knows how to measure and split it. At 100,000 skills
// tabwriter took about 240 ms of list's output, on the one goroutine that
// prints.
func writeTable(w io.Writer, rows [][]string) error {
	widths, ok := plainWidths(rows)
	if !ok {
		tw := tabwriter.NewWriter(w, 0, 0, tablePadding, ' ', 0)
		for _, row := range rows {
			if _, err := io.WriteString(tw, strings.Join(row, "\t")+"\n"); err != nil {
				return err
			}
		}
		return tw.Flush()
	}
	var line []byte
	for _, row := range rows {
		line = line[:0]
		for j, cell := range row {
			line = append(line, cell...)
			if j < len(row)-1 {
				for range widths[j] - len(cell) {
					line = append(line, ' ')
				}
			}
		}
		line = append(line, '\n')
		if _, err := w.Write(line); err != nil {
			return err
		}
	}
	return nil
}

// plainWidths returns the width of each column of rows (its widest cell
// plus tablePadding), or false when the rows differ in their number of
// cells or a cell holds anything but printable ASCII.
func plainWidths(rows [][]string) ([]int, bool) {
	if len(rows) == 0 {
		return nil, true
	}
	widths := make([]int, len(rows[0]))
	for _, row := range rows {
		if len(row) != len(widths) {
			return nil, false
		}
		for j, cell := range row {
			for i := 0; i < len(cell); i++ {
				if cell[i] < ' ' || cell[i] > '~' {
					return nil, false
				}
			}
			widths[j] = max(widths[j], len(cell)+tablePadding)
		}
	}
	return widths, true
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
