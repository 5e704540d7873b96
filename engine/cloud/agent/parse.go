// This file defines the parser of plan bodies: the subset of Python that
// execution plans use, as a tree of statements and expressions.

package agent

import (
	"strconv"
	"strings"
)

type (
	stmt interface{ stmtLine() int }
	expr interface{ exprLine() int }
)

type (
	returnStmt struct {
		line  int
		value expr // nil: return None
	}
	exprStmt   struct{ value expr }
	assignStmt struct {
		line  int
		name  string
		value expr
	}
	passStmt   struct{ line int }
	importStmt struct {
		line   int
		module string
	}
	ifStmt struct {
		line  int
		cond  expr
		then  []stmt
		other []stmt // else, or a single elif's ifStmt
	}
)

func (s *returnStmt) stmtLine() int { return s.line }
func (s *exprStmt) stmtLine() int   { return s.value.exprLine() }
func (s *assignStmt) stmtLine() int { return s.line }
func (s *passStmt) stmtLine() int   { return s.line }
func (s *importStmt) stmtLine() int { return s.line }
func (s *ifStmt) stmtLine() int     { return s.line }

type (
	nameExpr struct {
		line int
		name string
	}
	constExpr struct {
		line  int
		value any
	}
	listExpr struct {
		line  int
		items []expr
		tuple bool
	}
	dictExpr struct {
		line       int
		keys, vals []expr
	}
	attrExpr struct {
		line int
		x    expr
		name string
	}
	indexExpr struct {
		line     int
		x, index expr
	}
	callExpr struct {
		line   int
		fn     expr
		args   []expr
		kwargs []keywordArg
	}
	unaryExpr struct {
		line int
		op   string
		x    expr
	}
	binaryExpr struct {
		line int
		op   string
		x, y expr
	}
	// compareExpr is a chain: x ops[0] ys[0] ops[1] ys[1] ...
	compareExpr struct {
		line int
		x    expr
		ops  []string
		ys   []expr
	}
	boolExpr struct {
		line int
		and  bool
		x, y expr
	}
	condExpr struct {
		line              int
		cond, then, else_ expr
	}
)

type keywordArg struct {
	name  string
	value expr
}

func (e *nameExpr) exprLine() int    { return e.line }
func (e *constExpr) exprLine() int   { return e.line }
func (e *listExpr) exprLine() int    { return e.line }
func (e *dictExpr) exprLine() int    { return e.line }
func (e *attrExpr) exprLine() int    { return e.line }
func (e *indexExpr) exprLine() int   { return e.line }
func (e *callExpr) exprLine() int    { return e.line }
func (e *unaryExpr) exprLine() int   { return e.line }
func (e *binaryExpr) exprLine() int  { return e.line }
func (e *compareExpr) exprLine() int { return e.line }
func (e *boolExpr) exprLine() int    { return e.line }
func (e *condExpr) exprLine() int    { return e.line }

// program is a parsed body with the names it assigns (its locals).
type program struct {
	body   []stmt
	locals map[string]bool
}

type parser struct {
	toks   []token
	pos    int
	locals map[string]bool
	depth  int
}

// maxDepth bounds the nesting of statements and expressions.
const maxDepth = 200

var keywords = map[string]bool{
	"False": true, "None": true, "True": true, "and": true, "as": true, "assert": true, "async": true,
	"await": true, "break": true, "class": true, "continue": true, "def": true, "del": true, "elif": true,
	"else": true, "except": true, "finally": true, "for": true, "from": true, "global": true, "if": true,
	"import": true, "in": true, "is": true, "lambda": true, "nonlocal": true, "not": true, "or": true,
	"pass": true, "raise": true, "return": true, "try": true, "while": true, "with": true, "yield": true,
}

func parse(body string) (*program, error) {
	toks, err := tokenize(body)
	if err != nil {
		return nil, err
	}
	p := &parser{toks: toks, locals: map[string]bool{}}
	stmts, err := p.block("function definition", 1)
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != tEOF {
		return nil, p.invalid(t)
	}
	return &program{body: stmts, locals: p.locals}, nil
}

func (p *parser) peek() token { return p.toks[p.pos] }

func (p *parser) next() token {
	t := p.toks[p.pos]
	if t.kind != tEOF {
		p.pos++
	}
	return t
}

