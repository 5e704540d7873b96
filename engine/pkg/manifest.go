// This file reads manifest.yaml and opens packages.

package pkg

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"strconv"
	"strings"
	"unicode"

	"go.yaml.in/yaml/v3"

	"murano.dev/playground/engine/diag"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/source"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/versions"
)

const manifestFile = "manifest.yaml"

// Manifest is what a package's manifest.yaml says.
type Manifest struct {
	// Format is the format string, with "MuranoPL/" added to a bare
	// version ("MuranoPL/1.4"); "MuranoPL/1.0" when absent.
	Format   string
	FullName string
	// Version is the package version coerced to SemVer ("1.2" is
	// "1.2.0"), "0.0.0" when absent.
	Version string
	Type    string // Application or Library
	// Name is the display name (FullName when absent). Name, Description
	// and Author hold Python's str() of scalars ("" for null).
	Name        string
	Description string
	Author      string
	Tags        []string
	// Classes maps the full names of the package's classes to their
	// files under Classes/.
	Classes map[string]string
	// Require lists the packages this one requires, in manifest order.
	Require []Requirement

	// ID is the format, parsed ("MuranoPL/1.4.0").
	ID FormatID
	// Supplier is the Supplier section (nil when absent or empty); only
	// its Logo key is interpreted.
	Supplier map[string]any
	// Logo and SupplierLogo are the files of the logos the manifest
	// names ("" for the defaults logo.png and supplier_logo.png).
	Logo, SupplierLogo string
	// UI is the UI file under UI/ (MuranoPL: "ui.yaml" by default).
	UI string
	// Meta is the package's metadata, as YAML decodes it (MuranoPL).
	Meta any

	root *yaml.Node // the manifest mapping, for format plug-ins
}

// Requirement is a required package and its version spec ("" for null).
type Requirement struct {
	Package, Spec string
}

// Open opens the package at the root of fsys: its manifest.yaml is read
// and checked as the reference does (Format, FullName, Version, Type, in
// that order, with the reference's errors); Classes and Require must be
// mappings and every Require spec must parse. Class files are read on
// first use, from Classes/ (see [Package.ClassFile]).
//
// The package's format is looked up in the registry ([Register]); a
// format that is not registered is an error that lists the formats
// available. A package of a format other than MuranoPL gets its classes,
// requirements and UI from the format's [Contents].
func Open(fsys fs.FS) (*Package, error) {
	src, err := readFile(fsys, manifestFile)
	if err != nil {
		return nil, loadError(source.Pos{}, "PackageLoadError", "Unable to find package manifest")
	}
	root, errs := parseManifest(src)
	if errs != nil {
		return nil, errs
	}
	m, format, errs := readManifest(root)
	if errs != nil {
		return nil, errs
	}
	p := &Package{
		Manifest: m,
		name:     m.FullName,
		fsys:     fsys,
		classes:  map[string]classRef{},
		files:    map[string]*classFile{},
	}
	p.version, _ = versions.Parse(m.Version)
	if format.Open != nil {
		c, err := format.Open(m.ID, fsys, m)
		if err != nil {
			return nil, err
		}
		p.contents = c
		p.runtime = c.Runtime()
		return p, nil
	}
	p.runtime = decl.Version{Major: 1, Minor: int(m.ID.Version.Minor())}
	if classes := mapping(root, "Classes"); classes != nil {
		eachEntry(classes, func(k, v *yaml.Node) {
			p.classes[pyStr(k)] = classRef{file: pyStr(v), pos: posOf(v)}
		})
	}
	return p, nil
}

// parseManifest parses the manifest as one YAML document whose root must
// be a mapping.
func parseManifest(src []byte) (*yaml.Node, diag.List) {
	if len(src) > decl.MaxFileSize {
		return nil, loadError(source.Pos{File: manifestFile}, "PackageLoadError",
			fmt.Sprintf("Unable to load due to 'file is larger than %d bytes'", decl.MaxFileSize))
	}
	dec := yaml.NewDecoder(bytes.NewReader(src))
	var doc yaml.Node
	err := dec.Decode(&doc)
	if err == nil {
		var next yaml.Node
		if dec.Decode(&next) != io.EOF {
			return nil, loadError(posOf(&next), "PackageLoadError",
				"Unable to load due to 'expected a single document in the stream'")
		}
	}
	if err != nil && !errors.Is(err, io.EOF) {
		msg, line := yamlMessage(err)
		return nil, loadError(source.Pos{File: manifestFile, Line: line}, "PackageLoadError",
			"Unable to load due to '"+msg+"'")
	}
	var root *yaml.Node
	if len(doc.Content) > 0 {
		root = deref(doc.Content[0])
	}
	if root == nil || root.Kind != yaml.MappingNode {
		return nil, loadError(posOf(root), "AttributeError", "'"+pyType(root)+"' object has no attribute 'get'")
	}
	return root, nil
}

// yamlMessage splits the YAML library's error into its message and line.
func yamlMessage(err error) (string, int) {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if n, tail, ok := strings.Cut(rest, ": "); ok {
			if line, err := strconv.Atoi(n); err == nil {
				return tail, line
			}
		}
	}
	return msg, 0
}

