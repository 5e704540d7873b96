// This file defines namespaces and the resolution of type names.

package decl

import (
	"strings"
	"unicode"

	"murano.dev/playground/engine/source"
	"murano.dev/playground/engine/value"
)

// Namespaces maps the prefixes of a class document to namespaces:
// "=" is the class's own namespace, and a name "p:Name" stands for
// "<namespace of p>.Name".
type Namespaces struct {
	Entries []Namespace // in the order written
	Node    *Node       // the Namespaces value the document has or inherits
}

// Namespace is one prefix: namespace entry.
type Namespace struct {
	Prefix string
	Name   string // "" for a null namespace
	Span   source.Span
}

// lookup returns the namespace of a prefix; "=" and "" are always known.
func (ns Namespaces) lookup(prefix string) (string, bool) {
	for _, e := range ns.Entries {
		if e.Prefix == prefix {
			return e.Name, true
		}
	}
	return "", prefix == "=" || prefix == ""
}

// Resolve turns a type name as written in a class into a full name, as
// the reference's NamespaceResolver does: a name with a dot and no colon
// is already full, a bare name is in the "=" namespace, "p:Name" and
// ":Name" use the prefix p or "=".
func (ns Namespaces) Resolve(name string) (string, *PyError) {
	if !isTypeName(name) {
		return "", &PyError{Class: "ValueError", Msg: `Invalid type name "` + name + `"`}
	}
	prefix, local := "", name
	switch {
	case strings.Contains(name, ":"):
		prefix, local, _ = strings.Cut(name, ":")
		if prefix == "" {
			prefix = "="
		}
	case !strings.Contains(name, "."):
		prefix = "="
	}
	namespace, ok := ns.lookup(prefix)
	if !ok {
		return "", &PyError{Class: "KeyError", Msg: value.QuoteString("Unknown namespace prefix " + prefix)}
	}
	if namespace == "" {
		return local, nil
	}
	return namespace + "." + local, nil
}

// resolveNode resolves a type name given as a node, by its Python str():
// a falsy value (null, "", 0, false) is not a type name.
func (ns Namespaces) resolveNode(n *Node) (string, *PyError) {
	if !n.Truthy() {
		return "", &PyError{Class: "ValueError", Msg: `Invalid type name "` + n.Text() + `"`}
	}
	return ns.Resolve(n.Text())
}

// decodeNamespaces reads a Namespaces value, checking prefixes and
// namespaces as the reference's NamespaceResolver does.
func decodeNamespaces(n *Node, report func(*Node, *PyError)) Namespaces {
	ns := Namespaces{Node: n}
	switch {
	case n == nil || n.Kind == Null:
		return ns
	case n.Kind != Map:
		report(n, &PyError{Class: "AttributeError", Msg: "'" + pyType(n) + "' object has no attribute 'items'"})
		return ns
	}
	for _, e := range n.Entries {
		if e.Key.Kind != String {
			report(e.Key, notString(e.Key))
			continue
		}
		prefix := e.Key.Text()
		if prefix != "=" && !isIdent(trimNewline(prefix)) {
			report(e.Key, &PyError{Class: "ValueError", Msg: `Invalid namespace prefix "` + prefix + `"`})
			continue
		}
		name := ""
		switch e.Value.Kind {
		case Null:
		case String:
			name = e.Value.Text()
			if !isDotted(name) && name != "" {
				report(e.Value, &PyError{Class: "ValueError", Msg: `Invalid namespace "` + name + `"`})
				continue
			}
		default:
			report(e.Value, notString(e.Value))
			continue
		}
		ns.Entries = append(ns.Entries, Namespace{Prefix: prefix, Name: name, Span: e.Key.Span})
	}
	return ns
}

// notString is the error of Python's re functions given something else
// than a string.
func notString(n *Node) *PyError {
	return &PyError{Class: "TypeError", Msg: "expected string or bytes-like object, got '" + pyType(n) + "'"}
}

// trimNewline drops one final newline, which Python's $ accepts.
func trimNewline(s string) string { return strings.TrimSuffix(s, "\n") }

// isTypeName matches ^([a-zA-Z_]\w*:|:)?[a-zA-Z_]\w*(\.[a-zA-Z_]\w*)*$.
func isTypeName(s string) bool {
	s = trimNewline(s)
	if prefix, rest, ok := strings.Cut(s, ":"); ok {
		if prefix != "" && !isIdent(prefix) {
			return false
		}
		s = rest
	}
	return s != "" && isDotted(s)
}

// isDotted matches [a-zA-Z_]\w*(\.[a-zA-Z_]\w*)* in full.
func isDotted(s string) bool {
	for part := range strings.SplitSeq(trimNewline(s), ".") {
		if !isIdent(part) {
			return false
		}
	}
	return true
}

// isIdent matches [a-zA-Z_]\w* in full (\w as Python's, Unicode-aware).
func isIdent(s string) bool {
	for i, r := range s {
		ascii := r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')
		if i == 0 && !ascii {
			return false
		}
		if !ascii && !unicode.IsLetter(r) && !unicode.IsNumber(r) {
			return false
		}
	}
	return s != ""
}
