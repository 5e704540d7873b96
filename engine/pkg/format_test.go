package pkg

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"murano.dev/playground/engine/dsl/decl"
)

func TestParseFormat(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "MuranoPL/1.0.0"},
		{"1.0", "MuranoPL/1.0.0"},
		{"1", "MuranoPL/1.0.0"},
		{"1.4.0", "MuranoPL/1.4.0"},
		{" MuranoPL /1.2", "MuranoPL/1.2.0"},
		{"Heat.HOT/1.0", "Heat.HOT/1.0.0"},
		{"a/b/1.0", "a/b/1.0.0"},
	} {
		id, err := ParseFormat(c.in)
		if err != nil || id.String() != c.want {
			t.Errorf("ParseFormat(%q) = %v, %v; want %s", c.in, id, err, c.want)
		}
	}
	for _, in := range []string{"Heat.HOT", "MuranoPL/v1", "MuranoPL/ 1.0"} {
		if id, err := ParseFormat(in); err == nil {
			t.Errorf("ParseFormat(%q) = %v, want an error", in, id)
		}
	}
}

// testContents is a format plug-in's contents with one generated class.
type testContents struct{ name string }

func (c testContents) Runtime() decl.Version           { return decl.Version{Major: 1} }
func (c testContents) Classes() []string               { return []string{c.name} }
func (c testContents) Requirements() map[string]string { return map[string]string{"io.murano": ""} }
func (c testContents) UI() ([]byte, error)             { return nil, nil }
func (c testContents) GetClass(name string) ([]byte, string, error) {
	return []byte("Name: " + name + "\nMethods:\n  f:\n    Body: [1]\n"), "generated/" + name + ".yaml", nil
}

func TestRegisterFormat(t *testing.T) {
	err := Register(Format{Name: "Test.Fmt", Versions: []string{"2.1"}, Open: func(id FormatID, fsys fs.FS, m *Manifest) (Contents, error) {
		if id.String() != "Test.Fmt/2.1.0" {
			t.Errorf("id = %v", id)
		}
		return testContents{m.FullName}, nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		registry.Lock()
		delete(registry.formats, "Test.Fmt")
		registry.Unlock()
	}()
	if err := Register(Format{Name: "Test.Fmt", Versions: []string{"2.1.0"}, Open: func(FormatID, fs.FS, *Manifest) (Contents, error) { return nil, nil }}); err == nil || !strings.Contains(err.Error(), "already registered") {
		t.Errorf("second Register: %v", err)
	}
	if err := Register(Format{Name: "X"}); err == nil {
		t.Error("Register without versions succeeded")
	}
	fsys := fstest.MapFS{"manifest.yaml": {Data: []byte("Format: Test.Fmt/2.1\nFullName: a.b\nType: Library\nClasses: 5\n")}}
	p, err := Open(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.ClassNames(); len(got) != 1 || got[0] != "a.b" {
		t.Errorf("classes = %v", got)
	}
	if got := p.Requirements(); len(got) != 1 {
		t.Errorf("requirements = %v", got)
	}
	f, err := p.ClassFile("a.b")
	if err != nil || f == nil {
		t.Fatalf("ClassFile = %v, %v", f, err)
	}
	if p.Manifest.ID.String() != "Test.Fmt/2.1.0" {
		t.Errorf("ID = %v", p.Manifest.ID)
	}
	_, err = Open(fstest.MapFS{"manifest.yaml": {Data: []byte("Format: Test.Fmt/2.2\nFullName: a.b\nType: Library\n")}})
	if err == nil || !strings.Contains(err.Error(), "Unsupported format Test.Fmt/2.2 (formats available: Heat.HOT/1.0, MuranoPL/1.0, MuranoPL/1.1, MuranoPL/1.2, MuranoPL/1.3, MuranoPL/1.4, Test.Fmt/2.1)") {
		t.Errorf("unknown version: %v", err)
	}
}
