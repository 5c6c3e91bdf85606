package listjson

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/render"
)

// fill sets every field of the struct, slice or scalar v points into to a
// value that is not its zero (slices get two elements), so that a field
// missing from a mirror shows.
func fill(v reflect.Value, n *int) {
	*n++
	switch v.Kind() {
	case reflect.String:
		v.SetString("s" + strings.Repeat("x", *n))
	case reflect.Int:
		v.SetInt(int64(*n))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Struct:
		for i := range v.NumField() {
			fill(v.Field(i), n)
		}
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fill(v.Index(i), n)
		}
	}
}

// TestListJSONMirrorsReport holds list --json's types to render.Report:
// for UTF-8 text, the output is exactly encoding/json's of the report, so
// a field added to the report and not to the mirror fails here.
func TestListJSONMirrorsReport(t *testing.T) {
	var rep render.Report
	n := 0
	fill(reflect.ValueOf(&rep).Elem(), &n)
	enc := func(v any) string {
		var b bytes.Buffer
		e := json.NewEncoder(&b)
		e.SetIndent("", "  ")
		e.SetEscapeHTML(false)
		if err := e.Encode(v); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	if got, want := enc(New(rep)), enc(rep); got != want {
		t.Errorf("list --json differs from the report's JSON:\ngot:\n%s\nwant:\n%s", got, want)
	}
}
