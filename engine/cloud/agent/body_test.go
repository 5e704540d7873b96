package agent

import (
	"testing"
	"time"
)

// Python the simulated agent does not run fails with error code 1 and a
// message that says so (the reference's agent, running Python, runs it).
func TestUnsupportedPython(t *testing.T) {
	tests := []struct{ body, message string }{
		{"for x in args:\n  pass", "the simulated murano agent does not run 'for' statements (<execution plan>, line 2)"},
		{"x = [a for a in b]", "the simulated murano agent does not run comprehensions (<execution plan>, line 2)"},
		{"\nreturn f'{args}'", "the simulated murano agent does not run f-strings (<execution plan>, line 3)"},
		{"return 2 ** 3", "the simulated murano agent does not run the ** operator (<execution plan>, line 2)"},
		{"return sorted([2, 1])", "the simulated murano agent does not offer sorted()"},
		{"return 'a'.zfill(3)", "the simulated murano agent does not offer str.zfill()"},
		{"return 9223372036854775807 + 1", "the simulated murano agent's integers have 64 bits"},
		{"return 'ab' * 1000000", "the simulated murano agent's values hold at most 1048576 items"},
	}
	for _, tt := range tests {
		plan := map[string]any{"FormatVersion": "2.0.0", "Body": tt.body, "Scripts": map[string]any{}, "Files": map[string]any{}}
		got := New(Config{FormatVersion: 2}).Handle(plan, nil, time.Unix(0, 0))
		body, _ := got["Body"].(map[string]any)
		if got["ErrorCode"] != int64(1) || body["Message"] != tt.message {
			t.Errorf("%q: got %v, want %q", tt.body, got, tt.message)
		}
	}
}

func TestFixtures(t *testing.T) {
	fixtures := Fixtures{
		Rows: []Fixture{
			{Script: "deploy.sh", ExitCode: 1},
			{Script: "^conf", Body: "nginx", ExitCode: 2, Stdout: "out"},
			{Script: "(", ExitCode: 3},
			{Body: "Ubuntu", Stdout: "Ubuntu 14.04"},
		},
		Otherwise: FakeShell{},
	}
	tests := []struct {
		call ScriptCall
		want ScriptOutput
	}{
		{ScriptCall{Name: "x", EntryFile: "deploy.sh"}, ScriptOutput{ExitCode: 1}},
		{ScriptCall{Name: "configure", Body: "service nginx restart"}, ScriptOutput{ExitCode: 2, Stdout: "out"}},
		{ScriptCall{Name: "configure", Body: "service apache2 restart"}, ScriptOutput{}},
		{ScriptCall{Name: "(", Body: ""}, ScriptOutput{ExitCode: 3}},
		{ScriptCall{Name: "checkOS", Body: "grep Ubuntu /etc/os-release"}, ScriptOutput{Stdout: "Ubuntu 14.04"}},
		{ScriptCall{Name: "other", Body: "echo hi"}, ScriptOutput{Stdout: "hi\n"}},
	}
	for _, tt := range tests {
		got, err := fixtures.Run(tt.call)
		if err != nil || got != tt.want {
			t.Errorf("%+v: got %+v, %v; want %+v", tt.call, got, err, tt.want)
		}
	}
}
