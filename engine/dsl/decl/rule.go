// This file lets other YAML dialects of Murano reuse the loader: the
// dashboard reads UI definitions with the same YAML 1.1 rules but its own
// implicit YAQL rule.

package decl

import (
	"murano.dev/playground/engine/diag"
	"murano.dev/playground/engine/source"
	"murano.dev/playground/engine/yaql/syntax"
)

// YAQLRule is the implicit YAQL resolver applied to plain strings: a
// string made only of word characters, digits, dots and white space (and
// colons when Colon is set) stays a string; any other string that Parser
// accepts is an expression. The zero rule is MuranoPL's.
type YAQLRule struct {
	Parser *syntax.Parser
	Colon  bool
	// Plain turns expressions off: every string stays a string and the
	// !yaql tag is unknown, as for yaml.safe_load (manifest.yaml).
	Plain bool
}

func (r YAQLRule) parser() *syntax.Parser {
	if r.Parser == nil {
		return parser
	}
	return r.Parser
}

// DecodeYAML decodes every document of a YAML file with PyYAML's
// SafeLoader rules, the !yaql tag and the given implicit YAQL rule.
func DecodeYAML(name string, src []byte, rule YAQLRule) (*source.File, []*Node, diag.List) {
	d := &decoder{file: source.NewFile(name, string(src)), rule: rule}
	docs := d.documents()
	return d.file, docs, d.errs
}
