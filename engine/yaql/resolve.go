// This file defines overload resolution: how a call picks the overload of
// a function that takes its arguments, following the reference's rules.

package yaql

import (
	"fmt"
	"slices"
	"strings"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql/syntax"
)

type kwArg struct {
	name string
	arg  Arg
}

// CallFunction calls the function name with values as arguments, as a
// method on receiver unless receiver is NoValue.
func (rt *Runtime) CallFunction(ctx *Context, name string, receiver value.Value, args []value.Value, kwargs []KeywordArg) (value.Value, error) {
	as := make([]Arg, len(args))
	for i, a := range args {
		as[i] = Arg{Val: a}
	}
	var kws []kwArg
	for _, kw := range kwargs {
		kws = append(kws, kwArg{kw.Name, Arg{Val: kw.Value}})
	}
	return rt.Call(ctx, name, receiver, as, kws, nil)
}

// mapping assigns each argument to a parameter of one overload.
type mapping struct {
	pos []*Param // by argument position
	kw  []kwParam
}

type kwParam struct {
	name string
	p    *Param
}

// lazySig says which arguments an overload takes lazily: positions below
// 64 as a bit mask, the others and keyword arguments by list.
type lazySig struct {
	mask  uint64
	extra []int
	kw    []string
}

func (a *lazySig) has(i int) bool {
	if i < 64 {
		return a.mask&(1<<uint(i)) != 0
	}
	return slices.Contains(a.extra, i)
}

func (a *lazySig) equal(b *lazySig) bool {
	if a.mask != b.mask || len(a.extra) != len(b.extra) || len(a.kw) != len(b.kw) {
		return false
	}
	for _, i := range a.extra {
		if !slices.Contains(b.extra, i) {
			return false
		}
	}
	for _, k := range a.kw {
		if !slices.Contains(b.kw, k) {
			return false
		}
	}
	return true
}

type candidate struct {
	f     *Func
	m     mapping
	level int
}

// Call calls the function name in ctx: it collects the overloads visible
// from ctx (methods when receiver is not NoValue), keeps those whose
// parameters fit the arguments, evaluates the arguments that are not lazy,
// checks their types and runs the most specific overload of the nearest
// context that has a match. node is the call's syntax, nil for calls made
// from Go.
func (rt *Runtime) Call(ctx *Context, name string, receiver value.Value, args []Arg, kwargs []kwArg, node *syntax.Call) (value.Value, error) {
	if err := rt.Step(); err != nil {
		return nil, err
	}
	method := receiver != NoValue
	var layerBuf [4][]*Func
	layers := ctx.appendLayers(layerBuf[:0], name, method)
	if len(layers) == 0 {
		if method {
			return nil, &Error{Class: ClassNoMethod, Msg: fmt.Sprintf("Unknown method \"%s\" for receiver %s", name, receiverText(receiver)), Pos: -1, End: -1}
		}
		return nil, &Error{Class: ClassNoFunction, Msg: fmt.Sprintf("Unknown function \"%s\"", name), Pos: -1, End: -1}
	}
	if method {
		args = append([]Arg{{Val: receiver}}, args...)
	}
	ambiguous := func() error {
		if method {
			return &Error{Class: ClassAmbiguousMethod, Msg: fmt.Sprintf("Ambiguous method \"%s\" for receiver %s", name, receiverText(receiver)), Pos: -1, End: -1}
		}
		return &Error{Class: ClassAmbiguousFunc, Msg: fmt.Sprintf("Ambiguous function \"%s\"", name), Pos: -1, End: -1}
	}

	var candBuf [8]candidate
	cands := candBuf[:0]
	var arena []*Param
	var lazy lazySig
	lazyKnown, kwModeKnown, noKwargs := false, false, false
	for level, layer := range layers {
		for _, f := range layer {
			if !kwModeKnown {
				kwModeKnown, noKwargs = true, f.NoKwargs
				var err error
				if args, kwargs, err = translateArgs(noKwargs, args, kwargs); err != nil {
					return nil, err
				}
			} else if noKwargs != f.NoKwargs {
				return nil, ambiguous()
			}
			if len(arena) < len(args) {
				arena = make([]*Param, len(args)*4)
			}
			m, ok := mapArgs(f, args, kwargs, rt, arena[:len(args):len(args)])
			if !ok {
				continue
			}
			arena = arena[len(args):]
			l := m.lazy()
			if !lazyKnown {
				lazyKnown, lazy = true, l
			} else if !lazy.equal(&l) {
				return nil, ambiguous()
			}
			cands = append(cands, candidate{f, m, level})
		}
	}
	if len(cands) == 0 {
		return nil, rt.notFound(name, receiver, layers, args, kwargs)
	}

	for i, a := range args {
		if a.pending() && !lazy.has(i) {
			v, err := rt.eval(a.Expr, NoValue, ctx)
			if err != nil {
				return nil, err
			}
			args[i] = Arg{Val: v}
		}
	}
	for i, kw := range kwargs {
		if kw.arg.pending() && !slices.Contains(lazy.kw, kw.name) {
			v, err := rt.eval(kw.arg.Expr, NoValue, ctx)
			if err != nil {
				return nil, err
			}
			kwargs[i].arg = Arg{Val: v}
		}
	}

	// A binding escapes to the heap (the function may keep its
	// arguments); the second one is made only when a candidate is tried
	// after a winner, which is rare.
	var winner, spare *binding
	var winnerMap *mapping
	for i := range cands {
		c := &cands[i]
		if winner != nil && c.level != cands[i-1].level {
			break
		}
		if spare == nil {
			spare = new(binding)
		}
		b := spare
		if !bind(c.f, args, kwargs, rt, b) {
			continue
		}
		if winner != nil {
			if isSpecialization(winnerMap, &c.m) {
				continue
			}
			if !isSpecialization(&c.m, winnerMap) {
				return nil, ambiguous()
			}
		}
		spare = winner
		winner, winnerMap = b, &c.m
	}
	if winner == nil {
		return nil, rt.notFound(name, receiver, layers, args, kwargs)
	}
	result, err := winner.run(rt, ctx, receiver)
	if err != nil {
		return nil, err
	}
	if err := rt.checkMemory(result); err != nil {
		return nil, err
	}
	return result, nil
}

