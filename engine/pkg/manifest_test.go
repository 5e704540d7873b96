package pkg

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"murano.dev/playground/engine/diag"
	"murano.dev/playground/engine/dsl/decl"
)

// The expected values were produced by the reference's
// murano.packages.load_utils.load_from_dir on the same manifests.
func TestOpenManifest(t *testing.T) {
	type want struct {
		runtime  decl.Version
		version  string
		name     string
		tags     string
		fullName string
	}
	const app = "FullName: com.ex.App\nType: Library\n"
	ok := want{runtime: decl.V1_0, version: "0.0.0", name: "com.ex.App", fullName: "com.ex.App"}
	with := func(f func(*want)) want { w := ok; f(&w); return w }
	tests := []struct {
		name, manifest string
		want           want
	}{
		{"minimal", "FullName: com.ex.App\nType: Application\n", ok},
		{"format 1.3", "Format: 1.3\n" + app, with(func(w *want) { w.runtime = decl.V1_3 })},
		{"format float 1.10", "Format: 1.10\n" + app, with(func(w *want) { w.runtime = decl.V1_1 })},
		{"format MuranoPL/1.4", "Format: MuranoPL/1.4\n" + app, with(func(w *want) { w.runtime = decl.V1_4 })},
		{"format MuranoPL/1", "Format: MuranoPL/1\n" + app, ok},
		{"format 1.4.0", "Format: 1.4.0\n" + app, with(func(w *want) { w.runtime = decl.V1_4 })},
		{"format spaced", "Format: ' MuranoPL /1.2'\n" + app, with(func(w *want) { w.runtime = decl.V1_2 })},
		{"format int 1", "Format: 1\n" + app, ok},
		{"format null", "Format:\n" + app, ok},
		{"fullname unicode", "FullName: ünï.cødé\nType: Library\n", with(func(w *want) { w.fullName, w.name = "ünï.cødé", "ünï.cødé" })},
		{"fullname underscore digits", "FullName: _a.1b\nType: Library\n", with(func(w *want) { w.fullName, w.name = "_a.1b", "_a.1b" })},
		{"version float", app + "Version: 1.10\n", with(func(w *want) { w.version = "1.1.0" })},
		{"version int", app + "Version: 2\n", with(func(w *want) { w.version = "2.0.0" })},
		{"version 4 parts", app + "Version: 1.2.3.4\n", with(func(w *want) { w.version = "1.2.3+4" })},
		{"version beta", app + "Version: 1.2-beta\n", with(func(w *want) { w.version = "1.2.0-beta" })},
		{"name", app + "Name: My App\n", with(func(w *want) { w.name = "My App" })},
		{"tags string", app + "Tags: xy\n", with(func(w *want) { w.tags = "x,y" })},
		{"tags list", app + "Tags: [a, b c]\n", with(func(w *want) { w.tags = "a,b c" })},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Open(folder("manifest.yaml", tt.manifest))
			if err != nil {
				t.Fatal(err)
			}
			m := p.Manifest
			got := want{runtime: p.Runtime(), version: p.Version(), name: m.Name, tags: strings.Join(m.Tags, ","), fullName: p.Name()}
			if got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
			if m.FullName != p.Name() || m.Version != p.Version() {
				t.Errorf("Manifest %s/%s, package %s/%s", m.FullName, m.Version, p.Name(), p.Version())
			}
		})
	}
}

