package pkg

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"go.yaml.in/yaml/v3"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/enginetest"
	"murano.dev/playground/engine/internal/pyyaml"
)

// canonical renders a YAML document as tags and values with mapping keys
// sorted, so that two serialisations of the same tree compare equal.
func canonical(t *testing.T, src []byte) string {
	t.Helper()
	var root yaml.Node
	if err := yaml.Unmarshal(src, &root); err != nil {
		t.Fatalf("yaml: %v\n%s", err, src)
	}
	var b strings.Builder
	var walk func(n *yaml.Node, indent string)
	walk = func(n *yaml.Node, indent string) {
		switch n.Kind {
		case yaml.DocumentNode:
			walk(n.Content[0], indent)
		case yaml.SequenceNode:
			b.WriteString(indent + "seq\n")
			for _, c := range n.Content {
				walk(c, indent+"  ")
			}
		case yaml.MappingNode:
			b.WriteString(indent + "map\n")
			type entry struct{ k, v *yaml.Node }
			var es []entry
			for i := 0; i < len(n.Content); i += 2 {
				es = append(es, entry{n.Content[i], n.Content[i+1]})
			}
			slices.SortFunc(es, func(a, b entry) int { return strings.Compare(a.k.Value, b.k.Value) })
			for _, e := range es {
				walk(e.k, indent+"  key ")
				walk(e.v, indent+"    ")
			}
		default:
			b.WriteString(indent + n.Tag + " " + n.Value + "\n")
		}
	}
	walk(&root, "")
	return b.String()
}

