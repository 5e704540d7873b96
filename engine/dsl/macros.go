// This file defines MuranoPL's block constructs (the reference's macros):
// Do, Return, Break, Continue, Parallel, If, While, For, Repeat, Match,
// Switch, Throw, Try and Rethrow.

package dsl

import (
	"errors"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// macroFunc builds a construct from the keys of a statement map; ok is
// false when the keys do not fit it (the next construct is tried).
type macroFunc func(kw map[string]*decl.Node, c *Class) (s stmt, ok bool, err error)

// macros in the reference's registration order.
var macros []macroFunc

func init() {
	macros = []macroFunc{macroDo, macroReturn, macroBreak, macroContinue, macroParallel, macroIf,
		macroWhile, macroFor, macroRepeat, macroMatch, macroSwitch, macroThrow, macroTry, macroRethrow}
}

// keys checks a statement's keys against a construct's signature.
func keys(kw map[string]*decl.Node, required []string, optional ...string) bool {
	n := 0
	for _, k := range required {
		if _, ok := kw[k]; !ok {
			return false
		}
		n++
	}
	for _, k := range optional {
		if _, ok := kw[k]; ok {
			n++
		}
	}
	return n == len(kw)
}

// present returns the node of an optional key, nil when absent or null.
func present(kw map[string]*decl.Node, k string) *decl.Node {
	n := kw[k]
	if n == nil || n.Kind == decl.Null {
		return nil
	}
	return n
}

// withInstruction attaches the statement's position to a construct.
func withInstruction(s stmt, n *decl.Node) stmt {
	if m, ok := s.(interface{ setInstruction(*instruction) }); ok {
		title := "block construct"
		if _, ok := s.(*rethrowStmt); ok {
			title = "Rethrow"
		}
		m.setInstruction(&instruction{text: title, pos: n.Span.Start, ok: n.Span.Start.IsValid()})
	}
	return s
}

type instrBase struct{ instr *instruction }

func (b *instrBase) setInstruction(i *instruction) { b.instr = i }
func (b *instrBase) instruction() *instruction     { return b.instr }

type doStmt struct {
	instrBase
	body *block
}

func macroDo(kw map[string]*decl.Node, c *Class) (stmt, bool, error) {
	if !keys(kw, []string{"Do"}) {
		return nil, false, nil
	}
	b, err := compileBlock(kw["Do"], c)
	return &doStmt{body: b}, err == nil, err
}

func (s *doStmt) exec(f *frame) error { return s.body.exec(f) }

type returnStmt struct {
	instrBase
	value *decl.Node
}

func macroReturn(kw map[string]*decl.Node, c *Class) (stmt, bool, error) {
	if !keys(kw, []string{"Return"}) {
		return nil, false, nil
	}
	return &returnStmt{value: kw["Return"]}, true, nil
}

func (s *returnStmt) exec(f *frame) error {
	v, err := f.evalData(s.value, f.ctx)
	if err != nil {
		return err
	}
	return &flow{kind: flowReturn, value: v}
}

type breakStmt struct {
	instrBase
	kind flowKind
}

func macroBreak(kw map[string]*decl.Node, c *Class) (stmt, bool, error) {
	if !keys(kw, []string{"Break"}) {
		return nil, false, nil
	}
	if kw["Break"].Truthy() {
		return nil, false, engineError("DslSyntaxError", "Break cannot have value")
	}
	return &breakStmt{kind: flowBreak}, true, nil
}

func macroContinue(kw map[string]*decl.Node, c *Class) (stmt, bool, error) {
	if !keys(kw, []string{"Continue"}) {
		return nil, false, nil
	}
	if kw["Continue"].Truthy() {
		return nil, false, engineError("DslSyntaxError", "Continue cannot have value")
	}
	return &breakStmt{kind: flowContinue}, true, nil
}

func (s *breakStmt) exec(*frame) error { return &flow{kind: s.kind} }

type parallelStmt struct {
	instrBase
	body  *block
	limit *decl.Node
}

func macroParallel(kw map[string]*decl.Node, c *Class) (stmt, bool, error) {
	if !keys(kw, []string{"Parallel"}, "Limit") {
		return nil, false, nil
	}
	b, err := compileBlock(kw["Parallel"], c)
	if err != nil {
		return nil, false, err
	}
	s := &parallelStmt{body: b}
	if kw["Limit"].Truthy() {
		s.limit = kw["Limit"]
	}
	return s, true, nil
}

func (s *parallelStmt) exec(f *frame) error {
	if len(s.body.stmts) == 0 {
		return nil
	}
	limit := len(s.body.stmts)
	if s.limit != nil {
		v, err := f.evalData(s.limit, f.ctx)
		if err != nil {
			return err
		}
		if limit, err = poolSize(f, v); err != nil {
			return err
		}
	}
	tasks := make([]func() error, len(s.body.stmts))
	for i, st := range s.body.stmts {
		st := st
		tasks[i] = func() error {
			cf := f.child()
			if err := st.exec(cf); err != nil {
				return cf.wrap(err)
			}
			return nil
		}
	}
	return f.ex.parkWhile(f, func() error { return f.ex.sched.parallel(tasks, limit) })
}

type ifStmt struct {
	instrBase
	cond      *decl.Node
	then, els *block
}

func macroIf(kw map[string]*decl.Node, c *Class) (stmt, bool, error) {
	if !keys(kw, []string{"If", "Then"}, "Else") {
		return nil, false, nil
	}
	then, err := compileBlock(kw["Then"], c)
	if err != nil {
		return nil, false, err
	}
	s := &ifStmt{cond: kw["If"], then: then}
	if e := present(kw, "Else"); e != nil {
		if s.els, err = compileBlock(e, c); err != nil {
			return nil, false, err
		}
	}
	return s, true, nil
}

func (s *ifStmt) exec(f *frame) error {
	v, err := f.evalData(s.cond, f.ctx)
	if err != nil {
		return err
	}
	if value.Truth(v) {
		return s.then.exec(f)
	}
	return s.els.exec(f)
}

type whileStmt struct {
	instrBase
	cond *decl.Expression
	body *block
}

func macroWhile(kw map[string]*decl.Node, c *Class) (stmt, bool, error) {
	if !keys(kw, []string{"While", "Do"}) || kw["While"].Kind != decl.Expr {
		return nil, false, nil
	}
	b, err := compileBlock(kw["Do"], c)
	if err != nil {
		return nil, false, err
	}
	return &whileStmt{cond: kw["While"].Expr, body: b}, true, nil
}

func (s *whileStmt) exec(f *frame) error {
	for {
		v, err := f.evalExpr(s.cond)
		if err != nil {
			return err
		}
		if !value.Truth(v) {
			return nil
		}
		if stop, err := loopBody(s.body, f); stop || err != nil {
			return err
		}
	}
}

// loopBody runs one iteration: stop is true after Break.
func loopBody(b *block, f *frame) (stop bool, err error) {
	err = b.exec(f)
	var fl *flow
	if errors.As(err, &fl) {
		switch fl.kind {
		case flowBreak:
			return true, nil
		case flowContinue:
			return false, nil
		}
	}
	return err != nil, err
}

type forStmt struct {
	instrBase
	name string
	in   *decl.Node
	body *block
}

func macroFor(kw map[string]*decl.Node, c *Class) (stmt, bool, error) {
	if !keys(kw, []string{"For", "In", "Do"}) {
		return nil, false, nil
	}
	if kw["For"] == nil || kw["For"].Kind != decl.String {
		return nil, false, engineError("DslSyntaxError", "For value must be of string type")
	}
	b, err := compileBlock(kw["Do"], c)
	if err != nil {
		return nil, false, err
	}
	return &forStmt{name: kw["For"].Text(), in: kw["In"], body: b}, true, nil
}

func (s *forStmt) exec(f *frame) error {
	coll, err := f.evalData(s.in, f.ctx)
	if err != nil {
		return err
	}
	items, err := iterateForLoop(coll)
	if err != nil {
		return err
	}
	for _, it := range items {
		f.ctx.Set(s.name, it)
		if stop, err := loopBody(s.body, f); stop || err != nil {
			return err
		}
	}
	return nil
}

// iterateForLoop lists what Python's for loop iterates over: items,
// dictionary keys, characters of a string.
func iterateForLoop(v value.Value) ([]value.Value, error) {
	if s, ok := v.(value.String); ok {
		var out []value.Value
		for _, r := range string(s) {
			out = append(out, value.String(string(r)))
		}
		return out, nil
	}
	if value.IsNull(v) {
		return nil, builtinError("TypeError", "'NoneType' object is not iterable")
	}
	return value.Slice(v)
}

type repeatStmt struct {
	instrBase
	count *decl.Node
	body  *block
}

func macroRepeat(kw map[string]*decl.Node, c *Class) (stmt, bool, error) {
	if !keys(kw, []string{"Repeat", "Do"}) {
		return nil, false, nil
	}
	n := kw["Repeat"]
	if n == nil || (n.Kind != decl.Int && n.Kind != decl.Bool && n.Kind != decl.Expr) {
		return nil, false, engineError("DslSyntaxError", "Repeat value must be either int or expression")
	}
	b, err := compileBlock(kw["Do"], c)
	if err != nil {
		return nil, false, err
	}
	return &repeatStmt{count: n, body: b}, true, nil
}

func (s *repeatStmt) exec(f *frame) error {
	v, err := f.evalData(s.count, f.ctx)
	if err != nil {
		return err
	}
	var n int64
	switch x := v.(type) {
	case value.Int:
		n = int64(x)
	case value.Bool:
		if x {
			n = 1
		}
	default:
		return builtinError("TypeError", "'%s' object cannot be interpreted as an integer", v.Type())
	}
	for i := int64(0); i < n; i++ {
		if stop, err := loopBody(s.body, f); stop || err != nil {
			return err
		}
	}
	return nil
}

type matchStmt struct {
	instrBase
	cases *decl.Node
	value *decl.Node
	def   *block
	class *Class
}

func macroMatch(kw map[string]*decl.Node, c *Class) (stmt, bool, error) {
	if !keys(kw, []string{"Match", "Value"}, "Default") {
		return nil, false, nil
	}
	if kw["Match"] == nil || kw["Match"].Kind != decl.Map {
		return nil, false, engineError("DslSyntaxError", "Match value must be of dictionary type")
	}
	s := &matchStmt{cases: kw["Match"], value: kw["Value"], class: c}
	if d := present(kw, "Default"); d != nil {
		var err error
		if s.def, err = compileBlock(d, c); err != nil {
			return nil, false, err
		}
	}
	return s, true, nil
}

func (s *matchStmt) exec(f *frame) error {
	v, err := f.evalData(s.value, f.ctx)
	if err != nil {
		return err
	}
	for _, e := range s.cases.Entries {
		if e.Key.Kind == decl.Expr || e.Key.Kind == decl.List || e.Key.Kind == decl.Map {
			continue
		}
		if value.Equal(nodeScalar(e.Key), v) {
			b, err := compileBlock(e.Value, s.class)
			if err != nil {
				return err
			}
			return b.exec(f)
		}
	}
	return s.def.exec(f)
}

type switchStmt struct {
	instrBase
	cases *decl.Node
	def   *block
	class *Class
}

func macroSwitch(kw map[string]*decl.Node, c *Class) (stmt, bool, error) {
	if !keys(kw, []string{"Switch"}, "Default") {
		return nil, false, nil
	}
	if kw["Switch"] == nil || kw["Switch"].Kind != decl.Map {
		return nil, false, engineError("DslSyntaxError", "Switch value must be of dictionary type")
	}
	s := &switchStmt{cases: kw["Switch"], class: c}
	if d := present(kw, "Default"); d != nil {
		var err error
		if s.def, err = compileBlock(d, c); err != nil {
			return nil, false, err
		}
	}
	return s, true, nil
}

func (s *switchStmt) exec(f *frame) error {
	matched := false
	for _, e := range s.cases.Entries {
		v, err := f.evalData(e.Key, f.ctx)
		if err != nil {
			return err
		}
		if value.Truth(v) {
			matched = true
			b, err := compileBlock(e.Value, s.class)
			if err != nil {
				return err
			}
			if err := b.exec(f); err != nil {
				return err
			}
		}
	}
	if !matched {
		return s.def.exec(f)
	}
	return nil
}

type throwStmt struct {
	instrBase
	names   *decl.Node
	message *decl.Node
	extra   *decl.Node
	cause   *decl.Node
}

func macroThrow(kw map[string]*decl.Node, c *Class) (stmt, bool, error) {
	if !keys(kw, []string{"Throw"}, "Message", "Extra", "Cause") {
		return nil, false, nil
	}
	if !kw["Throw"].Truthy() {
		return nil, false, builtinError("ValueError", "")
	}
	return &throwStmt{names: kw["Throw"], message: present(kw, "Message"), extra: present(kw, "Extra"), cause: present(kw, "Cause")}, true, nil
}

func (s *throwStmt) exec(f *frame) error {
	stack, err := f.ex.newStackTrace(f)
	if err != nil {
		return err
	}
	var cause *Exception
	if s.cause != nil {
		cv, err := f.evalData(s.cause, f.ctx)
		if err != nil {
			return err
		}
		o, ok := cv.(*Object)
		if !ok {
			return builtinError("AttributeError", "'%s' object has no attribute 'get_property'", cv.Type())
		}
		nv, err := o.GetProperty("nativeException", nil, nil)
		if err != nil {
			return err
		}
		cause, _ = nv.(*Exception)
	}
	nv, err := f.evalData(s.names, f.ctx)
	if err != nil {
		return err
	}
	var raw []value.Value
	if l, ok := nv.(*value.List); ok {
		raw = l.Items
	} else {
		raw = []value.Value{nv}
	}
	names := make([]string, len(raw))
	for i, n := range raw {
		full, err := f.resolveName(n)
		if err != nil {
			return err
		}
		names[i] = full
	}
	msg, err := f.evalData(s.message, f.ctx)
	if err != nil {
		return err
	}
	extra := value.Value(value.NewDict(0))
	if s.extra != nil && s.extra.Truthy() {
		extra = rawData(s.extra)
	}
	return &Exception{Names: names, Message: msg, Extra: extra, Cause: cause, Stack: stack.frames, stackObj: stack.obj}
}

type tryStmt struct {
	instrBase
	try      *block
	catches  []*catchBlock
	hasCatch bool
	final    *block
	els      *block
}

type catchBlock struct {
	with []*decl.Node // nil: catch everything
	as   string
	body *block // nil: swallow
}

func macroTry(kw map[string]*decl.Node, c *Class) (stmt, bool, error) {
	if !keys(kw, []string{"Try"}, "Catch", "Finally", "Else") {
		return nil, false, nil
	}
	t, err := compileBlock(kw["Try"], c)
	if err != nil {
		return nil, false, err
	}
	s := &tryStmt{try: t}
	if cn := present(kw, "Catch"); cn != nil {
		s.hasCatch = true
		items := []*decl.Node{cn}
		if cn.Kind == decl.List {
			items = cn.Items
		}
		for _, it := range items {
			cb, ok, err := compileCatch(it, c)
			if err != nil || !ok {
				return nil, false, err
			}
			s.catches = append(s.catches, cb)
		}
	}
	if n := present(kw, "Finally"); n != nil {
		if s.final, err = compileBlock(n, c); err != nil {
			return nil, false, err
		}
	}
	if n := present(kw, "Else"); n != nil {
		if s.els, err = compileBlock(n, c); err != nil {
			return nil, false, err
		}
	}
	return s, true, nil
}

func compileCatch(n *decl.Node, c *Class) (*catchBlock, bool, error) {
	if n == nil || n.Kind != decl.Map {
		return nil, false, nil
	}
	kw := map[string]*decl.Node{}
	for _, e := range n.Entries {
		if e.Key.Kind != decl.String {
			return nil, false, nil
		}
		kw[e.Key.Text()] = e.Value
	}
	if !keys(kw, nil, "With", "As", "Do") {
		return nil, false, nil
	}
	cb := &catchBlock{}
	if w := present(kw, "With"); w != nil {
		if w.Kind == decl.List {
			cb.with = w.Items
		} else {
			cb.with = []*decl.Node{w}
		}
		if cb.with == nil {
			cb.with = []*decl.Node{}
		}
	}
	if a := present(kw, "As"); a != nil {
		cb.as = a.Text()
	}
	if d := present(kw, "Do"); d != nil {
		b, err := compileBlock(d, c)
		if err != nil {
			return nil, false, err
		}
		cb.body = b
	}
	return cb, true, nil
}

func (s *tryStmt) exec(f *frame) (err error) {
	if s.final != nil {
		defer func() {
			if ferr := s.final.exec(f); ferr != nil {
				err = ferr
			}
		}()
	}
	err = s.try.exec(f)
	var me *Exception
	if err == nil {
		if s.els != nil {
			return s.els.exec(f)
		}
		return nil
	}
	if !errors.As(err, &me) || !s.hasCatch {
		return err
	}
	prev := f.exc
	f.exc = me
	defer func() { f.exc = prev }()
	for _, cb := range s.catches {
		caught, cerr := cb.run(f, me)
		if cerr != nil {
			return cerr
		}
		if caught {
			return nil
		}
	}
	return err
}

func (cb *catchBlock) run(f *frame, e *Exception) (bool, error) {
	var names []string
	for _, n := range cb.with {
		full, err := f.resolveName(rawData(n))
		if err != nil {
			return false, err
		}
		names = append(names, full)
	}
	for _, name := range e.Names {
		if cb.with != nil && !containsString(names, name) {
			continue
		}
		if cb.body != nil {
			if cb.as != "" {
				obj, err := f.ex.exceptionObject(f, e, name)
				if err != nil {
					return false, err
				}
				f.ctx.Set(cb.as, obj)
			}
			if err := cb.body.exec(f); err != nil {
				return false, err
			}
		}
		return true, nil
	}
	return false, nil
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

type rethrowStmt struct{ instrBase }

func macroRethrow(kw map[string]*decl.Node, c *Class) (stmt, bool, error) {
	if !keys(kw, []string{"Rethrow"}) {
		return nil, false, nil
	}
	return &rethrowStmt{}, true, nil
}

func (s *rethrowStmt) exec(f *frame) error {
	if f.exc == nil {
		return builtinError("TypeError", "Rethrow must be inside Catch")
	}
	return f.exc
}

// rawData converts YAML data as it is, without evaluating expressions
// (an expression becomes its text).
func rawData(n *decl.Node) value.Value {
	if n == nil {
		return value.Null
	}
	switch n.Kind {
	case decl.Expr:
		return rawExpression{n.Expr.Source}
	case decl.List:
		items := make([]value.Value, len(n.Items))
		for i, it := range n.Items {
			items[i] = rawData(it)
		}
		return value.NewPyList(items)
	case decl.Map:
		d := value.NewDict(len(n.Entries))
		for _, e := range n.Entries {
			d.Set(rawData(e.Key), rawData(e.Value))
		}
		return d
	}
	if n.Value == nil {
		return value.Null
	}
	return n.Value
}

var _ = yaql.NoValue

// rawExpression is an expression kept as data (Throw's Extra): the
// reference's YaqlExpression object.
type rawExpression struct{ source string }

func (rawExpression) Type() string   { return "YaqlExpression" }
func (r rawExpression) Repr() string { return "YAQL(" + r.source + ")" }
func (r rawExpression) Str() string  { return r.source }
