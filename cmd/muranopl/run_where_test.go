package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"murano.dev/playground/engine"
	"murano.dev/playground/engine/enginetest"
)

// TestRunPrintsLoadErrorPositions checks that the positions of load errors
// go to stderr while stdout keeps the oracle's JSON line (expected output:
// oracle.py dsl with the same class file).
func TestRunPrintsLoadErrorPositions(t *testing.T) {
	_, _, err := engine.LocateCoreLibrary()
	enginetest.Need(t, "the io.murano core library", err)
	dir := t.TempDir()
	src := "Name: A\nExtends: Nope\nMethods:\n  test:\n    Body:\n      - Return: 1\n"
	if err := os.WriteFile(filepath.Join(dir, "A.yaml"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	status := run([]string{"run", "--classes", dir, "--class", "A", "--method", "test"}, nil, &stdout, &stderr)
	wantOut := `{"ok": false, "error": {"type": "NoClassFound", "message": "Class \"Nope\" is not found in io.murano/0.0.0, tests/0.0.0"}, "traces": [], "log": []}` + "\n"
	wantErr := `A.yaml:2:10: NoClassFound: Class "Nope" is not found in io.murano/0.0.0, tests/0.0.0` + "\n"
	if status != 1 || stdout.String() != wantOut || stderr.String() != wantErr {
		t.Errorf("status %d\nstdout %s\nstderr %s\nwant 1\nstdout %s\nstderr %s", status, stdout.String(), stderr.String(), wantOut, wantErr)
	}
}
