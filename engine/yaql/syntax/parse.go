// This file defines the parser: a precedence-climbing parser driven by the
// dialect's operator table that reports errors at the tokens where the
// reference's LALR parser does.

package syntax

import (
	"fmt"
	"math"

	"murano.dev/playground/engine/value"
)

// Parser parses expressions of one dialect. It is safe for concurrent use.
type Parser struct{ g *grammar }

// NewParser returns a parser for the dialect.
func NewParser(d Dialect) *Parser { return &Parser{g: newGrammar(d)} }

// maxDepth bounds the nesting of expressions, so that hostile input cannot
// exhaust the stack.
const maxDepth = 500

// Parse parses one expression. The error, if any, is an [*Error].
func (p *Parser) Parse(src string) (Expr, error) {
	ps := &parseState{g: p.g, sc: scanner{g: p.g, src: []rune(src)}, src: src}
	e, err := ps.expr(math.MaxInt)
	if err != nil {
		return nil, err
	}
	tok, err := ps.peek()
	if err != nil {
		return nil, err
	}
	if tok.kind != tEOF {
		return nil, ps.unexpected(tok, "expected an operator or the end of the expression")
	}
	return e, nil
}

type parseState struct {
	g     *grammar
	sc    scanner
	src   string
	ahead *token
	depth int
}

func (ps *parseState) peek() (token, error) {
	if ps.ahead == nil {
		tok, err := ps.sc.next()
		if err != nil {
			return token{}, err
		}
		ps.ahead = &tok
	}
	return *ps.ahead, nil
}

func (ps *parseState) next() (token, error) {
	tok, err := ps.peek()
	ps.ahead = nil
	return tok, err
}

func (ps *parseState) unexpected(tok token, hint string) error {
	if tok.kind == tEOF {
		return &Error{Class: GrammarError, Pos: tok.pos, End: tok.pos, Msg: "Parse error: unexpected end of statement", Hint: hint}
	}
	return &Error{
		Class: GrammarError, Pos: tok.pos, End: tok.end, Hint: hint,
		Msg: fmt.Sprintf("Parse error: unexpected '%s' at position %d of expression '%s'", tok.display(), tok.pos, ps.src),
	}
}

// expr parses an expression whose operators bind tighter than limit (a
// precedence level; 1 binds tightest). Right-associative operators of
// level limit itself are taken too.
func (ps *parseState) expr(limit int) (Expr, error) {
	ps.depth++
	defer func() { ps.depth-- }()
	if ps.depth > maxDepth {
		tok, _ := ps.peek()
		return nil, &Error{Class: GrammarError, Pos: tok.pos, End: tok.end, Msg: fmt.Sprintf("Parse error: expression nested deeper than %d levels", maxDepth)}
	}
	left, err := ps.operand()
	if err != nil {
		return nil, err
	}
	for {
		tok, err := ps.peek()
		if err != nil {
			return nil, err
		}
		switch {
		case tok.kind == tOp:
			info, ok := ps.g.binary[tok.text]
			if !ok || !(info.level < limit || info.level == limit && info.assoc == rightAssoc) {
				return left, nil
			}
			ps.next()
			right, err := ps.expr(info.level)
			if err != nil {
				return nil, err
			}
			start, _ := left.Span()
			_, end := right.Span()
			left = &Call{Name: info.fn, Args: []Expr{left, right}, Kind: BinaryOp, Start: start, End: end, NameStart: tok.pos, NameEnd: tok.end}
		case tok.kind == tLBracket && ps.g.indexLvl < limit:
			ps.next()
			args, closer, err := ps.args(tRBracket)
			if err != nil {
				return nil, err
			}
			start, _ := left.Span()
			left = &Call{Name: "#indexer", Args: append([]Expr{left}, args...), Kind: Index, Start: start, End: closer.end, NameStart: tok.pos, NameEnd: tok.end}
		case tok.kind == tLParen && ps.g.dialect.AllowDelegates:
			ps.next()
			args, closer, err := ps.args(tRParen)
			if err != nil {
				return nil, err
			}
			start, _ := left.Span()
			left = &Call{Name: "#call", Args: append([]Expr{left}, args...), Kind: ValueCall, Start: start, End: closer.end, NameStart: tok.pos, NameEnd: tok.end}
		default:
			return left, nil
		}
	}
}

