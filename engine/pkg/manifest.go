// This file reads manifest.yaml and opens packages.

package pkg

import (
	"io/fs"
	"strings"
	"unicode"

	"murano.dev/playground/engine/diag"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/internal/pyyaml"
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

	root *pyyaml.Node // the manifest mapping, for format plug-ins
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
	if classes := root.Get("Classes"); classes != nil && classes.Kind == pyyaml.Map {
		for _, e := range classes.Entries {
			p.classes[e.Key.Text()] = classRef{file: e.Value.Text(), pos: posOf(e.Value)}
		}
	}
	return p, nil
}

// parseManifest parses the manifest as yaml.safe_load does: one YAML
// document whose root must be a mapping.
func parseManifest(src []byte) (*pyyaml.Node, diag.List) {
	_, docs, errs := pyyaml.Decode(manifestFile, src, nil)
	if len(docs) > 1 && (len(errs) == 0 || !errs[0].Pos.Start.Before(docs[1].Span.Start)) {
		return nil, loadError(posOf(docs[1]), "PackageLoadError",
			"Unable to load due to 'expected a single document in the stream'")
	}
	if len(errs) > 0 {
		e := errs[0]
		msg := strings.TrimPrefix(e.Msg, "YAMLError: ")
		if pe, ok := e.Err.(*pyyaml.Error); ok {
			msg = pe.Msg
		}
		return nil, loadError(e.Pos.Start, "PackageLoadError", "Unable to load due to '"+msg+"'")
	}
	var root *pyyaml.Node
	if len(docs) > 0 {
		root = docs[0]
	}
	if root == nil || root.Kind != pyyaml.Map {
		return nil, loadError(posOf(root), "AttributeError", "'"+root.PyType()+"' object has no attribute 'get'")
	}
	return root, nil
}

