package terminal

import "testing"

func TestUseColor(t *testing.T) {
	tests := []struct {
		mode     string
		env      map[string]string
		terminal bool
		want     bool
	}{
		{"auto", nil, true, true},
		{"auto", nil, false, false},
		{"auto", map[string]string{"NO_COLOR": "1"}, true, false},
		{"auto", map[string]string{"NO_COLOR": ""}, true, true},
		{"auto", map[string]string{"FORCE_COLOR": "1"}, false, true},
		{"auto", map[string]string{"FORCE_COLOR": "3"}, false, true},
		{"auto", map[string]string{"FORCE_COLOR": "0"}, true, false},
		{"auto", map[string]string{"FORCE_COLOR": "false"}, true, false},
		{"auto", map[string]string{"NO_COLOR": "1", "FORCE_COLOR": "1"}, true, false},
		{"auto", map[string]string{"TERM": "dumb"}, true, false},
		{"auto", map[string]string{"TERM": "dumb", "FORCE_COLOR": "1"}, false, true},
		{"always", map[string]string{"NO_COLOR": "1"}, false, true},
		{"never", map[string]string{"FORCE_COLOR": "1"}, true, false},
	}
	for _, tt := range tests {
		getenv := func(k string) string { return tt.env[k] }
		if got := UseColor(tt.mode, getenv, tt.terminal); got != tt.want {
			t.Errorf("UseColor(%s, %v, terminal %v) = %v, want %v", tt.mode, tt.env, tt.terminal, got, tt.want)
		}
	}
}
