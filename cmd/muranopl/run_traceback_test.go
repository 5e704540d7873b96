package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"murano.dev/playground/engine"
	"murano.dev/playground/engine/enginetest"
)

// TestRunPrintsTraceback checks that a MuranoPL error's stack trace goes
// to stderr in the reference's format (positions as oracle.py dsl's
// "formatted" gives them for the same class), stdout keeping the JSON.
func TestRunPrintsTraceback(t *testing.T) {
	_, _, err := engine.LocateCoreLibrary()
	enginetest.Need(t, "the io.murano core library", err)
	dir := t.TempDir()
	src := "Name: A\nMethods:\n  test:\n    Body:\n      - $.inner()\n  inner:\n    Body:\n      - Throw: Oops\n        Message: broken\n"
	if err := os.WriteFile(filepath.Join(dir, "A.yaml"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	status := run([]string{"run", "--classes", dir, "--class", "A", "--method", "test"}, nil, &stdout, &stderr)
	wantOut := `{"ok": false, "error": {"type": "Oops", "message": "broken"}, "traces": [], "log": []}` + "\n"
	wantErr := "Traceback (most recent call last):\n" +
		"  File \"A.yaml\", line 5:9 in method test of type A\n      $.inner()\n" +
		"  File \"A.yaml\", line 8:9 in method inner of type A\n      block construct\n"
	if status != 1 || stdout.String() != wantOut || stderr.String() != wantErr {
		t.Errorf("status %d\nstdout %s\nstderr %s\nwant 1\nstdout %s\nstderr %s", status, stdout.String(), stderr.String(), wantOut, wantErr)
	}
}