func (p *parser) isOp(text string) bool {
	t := p.peek()
	return t.kind == tOp && t.text == text
}

func (p *parser) isWord(text string) bool {
	t := p.peek()
	return t.kind == tName && t.text == text
}

func (p *parser) invalid(t token) error {
	switch t.kind {
	case tIndent:
		return failf(1, "unexpected indent (<execution plan>, line %d)", t.line)
	case tDedent:
		return failf(1, "unindent does not match any outer indentation level (<execution plan>, line %d)", t.line)
	}
	return syntaxError(t.line, "invalid syntax")
}

func (p *parser) expectOp(text string) error {
	if !p.isOp(text) {
		return p.invalid(p.peek())
	}
	p.next()
	return nil
}

func (p *parser) enter(line int) error {
	p.depth++
	if p.depth > maxDepth {
		return syntaxError(line, "too many nested parentheses")
	}
	return nil
}

// block parses the suite after a colon (or the function's body).
func (p *parser) block(after string, headerLine int) ([]stmt, error) {
	if err := p.enter(headerLine); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	if after != "function definition" && p.peek().kind != tNewline {
		return p.simpleStmts()
	}
	if after != "function definition" {
		p.next()
	}
	if p.peek().kind != tIndent {
		return nil, failf(1, "expected an indented block after %s on line %d (<execution plan>, line %d)", after, headerLine, p.peek().line)
	}
	p.next()
	var stmts []stmt
	for p.peek().kind != tDedent && p.peek().kind != tEOF {
		s, err := p.statement()
		if err != nil {
			return nil, err
		}
		stmts = append(stmts, s...)
	}
	p.next()
	return stmts, nil
}

func (p *parser) statement() ([]stmt, error) {
	t := p.peek()
	if t.kind == tIndent {
		return nil, p.invalid(t)
	}
	if t.kind == tName {
		switch t.text {
		case "if":
			s, err := p.ifStatement("'if' statement")
			return []stmt{s}, err
		case "for", "while", "def", "class", "try", "with", "async":
			return nil, unsupported(t.line, "'%s' statements", t.text)
		case "elif", "else", "except", "finally":
			return nil, p.invalid(t)
		}
	}
	if t.kind == tOp && t.text == "@" {
		return nil, unsupported(t.line, "decorators")
	}
	return p.simpleStmts()
}

func (p *parser) ifStatement(what string) (stmt, error) {
	t := p.next()
	cond, err := p.test()
	if err != nil {
		return nil, err
	}
	if err := p.expectOp(":"); err != nil {
		return nil, err
	}
	then, err := p.block(what, t.line)
	if err != nil {
		return nil, err
	}
	s := &ifStmt{line: t.line, cond: cond, then: then}
	switch {
	case p.isWord("elif"):
		elif, err := p.ifStatement("'elif' statement")
		if err != nil {
			return nil, err
		}
		s.other = []stmt{elif}
	case p.isWord("else"):
		e := p.next()
		if err := p.expectOp(":"); err != nil {
			return nil, err
		}
		if s.other, err = p.block("'else' statement", e.line); err != nil {
			return nil, err
		}
	}
	return s, nil
}

func (p *parser) simpleStmts() ([]stmt, error) {
	var stmts []stmt
	for {
		s, err := p.smallStmt()
		if err != nil {
			return nil, err
		}
		stmts = append(stmts, s)
		if !p.isOp(";") {
			break
		}
		p.next()
		if p.peek().kind == tNewline {
			break
		}
	}
	if p.peek().kind != tNewline {
		return nil, p.invalid(p.peek())
	}
	p.next()
	return stmts, nil
}

