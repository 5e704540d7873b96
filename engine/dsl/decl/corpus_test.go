package decl

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// referenceCorpus returns the class files of murano's own DSL unit tests
// (python3-murano) and of the real core library io.murano (extracted by
// ../shared/oracle/oracle.py core-lib --fetch), read where they are
// installed. Missing sources skip the test, except under CI=true, where
// they fail it.
func referenceCorpus(t *testing.T) []string {
	t.Helper()
	missing := func(what string) {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s not found", what)
		}
		t.Skipf("%s not found (needs python3-murano and ../shared/oracle/oracle.py core-lib --fetch)", what)
	}
	out, err := exec.Command("/usr/bin/python3", "-c", "import os, murano.tests.unit.dsl as m; print(os.path.dirname(m.__file__))").Output()
	if err != nil {
		missing("murano's DSL test classes")
	}
	meta, _ := filepath.Glob(filepath.Join(strings.TrimSpace(string(out)), "meta", "*.yaml"))
	if len(meta) == 0 {
		missing("murano's DSL test classes")
	}
	oracle, _ := filepath.Abs("../../../../shared/oracle/oracle.py")
	out, err = exec.Command("/usr/bin/python3", oracle, "core-lib").Output()
	dir := strings.TrimSpace(string(out))
	if err != nil || dir == "" {
		missing("the io.murano core library")
	}
	var core []string
	err = filepath.WalkDir(filepath.Join(dir, "Classes"), func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".yaml") {
			core = append(core, path)
		}
		return err
	})
	if err != nil || len(core) == 0 {
		missing("the core library's classes in " + dir)
	}
	return append(meta, core...)
}

// TestReferenceCorpus decodes every class file of the reference's test
// classes and core library: all load without errors there, so they must
// here too.
func TestReferenceCorpus(t *testing.T) {
	for _, path := range referenceCorpus(t) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, errs := DecodeFile(filepath.Base(path), src, V1_0)
		for _, e := range errs {
			t.Errorf("%s: %v", path, e)
		}
		if len(f.Classes) == 0 {
			t.Errorf("%s: no classes", path)
		}
		checkExpressionPositions(t, f)
	}
}

// checkExpressionPositions checks that every character of every
// expression maps to the same character in the file (or to the escape
// that wrote it), and that spans do not end before they start.
func checkExpressionPositions(t *testing.T, f *File) {
	seen := map[*Node]bool{}
	for _, doc := range f.Docs {
		walk(doc, seen, func(n *Node) {
			if n.Span.End.IsValid() && n.Span.End.Before(n.Span.Start) {
				t.Errorf("%s: span %v ends before it starts", f.Name, n.Span)
			}
			if n.Kind != Expr {
				return
			}
			for i, r := range []rune(n.Expr.Source) {
				if r == ' ' || r == '\n' {
					continue
				}
				p := n.Expr.Pos(i)
				line := []rune(f.Source.Line(p.Line))
				if p.Col < 1 || p.Col > len(line) {
					t.Errorf("%s: %q[%d] at %v, outside its line", f.Name, n.Expr.Source, i, p)
					return
				}
				if got := line[p.Col-1]; got != r && got != '\\' && got != '\'' {
					t.Errorf("%s: %q[%d] = %q at %v, where the file has %q", f.Name, n.Expr.Source, i, r, p, got)
					return
				}
			}
		})
	}
}
