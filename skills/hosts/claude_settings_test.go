package hosts

import (
	"slices"
	"testing"
)

// TestOverrideKeys reads the keys of the top-level skillOverrides object
// with their spans (quotes included), past other keys holding objects and
// escapes, and none from a nested skillOverrides or a document without it.
func TestOverrideKeys(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string // each key as its span reads in src
	}{
		{`{"skillOverrides": {"a": "off", "b-c":"on"}}`, []string{`"a"`, `"b-c"`}},
		{`{"x": {"skillOverrides": {"no": "off"}}, "skillOverrides": {"tab\"q": "off"}}`, []string{`"tab\"q"`}},
		{"{\n  \"skillOverrides\": {\n    \"one\": \"off\",\n    \"two\": \"on\"\n  }\n}", []string{`"one"`, `"two"`}},
		{`{"other": 1}`, nil},
		{`[1, 2]`, nil},
		{`not json`, nil},
	} {
		var got []string
		for _, k := range overrideKeys([]byte(tc.src)) {
			got = append(got, tc.src[k.start:k.end])
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("overrideKeys(%s) = %q, want %q", tc.src, got, tc.want)
		}
	}
}