func TestOpenManifestErrors(t *testing.T) {
	const app = "FullName: com.ex.App\nType: Library\n"
	const available = " (formats available: Heat.HOT/1.0, MuranoPL/1.0, MuranoPL/1.1, MuranoPL/1.2, MuranoPL/1.3, MuranoPL/1.4)"
	tests := []struct{ name, manifest, want string }{
		// The reference's errors (load_from_dir), except that ours list
		// the formats available.
		{"format 1.5", "Format: MuranoPL/1.5\n" + app, "PackageFormatError: Incorrect package format: Unsupported format MuranoPL/1.5" + available},
		{"format beta", "Format: MuranoPL/1.4-beta\n" + app, "PackageFormatError: Incorrect package format: Unsupported format MuranoPL/1.4-beta" + available},
		{"format lowercase", "Format: muranopl/1.0\n" + app, "PackageFormatError: Incorrect package format: Unsupported format muranopl/1.0" + available},
		{"format no slash", "Format: Heat.HOT\n" + app, "PackageFormatError: Incorrect package format: Unsupported format Heat.HOT" + available},
		{"format v1", "Format: MuranoPL/v1\n" + app, "ValueError: Version string lacks a numerical component: 'v1'"},
		{"format before fullname", "Format: Foo/1.0\n", "PackageFormatError: Incorrect package format: Unsupported format Foo/1.0" + available},
		{"no fullname", "Type: Library\n", "PackageFormatError: Incorrect package format: FullName is not specified"},
		{"empty fullname", "FullName: ''\nType: Library\n", "PackageFormatError: Incorrect package format: FullName is not specified"},
		{"fullname dots", "FullName: com..ex\nType: Library\n", "PackageFormatError: Incorrect package format: Invalid FullName com..ex"},
		{"fullname trailing dot", "FullName: com.ex.\nType: Library\n", "PackageFormatError: Incorrect package format: Invalid FullName com.ex."},
		{"fullname dash", "FullName: com.ex-app\nType: Library\n", "PackageFormatError: Incorrect package format: Invalid FullName com.ex-app"},
		{"fullname int", "FullName: 123\nType: Library\n", `TypeError: can only concatenate str (not "int") to str`},
		{"fullname before version", "Version: abc\n", "PackageFormatError: Incorrect package format: FullName is not specified"},
		{"version abc", app + "Version: abc\n", "ValueError: Version string lacks a numerical component: 'abc'"},
		{"version null", app + "Version:\n", "ValueError: Version string lacks a numerical component: 'None'"},
		{"version before type", "FullName: com.ex.App\nVersion: abc\n", "ValueError: Version string lacks a numerical component: 'abc'"},
		{"no type", "FullName: com.ex.App\n", "PackageFormatError: Incorrect package format: Invalid package Type None"},
		{"bad type", "FullName: com.ex.App\nType: application\n", "PackageFormatError: Incorrect package format: Invalid package Type application"},
		// The reference fails on these later, when the engine uses them.
		{"classes list", app + "Classes: [a.yaml]\n", "PackageFormatError: Incorrect package format: Classes section should be a dict"},
		{"classes value list", app + "Classes: {com.ex.App: [a.yaml]}\n", "PackageFormatError: Incorrect package format: a class file name must be a string"},
		{"require list", app + "Require: [com.ex.B]\n", "PackageFormatError: Incorrect package format: Require section should be a dict"},
		{"require bad spec", app + "Require: {com.ex.B: '>>1'}\n", "ValueError: Invalid simple block '>>1'"},
		// The document itself.
		{"empty", "", "AttributeError: 'NoneType' object has no attribute 'get'"},
		{"list", "- a\n", "AttributeError: 'list' object has no attribute 'get'"},
		{"scalar", "hello\n", "AttributeError: 'str' object has no attribute 'get'"},
		{"two documents", app + "---\n" + app, "PackageLoadError: Unable to load due to 'expected a single document in the stream'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Open(folder("manifest.yaml", tt.manifest))
			if err == nil {
				t.Fatal("no error")
			}
			if got := messages(t, err); len(got) != 1 || got[0] != tt.want {
				t.Errorf("errors = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestOpenErrorPositions(t *testing.T) {
	tests := []struct{ name, manifest, want string }{
		{"fullname", "Type: Library\nFullName: com..ex\n", "manifest.yaml:2:11: PackageFormatError: Incorrect package format: Invalid FullName com..ex"},
		{"missing fullname", "Type: Library\n", "manifest.yaml:1:1: PackageFormatError: Incorrect package format: FullName is not specified"},
		{"require", "FullName: a.b\nType: Library\nRequire:\n  x.y: 1\n  z.w: '>>1'\n", "manifest.yaml:5:8: ValueError: Invalid simple block '>>1'"},
		{"yaml", "FullName: a.b\nType: Library\n  bad: indent\n", "manifest.yaml:3: PackageLoadError: Unable to load due to 'mapping values are not allowed in this context'"},
	}
	for _, tt := range tests {
		_, err := Open(folder("manifest.yaml", tt.manifest))
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: error = %v, want %s", tt.name, err, tt.want)
		}
	}
	_, err := Open(folder("Classes/App.yaml", good))
	if err == nil || err.Error() != "PackageLoadError: Unable to find package manifest" {
		t.Errorf("no manifest: error = %v", err)
	}
}

func TestOpenRequire(t *testing.T) {
	p, err := Open(folder("manifest.yaml",
		"FullName: com.ex.App\nType: Library\nRequire:\n  com.ex.B: 1.2\n  com.ex.A:\n  io.murano: '>=0'\n  com.ex.C: 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range p.Manifest.Require {
		got = append(got, r.Package+"="+r.Spec)
	}
	// The reference: {"com.ex.B": "1.2", "com.ex.A": None, "io.murano": ">=0", "com.ex.C": "2"}.
	if want := "com.ex.B=1.2 com.ex.A= io.murano=>=0 com.ex.C=2"; strings.Join(got, " ") != want {
		t.Errorf("Require = %s, want %s", strings.Join(got, " "), want)
	}
	if reqs := p.Requirements(); len(reqs) != 4 || reqs["com.ex.A"] != "" || reqs["com.ex.B"] != "1.2" {
		t.Errorf("Requirements() = %v", reqs)
	}

	// The reference's requirements: {"some.pkg": 0, "b.c": False,
	// "d.e": 0.0, "f.g": ""}; its engine takes the last three, which
	// Python takes as false, as "0", the spec "" stands for.
	p, err = Open(folder("manifest.yaml",
		"FullName: com.ex.App\nType: Library\nRequire: {some.pkg: 0, b.c: false, d.e: 0.0, f.g: ''}\n"))
	if err != nil {
		t.Fatal(err)
	}
	got = nil
	for _, r := range p.Manifest.Require {
		got = append(got, r.Package+"="+r.Spec)
	}
	if want := "some.pkg=0 b.c= d.e= f.g="; strings.Join(got, " ") != want {
		t.Errorf("Require = %s, want %s", strings.Join(got, " "), want)
	}
}

const appClass = `Namespaces:
  =: com.ex
Name: App
Methods:
  deploy:
    Body:
      - Return: ok
`

func TestOpenClasses(t *testing.T) {
	fsys := folder(
		"manifest.yaml", `Format: 1.4
FullName: com.ex.App
Type: Application
Classes:
  com.ex.App: App.yaml
  com.ex.Helper: sub/Helpers.yaml
  com.ex.Other: sub/Helpers.yaml
  com.ex.Elsewhere: sub/Helpers.yaml
  com.ex.Missing: Missing.yaml
  com.ex.Escape: ../manifest.yaml
  com.ex.Absolute: /etc/passwd
  com.ex.Bad: Bad.yaml
`,
		"Classes/App.yaml", appClass,
		"Classes/sub/Helpers.yaml", "Namespaces: {=: com.ex}\nName: Helper\nProperties: {}\n---\nName: Other\nProperties: {}\n",
		"Classes/Bad.yaml", "Namespaces: {=: com.ex}\nName: Bad\nProperties:\n  p: {Usage: Nonsense, Contract: $}\n",
	)
	p, err := Open(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(p.ClassNames(), " "); got != "com.ex.Absolute com.ex.App com.ex.Bad com.ex.Elsewhere com.ex.Escape com.ex.Helper com.ex.Missing com.ex.Other" {
		t.Errorf("ClassNames = %s", got)
	}
	app, err := p.ClassFile("com.ex.App")
	if err != nil || app == nil || app.Name != "Classes/App.yaml" || app.Runtime != decl.V1_4 {
		t.Fatalf("ClassFile(com.ex.App) = %+v, %v", app, err)
	}
	helper, err1 := p.ClassFile("com.ex.Helper")
	other, err2 := p.ClassFile("com.ex.Other")
	if err1 != nil || err2 != nil || helper == nil || helper != other {
		t.Errorf("Helper and Other: %p, %p (%v, %v), want one decoded file", helper, other, err1, err2)
	}
	// The manifest names the file, but the file does not define the class.
	if f, err := p.ClassFile("com.ex.Elsewhere"); f != nil || err != nil {
		t.Errorf("ClassFile(com.ex.Elsewhere) = %v, %v, want nil, nil", f, err)
	}
	if f, err := p.ClassFile("com.ex.Unknown"); f != nil || err != nil {
		t.Errorf("ClassFile(com.ex.Unknown) = %v, %v, want nil, nil", f, err)
	}
	errs := map[string]string{
		"com.ex.Missing":  `manifest.yaml:9:19: PackageClassLoadError: Unable to load class "com.ex.Missing" from package: File with class definition not found`,
		"com.ex.Escape":   `manifest.yaml:10:18: PackageClassLoadError: Unable to load class "com.ex.Escape" from package: path ../manifest.yaml is not allowed`,
		"com.ex.Absolute": `manifest.yaml:11:20: PackageClassLoadError: Unable to load class "com.ex.Absolute" from package: path /etc/passwd is not allowed`,
		"com.ex.Bad":      `Classes/Bad.yaml:4:`,
	}
	for class, want := range errs {
		_, err := p.ClassFile(class)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("ClassFile(%s) error = %v, want %s…", class, err, want)
		}
	}
}

func TestOpenDecodesOnce(t *testing.T) {
	fsys := folder("manifest.yaml", "FullName: com.ex.App\nType: Library\nClasses: {com.ex.App: App.yaml}\n", "Classes/App.yaml", appClass)
	p, err := Open(fsys)
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan *decl.File)
	for range 4 {
		go func() {
			f, _ := p.ClassFile("com.ex.App")
			got <- f
		}()
	}
	first := <-got
	for range 3 {
		if f := <-got; f != first || f == nil {
			t.Fatalf("concurrent ClassFile calls returned %p and %p", first, f)
		}
	}
	delete(fsys, "Classes/App.yaml")
	again, err := p.ClassFile("com.ex.App")
	if err != nil || again != first || first == nil {
		t.Errorf("second ClassFile = %p, %v; first %p", again, err, first)
	}
}

func TestErrorsAreLists(t *testing.T) {
	_, err := Open(fstest.MapFS{})
	var list diag.List
	if !errors.As(err, &list) || len(list) != 1 || list[0].Kind != diag.Load {
		t.Fatalf("error %v is not a diag.List of one load error", err)
	}
	var py *decl.PyError
	if !errors.As(list[0], &py) || py.Class != "PackageLoadError" {
		t.Errorf("cause = %v, want a PackageLoadError", list[0].Err)
	}
}