// readManifest reads the fields of the manifest, failing at the first
// invalid one in the reference's order.
func readManifest(root *pyyaml.Node) (*Manifest, *Format, diag.List) {
	m := &Manifest{root: root}
	format, errs := readFormat(root, m)
	if errs != nil {
		return nil, nil, errs
	}
	at := func(n *pyyaml.Node) source.Pos {
		if n == nil {
			return posOf(root)
		}
		return posOf(n)
	}

	fullName := root.Get("FullName")
	switch {
	case !fullName.Truthy():
		return nil, nil, loadError(at(fullName), "PackageFormatError", "Incorrect package format: FullName is not specified")
	case fullName.Kind != pyyaml.String:
		return nil, nil, loadError(at(fullName), "TypeError", `can only concatenate str (not "`+fullName.PyType()+`") to str`)
	case !validFullName(fullName.Text()):
		return nil, nil, loadError(at(fullName), "PackageFormatError", "Incorrect package format: Invalid FullName "+fullName.Text())
	}
	m.FullName = fullName.Text()

	m.Version = "0.0.0"
	if n := root.Get("Version"); n != nil {
		v, err := versions.Parse(n.Text())
		if err != nil {
			return nil, nil, loadError(at(n), "ValueError", err.Error())
		}
		m.Version = v.String()
	}

	typ := root.Get("Type")
	if m.Type = typ.Text(); !isString(typ) || m.Type != "Application" && m.Type != "Library" {
		return nil, nil, loadError(at(typ), "PackageFormatError", "Incorrect package format: Invalid package Type "+m.Type)
	}

	m.Name = m.FullName
	if n := root.Get("Name"); n != nil {
		m.Name = text(n)
	}
	m.Description = text(root.Get("Description"))
	m.Author = text(root.Get("Author"))
	switch n := root.Get("Tags"); {
	case n == nil:
	case n.Kind == pyyaml.List:
		for _, t := range n.Items {
			m.Tags = append(m.Tags, t.Text())
		}
	case isString(n):
		for _, r := range n.Text() {
			m.Tags = append(m.Tags, string(r))
		}
	}

	readCommon(root, m)
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
func readCommon(root *pyyaml.Node, m *Manifest) {
	// A Supplier that is not a mapping fails only the reference's
	// supplier_logo, which is read lazily: it is ignored here.
	if n := root.Get("Supplier"); n.Truthy() && n.Kind == pyyaml.Map {
		m.Supplier = plain(n).(map[string]any)
		if l := n.Get("Logo"); l.Truthy() {
			m.SupplierLogo = l.Text()
		}
	}
	if n := root.Get("Logo"); n.Truthy() {
		m.Logo = n.Text()
	}
}

// readMuranoPL reads the fields of MuranoPL packages: Classes, Require,
// UI and Meta.
func readMuranoPL(root *pyyaml.Node, m *Manifest) diag.List {
	at := func(n *pyyaml.Node) source.Pos {
		if n == nil {
			return posOf(root)
		}
		return posOf(n)
	}
	if n := root.Get("Classes"); n.Truthy() {
		if n.Kind != pyyaml.Map {
			return loadError(at(n), "PackageFormatError", "Incorrect package format: Classes section should be a dict")
		}
		m.Classes = map[string]string{}
		var bad *pyyaml.Node
		for _, e := range n.Entries {
			if (e.Value.Kind == pyyaml.List || e.Value.Kind == pyyaml.Map) && bad == nil {
				bad = e.Value
			}
			m.Classes[e.Key.Text()] = e.Value.Text()
		}
		if bad != nil {
			return loadError(at(bad), "PackageFormatError", "Incorrect package format: a class file name must be a string")
		}
	}

	if n := root.Get("Require"); n.Truthy() {
		if n.Kind != pyyaml.Map {
			return loadError(at(n), "PackageFormatError", "Incorrect package format: Require section should be a dict")
		}
		var errs diag.List
		for _, e := range n.Entries {
			k, v := e.Key, e.Value
			if v.Kind == pyyaml.List || v.Kind == pyyaml.Map {
				errs = append(errs, loadError(at(v), "ValueError", "Invalid version spec for "+k.Text()+": not a scalar")...)
				continue
			}
			spec := requirementSpec(v)
			if _, err := versions.ParseSpec(spec); err != nil {
				errs = append(errs, loadError(at(v), "ValueError", err.Error())...)
				continue
			}
			m.Require = append(m.Require, Requirement{Package: k.Text(), Spec: spec})
		}
		if errs != nil {
			return errs
		}
	}
	m.UI = "ui.yaml"
	if n := root.Get("UI"); n.Truthy() {
		m.UI = n.Text()
	}
	if n := root.Get("Meta"); n != nil {
		m.Meta = plain(n)
	}
	return nil
}

// requirementSpec is the version spec of a Require entry as written:
// Python's str() of the value (0 is "0", as the reference's
// package.requirements has it), "" for null. The other values Python
// takes as false (False, 0.0, "") stand, as for the reference's engine,
// for "0", which is what "" means too.
func requirementSpec(v *pyyaml.Node) string {
	if v.Truthy() || v.Kind == pyyaml.Int {
		return v.Text()
	}
	return ""
}

// readFormat reads Format into m.Format and m.ID and returns the
// registered format it names.
func readFormat(root *pyyaml.Node, m *Manifest) (*Format, diag.List) {
	n := root.Get("Format")
	pos := posOf(root)
	m.Format = "MuranoPL/1.0"
	if n.Truthy() {
		m.Format, pos = n.Text(), posOf(n)
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

func isString(n *pyyaml.Node) bool { return n != nil && n.Kind == pyyaml.String }

// text returns str() of a value, "" for a null or absent one.
func text(n *pyyaml.Node) string {
	if n == nil || n.Kind == pyyaml.Null {
		return ""
	}
	return n.Text()
}

// plain converts a node into plain Go data, for the sections the engine
// shows rather than interprets (Supplier, Meta): maps with their keys'
// str(), lists, and scalars as bool, int, float64 or string (big
// integers, dates and expressions as their str()).
func plain(n *pyyaml.Node) any {
	switch n.Kind {
	case pyyaml.Null:
		return nil
	case pyyaml.Bool:
		return bool(n.Value.(value.Bool))
	case pyyaml.Int:
		if i, ok := n.Value.(value.Int); ok {
			return int(i)
		}
	case pyyaml.Float:
		return float64(n.Value.(value.Float))
	case pyyaml.List:
		out := make([]any, len(n.Items))
		for i, it := range n.Items {
			out[i] = plain(it)
		}
		return out
	case pyyaml.Map:
		out := make(map[string]any, len(n.Entries))
		for _, e := range n.Entries {
			out[e.Key.Text()] = plain(e.Value)
		}
		return out
	}
	return n.Text()
}

// posOf returns the position of a node in the manifest.
func posOf(n *pyyaml.Node) source.Pos {
	if n == nil {
		return source.Pos{File: manifestFile}
	}
	return n.Span.Start
}