// TestHOTClassMatchesReference compares the generated class with the
// reference generator's output for the same packages (testdata/hot/
// *.class.yaml, written by murano.packages.hot_package): same tree, same
// tags (!yaql expressions, strings, null).
func TestHOTClassMatchesReference(t *testing.T) {
	for _, name := range []string{"demo", "env"} {
		t.Run(name, func(t *testing.T) {
			p, err := Open(os.DirFS("testdata/hot/" + name))
			if err != nil {
				t.Fatal(err)
			}
			got, file, err := p.contents.GetClass(p.Name())
			if err != nil || file != "Classes/"+p.Name()+".yaml" {
				t.Fatalf("GetClass: %q, %v", file, err)
			}
			want, err := os.ReadFile("testdata/hot/" + name + ".class.yaml")
			if err != nil {
				t.Fatal(err)
			}
			if g, w := canonical(t, got), canonical(t, want); g != w {
				t.Errorf("generated class differs from the reference's\n got:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// TestOpenHOTPackage checks the package facts the reference reports for
// testdata/hot/demo: classes (FullName,), requirements {}, version.
func TestOpenHOTPackage(t *testing.T) {
	p, err := Open(os.DirFS("testdata/hot/demo"))
	if err != nil {
		t.Fatal(err)
	}
	if got := p.ClassNames(); !slices.Equal(got, []string{"com.example.HotDemo"}) {
		t.Errorf("classes = %v", got)
	}
	if got := p.Requirements(); len(got) != 0 {
		t.Errorf("requirements = %v", got)
	}
	if p.Version() != "1.2.0" || p.Manifest.Format != "Heat.HOT/1.0" || p.Manifest.Name != "Hot Demo" {
		t.Errorf("version %s, format %s, name %s", p.Version(), p.Manifest.Format, p.Manifest.Name)
	}
	f, err := p.ClassFile("com.example.HotDemo")
	if err != nil {
		t.Fatal(err)
	}
	cls, _ := f.Lookup("com.example.HotDemo")
	if cls == nil || f.Name != "Classes/com.example.HotDemo.yaml" {
		t.Fatalf("class %v in %q", cls, f.Name)
	}
	if f, err := p.ClassFile("com.example.Other"); f != nil || err != nil {
		t.Errorf("ClassFile of another class: %v, %v", f, err)
	}
	want := `PackageClassLoadError: Unable to load class "x.Y" from package: Class not defined in this package`
	if _, _, err := p.contents.GetClass("x.Y"); err == nil || err.Error() != want {
		t.Errorf("GetClass of another class: %v, want %s", err, want)
	}
}

// TestOpenHOTErrors checks the reference's errors: the manifest's are
// those of any package; the template's fail the class only.
func TestOpenHOTErrors(t *testing.T) {
	manifest := "Format: Heat.HOT/1.0\nType: Application\nFullName: a.B\n"
	for _, tc := range []struct {
		name  string
		files fstest.MapFS
		open  string // error of OpenHOT
		class string // error of ClassFile
	}{
		{"no template", fstest.MapFS{"manifest.yaml": {Data: []byte(manifest)}}, "",
			`PackageClassLoadError: Unable to load class "a.B" from package: File with class definition not found`},
		{"not HOT", fstest.MapFS{"manifest.yaml": {Data: []byte(manifest)}, "template.yaml": {Data: []byte("parameters: {}\n")}}, "",
			"PackageFormatError: Incorrect package format: Not a HOT template"},
		{"unsupported type", fstest.MapFS{"manifest.yaml": {Data: []byte(manifest)},
			"template.yaml": {Data: []byte("parameters: {p: {type: list}}\nresources: {}\n")}}, "",
			"ValueError: Unsupported parameter type list"},
		{"no type", fstest.MapFS{"manifest.yaml": {Data: []byte(manifest)},
			"template.yaml": {Data: []byte("parameters: {p: {label: x}}\nresources: {}\n")}}, "",
			"KeyError: 'type'"},
		{"bad type", fstest.MapFS{"manifest.yaml": {Data: []byte("Format: Heat.HOT/1.0\nType: App\nFullName: a.B\n")}},
			"PackageFormatError: Incorrect package format: Invalid package Type App", ""},
		{"other format", fstest.MapFS{"manifest.yaml": {Data: []byte("Format: Heat.HOT/1.1\nType: Application\nFullName: a.B\n")}},
			"PackageFormatError: Incorrect package format: Unsupported format Heat.HOT/1.1", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Open(tc.files)
			if tc.open != "" {
				if err == nil || !strings.Contains(err.Error(), tc.open) {
					t.Fatalf("Open error = %v, want %s", err, tc.open)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if _, err = p.ClassFile("a.B"); err == nil || !strings.HasSuffix(err.Error(), tc.class) {
				t.Errorf("ClassFile error = %v, want %s", err, tc.class)
			}
		})
	}
}

// TestParamContract checks contracts against the reference's generator
// (facts recorded from murano.packages.hot_package on small templates).
func TestParamContract(t *testing.T) {
	for _, tc := range []struct{ param, want string }{
		{"{type: json}", "$.string()"},
		{"{type: boolean, constraints: [{allowed_values: [true, 1.5, null]}]}", "$.bool().check($ in list(True, 1.5, None))"},
		{"{type: number, constraints: [{range: {min: 1, max: 5.7}}]}", "$.int().check($ >= 1 and $ <= 5)"},
		{"{type: number, constraints: [{length: {min: 2}}, {range: {max: 9}}, {custom_constraint: x}]}", "$.int().check(len($) >= 2).check($ <= 9)"},
		{"{type: string, constraints: [{allowed_pattern: '[a-z]+'}, {length: {min: 2, max: 8}}]}",
			"$.string().check(matches($, '[a-z]+')).check(len($) >= 2 and len($) <= 8)"},
		{"{type: string, constraints: [{allowed_values: [a, b], length: {max: 1}}]}", "$.string().check($ in list('a', 'b'))"},
	} {
		_, docs, errs := pyyaml.Decode("template.yaml", []byte(tc.param), nil)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		got, err := paramContract(docs[0])
		if err != nil || got != tc.want {
			t.Errorf("%s: got %q, %v; want %q", tc.param, got, err, tc.want)
		}
	}
}

// TestHOTClassLoads loads the generated class in the engine with the core
// library: it extends io.murano.Application and has the reference's
// properties and methods.
func TestHOTClassLoads(t *testing.T) {
	coreFS, _, err := LocateCoreLibrary()
	enginetest.Need(t, "the io.murano core library", err)
	core, err := Open(coreFS)
	if err != nil {
		t.Fatal(err)
	}
	hot, err := Open(os.DirFS("testdata/hot/demo"))
	if err != nil {
		t.Fatal(err)
	}
	ex := dsl.NewExecutor(context.Background(), NewLoader(core, hot), dsl.Options{})
	lp, err := ex.Package("com.example.HotDemo", "*")
	if err != nil {
		t.Fatal(err)
	}
	cls, err := lp.FindClass("com.example.HotDemo", true)
	if err != nil {
		t.Fatal(err)
	}
	if len(cls.Parents) != 1 || cls.Parents[0].Name != "io.murano.Application" {
		t.Errorf("parents = %v", cls.Parents)
	}
	wantProps := map[string]string{"generatedHeatStackName": "Out", "hotEnvironment": "In", "name": "In",
		"templateOutputs": "Out", "templateParameters": "In"}
	for name, usage := range wantProps {
		if p := cls.Properties[name]; p == nil || p.Usage != usage {
			t.Errorf("property %s = %+v, want usage %s", name, p, usage)
		}
	}
	if len(cls.Properties) != len(wantProps) {
		t.Errorf("properties = %v", cls.PropOrder)
	}
	if got := slices.Sorted(func(yield func(string) bool) {
		for name := range cls.Methods {
			if !yield(name) {
				return
			}
		}
	}); !slices.Equal(got, []string{".destroy", "deploy"}) { // format 1.0 runs destroy as .destroy
		t.Errorf("methods = %v", got)
	}
}

// TestHOTUIMatchesReference compares the generated UI with the reference's
// (testdata/hot/*.ui.yaml, the ui property of murano.packages.hot_package).
func TestHOTUIMatchesReference(t *testing.T) {
	for _, name := range []string{"demo", "env", "ui"} {
		t.Run(name, func(t *testing.T) {
			p, err := Open(os.DirFS("testdata/hot/" + name))
			if err != nil {
				t.Fatal(err)
			}
			got, err := p.contents.UI()
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile("testdata/hot/" + name + ".ui.yaml")
			if err != nil {
				t.Fatal(err)
			}
			if g, w := canonical(t, got), canonical(t, want); g != w {
				t.Errorf("generated UI differs from the reference's\n got:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}
