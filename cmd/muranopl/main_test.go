package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The command line contract: flags, exit codes and the JSON shapes other
// tools read. Expected results are the reference's (oracle.py yaql).
func TestYAQLCommand(t *testing.T) {
	dir := t.TempDir()
	dataJSON := filepath.Join(dir, "data.json")
	os.WriteFile(dataJSON, []byte(`[1, 2, 3]`), 0o644)
	dataYAML := filepath.Join(dir, "data.yaml")
	os.WriteFile(dataYAML, []byte("a: x\nb: [1, 2.5]\n"), 0o644)
	tests := []struct {
		args       []string
		stdin      string
		wantOut    string
		wantErr    string // substring of stderr
		wantStatus int
	}{
		{args: []string{"yaql", "-d", dataJSON, "$.where($ > 1)"}, wantOut: "[2, 3]\n"},
		{args: []string{"yaql", "$.a", "-d", dataYAML}, wantOut: "\"x\"\n"},
		{args: []string{"yaql", "{1 => a, b => 2.0}"}, wantOut: `{"$map": [[1, "a"], ["b", 2.0]]}` + "\n"},
		{args: []string{"yaql", "float(inf)"}, wantOut: `{"$float": "inf"}` + "\n"},
		{args: []string{"yaql", "set(3, 1, 2)"}, wantOut: "[1, 2, 3]\n"},
		{args: []string{"yaql", "--flavor", "legacy", "a => 1"}, wantOut: "[\"a\", 1]\n"},
		{args: []string{"yaql", "--flavor=murano-legacy", "substr(abc, 1)"}, wantOut: "\"bc\"\n"},
		{args: []string{"yaql", "--flavor", "murano", "range(3000).select($).toList()"}, wantErr: "CollectionTooLargeException: Collection length exceeds 2000 elements", wantStatus: 1},
		{args: []string{"yaql", "--limit-iterators", "5", "range(10).select($)"}, wantErr: "Collection length exceeds 5 elements", wantStatus: 1},
		{args: []string{"yaql", "1 +"}, wantErr: "expression:1:4: YaqlGrammarException: Parse error: unexpected end of statement", wantStatus: 1},
		{args: []string{"yaql", "--flavor", "nope", "1"}, wantErr: `unknown flavour "nope"`, wantStatus: 2},
		{args: []string{"yaql"}, wantErr: "want exactly one expression", wantStatus: 2},
		{args: []string{"frobnicate"}, wantErr: `unknown command "frobnicate"`, wantStatus: 2},
		{
			args:  []string{"yaql", "--jsonl"},
			stdin: `{"expr": "$.where($ > 1)", "data": [1, 2, 3]}` + "\n" + `{"expr": "$x + 1", "vars": {"x": 41}}` + "\n\n" + `{"expr": "1 +"}` + "\n" + `not json` + "\n",
			wantOut: `{"ok": true, "result": [2, 3]}` + "\n" + `{"ok": true, "result": 42}` + "\n" +
				`{"ok": false, "error": "YaqlGrammarException: Parse error: unexpected end of statement"}` + "\n" +
				`{"ok": false, "error": "invalid request: invalid character 'o' in literal null (expecting 'u')"}` + "\n",
		},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		status := run(tt.args, strings.NewReader(tt.stdin), &out, &errOut)
		if status != tt.wantStatus {
			t.Errorf("muranopl %q: status %d, want %d (stderr %q)", tt.args, status, tt.wantStatus, errOut.String())
		}
		if out.String() != tt.wantOut {
			t.Errorf("muranopl %q: stdout\n%s\nwant\n%s", tt.args, out.String(), tt.wantOut)
		}
		if tt.wantErr != "" && !strings.Contains(errOut.String(), tt.wantErr) {
			t.Errorf("muranopl %q: stderr %q, want it to contain %q", tt.args, errOut.String(), tt.wantErr)
		}
	}
}