func (p *parser) smallStmt() (stmt, error) {
	t := p.peek()
	if t.kind == tName {
		switch t.text {
		case "return":
			p.next()
			if p.peek().kind == tNewline || p.isOp(";") {
				return &returnStmt{line: t.line}, nil
			}
			v, err := p.exprList()
			return &returnStmt{line: t.line, value: v}, err
		case "pass":
			p.next()
			return &passStmt{line: t.line}, nil
		case "import", "from":
			p.next()
			module, err := p.dottedName()
			if err != nil {
				return nil, err
			}
			if t.text == "from" {
				if !p.isWord("import") {
					return nil, p.invalid(p.peek())
				}
				p.next()
			}
			for p.peek().kind != tNewline && !p.isOp(";") {
				p.next()
			}
			return &importStmt{line: t.line, module: module}, nil
		case "break", "continue":
			p.next()
			return nil, syntaxError(t.line, "'%s' outside loop", t.text)
		case "del", "global", "nonlocal", "assert", "raise", "yield", "lambda", "await":
			return nil, unsupported(t.line, "'%s'", t.text)
		}
	}
	value, err := p.exprList()
	if err != nil {
		return nil, err
	}
	if p.isOp("=") {
		name, ok := value.(*nameExpr)
		if !ok {
			return nil, unsupported(t.line, "assignments to anything but a name")
		}
		p.next()
		v, err := p.exprList()
		if err != nil {
			return nil, err
		}
		if p.isOp("=") {
			return nil, unsupported(t.line, "chained assignments")
		}
		p.locals[name.name] = true
		return &assignStmt{line: t.line, name: name.name, value: v}, nil
	}
	if tok := p.peek(); tok.kind == tOp && strings.HasSuffix(tok.text, "=") && len(tok.text) > 1 && tok.text != "==" && tok.text != "!=" && tok.text != "<=" && tok.text != ">=" {
		return nil, unsupported(t.line, "augmented assignments")
	}
	return &exprStmt{value: value}, nil
}

func (p *parser) dottedName() (string, error) {
	var parts []string
	for {
		t := p.peek()
		if t.kind != tName || keywords[t.text] {
			return "", p.invalid(t)
		}
		p.next()
		parts = append(parts, t.text)
		if !p.isOp(".") {
			return strings.Join(parts, "."), nil
		}
		p.next()
	}
}

// exprList parses expressions separated by commas (a tuple when there is
// a comma).
func (p *parser) exprList() (expr, error) {
	line := p.peek().line
	first, err := p.test()
	if err != nil {
		return nil, err
	}
	if !p.isOp(",") {
		return first, nil
	}
	items := []expr{first}
	for p.isOp(",") {
		p.next()
		if !p.startsExpr() {
			break
		}
		e, err := p.test()
		if err != nil {
			return nil, err
		}
		items = append(items, e)
	}
	return &listExpr{line: line, items: items, tuple: true}, nil
}

func (p *parser) startsExpr() bool {
	t := p.peek()
	switch t.kind {
	case tName:
		return !keywords[t.text] || t.text == "None" || t.text == "True" || t.text == "False" || t.text == "not" || t.text == "lambda"
	case tNumber, tString:
		return true
	case tOp:
		return strings.Contains("([{-+~", t.text) && len(t.text) == 1 || t.text == "..."
	}
	return false
}

func (p *parser) test() (expr, error) {
	t := p.peek()
	if err := p.enter(t.line); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	if p.isWord("lambda") {
		return nil, unsupported(t.line, "lambda expressions")
	}
	x, err := p.orTest()
	if err != nil {
		return nil, err
	}
	if !p.isWord("if") {
		return x, nil
	}
	p.next()
	cond, err := p.orTest()
	if err != nil {
		return nil, err
	}
	if !p.isWord("else") {
		return nil, syntaxError(p.peek().line, "expected 'else' after 'if' expression")
	}
	p.next()
	other, err := p.test()
	if err != nil {
		return nil, err
	}
	return &condExpr{line: t.line, cond: cond, then: x, else_: other}, nil
}

func (p *parser) orTest() (expr, error) {
	x, err := p.andTest()
	for err == nil && p.isWord("or") {
		t := p.next()
		var y expr
		if y, err = p.andTest(); err == nil {
			x = &boolExpr{line: t.line, x: x, y: y}
		}
	}
	return x, err
}

func (p *parser) andTest() (expr, error) {
	x, err := p.notTest()
	for err == nil && p.isWord("and") {
		t := p.next()
		var y expr
		if y, err = p.notTest(); err == nil {
			x = &boolExpr{line: t.line, and: true, x: x, y: y}
		}
	}
	return x, err
}

func (p *parser) notTest() (expr, error) {
	if p.isWord("not") {
		t := p.next()
		if err := p.enter(t.line); err != nil {
			return nil, err
		}
		defer func() { p.depth-- }()
		x, err := p.notTest()
		return &unaryExpr{line: t.line, op: "not", x: x}, err
	}
	return p.comparison()
}