// translateArgs turns "name => value" arguments into keyword arguments,
// unless the overloads take them positionally.
func translateArgs(noKwargs bool, args []Arg, kwargs []kwArg) ([]Arg, []kwArg, error) {
	if noKwargs {
		if len(kwargs) > 0 {
			return nil, nil, &Error{Class: ClassArgument, Msg: "Invalid argument " + kwargs[0].name, Pos: -1, End: -1}
		}
		return args, nil, nil
	}
	hasRules := false
	for _, a := range args {
		if _, ok := a.Expr.(*syntax.MappingRule); ok {
			hasRules = true
			break
		}
	}
	if !hasRules && len(kwargs) == 0 {
		return args, nil, nil
	}
	var pos []Arg
	var kws []kwArg
	seen := map[string]bool{}
	for _, a := range args {
		m, ok := a.Expr.(*syntax.MappingRule)
		if !ok || !a.pending() {
			pos = append(pos, a)
			continue
		}
		k, ok := m.Key.(*syntax.Keyword)
		if !ok {
			return nil, nil, &Error{Class: ClassMapping, Msg: "Cannot convert mapping to keyword argument", Pos: -1, End: -1}
		}
		arg := Arg{Expr: m.Value, Val: constValue(m.Value)}
		if seen[k.Name] {
			kws[findKw(kws, k.Name)].arg = arg
			continue
		}
		seen[k.Name] = true
		kws = append(kws, kwArg{k.Name, arg})
	}
	for _, kw := range kwargs {
		if seen[kw.name] {
			return nil, nil, &Error{Class: ClassMapping, Msg: "Cannot convert mapping to keyword argument", Pos: -1, End: -1}
		}
		seen[kw.name] = true
		kws = append(kws, kw)
	}
	return pos, kws, nil
}

func findKw(kwargs []kwArg, name string) int {
	for i, kw := range kwargs {
		if kw.name == name {
			return i
		}
	}
	return -1
}

