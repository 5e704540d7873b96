package main

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// writePackage writes files into a new package folder.
func writePackage(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// writeZip writes files into a new package zip.
func writeZip(t *testing.T, files map[string]string) string {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, text := range files {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(text))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "pkg.zip")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

var problemLine = regexp.MustCompile(`^[^:]+:\d+:\d+: (error|warning): [EWL]\d{3} `)

func TestLint(t *testing.T) {
	const class = "Name: com.example.App\n"
	manifest := "Format: MuranoPL/1.4\nType: Library\nFullName: com.example.App\nDescription: d\nClasses:\n  com.example.App: App.yaml\n"
	tests := []struct {
		name  string
		args  func(t *testing.T) []string
		code  int
		lines []string // substrings of the output lines, in order
	}{
		{"no arguments", func(*testing.T) []string { return nil }, 2, nil},
		{"two packages", func(*testing.T) []string { return []string{"a", "b"} }, 2, nil},
		{"not there", func(*testing.T) []string { return []string{"/nonexistent/pkg"} }, 2, nil},
		{"not a package", func(t *testing.T) []string {
			return []string{writePackage(t, map[string]string{"README": "x"})}
		}, 2, nil},
		{"warnings only", func(t *testing.T) []string {
			return []string{"--no-core", writePackage(t, map[string]string{"manifest.yaml": manifest, "Classes/App.yaml": class})}
		}, 0, []string{
			`Classes/App.yaml:1:7: warning: W011 Class name "com.example.App"`,
			`LICENSE:0:0: warning: W121 Missing "LICENSE"`,
		}},
		{"a zip", func(t *testing.T) []string {
			return []string{"--no-core", writeZip(t, map[string]string{"manifest.yaml": manifest, "LICENSE": "MIT", "Classes/App.yaml": "Name: App\n"})}
		}, 1, []string{
			`manifest.yaml:6:3: error: L004 class com.example.App is not defined in Classes/App.yaml`,
		}},
		{"an error", func(t *testing.T) []string {
			return []string{"--no-core", writePackage(t, map[string]string{"manifest.yaml": manifest + "Tags: x\n", "LICENSE": "MIT", "Classes/App.yaml": class})}
		}, 1, []string{
			`Classes/App.yaml:1:7: warning: W011`,
			`manifest.yaml:7:7: error: E070 Tags should be a list`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(append([]string{"lint"}, tt.args(t)...), nil, &stdout, &stderr)
			if code != tt.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.code, &stdout, &stderr)
			}
			if code == 2 && stderr.Len() == 0 {
				t.Error("usage error without a message on stderr")
			}
			out := strings.TrimSuffix(stdout.String(), "\n")
			var lines []string
			if out != "" {
				lines = strings.Split(out, "\n")
			}
			if len(lines) != len(tt.lines) {
				t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(tt.lines), out)
			}
			for i, l := range lines {
				if !problemLine.MatchString(l) || !strings.Contains(l, tt.lines[i]) {
					t.Errorf("line %d = %q, want a problem line containing %q", i, l, tt.lines[i])
				}
			}
		})
	}
}