func (p *parser) compareOp() string {
	t := p.peek()
	switch {
	case t.kind == tOp && (t.text == "<" || t.text == ">" || t.text == "==" || t.text == ">=" || t.text == "<=" || t.text == "!="):
		return t.text
	case t.kind == tName && t.text == "in":
		return "in"
	case t.kind == tName && t.text == "not" && p.toks[p.pos+1].kind == tName && p.toks[p.pos+1].text == "in":
		return "not in"
	case t.kind == tName && t.text == "is":
		if n := p.toks[p.pos+1]; n.kind == tName && n.text == "not" {
			return "is not"
		}
		return "is"
	}
	return ""
}

func (p *parser) comparison() (expr, error) {
	line := p.peek().line
	x, err := p.arith()
	if err != nil {
		return nil, err
	}
	c := &compareExpr{line: line, x: x}
	for op := p.compareOp(); op != ""; op = p.compareOp() {
		p.next()
		if strings.Contains(op, " ") {
			p.next()
		}
		y, err := p.arith()
		if err != nil {
			return nil, err
		}
		c.ops = append(c.ops, op)
		c.ys = append(c.ys, y)
	}
	if len(c.ops) == 0 {
		return x, nil
	}
	return c, nil
}

func (p *parser) arith() (expr, error) {
	x, err := p.term()
	for err == nil && (p.isOp("+") || p.isOp("-")) {
		t := p.next()
		var y expr
		if y, err = p.term(); err == nil {
			x = &binaryExpr{line: t.line, op: t.text, x: x, y: y}
		}
	}
	return x, err
}

func (p *parser) term() (expr, error) {
	x, err := p.factor()
	for err == nil && (p.isOp("*") || p.isOp("/") || p.isOp("//") || p.isOp("%") || p.isOp("@")) {
		t := p.next()
		if t.text == "@" {
			return nil, unsupported(t.line, "matrix multiplication")
		}
		var y expr
		if y, err = p.factor(); err == nil {
			x = &binaryExpr{line: t.line, op: t.text, x: x, y: y}
		}
	}
	return x, err
}

func (p *parser) factor() (expr, error) {
	if p.isOp("-") || p.isOp("+") || p.isOp("~") {
		t := p.next()
		if err := p.enter(t.line); err != nil {
			return nil, err
		}
		defer func() { p.depth-- }()
		x, err := p.factor()
		return &unaryExpr{line: t.line, op: t.text, x: x}, err
	}
	x, err := p.primary()
	if err == nil && p.isOp("**") {
		return nil, unsupported(p.peek().line, "the ** operator")
	}
	return x, err
}

func (p *parser) primary() (expr, error) {
	x, err := p.atom()
	for err == nil {
		t := p.peek()
		switch {
		case t.kind == tOp && t.text == ".":
			p.next()
			n := p.next()
			if n.kind != tName || keywords[n.text] {
				return nil, p.invalid(n)
			}
			x = &attrExpr{line: n.line, x: x, name: n.text}
		case t.kind == tOp && t.text == "(":
			p.next()
			x, err = p.call(x, t.line)
		case t.kind == tOp && t.text == "[":
			p.next()
			var index expr
			if p.isOp(":") {
				return nil, unsupported(t.line, "slices")
			}
			if index, err = p.exprList(); err != nil {
				return nil, err
			}
			if p.isOp(":") {
				return nil, unsupported(t.line, "slices")
			}
			if err = p.expectOp("]"); err == nil {
				x = &indexExpr{line: t.line, x: x, index: index}
			}
		default:
			return x, nil
		}
	}
	return nil, err
}

