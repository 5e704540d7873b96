package yamlfmt

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"murano.dev/playground/engine/enginetest"
)

// The golden files: testdata/*.txtar hold in.yaml and its out.yaml, or
// NAME.yaml files the formatter refuses with NAME.error.
// MURANO_UPDATE=1 rewrites them.
func TestGolden(t *testing.T) {
	for _, ar := range enginetest.Archives(t, "testdata") {
		t.Run(ar.Name, func(t *testing.T) {
			dirty := false
			for i, f := range ar.Files {
				name, ok := strings.CutSuffix(f.Name, ".yaml")
				if !ok || name == "out" {
					continue
				}
				want := "out.yaml"
				if name != "in" {
					want = name + ".error"
				}
				var got []byte
				out, err := Format(f.Data)
				switch {
				case err != nil:
					got = []byte(err.Error() + "\n")
				case name == "in":
					got = out
					checkProperties(t, f.Data)
				default:
					t.Errorf("%s: formatted, want an error", f.Name)
					continue
				}
				j := slicesIndex(ar.Files, want)
				if enginetest.Update() {
					if j < 0 {
						ar.Files = append(ar.Files[:i+1], append([]txtar.File{{Name: want}}, ar.Files[i+1:]...)...)
						j = i + 1
					}
					if !bytes.Equal(ar.Files[j].Data, got) {
						ar.Files[j].Data, dirty = got, true
					}
					continue
				}
				if j < 0 {
					t.Errorf("%s: no %s (MURANO_UPDATE=1 writes it)", f.Name, want)
				} else if !bytes.Equal(ar.Files[j].Data, got) {
					t.Errorf("%s:\ngot:\n%s\nwant:\n%s", f.Name, got, ar.Files[j].Data)
				}
			}
			if dirty {
				if err := ar.Write(); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func slicesIndex(files []txtar.File, name string) int {
	for i, f := range files {
		if f.Name == name {
			return i
		}
	}
	return -1
}

// checkProperties checks the formatter's promises on src: what it gives
// parses to the same documents (compared as trees, and as the values
// they decode to), formatting it again changes nothing, and only
// whitespace differs, line for line.
func checkProperties(t *testing.T, src []byte) {
	t.Helper()
	out, err := Format(src)
	if err != nil {
		t.Errorf("Format: %v", err)
		return
	}
	again, err := Format(out)
	if err != nil {
		t.Errorf("Format of the result: %v", err)
	} else if !bytes.Equal(again, out) {
		t.Errorf("not idempotent:\nonce:\n%s\ntwice:\n%s", out, again)
	}
	before, err := parse(strings.ReplaceAll(strings.ReplaceAll(string(src), "\r\n", "\n"), "\r", "\n"))
	if err != nil {
		t.Fatal(err)
	}
	after, err := parse(string(out))
	if err != nil {
		t.Fatalf("the result does not parse: %v\n%s", err, out)
	}
	if len(before) != len(after) {
		t.Fatalf("%d documents became %d", len(before), len(after))
	}
	for i := range before {
		if err := Same(before[i], after[i]); err != nil {
			t.Errorf("document %d: %v", i+1, err)
		}
		var a, b any
		if err := before[i].Decode(&a); err == nil {
			if err := after[i].Decode(&b); err != nil || !reflect.DeepEqual(a, b) {
				t.Errorf("document %d decodes to\n%#v\ninstead of\n%#v", i+1, b, a)
			}
		}
	}
	inLines := strings.Split(strings.TrimRight(strings.ReplaceAll(strings.ReplaceAll(string(src), "\r\n", "\n"), "\r", "\n"), " \t\n"), "\n")
	outLines := strings.Split(strings.TrimRight(string(out), " \t\n"), "\n")
	if len(inLines) != len(outLines) {
		t.Errorf("%d lines became %d", len(inLines), len(outLines))
		return
	}
	for i := range inLines {
		if squeeze(inLines[i]) != squeeze(outLines[i]) {
			t.Errorf("line %d changed: %q → %q", i+1, inLines[i], outLines[i])
		}
	}
}

// Every YAML file of the core libraries and the example packages keeps its
// meaning, and formats to itself but for a trailing blank line: they are
// written in the formatter's style.
func TestCorpus(t *testing.T) {
	n := 0
	for _, root := range []string{"../../engine/corelib", "../../web/packages"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".yaml") {
				return err
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			n++
			t.Run(strings.TrimPrefix(path, "../../"), func(t *testing.T) {
				checkProperties(t, src)
				out, _ := Format(src)
				if want := strings.TrimRight(string(src), "\n") + "\n"; string(out) != want {
					t.Errorf("changed beyond its ending:\n%s", out)
				}
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n < 90 {
		t.Errorf("only %d YAML files found", n)
	}
}

func TestFormat(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"empty", "", ""},
		{"only a comment", "  # alone\n", "# alone\n"},
		{"CRLF", "a:\r\n    b: 1\r\n", "a:\n  b: 1\n"},
		{"no final line break", "a:\n    b: 1", "a:\n  b: 1\n"},
		{"blank lines at the end", "a: 1\n\n\n", "a: 1\n"},
		{"trailing blanks", "a: 1   \nb:    \n  - c  \n", "a: 1\nb:\n  - c\n"},
		{"kept trailing lines", "a: |+\n    text\n\n", "a: |+\n  text\n\n"},
		{"no final line break after a literal", "a: |\n    text", "a: |\n  text"},
		{"a scalar root", "  plain\n", "plain\n"},
		{"a flow root", "[1,\n   2]\n", "[1,\n   2]\n"},
		{"a continuation kept right of its block", "-      a\n  b\n", "- a\n  b\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := Format([]byte(c.in))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
			checkProperties(t, []byte(c.in))
		})
	}
}

func TestErrors(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Error
	}{
		{"a: [1, 2\n", Error{Line: 1, Col: 1, Msg: "did not find expected ',' or ']'"}},
		{"a: 'open\n", Error{Line: 1, Col: 1, Msg: "found unexpected end of stream"}},
		{"a: b: c\n", Error{Line: 1, Col: 1, Msg: "mapping values are not allowed in this context"}},
		{"a: \xff\n", Error{Msg: "the file is not UTF-8"}},
	} {
		_, err := Format([]byte(c.in))
		var e *Error
		if !errors.As(err, &e) || *e != c.want {
			t.Errorf("%q: got %v, want %v", c.in, err, &c.want)
		}
	}
}

// FuzzFormat checks that formatting never panics and, when it succeeds,
// keeps its promises.
func FuzzFormat(f *testing.F) {
	for _, ar := range enginetest.Archives(f, "testdata") {
		for _, file := range ar.Files {
			if strings.HasSuffix(file.Name, ".yaml") {
				f.Add(file.Data)
			}
		}
	}
	f.Add([]byte("- - a\n  -   b\n-\n  # c\n  d: |\n    e\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 4096 {
			return
		}
		if _, err := Format(src); err != nil {
			return
		}
		checkProperties(t, src)
	})
}
