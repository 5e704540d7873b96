package decl

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"murano.dev/playground/engine/enginetest"
)

// TestGolden decodes the file in.yaml of each testdata/*.txtar archive
// and compares what it prints with the archive's sections: "docs" (the
// documents as JSON, in the form of the reference loader check), "classes"
// (the declarations), "found" (what [File.Lookup] returns for each name
// of the section "lookup") and "errors" (absent: no errors). The archive's
// comment may set "runtime: 1.x". MURANO_UPDATE=1 rewrites the sections;
// every expectation was checked against the reference (the YAML loader
// of murano 14.0.0, and its class loader through oracle.py dsl).
func TestGolden(t *testing.T) {
	update := enginetest.Update()
	for _, ar := range enginetest.Archives(t, "testdata") {
		t.Run(ar.Name, func(t *testing.T) {
			var err error
			runtime := V1_0
			for line := range strings.SplitSeq(string(ar.Comment), "\n") {
				if v, ok := strings.CutPrefix(line, "runtime: "); ok {
					if runtime, err = ParseVersion(v); err != nil {
						t.Fatal(err)
					}
				}
			}
			sections := map[string]int{}
			for i, f := range ar.Files {
				sections[f.Name] = i
			}
			in, ok := sections["in.yaml"]
			if !ok {
				t.Fatal("no in.yaml section")
			}
			f, errs := DecodeFile("in.yaml", ar.Files[in].Data, runtime)
			got := map[string]string{"docs": printDocs(f), "classes": printClasses(f), "errors": printErrors(errs)}
			if i, ok := sections["lookup"]; ok {
				got["found"] = printLookups(f, strings.Fields(string(ar.Files[i].Data)))
			}
			changed := false
			for _, name := range []string{"docs", "classes", "found", "errors"} {
				i, ok := sections[name]
				switch {
				case ok && update && name == "errors" && got[name] == "":
					ar.Files = append(ar.Files[:i], ar.Files[i+1:]...)
					changed = true
				case ok && string(ar.Files[i].Data) == got[name]:
				case !ok && (name != "errors" || got[name] == ""):
				case update:
					if ok {
						ar.Files[i].Data = []byte(got[name])
					} else {
						ar.Files = append(ar.Files, txtar.File{Name: name, Data: []byte(got[name])})
					}
					changed = true
				case ok:
					t.Errorf("%s:\n%s\nwant:\n%s", name, got[name], ar.Files[i].Data)
				default:
					t.Errorf("unexpected errors:\n%s", got[name])
				}
			}
			if changed {
				if err := ar.Write(); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func printLookups(f *File, names []string) string {
	var b strings.Builder
	for _, name := range names {
		c, err := f.Lookup(name)
		switch {
		case err != nil:
			fmt.Fprintf(&b, "%s: error @%s %s\n", name, span(err.Pos), err.Msg)
		case c == nil:
			fmt.Fprintf(&b, "%s: not found\n", name)
		default:
			fmt.Fprintf(&b, "%s: %s @%s\n", name, c.FullName, span(c.Pos))
		}
	}
	return b.String()
}