// mapArgs decides which parameter of f each argument goes to and checks
// what can be checked before evaluation; false means f does not fit. pos
// is where the positional assignment is written (len(args) long).
func mapArgs(f *Func, args []Arg, kwargs []kwArg, rt *Runtime, pos []*Param) (mapping, bool) {
	var varArgs, varKw *Param
	for i := range f.Params {
		switch f.Params[i].Kind {
		case VarArgs:
			varArgs = &f.Params[i]
		case VarKwargs:
			varKw = &f.Params[i]
		}
	}
	m := mapping{pos: pos}
	for i := range m.pos {
		m.pos[i] = varArgs
	}
	var usedBuf [8]bool
	var used []bool
	if len(kwargs) > len(usedBuf) {
		used = make([]bool, len(kwargs))
	} else {
		used = usedBuf[:len(kwargs)]
	}
	j := 0
	for i := range f.Params {
		p := &f.Params[i]
		switch p.Kind {
		case Positional:
			k := findKw(kwargs, p.Name)
			switch {
			case j < len(args) && args[j].Val != NoValue:
				if k >= 0 {
					return m, false
				}
				m.pos[j] = p
			case k >= 0:
				m.kw = append(m.kw, kwParam{p.Name, p})
				used[k] = true
			case p.Default == nil:
				return m, false
			case j < len(args):
				m.pos[j] = p
			}
			j++
		case KeywordOnly:
			if k := findKw(kwargs, p.Name); k >= 0 {
				m.kw = append(m.kw, kwParam{p.Name, p})
				used[k] = true
			} else if p.Default == nil {
				return m, false
			}
		}
	}
	for k, kw := range kwargs {
		if used[k] {
			continue
		}
		if varKw == nil {
			return m, false
		}
		m.kw = append(m.kw, kwParam{kw.name, varKw})
		if !varKw.Type.Check(kw.arg, rt) {
			return m, false
		}
	}
	for i, p := range m.pos {
		if p == nil {
			return m, false
		}
		a := args[i]
		if a.Val == NoValue && p.Default != nil {
			a = Arg{Val: p.Default}
		}
		if !p.Type.Check(a, rt) {
			return m, false
		}
	}
	return m, true
}

func (m *mapping) lazy() lazySig {
	var l lazySig
	for i, p := range m.pos {
		if p.Type.Lazy() {
			if i < 64 {
				l.mask |= 1 << uint(i)
			} else {
				l.extra = append(l.extra, i)
			}
		}
	}
	for _, kp := range m.kw {
		if kp.p.Type.Lazy() {
			l.kw = append(l.kw, kp.name)
		}
	}
	return l
}

func (m *mapping) kwParam(name string) *Param {
	for _, kp := range m.kw {
		if kp.name == name {
			return kp.p
		}
	}
	return nil
}

// isSpecialization reports whether m1's overload is more specific than
// m2's: no parameter of m2 is narrower, and at least one of m1 is.
func isSpecialization(m1, m2 *mapping) bool {
	res := false
	for i := 0; i < len(m1.pos) && i < len(m2.pos); i++ {
		a1, a2 := m1.pos[i], m2.pos[i]
		if a2.Type.Specializes(a1.Type) {
			return false
		}
		if a1.Type.Specializes(a2.Type) {
			res = true
		}
	}
	for _, kp := range m1.kw {
		a1, a2 := kp.p, m2.kwParam(kp.name)
		if a2 == nil {
			continue
		}
		if a2.Type.Specializes(a1.Type) {
			return false
		}
		if a1.Type.Specializes(a2.Type) {
			res = true
		}
	}
	return res
}

// binding is an overload with its arguments checked, ready to run.
type binding struct {
	f      *Func
	args   []Arg // by parameter index
	rest   []Arg
	kwargs []kwArg
	argBuf [4]Arg
}

// bind checks the evaluated arguments against f's parameters; nil means
// they do not fit.
func bind(f *Func, args []Arg, kwargs []kwArg, rt *Runtime, b *binding) bool {
	*b = binding{f: f}
	if len(f.Params) <= len(b.argBuf) {
		b.args = b.argBuf[:len(f.Params)]
	} else {
		b.args = make([]Arg, len(f.Params))
	}
	used := make([]bool, len(kwargs))
	check := func(a Arg, p *Param) bool { return p.Type.Check(a, rt) }
	positional := 0
	var varArgs, varKw *Param
	for i := range f.Params {
		p := &f.Params[i]
		switch p.Kind {
		case Positional:
			j := positional
			positional++
			k := findKw(kwargs, p.Name)
			switch {
			case j < len(args) && args[j].Val != NoValue:
				if k >= 0 {
					return false
				}
				b.args[i] = args[j]
			case k >= 0:
				b.args[i] = kwargs[k].arg
				used[k] = true
			case p.Default != nil:
				b.args[i] = Arg{Val: p.Default}
			default:
				return false
			}
		case KeywordOnly:
			if k := findKw(kwargs, p.Name); k >= 0 {
				b.args[i] = kwargs[k].arg
				used[k] = true
			} else if p.Default != nil {
				b.args[i] = Arg{Val: p.Default}
			} else {
				return false
			}
		case VarArgs:
			varArgs = p
			continue
		case VarKwargs:
			varKw = p
			continue
		}
		if !check(b.args[i], p) {
			return false
		}
	}
	if len(args) > positional {
		if varArgs == nil {
			return false
		}
		for _, a := range args[positional:] {
			if !check(a, varArgs) {
				return false
			}
			b.rest = append(b.rest, a)
		}
	}
	for k, kw := range kwargs {
		if used[k] {
			continue
		}
		if varKw == nil || !check(kw.arg, varKw) {
			return false
		}
		b.kwargs = append(b.kwargs, kw)
	}
	return true
}

