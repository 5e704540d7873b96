// This file defines MuranoPL's YAQL in YAML — the !yaql tag and the
// implicit YAQL resolver — and lets other YAML dialects of Murano reuse
// the loader: the dashboard reads UI definitions with the same YAML 1.1
// rules but its own implicit YAQL rule.

package decl

import (
	"errors"
	"unicode"

	"murano.dev/playground/engine/diag"
	"murano.dev/playground/engine/internal/pyyaml"
	"murano.dev/playground/engine/source"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql/syntax"
)

// parser parses embedded expressions. Runtimes 1.0 to 1.4 all parse
// with yaql's default grammar plus MuranoPL's operators; they differ in
// how expressions are evaluated, not parsed.
var parser = syntax.NewParser(syntax.Dialect{Murano: true})

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

// DecodeYAML decodes every document of a YAML file with PyYAML's
// SafeLoader rules, the !yaql tag and the given implicit YAQL rule.
func DecodeYAML(name string, src []byte, rule YAQLRule) (*source.File, []*Node, diag.List) {
	if rule.Plain {
		return pyyaml.Decode(name, src, nil)
	}
	if rule.Parser == nil {
		rule.Parser = parser
	}
	return pyyaml.Decode(name, src, yaqlHook(rule))
}

// yaqlHook is a [YAQLRule] as the decoder's hook for expressions.
type yaqlHook YAQLRule

func (yaqlHook) Tag() string { return "!yaql" }

// Implicit is the reference's rule for plain strings: an expression is a
// string that is not only word characters, digits, dots and white space,
// and that parses as YAQL. A parse failure other than a YAQL syntax error
// (an undecodable escape) fails the load, as it does in the reference.
func (h yaqlHook) Implicit(s string) (syntax.Expr, *PyError) {
	if onlyWords(s, h.Colon) {
		return nil, nil
	}
	tree, err := h.Parser.Parse(s)
	if err != nil {
		var se *syntax.Error
		if errors.As(err, &se) && se.Class != syntax.LexicalError && se.Class != syntax.GrammarError {
			return nil, &PyError{Class: se.Class, Msg: se.Msg}
		}
		return nil, nil
	}
	return tree, nil
}

// Explicit parses a scalar tagged !yaql. A parse error is a syntax error
// positioned inside the scalar.
func (h yaqlHook) Explicit(s string, emb source.Embedded, span source.Span) (syntax.Expr, *diag.Error) {
	tree, err := h.Parser.Parse(s)
	var se *syntax.Error
	switch {
	case errors.As(err, &se):
		kind := diag.Syntax
		if se.Class != syntax.LexicalError && se.Class != syntax.GrammarError {
			kind = diag.Load
		}
		at := source.Span{Start: emb.At(se.Pos), End: emb.At(max(se.End, se.Pos+1))}
		return nil, &diag.Error{Kind: kind, Pos: at, Msg: se.Class + ": " + se.Error(), Err: &PyError{Class: se.Class, Msg: se.Msg}}
	case err != nil:
		return nil, newError(diag.Syntax, span, "", &PyError{Class: "YaqlParsingException", Msg: err.Error()})
	}
	return tree, nil
}

// onlyWords is Python's re.match(r'^[\s\w\d.]*$', s) on str, with ':'
// also allowed when colon is set.
func onlyWords(s string, colon bool) bool {
	for _, r := range s {
		if r != '.' && r != '_' && !(colon && r == ':') && !unicode.IsLetter(r) && !unicode.IsNumber(r) && !value.IsSpace(r) {
			return false
		}
	}
	return true
}