// readManifest reads the fields of the manifest, failing at the first
// invalid one in the reference's order.
func readManifest(root *yaml.Node) (*Manifest, *Format, diag.List) {
	m := &Manifest{root: root}
	format, errs := readFormat(root, m)
	if errs != nil {
		return nil, nil, errs
	}
	at := func(n *yaml.Node) source.Pos {
		if n == nil {
			return posOf(root)
		}
		return posOf(n)
	}

	fullName := field(root, "FullName")
	switch {
	case !truthy(fullName):
		return nil, nil, loadError(at(fullName), "PackageFormatError", "Incorrect package format: FullName is not specified")
	case !isString(fullName):
		return nil, nil, loadError(at(fullName), "TypeError", `can only concatenate str (not "`+pyType(fullName)+`") to str`)
	case !validFullName(fullName.Value):
		return nil, nil, loadError(at(fullName), "PackageFormatError", "Incorrect package format: Invalid FullName "+fullName.Value)
	}
	m.FullName = fullName.Value

	m.Version = "0.0.0"
	if n := field(root, "Version"); n != nil {
		v, err := versions.Parse(pyStr(n))
		if err != nil {
			return nil, nil, loadError(at(n), "ValueError", err.Error())
		}
		m.Version = v.String()
	}

	typ := field(root, "Type")
	if m.Type = pyStr(typ); !isString(typ) || m.Type != "Application" && m.Type != "Library" {
		return nil, nil, loadError(at(typ), "PackageFormatError", "Incorrect package format: Invalid package Type "+m.Type)
	}

	m.Name = m.FullName
	if n := field(root, "Name"); n != nil {
		m.Name = text(n)
	}
	m.Description = text(field(root, "Description"))
	m.Author = text(field(root, "Author"))
	switch n := field(root, "Tags"); {
	case n == nil:
	case n.Kind == yaml.SequenceNode:
		for _, t := range n.Content {
			m.Tags = append(m.Tags, pyStr(t))
		}
	case isString(n):
		for _, r := range n.Value {
			m.Tags = append(m.Tags, string(r))
		}
	}

	if errs := readCommon(root, m); errs != nil {
		return nil, nil, errs
	}
	if m.ID.Name != muranoPL {
		return m, format, nil
	}
	if errs := readMuranoPL(root, m); errs != nil {
		return nil, nil, errs
	}
	return m, format, nil
}

// readCommon reads the fields every format has after Tags: Supplier and
// Logo. They are not checked (the reference reads them lazily).
func readCommon(root *yaml.Node, m *Manifest) diag.List {
	if n := field(root, "Supplier"); truthy(n) {
		// A Supplier that is not a mapping fails only the reference's
		// supplier_logo, which is read lazily: it is ignored here.
		var sup map[string]any
		if n.Kind == yaml.MappingNode && n.Decode(&sup) == nil {
			m.Supplier = sup
			if l := field(n, "Logo"); truthy(l) {
				m.SupplierLogo = pyStr(l)
			}
		}
	}
	if n := field(root, "Logo"); truthy(n) {
		m.Logo = pyStr(n)
	}
	return nil
}

// readMuranoPL reads the fields of MuranoPL packages: Classes, Require,
// UI and Meta.
func readMuranoPL(root *yaml.Node, m *Manifest) diag.List {
	at := func(n *yaml.Node) source.Pos {
		if n == nil {
			return posOf(root)
		}
		return posOf(n)
	}
	if n := field(root, "Classes"); truthy(n) {
		if n.Kind != yaml.MappingNode {
			return loadError(at(n), "PackageFormatError", "Incorrect package format: Classes section should be a dict")
		}
		m.Classes = map[string]string{}
		var bad *yaml.Node
		eachEntry(n, func(k, v *yaml.Node) {
			if v.Kind != yaml.ScalarNode && bad == nil {
				bad = v
			}
			m.Classes[pyStr(k)] = pyStr(v)
		})
		if bad != nil {
			return loadError(at(bad), "PackageFormatError", "Incorrect package format: a class file name must be a string")
		}
	}

	if n := field(root, "Require"); truthy(n) {
		if n.Kind != yaml.MappingNode {
			return loadError(at(n), "PackageFormatError", "Incorrect package format: Require section should be a dict")
		}
		var errs diag.List
		eachEntry(n, func(k, v *yaml.Node) {
			spec := ""
			if v.Kind != yaml.ScalarNode {
				errs = append(errs, loadError(at(v), "ValueError", "Invalid version spec for "+pyStr(k)+": not a scalar")...)
				return
			}
			if truthy(v) {
				spec = pyStr(v)
			}
			if _, err := versions.ParseSpec(spec); err != nil {
				errs = append(errs, loadError(at(v), "ValueError", err.Error())...)
				return
			}
			m.Require = append(m.Require, Requirement{Package: pyStr(k), Spec: spec})
		})
		if errs != nil {
			return errs
		}
	}
	m.UI = "ui.yaml"
	if n := field(root, "UI"); truthy(n) {
		m.UI = pyStr(n)
	}
	if n := field(root, "Meta"); n != nil {
		_ = n.Decode(&m.Meta)
	}
	return nil
}

