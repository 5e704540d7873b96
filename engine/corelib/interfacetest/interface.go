// Package interfacetest checks that a MuranoPL library written by the
// project (engine/corelib, engine/corelib/apps) keeps the public
// interface of the real library it replaces, and behaves as it does: the
// interface — every class, its parents, properties, methods, arguments,
// contracts, usages, defaults and meta — is compared with a golden file
// recorded from the real library ([CheckInterface]), and the outcomes of
// probe methods with a golden file of what they give with the real one
// ([CheckProbes]). When the real library is found, the golden files are
// re-checked with it (MURANO_UPDATE=1 rewrites them).
package interfacetest

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/pkg"
)

// Real is where the real library is: FS is nil when it is not found, and
// then Missing says why when it should have been (a missing library is
// an error under CI=true).
type Real struct {
	FS      fs.FS
	Where   string
	Missing error
}

// recheck reports whether the golden files are re-checked with the real
// library; when they are not, it says why (an error under CI=true).
func (r Real) recheck(t *testing.T, golden string) bool {
	t.Helper()
	switch {
	case r.FS != nil:
		t.Logf("real library: %s", r.Where)
		return true
	case r.Missing != nil && os.Getenv("CI") == "true":
		t.Errorf("the real library is not found, %s is not re-checked: %v", golden, r.Missing)
	case r.Missing != nil:
		t.Logf("the real library is not found, %s carries the test: %v", golden, r.Missing)
	}
	return false
}

// Library is the interface of a package: its header (the pseudo-class
// "package") and its classes, in manifest order.
type Library []Class

// Class is the interface of one class as lines "key: value" in
// declaration order, the key naming a declaration ("extends", "property
// name", "method deploy", "method deploy arg x", …).
type Class struct {
	Name    string
	Entries []Entry
}

// Entry is one declaration of a class.
type Entry struct{ Key, Value string }

// Class returns the class named name, nil when lib has none.
func (lib Library) Class(name string) *Class {
	for i := range lib {
		if lib[i].Name == name {
			return &lib[i]
		}
	}
	return nil
}

// packageHeader is the name of the pseudo-class that holds the
// manifest's facts.
const packageHeader = "package"

// InterfaceCheck names what CheckInterface compares.
type InterfaceCheck struct {
	// Golden is the interface of the real library (testdata/interface.golden).
	Golden string
	// Header is the comment at the top of the golden file ("# " lines):
	// which real library it was recorded from, and how.
	Header string
	// CheckKeys checks that the classes a skip list names are known;
	// Judge receives the differences of each class of the real library
	// (none when it agrees). They are a skip list's (enginetest.SkipList):
	// test helpers do not import each other.
	CheckKeys func(t testing.TB, known func(class string) bool)
	Judge     func(class string, diffs []string)
	// Update rewrites the golden file with what the real library says
	// (enginetest.Update).
	Update bool
	// Own is the project's library, Real the real one.
	Own  fs.FS
	Real Real
	// Keep, when set, selects the classes of the libraries that are
	// compared.
	Keep func(class string) bool
}

