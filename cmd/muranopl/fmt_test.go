package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// muranopl fmt prints, lists or rewrites; a file it cannot format is
// reported with its position and left alone, and the status says so.
func TestFmtCommand(t *testing.T) {
	dir := t.TempDir()
	messy := filepath.Join(dir, "messy.yaml")
	tidy := filepath.Join(dir, "tidy.yaml")
	broken := filepath.Join(dir, "broken.yaml")
	const messyText = "Properties:\n    # the name\n    name:\n        Contract: $.string().notNull()\n"
	const formatted = "Properties:\n  # the name\n  name:\n    Contract: $.string().notNull()\n"
	const brokenText = "a:\n  b: 1\n c: 2\n"
	os.WriteFile(messy, []byte(messyText), 0o644)
	os.WriteFile(tidy, []byte(formatted), 0o644)
	os.WriteFile(broken, []byte(brokenText), 0o644)

	tests := []struct {
		args       []string
		stdin      string
		wantOut    string
		wantErr    string
		wantStatus int
	}{
		{args: []string{"fmt", messy}, wantOut: formatted},
		{args: []string{"fmt", "-"}, stdin: messyText, wantOut: formatted},
		{args: []string{"fmt", "-l", messy, tidy}, wantOut: messy + "\n"},
		{args: []string{"fmt", broken, tidy}, wantOut: formatted, wantErr: broken + ":3:2: did not find expected key", wantStatus: 1},
		{args: []string{"fmt", filepath.Join(dir, "missing.yaml")}, wantErr: "no such file", wantStatus: 1},
		{args: []string{"fmt"}, wantErr: "usage: muranopl fmt", wantStatus: 2},
		{args: []string{"fmt", "-w", "-"}, wantErr: "cannot rewrite the standard input", wantStatus: 2},
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

	// -w rewrites what changes and leaves the rest (and a broken file) alone.
	var out, errOut bytes.Buffer
	if status := run([]string{"fmt", "-w", messy, tidy, broken}, nil, &out, &errOut); status != 1 || out.Len() != 0 {
		t.Errorf("fmt -w: status %d, stdout %q", status, out.String())
	}
	for file, want := range map[string]string{messy: formatted, tidy: formatted, broken: brokenText} {
		if got, _ := os.ReadFile(file); string(got) != want {
			t.Errorf("%s after fmt -w:\n%s\nwant\n%s", file, got, want)
		}
	}
}