// readFormat reads Format into m.Format and m.ID and returns the
// registered format it names.
func readFormat(root *yaml.Node, m *Manifest) (*Format, diag.List) {
	n := field(root, "Format")
	pos := posOf(root)
	m.Format = "MuranoPL/1.0"
	if truthy(n) {
		m.Format, pos = pyStr(n), posOf(n)
	}
	if r := []rune(m.Format); unicode.IsDigit(r[0]) {
		m.Format = "MuranoPL/" + m.Format
	}
	unsupported := loadError(pos, "PackageFormatError",
		"Incorrect package format: Unsupported format "+m.Format+" (formats available: "+availableFormats()+")")
	if !strings.Contains(m.Format, "/") {
		return nil, unsupported
	}
	id, err := ParseFormat(m.Format)
	if err != nil {
		return nil, loadError(pos, "ValueError", err.Error())
	}
	f := lookupFormat(id)
	if f == nil {
		return nil, unsupported
	}
	m.ID = id
	return f, nil
}

// validFullName checks a FullName as the reference does: word characters
// and dots, not at either end nor two in a row.
func validFullName(s string) bool {
	s = strings.TrimSuffix(s, "\n")
	for _, r := range s {
		if r != '.' && r != '_' && !unicode.IsLetter(r) && !unicode.IsNumber(r) {
			return false
		}
	}
	return s != "" && !strings.HasPrefix(s, ".") && !strings.HasSuffix(s, ".") && !strings.Contains(s, "..")
}

// deref follows an alias.
func deref(n *yaml.Node) *yaml.Node {
	if n != nil && n.Kind == yaml.AliasNode {
		return n.Alias
	}
	return n
}

// field returns the value of a string key of a mapping (the last one when
// the key is repeated, as PyYAML does), or nil.
func field(m *yaml.Node, key string) *yaml.Node {
	var found *yaml.Node
	eachEntry(m, func(k, v *yaml.Node) {
		if isString(k) && k.Value == key {
			found = v
		}
	})
	return found
}

// mapping returns the value of a key when it is a mapping.
func mapping(m *yaml.Node, key string) *yaml.Node {
	if n := field(m, key); n != nil && n.Kind == yaml.MappingNode {
		return n
	}
	return nil
}

// eachEntry calls f with each key and value of a mapping, aliases
// followed.
func eachEntry(m *yaml.Node, f func(k, v *yaml.Node)) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		f(deref(m.Content[i]), deref(m.Content[i+1]))
	}
}

func isString(n *yaml.Node) bool {
	return n != nil && n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str"
}

// truthy reports Python's truth value of a node.
func truthy(n *yaml.Node) bool {
	if n == nil {
		return false
	}
	switch n.Kind {
	case yaml.SequenceNode, yaml.MappingNode:
		return len(n.Content) > 0
	}
	switch n.ShortTag() {
	case "!!null":
		return false
	case "!!bool", "!!int", "!!float":
		s := pyStr(n)
		return s != "False" && s != "0" && s != "0.0" && s != "-0.0"
	}
	return n.Value != ""
}

// pyStr returns Python's str() of a scalar as PyYAML constructs it.
// Collections, which no caller expects, print as their kind.
func pyStr(n *yaml.Node) string {
	switch {
	case n == nil:
		return "None"
	case n.Kind == yaml.SequenceNode:
		return "[...]"
	case n.Kind == yaml.MappingNode:
		return "{...}"
	}
	switch n.ShortTag() {
	case "!!null":
		return "None"
	case "!!bool":
		var b bool
		if n.Decode(&b) == nil {
			return value.Str(value.Bool(b))
		}
	case "!!int":
		var i int64
		if n.Decode(&i) == nil {
			return strconv.FormatInt(i, 10)
		}
	case "!!float":
		var f float64
		if n.Decode(&f) == nil && !math.IsNaN(f) {
			return value.FormatFloat(f)
		}
	}
	return n.Value
}

// text returns str() of a scalar, "" for a null or absent one.
func text(n *yaml.Node) string {
	if n == nil || n.ShortTag() == "!!null" {
		return ""
	}
	return pyStr(n)
}

// pyType returns the name of the Python type PyYAML makes of a node.
func pyType(n *yaml.Node) string {
	if n == nil {
		return "NoneType"
	}
	switch n.Kind {
	case yaml.SequenceNode:
		return "list"
	case yaml.MappingNode:
		return "dict"
	}
	switch n.ShortTag() {
	case "!!null":
		return "NoneType"
	case "!!bool":
		return "bool"
	case "!!int":
		return "int"
	case "!!float":
		return "float"
	}
	return "str"
}

// posOf returns the position of a node in the manifest.
func posOf(n *yaml.Node) source.Pos {
	if n == nil {
		return source.Pos{File: manifestFile}
	}
	return source.Pos{File: manifestFile, Line: n.Line, Col: n.Column}
}
