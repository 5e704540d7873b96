// This file checks that the public interface of the project's core
// library is that of the real io.murano: every class, its parents,
// properties, methods, arguments, contracts, usages, defaults and meta.

package corelib_test

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"murano.dev/playground/engine/corelib"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/enginetest"
	"murano.dev/playground/engine/pkg"
)

// interfaceGolden is the interface of the real io.murano, recorded from
// it with MURANO_UPDATE=1.
var interfaceGolden = filepath.Join("testdata", "interface.golden")

// remaining lists the classes whose interface does not agree yet, each
// with the reason (a SkipList).
var remaining = filepath.Join("testdata", "remaining.txt")

// TestInterface compares the interface of every class of the embedded
// core library with the golden interface of the real one, class by
// class, and, when the real library is found, the golden file with the
// real library.
func TestInterface(t *testing.T) {
	want := readGolden(t, enginetest.Update())
	if real, where, err := pkg.LocateCoreLibrary(); err == nil {
		t.Logf("real core library: %s", where)
		live := describeLibrary(t, real)
		switch text := formatInterface(live); {
		case enginetest.Update():
			if err := os.WriteFile(interfaceGolden, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			want = live
		case text != formatInterface(want):
			t.Errorf("%s is not what the real core library says (MURANO_UPDATE=1 rewrites it):\n  %s",
				interfaceGolden, strings.Join(diffInterfaces(live, want), "\n  "))
		}
	} else if os.Getenv("CI") == "true" {
		t.Errorf("the real core library is not found, the golden interface is not re-checked: %v", err)
	}

	got := describeLibrary(t, corelib.FS())
	skips := enginetest.LoadSkips(t, remaining)
	skips.CheckKeys(t, func(key string) bool { return want.class(key) != nil })
	var tally enginetest.Tally
	for _, c := range want {
		tally.Add(skips.Judge(t, c.name, diffClass(got.class(c.name), &c)))
	}
	for _, c := range got {
		if want.class(c.name) == nil {
			t.Errorf("%s: a class the real core library does not have", c.name)
		}
	}
	t.Logf("classes: %s", tally.String())
}

// readGolden reads the golden interface; a missing file is empty when
// it is about to be recorded.
func readGolden(t *testing.T, recording bool) libraryInterface {
	t.Helper()
	data, err := os.ReadFile(interfaceGolden)
	if errors.Is(err, fs.ErrNotExist) && recording {
		return nil
	}
	if err != nil {
		t.Fatalf("%v (MURANO_UPDATE=1 records it from the real core library)", err)
	}
	lib, err := parseInterface(string(data))
	if err != nil {
		t.Fatalf("%s: %v", interfaceGolden, err)
	}
	return lib
}

// libraryInterface is the interface of a package: its header (the
// pseudo-class "package") and its classes, in manifest order.
type libraryInterface []classInterface

// classInterface is the interface of one class as lines "key: value" in
// declaration order, the key naming a declaration ("extends", "property
// name", "method deploy", "method deploy arg x", …).
type classInterface struct {
	name    string
	entries []entry
}

type entry struct{ key, value string }

func (lib libraryInterface) class(name string) *classInterface {
	for i := range lib {
		if lib[i].name == name {
			return &lib[i]
		}
	}
	return nil
}

// packageHeader is the name of the pseudo-class that holds the
// manifest's facts.
const packageHeader = "package"

// describeLibrary decodes the package in fsys and describes its
// interface.
func describeLibrary(t *testing.T, fsys fs.FS) libraryInterface {
	t.Helper()
	p, err := pkg.Open(fsys)
	if err != nil {
		t.Fatalf("open the core library: %v", err)
	}
	lib := libraryInterface{{name: packageHeader, entries: []entry{
		{"name", p.Name()},
		{"version", p.Version()},
		{"format", p.Runtime().String()},
		{"classes", strings.Join(p.ClassNames(), ", ")},
	}}}
	for _, name := range p.ClassNames() {
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

func describeClass(name string, c *decl.Class) classInterface {
	ci := classInterface{name: name}
	ns := names(c.Namespaces)
	add := func(key, value string) { ci.entries = append(ci.entries, entry{key, value}) }
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

// names writes declarations with the type names of their expressions
// resolved ("sys:Agent" is io.murano.system.Agent), so that a class may
// choose its own namespace prefixes.
type names decl.Namespaces

func (ns names) describeDefault(n *decl.Node, given bool) string {
	if !given {
		return "<none>"
	}
	return ns.repr(n)
}

func (ns names) describeMeta(m decl.Meta) string {
	var parts []string
	for _, e := range m.Entries {
		props := "{}"
		if e.Props != nil {
			props = ns.repr(e.Props)
		}
		parts = append(parts, e.Type.Name+props)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// formatInterface writes the interface as the golden file holds it: a
// line "class NAME" for each class, then its entries indented.
func formatInterface(lib libraryInterface) string {
	var b strings.Builder
	b.WriteString("# The public interface of io.murano 14.0.0 (Debian's murano-common), recorded by\n" +
		"# engine/corelib's TestInterface with MURANO_UPDATE=1: do not edit.\n")
	for _, c := range lib {
		fmt.Fprintf(&b, "\nclass %s\n", c.name)
		for _, e := range c.entries {
			fmt.Fprintf(&b, "  %s: %s\n", e.key, e.value)
		}
	}
	return b.String()
}

func parseInterface(text string) (libraryInterface, error) {
	var lib libraryInterface
	for n, line := range strings.Split(text, "\n") {
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "class "):
			lib = append(lib, classInterface{name: strings.TrimPrefix(line, "class ")})
		case strings.HasPrefix(line, "  ") && len(lib) > 0:
			key, value, ok := strings.Cut(line[2:], ": ")
			if !ok {
				return nil, fmt.Errorf("line %d: want \"  key: value\", got %q", n+1, line)
			}
			c := &lib[len(lib)-1]
			c.entries = append(c.entries, entry{key, value})
		default:
			return nil, fmt.Errorf("line %d: unexpected %q", n+1, line)
		}
	}
	return lib, nil
}

// diffClass lists the differences of got from want: missing, extra and
// different entries, then a different order of the entries they share.
func diffClass(got, want *classInterface) []string {
	if got == nil {
		return []string{"missing class"}
	}
	index := func(c *classInterface) map[string]string {
		m := map[string]string{}
		for _, e := range c.entries {
			m[e.key] = e.value
		}
		return m
	}
	g, w := index(got), index(want)
	var diffs []string
	for _, e := range want.entries {
		switch v, ok := g[e.key]; {
		case !ok:
			diffs = append(diffs, fmt.Sprintf("missing %s: %s", e.key, e.value))
		case v != e.value:
			diffs = append(diffs, fmt.Sprintf("%s:\n      got  %s\n      want %s", e.key, v, e.value))
		}
	}
	for _, e := range got.entries {
		if _, ok := w[e.key]; !ok {
			diffs = append(diffs, fmt.Sprintf("extra %s: %s", e.key, e.value))
		}
	}
	if len(diffs) == 0 {
		shared := func(c *classInterface, other map[string]string) []string {
			var keys []string
			for _, e := range c.entries {
				if _, ok := other[e.key]; ok {
					keys = append(keys, e.key)
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

// diffInterfaces lists the differences of two whole interfaces.
func diffInterfaces(got, want libraryInterface) []string {
	var diffs []string
	for _, c := range want {
		for _, d := range diffClass(got.class(c.name), &c) {
			diffs = append(diffs, c.name+": "+d)
		}
	}
	for _, c := range got {
		if want.class(c.name) == nil {
			diffs = append(diffs, c.name+": extra class")
		}
	}
	return diffs
}

// repr is Python's repr of a declaration's value, as Node.Repr writes it,
// with the type names of expressions resolved.
func (ns names) repr(n *decl.Node) string {
	switch {
	case n == nil:
		return "None"
	case n.Kind == decl.Expr:
		return "YAQL(" + ns.resolve(n.Expr.Source) + ")"
	case n.Kind == decl.List:
		var items []string
		for _, it := range n.Items {
			items = append(items, ns.repr(it))
		}
		return "[" + strings.Join(items, ", ") + "]"
	case n.Kind == decl.Map:
		var items []string
		for _, e := range n.Entries {
			items = append(items, ns.repr(e.Key)+": "+ns.repr(e.Value))
		}
		return "{" + strings.Join(items, ", ") + "}"
	}
	return n.Repr()
}

// resolve rewrites the names "prefix:Name" and ":Name" of an expression
// (outside its string literals) to full names.
func (ns names) resolve(src string) string {
	var b strings.Builder
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\'' || c == '"' || c == '`':
			end := i + 1
			for end < len(src) && src[end] != c {
				if src[end] == '\\' {
					end++
				}
				end++
			}
			end = min(end+1, len(src))
			b.WriteString(src[i:end])
			i = end
		case isNameByte(c) || c == ':':
			end := i
			for end < len(src) && (isNameByte(src[end]) || src[end] == '.' || src[end] == ':') {
				end++
			}
			word := src[i:end]
			if prefix, rest, ok := strings.Cut(word, ":"); ok && rest != "" && !strings.Contains(rest, ":") &&
				(prefix == "" || !strings.Contains(prefix, ".")) && (i == 0 || src[i-1] != '$') {
				if full, err := decl.Namespaces(ns).Resolve(word); err == nil {
					word = full
				}
			}
			b.WriteString(word)
			i = end
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String()
}

func isNameByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}
