// Package pyprint reproduces Python 3.11's pprint.pformat with its
// defaults (width 80, indent 1, dictionaries sorted by key) for the
// values of package value: a value whose repr fits stays on one line,
// a longer dictionary, list, tuple or set puts one item a line, and a
// longer string is cut at its spaces into adjacent literals. testtools
// writes the two sides of a long mismatch this way.
package pyprint

import (
	"cmp"
	"slices"
	"strings"
	"unicode/utf8"

	"murano.dev/playground/engine/value"
)

const width = 80

// Format returns pprint.pformat(v).
func Format(v value.Value) string {
	var b strings.Builder
	format(&b, v, 0, 0, 0)
	return b.String()
}

// format is PrettyPrinter._format: the repr when it fits in the width
// left, else the value's type spread over lines.
func format(b *strings.Builder, v value.Value, indent, allowance, level int) {
	rep := repr(v)
	if utf8.RuneCountInString(rep) <= width-indent-allowance {
		b.WriteString(rep)
		return
	}
	level++
	switch x := v.(type) {
	case *value.Dict:
		b.WriteByte('{')
		items := sortedItems(x)
		indent++
		for i, kv := range items {
			last := i == len(items)-1
			k := repr(kv[0])
			b.WriteString(k + ": ")
			format(b, kv[1], indent+utf8.RuneCountInString(k)+2, pick(last, allowance+1, 1), level)
			if !last {
				b.WriteString(",\n" + strings.Repeat(" ", indent))
			}
		}
		b.WriteByte('}')
	case *value.List:
		open, end := "[", "]"
		if !x.Mutable {
			open, end = "(", ")"
			if len(x.Items) == 1 {
				end = ",)"
			}
		}
		b.WriteString(open)
		formatItems(b, x.Items, indent, allowance+len(end), level)
		b.WriteString(end)
	case *value.Set:
		items := slices.Clone(x.Items())
		slices.SortStableFunc(items, compare)
		open, end := "{", "}"
		if !x.Mutable {
			open, end = "frozenset({", "})"
			indent += len("frozenset") + 1
		}
		b.WriteString(open)
		formatItems(b, items, indent, allowance+len(end), level)
		b.WriteString(end)
	case value.String:
		formatString(b, string(x), indent, allowance, level)
	default:
		b.WriteString(rep)
	}
}

func pick(cond bool, a, b int) int {
	if cond {
		return a
	}
	return b
}

// formatItems writes the items of a sequence one a line.
func formatItems(b *strings.Builder, items []value.Value, indent, allowance, level int) {
	indent++
	for i, it := range items {
		if i > 0 {
			b.WriteString(",\n" + strings.Repeat(" ", indent))
		}
		format(b, it, indent, pick(i == len(items)-1, allowance, 1), level)
	}
}

// words cuts s after each run of spaces that follows other characters,
// as re.findall(r'\S*\s*', s) does.
func words(s string) []string {
	var out []string
	start, inSpace := 0, false
	for i, r := range s {
		space := value.IsSpace(r)
		if inSpace && !space {
			out = append(out, s[start:i])
			start = i
		}
		inSpace = space
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// formatString cuts a string into literals that fit, at its line ends
// and then at the ends of its runs of spaces.
func formatString(b *strings.Builder, s string, indent, allowance, level int) {
	if level == 1 {
		indent++
		allowance++
	}
	maxWidth := width - indent
	lines := splitLines(s)
	var chunks []string
	var rep string
	for i, line := range lines {
		rep = value.QuoteString(line)
		max1 := maxWidth
		if i == len(lines)-1 {
			max1 -= allowance
		}
		if utf8.RuneCountInString(rep) <= max1 {
			chunks = append(chunks, rep)
			continue
		}
		parts := words(line)
		max2, current := maxWidth, ""
		for j, part := range parts {
			candidate := current + part
			if j == len(parts)-1 && i == len(lines)-1 {
				max2 -= allowance
			}
			if utf8.RuneCountInString(value.QuoteString(candidate)) > max2 {
				if current != "" {
					chunks = append(chunks, value.QuoteString(current))
				}
				current = part
			} else {
				current = candidate
			}
		}
		if current != "" {
			chunks = append(chunks, value.QuoteString(current))
		}
	}
	if len(chunks) == 1 {
		b.WriteString(rep)
		return
	}
	if level == 1 {
		b.WriteByte('(')
	}
	b.WriteString(strings.Join(chunks, "\n"+strings.Repeat(" ", indent)))
	if level == 1 {
		b.WriteByte(')')
	}
}

// splitLines is str.splitlines(keepends=True).
func splitLines(s string) []string {
	var lines []string
	start := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		end := i + size
		switch r {
		case '\r':
			if end < len(s) && s[end] == '\n' {
				end++
			}
		case '\n', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
		default:
			i = end
			continue
		}
		lines = append(lines, s[start:end])
		start, i = end, end
	}
	if start < len(s) {
		lines = append(lines, s[start:])
	}
	return lines
}

// repr is PrettyPrinter._safe_repr: Python's repr, with the keys of
// dictionaries sorted.
func repr(v value.Value) string {
	switch x := v.(type) {
	case *value.Dict:
		if x.Len() == 0 {
			return "{}"
		}
		parts := make([]string, 0, x.Len())
		for _, kv := range sortedItems(x) {
			parts = append(parts, repr(kv[0])+": "+repr(kv[1]))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case *value.List:
		parts := make([]string, len(x.Items))
		for i, it := range x.Items {
			parts[i] = repr(it)
		}
		switch {
		case x.Mutable:
			return "[" + strings.Join(parts, ", ") + "]"
		case len(parts) == 1:
			return "(" + parts[0] + ",)"
		}
		return "(" + strings.Join(parts, ", ") + ")"
	}
	return value.Repr(v)
}

// sortedItems returns the items of d sorted by key as pprint sorts
// them: by value where Python can order the keys, else by type name.
func sortedItems(d *value.Dict) [][2]value.Value {
	keys := slices.Clone(d.Keys())
	slices.SortStableFunc(keys, compare)
	items := make([][2]value.Value, len(keys))
	for i, k := range keys {
		v, _ := d.Get(k)
		items[i] = [2]value.Value{k, v}
	}
	return items
}

func compare(a, b value.Value) int {
	if c, err := value.Compare(a, b); err == nil {
		return c
	}
	return cmp.Compare(a.Type(), b.Type())
}