// CheckInterface compares the interface of every class of the project's
// library with the golden interface of the real one, class by class,
// and, when the real library is found, the golden file with the real
// library.
func CheckInterface(t *testing.T, c InterfaceCheck) {
	t.Helper()
	want := readGolden(t, c.Golden, c.Update)
	if c.Real.recheck(t, c.Golden) {
		live := describe(t, c.Real.FS, c.Keep)
		switch text := live.format(c.Header); {
		case c.Update:
			if err := os.WriteFile(c.Golden, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			want = live
		case text != want.format(c.Header):
			t.Errorf("%s is not what the real library says (MURANO_UPDATE=1 rewrites it):\n  %s",
				c.Golden, strings.Join(Diff(live, want), "\n  "))
		}
	}

	got := describe(t, c.Own, c.Keep)
	c.CheckKeys(t, func(key string) bool { return want.Class(key) != nil })
	for _, class := range want {
		c.Judge(class.Name, DiffClass(got.Class(class.Name), &class))
	}
	for _, class := range got {
		if want.Class(class.Name) == nil {
			t.Errorf("%s: a class the real library does not have", class.Name)
		}
	}
}

// readGolden reads the golden interface; a missing file is empty when
// it is about to be recorded.
func readGolden(t *testing.T, golden string, recording bool) Library {
	t.Helper()
	data, err := os.ReadFile(golden)
	if errors.Is(err, fs.ErrNotExist) && recording {
		return nil
	}
	if err != nil {
		t.Fatalf("%v (MURANO_UPDATE=1 records it from the real library)", err)
	}
	lib, err := Parse(string(data))
	if err != nil {
		t.Fatalf("%s: %v", golden, err)
	}
	return lib
}

// describe decodes the package in fsys and describes the interface of
// the classes keep selects (all when keep is nil).
func describe(t *testing.T, fsys fs.FS, keep func(string) bool) Library {
	t.Helper()
	p, err := pkg.Open(fsys)
	if err != nil {
		t.Fatalf("open the library: %v", err)
	}
	var classes []string
	for _, name := range p.ClassNames() {
		if keep == nil || keep(name) {
			classes = append(classes, name)
		}
	}
	lib := Library{{Name: packageHeader, Entries: []Entry{
		{"name", p.Name()},
		{"version", p.Version()},
		{"format", p.Runtime().String()},
		{"classes", strings.Join(classes, ", ")},
	}}}
	for _, name := range classes {
		file, err := p.ClassFile(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		c, derr := file.Lookup(name)
		if derr != nil || c == nil {
			t.Errorf("%s: not in %s (%v)", name, file.Name, derr)
			continue
		}
		lib = append(lib, describeClass(name, c))
	}
	return lib
}

func describeClass(name string, c *decl.Class) Class {
	ci := Class{Name: name}
	ns := names(c.Namespaces)
	add := func(key, value string) { ci.Entries = append(ci.Entries, Entry{key, value}) }
	add("usage", c.Usage)
	var parents []string
	for _, p := range c.Extends {
		parents = append(parents, p.Name)
	}
	add("extends", strings.Join(parents, ", "))
	if c.Usage == decl.UsageMeta {
		add("meta class", fmt.Sprintf("cardinality %s, applies to %s, inherited %v",
			c.Cardinality, strings.Join(c.Applies, ", "), c.Inherited))
	}
	add("meta", ns.describeMeta(c.Meta))
	for _, p := range c.Properties {
		add("property "+p.Name, fmt.Sprintf("contract %s; usage %s; default %s; meta %s",
			ns.repr(p.Contract), p.Usage, ns.describeDefault(p.Default, p.HasDefault), ns.describeMeta(p.Meta)))
	}
	for _, m := range c.Methods {
		var args []string
		for _, a := range m.Arguments {
			args = append(args, a.Name)
		}
		add("method "+m.Name, fmt.Sprintf("scope %s; usage %s; arguments (%s); meta %s; body %s",
			m.Scope, m.Usage, strings.Join(args, ", "), ns.describeMeta(m.Meta), describeBody(m.Body)))
		for _, a := range m.Arguments {
			add("method "+m.Name+" arg "+a.Name, fmt.Sprintf("contract %s; usage %s; default %s; meta %s",
				ns.repr(a.Contract), a.Usage, ns.describeDefault(a.Default, a.HasDefault), ns.describeMeta(a.Meta)))
		}
	}
	return ci
}

// describeBody tells a method without a body (an abstract method, whose
// call returns null) from one with a body; the body itself is not part
// of the interface.
func describeBody(body *decl.Node) string {
	if body == nil || body.Kind == decl.Null {
		return "none"
	}
	return "given"
}

// format writes the interface as the golden file holds it: the header,
// a line "class NAME" for each class, then its entries indented.
func (lib Library) format(header string) string {
	var b strings.Builder
	b.WriteString(header)
	for _, c := range lib {
		fmt.Fprintf(&b, "\nclass %s\n", c.Name)
		for _, e := range c.Entries {
			fmt.Fprintf(&b, "  %s: %s\n", e.Key, e.Value)
		}
	}
	return b.String()
}

// Parse reads an interface written as the golden files hold it.
func Parse(text string) (Library, error) {
	var lib Library
	for n, line := range strings.Split(text, "\n") {
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "class "):
			lib = append(lib, Class{Name: strings.TrimPrefix(line, "class ")})
		case strings.HasPrefix(line, "  ") && len(lib) > 0:
			key, value, ok := strings.Cut(line[2:], ": ")
			if !ok {
				return nil, fmt.Errorf("line %d: want \"  key: value\", got %q", n+1, line)
			}
			c := &lib[len(lib)-1]
			c.Entries = append(c.Entries, Entry{key, value})
		default:
			return nil, fmt.Errorf("line %d: unexpected %q", n+1, line)
		}
	}
	return lib, nil
}

// DiffClass lists the differences of got from want: missing, extra and
// different entries, then a different order of the entries they share.
func DiffClass(got, want *Class) []string {
	if got == nil {
		return []string{"missing class"}
	}
	index := func(c *Class) map[string]string {
		m := map[string]string{}
		for _, e := range c.Entries {
			m[e.Key] = e.Value
		}
		return m
	}
	g, w := index(got), index(want)
	var diffs []string
	for _, e := range want.Entries {
		switch v, ok := g[e.Key]; {
		case !ok:
			diffs = append(diffs, fmt.Sprintf("missing %s: %s", e.Key, e.Value))
		case v != e.Value:
			diffs = append(diffs, fmt.Sprintf("%s:\n      got  %s\n      want %s", e.Key, v, e.Value))
		}
	}
	for _, e := range got.Entries {
		if _, ok := w[e.Key]; !ok {
			diffs = append(diffs, fmt.Sprintf("extra %s: %s", e.Key, e.Value))
		}
	}
	if len(diffs) == 0 {
		shared := func(c *Class, other map[string]string) []string {
			var keys []string
			for _, e := range c.Entries {
				if _, ok := other[e.Key]; ok {
					keys = append(keys, e.Key)
				}
			}
			return keys
		}
		if gk, wk := shared(got, w), shared(want, g); !slices.Equal(gk, wk) {
			diffs = append(diffs, fmt.Sprintf("declaration order:\n      got  %s\n      want %s",
				strings.Join(gk, ", "), strings.Join(wk, ", ")))
		}
	}
	return diffs
}

// Diff lists the differences of two whole interfaces.
func Diff(got, want Library) []string {
	var diffs []string
	for _, c := range want {
		for _, d := range DiffClass(got.Class(c.Name), &c) {
			diffs = append(diffs, c.Name+": "+d)
		}
	}
	for _, c := range got {
		if want.Class(c.Name) == nil {
			diffs = append(diffs, c.Name+": extra class")
		}
	}
	return diffs
}
