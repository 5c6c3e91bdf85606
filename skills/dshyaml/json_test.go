package dshyaml

import "testing"

// TestJSON: a frontmatter as JSON, typed as DSH reads it.
func TestJSON(t *testing.T) {
	for _, tc := range []struct{ yaml, want string }{
		{"name: pdf\ndescription: Use when: x\n", ""},
		{"name: pdf\ndescription: \"Read PDFs\\u0021\"\n", `{"description":"Read PDFs!","name":"pdf"}`},
		{"name: pdf\nversion: 1.5\non: yes\nn: ~\nlist: [a, 2, true]\nmetadata:\n  k: v\n", `{"list":["a",2,true],"metadata":{"k":"v"},"n":null,"name":"pdf","on":"yes","version":1.5}`},
		{"a: &x [1]\nb: *x\n", `{"a":[1],"b":[1]}`},
		{"x: .inf\n", `{"x":".inf"}`},
		{"", `null`},
		{"a: 1\na: 2\n", ""},
	} {
		got, err := JSON([]byte(tc.yaml))
		if tc.want == "" {
			if err == nil {
				t.Errorf("%q: %s, want an error", tc.yaml, got)
			}
			continue
		}
		if err != nil || string(got) != tc.want {
			t.Errorf("%q: %s, %v; want %s", tc.yaml, got, err, tc.want)
		}
	}
}
