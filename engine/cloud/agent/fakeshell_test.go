package agent

import (
	"reflect"
	"testing"
	"time"
)

func TestFakeShell(t *testing.T) {
	files := map[string]string{"data.txt": "line 1\nline 2\n", "lib/util.sh": "x=1\n"}
	tests := []struct {
		name, script, commandLine string
		want                      ScriptOutput
		logged                    []string
	}{
		{"echo", "echo hello   world\necho -n no newline", "", ScriptOutput{Stdout: "hello world\nno newline"}, nil},
		{"exit", "echo before; exit 3\necho after", "", ScriptOutput{ExitCode: 3, Stdout: "before\n"}, nil},
		{"exit status", "false\nexit", "", ScriptOutput{ExitCode: 1}, nil},
		{"arguments", `echo "$1" '$2' $# "$@"`, `'/etc/motd' "a b" c`, ScriptOutput{Stdout: "/etc/motd $2 3 /etc/motd a b c\n"}, nil},
		{"variables", "NAME=world GREETING=\"hello\"\necho \"${GREETING}, $NAME!\" $UNSET.", "", ScriptOutput{Stdout: "hello, world! .\n"}, nil},
		{"cat", "cat data.txt ./lib/util.sh", "", ScriptOutput{Stdout: "line 1\nline 2\nx=1\n"}, nil},
		{"cat missing", "cat nope", "", ScriptOutput{ExitCode: 1, Stderr: "cat: nope: No such file or directory\n"}, nil},
		{"hostname", "hostname", "", ScriptOutput{Stdout: "vm-1\n"}, nil},
		{"and or", "false && echo no || echo yes; true || echo never", "", ScriptOutput{Stdout: "yes\n"}, nil},
		{"status", "false; echo $?; true; echo $?", "", ScriptOutput{Stdout: "1\n0\n"}, nil},
		{"test", `[ -f data.txt ] && [ ! -d /tmp ] && test "$1" = x && [ 3 -gt 2 ] && [ -z "" ] && echo ok`, "x", ScriptOutput{Stdout: "ok\n"}, nil},
		{"test error", "[ 1 -eq a ]", "", ScriptOutput{ExitCode: 2, Stderr: "sh: test: Illegal number: a\n"}, nil},
		{"missing bracket", "[ 1 = 1", "", ScriptOutput{ExitCode: 2, Stderr: "sh: [: missing ]\n"}, nil},
		{"if", "if [ \"$1\" = a ]; then\n  echo A\nelif [ \"$1\" = b ]; then\n  echo B\nelse\n  echo other\nfi", "b", ScriptOutput{Stdout: "B\n"}, nil},
		{"if else", "if false\nthen echo no\nelse echo yes; fi", "", ScriptOutput{Stdout: "yes\n"}, nil},
		{"unknown commands", "#!/bin/sh\napt-get install -y nginx # comment\nservice nginx restart", "", ScriptOutput{}, []string{"apt-get install -y nginx", "service nginx restart"}},
		{"syntax error", "if true; then echo", "", ScriptOutput{ExitCode: 2, Stderr: "sh: syntax error: expected `fi'"}, nil},
		{"unterminated quote", "echo 'abc", "", ScriptOutput{ExitCode: 2, Stderr: "sh: unterminated quoted string"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var logged []string
			sh := FakeShell{Hostname: "vm-1", Log: func(_ ScriptCall, command string) { logged = append(logged, command) }}
			got, err := sh.Run(ScriptCall{Name: "s", Type: "Application", EntryFile: "main.sh", Files: map[string]string{"main.sh": tt.script, "data.txt": files["data.txt"], "lib/util.sh": files["lib/util.sh"]}, CommandLine: tt.commandLine})
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("got %+v\nwant %+v", got, tt.want)
			}
			if !reflect.DeepEqual(logged, tt.logged) {
				t.Errorf("logged %q, want %q", logged, tt.logged)
			}
		})
	}
}

// The fake shell runs what the agent received: putFile's script copies
// the base64 file to the path the Body passes as its command line.
func TestFakeShellInAPlan(t *testing.T) {
	plan := map[string]any{
		"FormatVersion": "2.0.0", "ID": "p", "Stamp": int64(1),
		"Body":       `return putFile("'{0}'".format(args.path)).stdout`,
		"Parameters": map[string]any{"path": "/etc/motd"},
		"Files": map[string]any{
			"k1": map[string]any{"Name": "destinationFile", "BodyType": "Base64", "Body": "aGVsbG8K"},
			"k2": map[string]any{"Name": "putFile.sh", "BodyType": "Text", "Body": "echo \"copy to $1:\"\ncat destinationFile"},
		},
		"Scripts": map[string]any{"putFile": map[string]any{"Type": "Application", "EntryPoint": "k2", "Files": []any{"k1"}}},
	}
	got := New(Config{FormatVersion: 2}).Handle(plan, FakeShell{}, time.Unix(0, 0))
	if got["ErrorCode"] != int64(0) || got["Body"] != "copy to /etc/motd:\nhello" {
		t.Fatalf("result %v", got)
	}
}
