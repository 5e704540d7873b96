package pkg

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"murano.dev/playground/engine/diag"
	"murano.dev/playground/engine/dsl/decl"
)

// folder builds a file system from name, content pairs.
func folder(pairs ...string) fstest.MapFS {
	fsys := fstest.MapFS{}
	for i := 0; i+1 < len(pairs); i += 2 {
		fsys[pairs[i]] = &fstest.MapFile{Data: []byte(pairs[i+1])}
	}
	return fsys
}

// messages returns the messages of a diag.List error, positions left out.
func messages(t *testing.T, err error) []string {
	t.Helper()
	var list diag.List
	if !errors.As(err, &list) {
		t.Fatalf("error %v (%T) is not a diag.List", err, err)
	}
	var msgs []string
	for _, e := range list {
		msgs = append(msgs, e.Msg)
	}
	return msgs
}

const good = `Namespaces:
  =: org.acme
  sys: io.murano.system
Name: Good
Methods:
  testOk:
    Body:
      - Return: ok
`

func TestClassFolderIndex(t *testing.T) {
	fsys := folder(
		"Classes/Good.yaml", good,
		// Namespaces carry over documents; a Namespaces-only document and
		// a document without Name define nothing.
		"Classes/sub/Multi.yaml", "Namespaces: {=: org.acme.multi}\n---\nName: First\n---\nName: :Second\nProperties: {}\n---\nName: org.other.Third\n---\nMethods: {}\n",
		// Later files win: Classes/sub/Dup.yaml comes after Classes/Dup.yaml.
		"Classes/Dup.yaml", "Name: org.acme.Dup\nProperties: {which: {Contract: $, Default: first}}\n",
		"Classes/sub/Dup.yaml", "Name: org.acme.Dup\nProperties: {which: {Contract: $, Default: second}}\n",
		// Not class files for the foundation.
		"Classes/manifest.yaml", "Name: org.acme.FromManifest\n",
		"Classes/Other.yml", "Name: org.acme.FromYml\n",
		"README.md", "Name: org.acme.FromReadme\n",
	)
	p, err := ClassFolder("tests", fsys, decl.V1_0)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"org.acme.Dup", "org.acme.Good", "org.acme.multi.First", "org.acme.multi.Second", "org.other.Third"}
	if got := p.ClassNames(); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("ClassNames = %v, want %v", got, want)
	}
	if p.Name() != "tests" || p.Version() != "0.0.0" || p.Runtime() != decl.V1_0 || len(p.Requirements()) != 0 {
		t.Errorf("package = %s/%s runtime %s requirements %v, want tests/0.0.0 runtime 1.0 none",
			p.Name(), p.Version(), p.Runtime(), p.Requirements())
	}
	files := map[string]string{
		"org.acme.Good":         "Classes/Good.yaml",
		"org.acme.multi.Second": "Classes/sub/Multi.yaml",
		"org.other.Third":       "Classes/sub/Multi.yaml",
		"org.acme.Dup":          "Classes/sub/Dup.yaml",
	}
	for class, file := range files {
		f, err := p.ClassFile(class)
		if err != nil || f == nil {
			t.Errorf("ClassFile(%s) = %v, %v", class, f, err)
			continue
		}
		if f.Name != file {
			t.Errorf("ClassFile(%s) is in %s, want %s", class, f.Name, file)
		}
		if c, _ := f.Lookup(class); c == nil {
			t.Errorf("ClassFile(%s).Lookup finds nothing", class)
		}
	}
	if f, err := p.ClassFile("org.acme.Missing"); f != nil || err != nil {
		t.Errorf("ClassFile(missing) = %v, %v, want nil, nil", f, err)
	}
}

func TestClassFolderErrors(t *testing.T) {
	tests := []struct {
		name  string
		fsys  fstest.MapFS
		class string // the class whose ClassFile fails
		want  string // the first error's message
	}{
		// Checked with oracle.py dsl --classes: the foundation fails on
		// these while reading the folder, whatever class is used.
		{name: "null name", fsys: folder("Classes/Good.yaml", good, "Classes/Nameless.yaml", "Name:\nMethods: {}\n"),
			want: `ValueError: Invalid type name "None"`},
		{name: "bad namespace", fsys: folder("Classes/Good.yaml", good, "Classes/Bad.yaml", "Namespaces: {=: org.acme..bad}\nName: Bad\n"),
			want: `ValueError: Invalid namespace "org.acme..bad"`},
		{name: "bad prefix", fsys: folder("Classes/Bad.yaml", "Namespaces: {=: org.acme.bad, 9lives: org.acme.cats}\nName: BadPrefix\n"),
			want: `ValueError: Invalid namespace prefix "9lives"`},
		{name: "bad class name", fsys: folder("Classes/Bad.yaml", "Namespaces: {=: org.acme.names}\nName: bad-name\n"),
			want: `ValueError: Invalid type name "bad-name"`},
		{name: "not a map", fsys: folder("Classes/Good.yaml", good, "Classes/List.yaml", "- 1\n"),
			want: `AttributeError: 'list' object has no attribute 'setdefault'`},
		// A declaration error fails only its class, when it is used.
		{name: "declaration", fsys: folder("Classes/Good.yaml", good, "Classes/Bad.yaml",
			"Namespaces: {=: org.acme}\nName: Bad\nProperties:\n  p: {Usage: Nonsense, Contract: $}\n"),
			class: "org.acme.Bad", want: "DslSyntaxError: Unknown usage Nonsense. Must be one of ("},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ClassFolder("tests", tt.fsys, decl.V1_0)
			if tt.class != "" {
				if err != nil {
					t.Fatalf("ClassFolder: %v", err)
				}
				if f, err := p.ClassFile("org.acme.Good"); err != nil || f == nil {
					t.Errorf("ClassFile(org.acme.Good) = %v, %v", f, err)
				}
				_, err = p.ClassFile(tt.class)
			}
			if err == nil {
				t.Fatal("no error")
			}
			if got := messages(t, err)[0]; !strings.HasPrefix(got, tt.want) {
				t.Errorf("error = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestClassFolderYAMLErrorPosition(t *testing.T) {
	fsys := folder("Classes/Fine.yaml", good, "Classes/Broken.yaml", "Name: Broken\nMethods:\n  m:\n    Body:\n      - Return: [1, 2\n")
	_, err := ClassFolder("tests", fsys, decl.V1_0)
	var list diag.List
	if !errors.As(err, &list) || len(list) == 0 {
		t.Fatalf("error = %v, want a diag.List", err)
	}
	if pos := list[0].Pos.Start; pos.File != "Classes/Broken.yaml" || pos.Line == 0 {
		t.Errorf("error at %s, want a line of Classes/Broken.yaml", pos)
	}
}
