// This file writes the values of declarations with the type names of
// their expressions resolved.

package interfacetest

import (
	"strings"

	"murano.dev/playground/engine/dsl/decl"
)

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