// frame holds what one call allocates, in one allocation: the call
// record, the conversion environment, the fresh child context and room for
// a few arguments.
type frame struct {
	call   Call
	env    ConvertEnv
	ctx    Context
	argBuf [4]value.Value
}

// run converts the arguments and calls the implementation in a fresh
// child of ctx.
func (b *binding) run(rt *Runtime, ctx *Context, receiver value.Value) (value.Value, error) {
	fr := &frame{ctx: Context{parent: ctx}}
	c := &fr.call
	*c = Call{RT: rt, Ctx: &fr.ctx, Receiver: receiver, Func: b.f}
	if len(b.f.Params) <= len(fr.argBuf) {
		c.Args = fr.argBuf[:len(b.f.Params)]
	} else {
		c.Args = make([]value.Value, len(b.f.Params))
	}
	fr.env = ConvertEnv{RT: rt, Receiver: receiver, Ctx: c.Ctx}
	env := &fr.env
	var varArgs, varKw *Param
	for i := range b.f.Params {
		p := &b.f.Params[i]
		switch p.Kind {
		case VarArgs:
			varArgs = p
			continue
		case VarKwargs:
			varKw = p
			continue
		}
		v, err := p.Type.Convert(b.args[i], env)
		if err != nil {
			return nil, err
		}
		c.Args[i] = v
	}
	for _, a := range b.rest {
		v, err := varArgs.Type.Convert(a, env)
		if err != nil {
			return nil, err
		}
		c.Rest = append(c.Rest, v)
	}
	for _, kw := range b.kwargs {
		v, err := varKw.Type.Convert(kw.arg, env)
		if err != nil {
			return nil, err
		}
		c.Kwargs = append(c.Kwargs, KeywordArg{kw.name, v})
	}
	return b.f.Impl(c)
}

// notFound builds the "no overload matches" error, explaining which
// argument types were given and which signatures exist.
func (rt *Runtime) notFound(name string, receiver value.Value, layers [][]*Func, args []Arg, kwargs []kwArg) error {
	var given []string
	for _, a := range args {
		given = append(given, argTypeName(a))
	}
	for _, kw := range kwargs {
		given = append(given, kw.name+" => "+argTypeName(kw.arg))
	}
	var sigs []string
	for _, layer := range layers {
		for _, f := range layer {
			sigs = append(sigs, f.Signature())
		}
	}
	detail := fmt.Sprintf("no overload of %s accepts (%s); overloads: %s", name, strings.Join(given, ", "), strings.Join(sigs, "; "))
	if receiver != NoValue {
		return &Error{Class: ClassNoMatchingMethod, Msg: fmt.Sprintf("No method \"%s\" for receiver %s matches supplied arguments", name, receiverText(receiver)), Detail: detail, Pos: -1, End: -1}
	}
	return &Error{Class: ClassNoMatchingFunc, Msg: fmt.Sprintf("No function \"%s\" matches supplied arguments", name), Detail: detail, Pos: -1, End: -1}
}

func argTypeName(a Arg) string {
	switch {
	case a.Val == NoValue:
		return "skipped"
	case a.pending():
		if _, ok := a.Expr.(*syntax.MappingRule); ok {
			return "mapping"
		}
		return "expression"
	case value.IsNull(a.Val):
		return "null"
	}
	return a.Val.Type()
}

// Signature prints the overload as name(param: type, …).
func (f *Func) Signature() string {
	var ps []string
	for _, p := range f.Params {
		s := p.Name + ": " + p.Type.String()
		switch p.Kind {
		case VarArgs:
			s = "*" + s
		case VarKwargs:
			s = "**" + s
		}
		if p.Default != nil {
			s += " = " + value.Repr(p.Default)
		}
		ps = append(ps, s)
	}
	return f.Name + "(" + strings.Join(ps, ", ") + ")"
}
