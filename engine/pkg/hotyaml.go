// This file writes the generated Dynamic UI of a Heat.HOT package as YAML
// text: the small block style that the generator's trees need (mappings,
// sequences, double-quoted strings, tagged and plain scalars), so that
// the engine does not link a general YAML emitter.

package pkg

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

// emitYAML writes a tree that hotUI built: mappings and sequences in
// block style indented by two (sequences under a key not indented, as
// PyYAML writes them), strings double-quoted, other scalars plain with
// their implicit tags, a local tag such as !yaql written before its
// value.
func emitYAML(n *yaml.Node) []byte {
	var lines []string
	emitBlock(&lines, n, 0)
	return []byte(strings.Join(lines, "\n") + "\n")
}

func emitBlock(lines *[]string, n *yaml.Node, indent int) {
	pad := strings.Repeat(" ", indent)
	if inline, ok := emitInline(n); ok {
		*lines = append(*lines, pad+inline)
		return
	}
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			key, v := emitScalar(n.Content[i]), n.Content[i+1]
			if inline, ok := emitInline(v); ok {
				*lines = append(*lines, pad+key+": "+inline)
				continue
			}
			*lines = append(*lines, pad+key+":")
			if v.Kind == yaml.SequenceNode {
				emitBlock(lines, v, indent)
			} else {
				emitBlock(lines, v, indent+2)
			}
		}
	case yaml.SequenceNode:
		for _, item := range n.Content {
			if inline, ok := emitInline(item); ok {
				*lines = append(*lines, pad+"- "+inline)
				continue
			}
			first := len(*lines)
			emitBlock(lines, item, indent+2)
			(*lines)[first] = pad + "- " + (*lines)[first][indent+2:]
		}
	}
}

// emitInline writes a scalar or an empty collection on one line.
func emitInline(n *yaml.Node) (string, bool) {
	switch {
	case n.Kind == yaml.ScalarNode:
		return emitScalar(n), true
	case n.Kind == yaml.MappingNode && len(n.Content) == 0:
		return "{}", true
	case n.Kind == yaml.SequenceNode && len(n.Content) == 0:
		return "[]", true
	}
	return "", false
}

func emitScalar(n *yaml.Node) string {
	if n.Style != yaml.DoubleQuotedStyle {
		return n.Value
	}
	quoted := doubleQuoted(n.Value)
	if n.Tag == "" || n.Tag == "!!str" {
		return quoted
	}
	return n.Tag + " " + quoted
}

// doubleQuoted writes s as a YAML double-quoted scalar: printable
// characters as they are, the others escaped.
func doubleQuoted(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\u2028':
			b.WriteString(`\L`)
		case r == '\u2029':
			b.WriteString(`\P`)
		case r < 0x20 || r >= 0x7f && r <= 0x9f || r == '\ufeff':
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
