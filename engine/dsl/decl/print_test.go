package decl

import (
	"encoding/json"
	"fmt"
	"strings"

	"murano.dev/playground/engine/diag"
	"murano.dev/playground/engine/source"
	"murano.dev/playground/engine/value"
)

// docJSON renders a document in the JSON form that the reference loader
// check script prints for the same file: maps as {"$map": [[k, v]...]},
// expressions as {"$yaql": text}, floats as {"$float": repr}, dates and
// timestamps as {"$date"/"$datetime": isoformat}.
func docJSON(n *Node) any {
	switch n.Kind {
	case Null:
		return nil
	case Bool:
		return bool(n.Value.(value.Bool))
	case Int:
		return json.Number(value.Repr(n.Value))
	case Float:
		return map[string]any{"$float": value.FormatFloat(float64(n.Value.(value.Float)))}
	case String:
		return n.Text()
	case Date:
		return map[string]any{"$date": n.Text()}
	case Timestamp:
		t := n.Value.(value.DateTime).T
		s := t.Format("2006-01-02T15:04:05")
		if us := t.Nanosecond() / 1000; us != 0 {
			s += fmt.Sprintf(".%06d", us)
		}
		return map[string]any{"$datetime": s + t.Format("-07:00")}
	case Expr:
		return map[string]any{"$yaql": n.Expr.Source}
	case List:
		out := []any{}
		for _, it := range n.Items {
			out = append(out, docJSON(it))
		}
		return out
	}
	out := []any{}
	for _, e := range n.Entries {
		out = append(out, []any{docJSON(e.Key), docJSON(e.Value)})
	}
	return map[string]any{"$map": out}
}

func printDocs(f *File) string {
	var docs []any
	for _, d := range f.Docs {
		docs = append(docs, docJSON(d))
	}
	if docs == nil {
		docs = []any{}
	}
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(docs); err != nil {
		panic(err)
	}
	return b.String()
}

// compact renders a node on one line: expressions as yaql(text), strings
// quoted, maps and lists in flow style.
func compact(n *Node) string {
	if n == nil {
		return "<absent>"
	}
	switch n.Kind {
	case Expr:
		return "yaql(" + n.Expr.Source + ")"
	case String:
		return fmt.Sprintf("%q", n.Text())
	case Date:
		return "date(" + n.Text() + ")"
	case Timestamp:
		return "timestamp(" + n.Text() + ")"
	case List:
		var parts []string
		for _, it := range n.Items {
			parts = append(parts, compact(it))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case Map:
		var parts []string
		for _, e := range n.Entries {
			parts = append(parts, compact(e.Key)+": "+compact(e.Value))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return n.Repr()
}

func span(s source.Span) string {
	out := fmt.Sprintf("%d:%d", s.Start.Line, s.Start.Col)
	if s.End.IsValid() && s.End != s.Start {
		out += fmt.Sprintf("-%d:%d", s.End.Line, s.End.Col)
	}
	return out
}

func nodeAt(n *Node) string {
	if n == nil {
		return "<absent>"
	}
	return compact(n) + " @" + span(n.Span)
}

func printMeta(b *strings.Builder, indent string, m Meta) {
	for _, e := range m.Entries {
		fmt.Fprintf(b, "%smeta %s (%s) props %s\n", indent, e.Type.Name, nodeAt(e.Type.Node), compact(e.Props))
	}
}

func printClasses(f *File) string {
	var b strings.Builder
	for _, c := range f.Classes {
		name := c.FullName
		if c.Name == nil {
			name = "<unnamed>"
		}
		fmt.Fprintf(&b, "class %s @%s usage %s\n", name, span(c.Pos), c.Usage)
		if c.Name != nil {
			fmt.Fprintf(&b, "  name %s\n", nodeAt(c.Name))
		}
		for _, ns := range c.Namespaces.Entries {
			fmt.Fprintf(&b, "  namespace %s = %q @%s\n", ns.Prefix, ns.Name, span(ns.Span))
		}
		if c.Usage == UsageMeta {
			fmt.Fprintf(&b, "  cardinality %s applies %s inherited %v\n", c.Cardinality, strings.Join(c.Applies, ","), c.Inherited)
		}
		for _, r := range c.Extends {
			fmt.Fprintf(&b, "  extends %s (%s)\n", r.Name, nodeAt(r.Node))
		}
		for _, r := range c.Import {
			fmt.Fprintf(&b, "  import %s (%s)\n", r.Name, nodeAt(r.Node))
		}
		printMeta(&b, "  ", c.Meta)
		for _, p := range c.Properties {
			fmt.Fprintf(&b, "  property %s @%s usage %s\n", p.Name, span(p.Pos), p.Usage)
			fmt.Fprintf(&b, "    contract %s\n", nodeAt(p.Contract))
			if p.HasDefault {
				fmt.Fprintf(&b, "    default %s\n", nodeAt(p.Default))
			}
			printMeta(&b, "    ", p.Meta)
		}
		for _, m := range c.Methods {
			fmt.Fprintf(&b, "  method %s @%s usage %s scope %s\n", m.Name, span(m.Pos), m.Usage, m.Scope)
			for _, a := range m.Arguments {
				fmt.Fprintf(&b, "    argument %s @%s usage %s\n", a.Name, span(a.Pos), a.Usage)
				fmt.Fprintf(&b, "      contract %s\n", nodeAt(a.Contract))
				if a.HasDefault {
					fmt.Fprintf(&b, "      default %s\n", nodeAt(a.Default))
				}
				printMeta(&b, "      ", a.Meta)
			}
			printMeta(&b, "    ", m.Meta)
			if m.Body != nil {
				fmt.Fprintf(&b, "    body %s\n", nodeAt(m.Body))
			}
		}
	}
	return b.String()
}

func printErrors(errs diag.List) string {
	var b strings.Builder
	for _, e := range errs {
		fmt.Fprintf(&b, "%s %s", span(e.Pos), e.Kind)
		if e.Path != "" {
			fmt.Fprintf(&b, " %s", e.Path)
		}
		fmt.Fprintf(&b, ": %s\n", e.Msg)
	}
	return b.String()
}
