// This file defines engines, options and the runtime of one evaluation.

package yaql

import (
	"context"
	"fmt"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql/syntax"
)

// Options are the engine options of the reference (yaql.limitIterators,
// yaql.memoryQuota, …) and this project's own safety limits.
type Options struct {
	// LimitIterators is the largest collection a function accepts or an
	// expression returns; negative means no limit.
	LimitIterators int
	// MemoryQuota is the largest size, in bytes as Python would count
	// them (shallowly), of any argument or result; zero or less means
	// no quota.
	MemoryQuota int
	// ConvertSetsToLists and ConvertTuplesToLists choose the output form
	// of sets and tuples; IterableDicts lets dictionaries pass as
	// iterables of their keys.
	ConvertSetsToLists, ConvertTuplesToLists, IterableDicts bool
	// KeepOutputData skips the output conversion of the default finalizer.
	KeepOutputData bool

	// MaxSteps bounds the number of function calls and collection
	// elements produced in one evaluation (0 means DefaultMaxSteps).
	MaxSteps int64
	// MaxCollection bounds the length of any collection built (0 means
	// DefaultMaxCollection).
	MaxCollection int
	// MaxString bounds the length in bytes of any string built (0 means
	// DefaultMaxString).
	MaxString int
}

// The default safety limits.
const (
	DefaultMaxSteps      = 50_000_000
	DefaultMaxCollection = 5_000_000
	DefaultMaxString     = 64 << 20
)

// Engine parses and evaluates expressions of one dialect with one set of
// options. It is safe for concurrent use.
type Engine struct {
	Options Options
	parser  *syntax.Parser
}

// NewEngine returns an engine for the dialect.
func NewEngine(d syntax.Dialect, o Options) *Engine {
	if o.MaxSteps == 0 {
		o.MaxSteps = DefaultMaxSteps
	}
	if o.MaxCollection == 0 {
		o.MaxCollection = DefaultMaxCollection
	}
	if o.MaxString == 0 {
		o.MaxString = DefaultMaxString
	}
	return &Engine{Options: o, parser: syntax.NewParser(d)}
}

// Parse parses an expression. The error is a [*syntax.Error].
func (e *Engine) Parse(src string) (*Statement, error) {
	node, err := e.parser.Parse(src)
	if err != nil {
		return nil, err
	}
	return &Statement{Node: node, Source: src, engine: e}, nil
}

// Statement is a parsed expression ready to be evaluated.
type Statement struct {
	Node   syntax.Expr
	Source string
	engine *Engine
}

// Evaluate evaluates the statement in a child of yctx with data as $ (or
// no $ when data is nil) and runs the context's #finalize function on the
// result. The evaluation stops with an error when ctx is cancelled.
func (s *Statement) Evaluate(ctx context.Context, yctx *Context, data value.Value) (value.Value, error) {
	rt := s.engine.NewRuntime(ctx)
	c := yctx.Child()
	if data != nil {
		c.Set("$", data)
	}
	return rt.Finalize(c, Arg{Expr: s.Node, Val: constValue(s.Node)})
}

// Runtime is the state of one evaluation: the engine, the step budget and
// the cancellation signal.
type Runtime struct {
	Engine *Engine
	ctx    context.Context
	steps  *int64
	own    int64
}

// NewRuntime returns a runtime for one evaluation.
func (e *Engine) NewRuntime(ctx context.Context) *Runtime {
	if ctx == nil {
		ctx = context.Background()
	}
	rt := &Runtime{Engine: e, ctx: ctx}
	rt.steps = &rt.own
	return rt
}

// WithEngine returns a runtime for another engine that shares this one's
// step budget and cancellation, for a host (MuranoPL) that evaluates
// expressions of several dialects in one run.
func (rt *Runtime) WithEngine(e *Engine) *Runtime {
	return &Runtime{Engine: e, ctx: rt.ctx, steps: rt.steps}
}

// Steps returns the number of steps taken so far.
func (rt *Runtime) Steps() int64 { return *rt.steps }

// Step counts one unit of work and fails when the budget is used up or
// the evaluation was cancelled.
func (rt *Runtime) Step() error {
	*rt.steps++
	if *rt.steps > rt.Engine.Options.MaxSteps {
		return &Error{Class: ClassBudget, Msg: fmt.Sprintf("budget exceeded: the evaluation took more than %d steps", rt.Engine.Options.MaxSteps), Pos: -1, End: -1}
	}
	if *rt.steps&1023 == 0 {
		return rt.Cancelled()
	}
	return nil
}

// Cancelled returns the cancellation error once the evaluation's context
// is done, nil before; functions that wait call it between waits.
func (rt *Runtime) Cancelled() error {
	select {
	case <-rt.ctx.Done():
		return &Error{Class: ClassCancelled, Msg: "evaluation cancelled: " + rt.ctx.Err().Error(), Pos: -1, End: -1}
	default:
		return nil
	}
}

// CheckCollection fails when a collection of n elements would exceed the
// size budget.
func (rt *Runtime) CheckCollection(n int) error {
	if n > rt.Engine.Options.MaxCollection {
		return &Error{Class: ClassBudget, Msg: fmt.Sprintf("budget exceeded: a collection would hold more than %d elements", rt.Engine.Options.MaxCollection), Pos: -1, End: -1}
	}
	return nil
}

// CheckString fails when a string of n bytes would exceed the size budget.
func (rt *Runtime) CheckString(n int) error {
	if n > rt.Engine.Options.MaxString || n < 0 {
		return &Error{Class: ClassBudget, Msg: fmt.Sprintf("budget exceeded: a string would be longer than %d bytes", rt.Engine.Options.MaxString), Pos: -1, End: -1}
	}
	return nil
}