func (p *parser) call(fn expr, line int) (expr, error) {
	c := &callExpr{line: line, fn: fn}
	for !p.isOp(")") {
		if p.isOp("*") || p.isOp("**") {
			return nil, unsupported(p.peek().line, "unpacking arguments")
		}
		if t := p.peek(); t.kind == tName && p.toks[p.pos+1].kind == tOp && p.toks[p.pos+1].text == "=" {
			if keywords[t.text] {
				return nil, p.invalid(t)
			}
			p.next()
			p.next()
			v, err := p.test()
			if err != nil {
				return nil, err
			}
			for _, kw := range c.kwargs {
				if kw.name == t.text {
					return nil, syntaxError(t.line, "keyword argument repeated: %s", t.text)
				}
			}
			c.kwargs = append(c.kwargs, keywordArg{name: t.text, value: v})
		} else {
			if len(c.kwargs) > 0 {
				return nil, syntaxError(t.line, "positional argument follows keyword argument")
			}
			v, err := p.test()
			if err != nil {
				return nil, err
			}
			if p.isWord("for") {
				return nil, unsupported(t.line, "generator expressions")
			}
			c.args = append(c.args, v)
		}
		if !p.isOp(",") {
			break
		}
		p.next()
	}
	if err := p.expectOp(")"); err != nil {
		return nil, err
	}
	return c, nil
}

func (p *parser) atom() (expr, error) {
	t := p.next()
	switch t.kind {
	case tName:
		switch t.text {
		case "None":
			return &constExpr{line: t.line}, nil
		case "True", "False":
			return &constExpr{line: t.line, value: t.text == "True"}, nil
		}
		if keywords[t.text] {
			return nil, p.invalid(t)
		}
		return &nameExpr{line: t.line, name: t.text}, nil
	case tNumber:
		v, err := numberLiteral(t)
		return &constExpr{line: t.line, value: v}, err
	case tString:
		s := t.text
		for p.peek().kind == tString {
			s += p.next().text
		}
		return &constExpr{line: t.line, value: s}, nil
	case tOp:
		switch t.text {
		case "(":
			if p.isOp(")") {
				p.next()
				return &listExpr{line: t.line, tuple: true}, nil
			}
			x, err := p.exprList()
			if err != nil {
				return nil, err
			}
			if p.isWord("for") {
				return nil, unsupported(t.line, "generator expressions")
			}
			return x, p.expectOp(")")
		case "[":
			l := &listExpr{line: t.line}
			for !p.isOp("]") {
				x, err := p.test()
				if err != nil {
					return nil, err
				}
				if p.isWord("for") {
					return nil, unsupported(t.line, "comprehensions")
				}
				l.items = append(l.items, x)
				if !p.isOp(",") {
					break
				}
				p.next()
			}
			return l, p.expectOp("]")
		case "{":
			d := &dictExpr{line: t.line}
			for !p.isOp("}") {
				k, err := p.test()
				if err != nil {
					return nil, err
				}
				if !p.isOp(":") {
					return nil, unsupported(t.line, "sets")
				}
				p.next()
				v, err := p.test()
				if err != nil {
					return nil, err
				}
				if p.isWord("for") {
					return nil, unsupported(t.line, "comprehensions")
				}
				d.keys, d.vals = append(d.keys, k), append(d.vals, v)
				if !p.isOp(",") {
					break
				}
				p.next()
			}
			return d, p.expectOp("}")
		case "...":
			return nil, unsupported(t.line, "Ellipsis")
		}
	}
	return nil, p.invalid(t)
}

// numberLiteral reads a numeric literal: decimal, hexadecimal, octal and binary
// ints, and floats.
func numberLiteral(t token) (any, error) {
	text := strings.ReplaceAll(t.text, "_", "")
	if strings.HasSuffix(text, "j") || strings.HasSuffix(text, "J") {
		return nil, unsupported(t.line, "complex numbers")
	}
	if strings.ContainsAny(text, ".eE") && !strings.HasPrefix(strings.ToLower(text), "0x") {
		f, err := strconv.ParseFloat(text, 64)
		if err != nil && !strings.Contains(err.Error(), "range") {
			return nil, syntaxError(t.line, "invalid decimal literal")
		}
		return f, nil
	}
	if len(text) > 1 && text[0] == '0' && text[1] >= '0' && text[1] <= '9' && strings.Trim(text, "0") != "" {
		return nil, syntaxError(t.line, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers")
	}
	i, err := strconv.ParseInt(text, 0, 64)
	if err != nil {
		if strings.Contains(err.Error(), "range") {
			return nil, unsupported(t.line, "integers beyond 64 bits")
		}
		return nil, syntaxError(t.line, "invalid decimal literal")
	}
	return i, nil
}
