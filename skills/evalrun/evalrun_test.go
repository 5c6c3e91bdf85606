package evalrun

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestScanClaude(t *testing.T) {
	const result = `{"type":"result","subtype":"success","is_error":false,"result":"ok"}`
	skillUse := func(name string) string {
		return `{"type":"assistant","message":{"content":[{"type":"tool_use","id":"t","name":"Skill","input":{"skill":"` + name + `"}}]}}`
	}
	tests := []struct {
		name, out string
		want      bool
		err       error
	}{
		{"called", skillUse("deploy") + "\n" + result, true, nil},
		{"plugin's skill", skillUse("tools:deploy") + "\n" + result, true, nil},
		{"after another tool", `{"type":"assistant","message":{"content":[{"type":"tool_use","name":"Read","input":{}}]}}` + "\n" + skillUse("deploy") + "\n" + result, true, nil},
		{"another skill", skillUse("deploy-prod") + "\n" + result, false, nil},
		{"unknown to the host", skillUse("deploy") + "\n" + `{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"t","is_error":true,"content":"Unknown skill: deploy"}]}}` + "\n" + result, false, nil},
		{"no call", `{"type":"assistant","message":{"content":[{"type":"text","text":"deploy"}]}}` + "\n" + result, false, nil},
		{"not logged in", `{"type":"result","subtype":"success","is_error":true,"result":"Invalid API key · Please run /login"}`, false, ErrNotLoggedIn},
		{"garbage", "not json\n", false, errAny},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := scanClaude([]byte(tt.out), "deploy")
			if got != tt.want {
				t.Errorf("triggered = %v, want %v", got, tt.want)
			}
			switch {
			case tt.err == nil && err != nil, tt.err != nil && err == nil:
				t.Errorf("err = %v, want %v", err, tt.err)
			case tt.err != nil && tt.err != errAny && !errors.Is(err, tt.err):
				t.Errorf("err = %v, want %v", err, tt.err)
			}
		})
	}
}

var errAny = errors.New("any error")

func TestScore(t *testing.T) {
	q := func(should bool, split string, trig, runs, errs int) QueryResult {
		return QueryResult{ShouldTrigger: should, Split: split, Triggered: trig, Runs: runs, Errors: errs}
	}
	r := &Report{Queries: []QueryResult{
		q(true, "train", 2, 3, 0),       // 0.67: pass
		q(true, "train", 1, 3, 0),       // 0.33: fail
		q(false, "train", 1, 2, 1),      // 0.50: fail (fires)
		q(false, "validation", 0, 3, 0), // pass
		q(true, "validation", 0, 0, 3),  // no run completed: fail
	}}
	r.score()
	if r.All.Passed != 2 || *r.All.Precision != 0.5 || *r.All.Recall != 1.0/3 {
		t.Errorf("all = %+v, precision %v recall %v", r.All, *r.All.Precision, *r.All.Recall)
	}
	if r.Train == nil || r.Train.Queries != 3 || r.Validation == nil || r.Validation.Precision != nil || *r.Validation.Recall != 0 {
		t.Errorf("splits = %+v %+v", r.Train, r.Validation)
	}
	if failed, errs := r.Failed(); !failed || !errs {
		t.Errorf("Failed() = %v, %v", failed, errs)
	}
}

// TestScanClaudeRelease reads what Claude Code 2.1.328 printed (offline,
// against scripts/hosts/standin.mjs): a turn that loads the skill, one
// that does not, one without an account.
func TestScanClaudeRelease(t *testing.T) {
	for _, tt := range []struct {
		file string
		want bool
		err  error
	}{
		{"claude-2.1.328-triggered.jsonl", true, nil},
		{"claude-2.1.328-not.jsonl", false, nil},
		{"claude-2.1.328-loggedout.jsonl", false, ErrNotLoggedIn},
	} {
		out, err := os.ReadFile(filepath.Join("testdata", tt.file))
		if err != nil {
			t.Fatal(err)
		}
		got, err := scanClaude(out, "deploy-staging")
		if got != tt.want || !errors.Is(err, tt.err) {
			t.Errorf("%s: %v, %v; want %v, %v", tt.file, got, err, tt.want, tt.err)
		}
	}
}