// LimitIterable applies the iterator limit to a collection argument: a
// sized collection longer than the limit fails at once, an iterator fails
// when the element past the limit is pulled.
func (rt *Runtime) LimitIterable(v value.Value) (value.Value, error) {
	max := rt.Engine.Options.LimitIterators
	it, isIter := v.(*value.Iterator)
	if !isIter {
		if s, ok := v.(interface{ Len() int }); ok && max >= 0 && s.Len() > max {
			return nil, tooLarge(max)
		}
		return v, nil
	}
	it, _ = value.Iterate(it)
	i := 0
	return value.NewIterator(func() (value.Value, bool, error) {
		if err := rt.Step(); err != nil {
			return nil, false, err
		}
		x, ok, err := it.Next()
		if !ok || err != nil {
			return x, ok, err
		}
		if max >= 0 && i >= max {
			return nil, false, tooLarge(max)
		}
		i++
		if i > rt.Engine.Options.MaxCollection {
			return nil, false, rt.CheckCollection(i)
		}
		return x, true, nil
	}), nil
}

func tooLarge(max int) error {
	return &Error{Class: ClassTooLarge, Msg: fmt.Sprintf("Collection length exceeds %d elements", max), Pos: -1, End: -1}
}

// CheckMemory fails with MemoryQuotaExceededException when v is larger
// than the memory quota, as the reference checks arguments, results and
// the values some functions accumulate.
func (rt *Runtime) CheckMemory(v value.Value) error { return rt.checkMemory(v) }

func (rt *Runtime) checkMemory(v value.Value) error {
	q := rt.Engine.Options.MemoryQuota
	if q <= 0 || v == nil {
		return nil
	}
	if sizeOf(v) > q {
		return &Error{Class: ClassMemory, Msg: "Expression consumed too much memory", Pos: -1, End: -1}
	}
	return nil
}

// Finalize evaluates a statement's argument through the context's
// #finalize function, registering the default one (output conversion)
// when the chain has none.
func (rt *Runtime) Finalize(c *Context, a Arg) (value.Value, error) {
	if !c.HasFunction("#finalize") {
		c = c.Child()
		c.Register(defaultFinalize)
	}
	return rt.Call(c, "#finalize", NoValue, []Arg{a}, nil, nil)
}

var defaultFinalize = Fn("#finalize", func(c *Call) (value.Value, error) {
	if c.RT.Engine.Options.KeepOutputData {
		return c.Args[0], nil
	}
	return c.RT.ConvertOutput(c.Ctx, c.Args[0])
}, P("obj", Any))

// outputKey rejects converted values that the reference's output holds
// as plain (unhashable) dictionaries where a key or set element must go.
func outputKey(v value.Value) error {
	if _, ok := v.(*value.Dict); ok {
		return value.NewTypeError("unhashable type: 'dict'")
	}
	return nil
}

// ConvertOutput materialises iterators and applies the output options
// (sets and tuples to lists), checking every collection against the
// iterator limit through the context's #iter function.
func (rt *Runtime) ConvertOutput(ctx *Context, v value.Value) (value.Value, error) {
	limit := func(x value.Value) (value.Value, error) {
		if ctx.HasFunction("#iter") {
			return rt.CallFunction(ctx, "#iter", NoValue, []value.Value{x}, nil)
		}
		return rt.LimitIterable(x)
	}
	o := rt.Engine.Options
	switch x := v.(type) {
	case *value.Dict:
		if _, err := limit(value.NewTuple(x.Keys())); err != nil {
			return nil, err
		}
		out := value.NewDict(x.Len())
		for i, k := range x.Keys() {
			kk, err := rt.ConvertOutput(ctx, k)
			if err != nil {
				return nil, err
			}
			vv, err := rt.ConvertOutput(ctx, x.Values()[i])
			if err != nil {
				return nil, err
			}
			if err := outputKey(kk); err != nil {
				return nil, err
			}
			if err := out.Set(kk, vv); err != nil {
				return nil, err
			}
		}
		return out, nil
	case *value.Set:
		if _, err := limit(x); err != nil {
			return nil, err
		}
		items := make([]value.Value, 0, x.Len())
		for _, e := range x.Items() {
			c, err := rt.ConvertOutput(ctx, e)
			if err != nil {
				return nil, err
			}
			items = append(items, c)
		}
		if o.ConvertSetsToLists {
			return value.NewPyList(items), nil
		}
		s := value.NewSet(len(items))
		for _, e := range items {
			if err := outputKey(e); err != nil {
				return nil, err
			}
			if err := s.Add(e); err != nil {
				return nil, err
			}
		}
		return s, nil
	case *value.List:
		if _, err := limit(x); err != nil {
			return nil, err
		}
		items := make([]value.Value, len(x.Items))
		for i, e := range x.Items {
			c, err := rt.ConvertOutput(ctx, e)
			if err != nil {
				return nil, err
			}
			items[i] = c
		}
		return &value.List{Items: items, Mutable: x.Mutable || o.ConvertTuplesToLists}, nil
	case *value.Iterator, *value.Range:
		lim, err := limit(x)
		if err != nil {
			return nil, err
		}
		var items []value.Value
		err = value.Each(lim, func(e value.Value) error {
			c, err := rt.ConvertOutput(ctx, e)
			items = append(items, c)
			return err
		})
		if err != nil {
			return nil, err
		}
		return value.NewPyList(items), nil
	}
	return v, nil
}
