// This file decodes class files: several documents, namespaces carried
// from one document to the next, named classes and the unnamed class.

package decl

import (
	"murano.dev/playground/engine/diag"
	"murano.dev/playground/engine/source"
)

// File is a decoded class file.
type File struct {
	Name    string
	Runtime Version
	Source  *source.File
	// Docs are the documents the reference's loader keeps: every one
	// that is not empty or otherwise false (null, {}, [], "", 0, false).
	Docs []*Node
	// Classes are the class documents in file order; documents with
	// only Namespaces are not classes.
	Classes []*Class
}

// DecodeFile decodes the class file name with the text src for a package
// of the given runtime. It returns the classes it could decode and every
// error: YAML errors, documents that are not maps, invalid namespaces and
// class names (all of which make the reference fail on any class of the
// file), and the errors of each class's declarations (also in
// [Class.Errs]).
func DecodeFile(name string, src []byte, runtime Version) (*File, diag.List) {
	f := &File{Name: name, Runtime: runtime}
	file, docs, errs := DecodeYAML(name, src, YAQLRule{})
	f.Source = file
	for _, doc := range docs {
		if doc.Truthy() {
			f.Docs = append(f.Docs, doc)
		}
	}
	report := func(n *Node, err *PyError) {
		errs.Add(newError(diag.Load, spanOf(n, source.At(source.Pos{File: name})), "", err))
	}
	validated := map[*Node]Namespaces{}
	namespaces := func(n *Node) Namespaces {
		ns, ok := validated[n]
		if !ok {
			ns = decodeNamespaces(n, report)
			validated[n] = ns
		}
		return ns
	}

	var last *Node // the previous document's namespaces; nil for {}
	uncopyable := map[*Node]bool{}
	for _, doc := range f.Docs {
		if doc.Kind != Map {
			report(doc, noAttribute(doc, "setdefault"))
			continue
		}
		// The reference copies the previous namespaces before it looks
		// for the document's own, so a null there fails every document.
		copyFailed := last != nil && last.Kind != Map && last.Kind != List
		if copyFailed && !uncopyable[last] {
			uncopyable[last] = true
			report(last, noAttribute(last, "copy"))
		}
		keys := len(doc.Entries)
		if e := doc.Lookup("Namespaces"); e != nil {
			last = e.Value
		} else if keys++; copyFailed {
			continue
		}
		if keys == 1 {
			continue
		}
		ns := namespaces(last)
		var cls *Class
		nameNode := doc.Get("Name")
		if !nameNode.Truthy() {
			cls = decodeClass(doc, ns)
		} else {
			full, err := ns.resolveNode(nameNode)
			if err != nil {
				report(nameNode, err)
			}
			cls = decodeClass(doc, ns)
			cls.Name, cls.FullName = nameNode, full
		}
		f.Classes = append(f.Classes, cls)
		for _, e := range cls.Errs {
			errs.Add(e)
		}
	}
	return f, errs
}

// Lookup returns the class the reference creates when its package asks
// this file for the class name: the last document whose name resolves to
// name, else the unnamed document if name resolves to itself with that
// document's namespaces. It returns nil when there is no such class, and
// an AmbiguousClassName error when the file has two unnamed documents.
func (f *File) Lookup(name string) (*Class, *diag.Error) {
	var found, unnamed *Class
	for _, c := range f.Classes {
		switch {
		case c.Name != nil:
			if c.FullName == name {
				found = c
			}
		case unnamed != nil:
			err := &PyError{Class: "AmbiguousClassName", Msg: `Found more than one version of class "` + name + `"`}
			return nil, newError(diag.Load, c.Pos, "", err)
		default:
			unnamed = c
		}
	}
	if found != nil || unnamed == nil {
		return found, nil
	}
	full, err := unnamed.Namespaces.Resolve(name)
	if err != nil {
		return nil, newError(diag.Load, unnamed.Pos, "", err)
	}
	if full != name {
		return nil, nil
	}
	named := *unnamed
	named.FullName = name
	return &named, nil
}