// operand parses a literal, a variable, a call, a parenthesised
// expression, a list or dictionary literal, or a prefix operator and its
// operand.
func (ps *parseState) operand() (Expr, error) {
	tok, err := ps.next()
	if err != nil {
		return nil, err
	}
	switch tok.kind {
	case tNumber, tString, tConst:
		return &Constant{Value: tok.val, Start: tok.pos, End: tok.end}, nil
	case tKeyword:
		return &Keyword{Name: tok.text, Value: value.String(tok.text), Start: tok.pos, End: tok.end}, nil
	case tDollar:
		name := &Constant{Value: value.String(tok.text), Start: tok.pos, End: tok.end}
		return &Call{Name: "#get_context_data", Args: []Expr{name}, Kind: Variable, Start: tok.pos, End: tok.end, NameStart: tok.pos, NameEnd: tok.end}, nil
	case tFunc:
		args, closer, err := ps.args(tRParen)
		if err != nil {
			return nil, err
		}
		return &Call{Name: tok.text, Args: args, Kind: FuncCall, Start: tok.pos, End: closer.end, NameStart: tok.pos, NameEnd: tok.pos + len([]rune(tok.text))}, nil
	case tLParen:
		x, err := ps.expr(math.MaxInt)
		if err != nil {
			return nil, err
		}
		closer, err := ps.next()
		if err != nil {
			return nil, err
		}
		if closer.kind != tRParen {
			return nil, ps.unexpected(closer, "expected ')'")
		}
		return &Wrap{X: x, Start: tok.pos, End: closer.end}, nil
	case tLBracket, tLBrace:
		name, kind, closeKind := "#list", ListLit, tRBracket
		if tok.kind == tLBrace {
			name, kind, closeKind = "#map", MapLit, tRBrace
		}
		args, closer, err := ps.args(closeKind)
		if err != nil {
			return nil, err
		}
		return &Call{Name: name, Args: args, Kind: kind, Start: tok.pos, End: closer.end, NameStart: tok.pos, NameEnd: tok.end}, nil
	case tOp:
		if info, ok := ps.g.prefix[tok.text]; ok {
			x, err := ps.expr(info.level)
			if err != nil {
				return nil, err
			}
			_, end := x.Span()
			return &Call{Name: info.fn, Args: []Expr{x}, Kind: UnaryOp, Start: tok.pos, End: end, NameStart: tok.pos, NameEnd: tok.end}, nil
		}
	}
	return nil, ps.unexpected(tok, "expected a value")
}

// args parses a comma-separated argument list up to the closing token:
// positional arguments (any of which but the last may be left out), then
// keyword arguments "name => value".
func (ps *parseState) args(closeKind tokenKind) ([]Expr, token, error) {
	var args []Expr
	tok, err := ps.peek()
	if err != nil {
		return nil, tok, err
	}
	if tok.kind == closeKind {
		ps.next()
		return nil, tok, nil
	}
	named := false     // inside the keyword arguments
	seenValue := false // a positional value was given
	trailingEmpty := 0 // skipped positions since the last value
	for {
		tok, err := ps.peek()
		if err != nil {
			return nil, tok, err
		}
		if tok.kind == tComma || tok.kind == closeKind {
			if named || tok.kind == closeKind {
				return nil, tok, ps.unexpected(tok, "expected an argument")
			}
			args = append(args, nil)
			trailingEmpty++
		} else {
			v, err := ps.expr(math.MaxInt)
			if err != nil {
				return nil, tok, err
			}
			after, err := ps.peek()
			if err != nil {
				return nil, tok, err
			}
			if after.kind == tMapping {
				if !named && len(args) > 0 && (!seenValue || trailingEmpty > 1) {
					return nil, after, ps.unexpected(after, "a keyword argument cannot follow skipped positional arguments")
				}
				ps.next()
				val, err := ps.expr(math.MaxInt)
				if err != nil {
					return nil, tok, err
				}
				args = append(args, &MappingRule{Key: v, Value: val})
				named = true
			} else {
				if named {
					return nil, after, ps.unexpected(after, "positional arguments must come before keyword arguments")
				}
				args = append(args, v)
				seenValue = true
				trailingEmpty = 0
			}
		}
		sep, err := ps.next()
		if err != nil {
			return nil, sep, err
		}
		switch sep.kind {
		case tComma:
			continue
		case closeKind:
			return args, sep, nil
		}
		return nil, sep, ps.unexpected(sep, "expected ',' or "+closerText(closeKind))
	}
}

func closerText(k tokenKind) string {
	switch k {
	case tRBracket:
		return "']'"
	case tRBrace:
		return "'}'"
	}
	return "')'"
}
