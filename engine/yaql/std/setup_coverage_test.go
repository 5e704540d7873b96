package std_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"murano.dev/playground/engine/enginetest"
)

// TestSetupCoverage checks that every test method of python-setup.md is
// ported — named in a comment of a Go test of engine/yaql or
// engine/yaql/std — or listed with a reason in skip-python-setup.txt.
func TestSetupCoverage(t *testing.T) {
	dir := filepath.Join("testdata", "conformance")
	doc, err := os.ReadFile(filepath.Join(dir, "python-setup.md"))
	if err != nil {
		t.Fatal(err)
	}
	skips := enginetest.LoadSkips(t, filepath.Join(dir, "skip-python-setup.txt"))
	var sources strings.Builder
	for _, pattern := range []string{"../*_test.go", "*_test.go"} {
		files, _ := filepath.Glob(pattern)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			sources.Write(b)
		}
	}
	module := regexp.MustCompile(`^## (test_\w+)\.py`)
	method := regexp.MustCompile(`^### (\w+)\.(test_\w+) \(\d+\)`)
	current, n := "", 0
	for _, line := range strings.Split(string(doc), "\n") {
		if m := module.FindStringSubmatch(line); m != nil {
			current = m[1]
		}
		m := method.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		n++
		ported := regexp.MustCompile(`// ` + m[1] + `\.` + m[2] + `\b`).MatchString(sources.String())
		reason, skipped := skips.Reason(current + "." + m[2])
		switch {
		case ported && skipped && !strings.Contains(reason, "is ported"):
			t.Errorf("%s.%s is both ported and skipped", m[1], m[2])
		case !ported && !skipped:
			t.Errorf("%s.%s (%s.%s) is neither ported nor in skip-python-setup.txt", m[1], m[2], current, m[2])
		}
	}
	if n < 60 {
		t.Errorf("found %d test methods in python-setup.md, want them all", n)
	}
}
