package decl

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"
)

// FuzzDecodeFile checks that no input makes the decoder panic, that every
// error and every expression position lies in the file, and that
// decoding is deterministic.
func FuzzDecodeFile(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.txtar")
	for _, path := range files {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range ar.Files {
			if file.Name == "in.yaml" {
				f.Add(file.Data)
			}
		}
	}
	for _, s := range []string{"a: !yaql |2\n   $x\n", "a: \"$.f(\\\n  1)\"", "a: &x {<<: *x}", "? [a]\n: b", "- !yaql >\n  a\n\n  b\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, errs := DecodeFile("f.yaml", src, V1_0)
		lines := file.Source.LineCount()
		for _, e := range errs {
			if p := e.Pos.Start; p.Line > lines || p.Line < 0 {
				t.Fatalf("error %v outside the file (%d lines)", e, lines)
			}
		}
		seen := map[*Node]bool{}
		for _, doc := range file.Docs {
			walk(doc, seen, func(n *Node) {
				if n.Kind != Expr {
					return
				}
				for i := -1; i <= len([]rune(n.Expr.Source))+1; i++ {
					if p := n.Expr.Pos(i); p.Line < 1 || p.Line > lines {
						t.Fatalf("offset %d of %q at %v, outside the file", i, n.Expr.Source, p)
					}
				}
			})
		}
		checkExpressionPositions(t, file)
		again, errs2 := DecodeFile("f.yaml", src, V1_0)
		if printDocs(again) != printDocs(file) || printClasses(again) != printClasses(file) || printErrors(errs2) != printErrors(errs) {
			t.Fatal("decoding twice gives different results")
		}
	})
}

// walk visits every node under n once (aliases share nodes).
func walk(n *Node, seen map[*Node]bool, visit func(*Node)) {
	if seen[n] {
		return
	}
	seen[n] = true
	visit(n)
	for _, it := range n.Items {
		walk(it, seen, visit)
	}
	for _, e := range n.Entries {
		walk(e.Key, seen, visit)
		walk(e.Value, seen, visit)
	}
}
