// This file defines YAQL evaluation through the facade.

package engine

import (
	"context"
	"errors"
	"slices"
	"sync"

	"murano.dev/playground/engine/source"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/std"
	"murano.dev/playground/engine/yaql/syntax"
)

// Flavor names a YAQL dialect: "plain" (the yaql command line), "legacy"
// (yaql --legacy), "murano" (MuranoPL formats 1.2–1.4), "murano-legacy"
// (formats 1.0 and 1.1), or one of yaql's test suite's ("tests",
// "tests-legacy", "tests-legacy-new").
type Flavor = std.Flavor

// Flavors lists every flavour.
func Flavors() []Flavor { return slices.Clone(std.Flavors) }

// YAQLRequest is one YAQL evaluation.
type YAQLRequest struct {
	Expr string
	// Data is $; nil means null, as the reference's command line passes.
	Data Value
	// Vars are extra variables ($name).
	Vars map[string]Value
	// Flavor is the dialect; empty means plain.
	Flavor Flavor
	// AllowDelegates accepts value(args) calls.
	AllowDelegates bool
	// LimitIterators and MemoryQuota override the flavour's engine options
	// when not nil.
	LimitIterators, MemoryQuota *int
	// MaxSteps overrides the step budget when positive.
	MaxSteps int64
}

// YAQLError is a failed evaluation: the reference's exception class and
// message, what kind of failure it is, and where in the expression.
type YAQLError struct {
	Kind    string // "syntax", "runtime" or "budget"
	Class   string
	Message string
	Detail  string
	// Start and End are rune offsets in the expression; Start is -1 when
	// the error has no position.
	Start, End int
	// Line and Col are the 1-based position of Start in the expression
	// (0 when the error has no position).
	Line, Col int

	expr *source.File
}

func (e *YAQLError) Error() string {
	s := e.Class + ": " + e.Message
	if e.Detail != "" {
		s += " (" + e.Detail + ")"
	}
	return s
}

// Short is the error as the reference prints it: "Class: message".
func (e *YAQLError) Short() string {
	if e.Message == "" {
		return e.Class
	}
	return e.Class + ": " + e.Message
}

// Caret renders the line of the expression holding the error with carets
// under the error (at least one), for terminals; "" when the error has no
// position.
func (e *YAQLError) Caret() string {
	if e.Start < 0 || e.expr == nil {
		return ""
	}
	return e.expr.Caret(source.Span{Start: e.expr.RunePos(e.Start), End: e.expr.RunePos(e.End)})
}

type flavorKey struct {
	flavor                   std.Flavor
	delegates                bool
	limit, quota, setL, setQ int
	steps                    int64
}

type builtFlavor struct {
	engine *yaql.Engine
	ctx    *yaql.Context
	err    error
}

var flavors sync.Map // flavorKey → *builtFlavor (built once; both are immutable)

func flavorFor(req YAQLRequest) (*yaql.Engine, *yaql.Context, error) {
	f := req.Flavor
	if f == "" {
		f = std.Plain
	}
	key := flavorKey{flavor: f, delegates: req.AllowDelegates, steps: req.MaxSteps}
	if req.LimitIterators != nil {
		key.limit, key.setL = *req.LimitIterators, 1
	}
	if req.MemoryQuota != nil {
		key.quota, key.setQ = *req.MemoryQuota, 1
	}
	if b, ok := flavors.Load(key); ok {
		b := b.(*builtFlavor)
		return b.engine, b.ctx, b.err
	}
	opts := std.DefaultOptions(f)
	if req.LimitIterators != nil {
		opts.LimitIterators = *req.LimitIterators
	}
	if req.MemoryQuota != nil {
		opts.MemoryQuota = *req.MemoryQuota
	}
	if req.MaxSteps > 0 {
		opts.MaxSteps = req.MaxSteps
	}
	e, c, err := std.NewFlavor(f, std.Setup{AllowDelegates: req.AllowDelegates, Options: &opts})
	b, _ := flavors.LoadOrStore(key, &builtFlavor{e, c, err})
	bf := b.(*builtFlavor)
	return bf.engine, bf.ctx, bf.err
}

// EvalYAQL evaluates one expression. Failures of the expression are
// returned as *YAQLError; an unknown flavour is a plain error.
func EvalYAQL(ctx context.Context, req YAQLRequest) (Value, error) {
	e, root, err := flavorFor(req)
	if err != nil {
		return nil, err
	}
	st, err := e.Parse(req.Expr)
	if err != nil {
		return nil, convertError(err, req.Expr)
	}
	c := root
	if len(req.Vars) > 0 || req.Flavor == std.Tests {
		c = root.Child()
		if req.Flavor == std.Tests {
			c.Set("data", dataOrNull(req.Data))
		}
		for k, v := range req.Vars {
			c.Set(k, v)
		}
	}
	v, err := st.Evaluate(ctx, c, dataOrNull(req.Data))
	if err != nil {
		return nil, convertError(err, req.Expr)
	}
	return v, nil
}

func dataOrNull(v Value) Value {
	if v == nil {
		return value.Null
	}
	return v
}

// convertError describes a failure of the expression expr.
func convertError(err error, expr string) error {
	e := yaqlError(err)
	if e.Start >= 0 {
		e.expr = source.NewFile("expression", expr)
		p := e.expr.RunePos(e.Start)
		e.Line, e.Col = p.Line, p.Col
	}
	return e
}

func yaqlError(err error) *YAQLError {
	var se *syntax.Error
	if errors.As(err, &se) {
		return &YAQLError{Kind: "syntax", Class: se.Class, Message: se.Msg, Detail: se.Hint, Start: se.Pos, End: se.End}
	}
	var ye *yaql.Error
	if errors.As(err, &ye) {
		kind := "runtime"
		if ye.Class == yaql.ClassBudget || ye.Class == yaql.ClassCancelled {
			kind = "budget"
		}
		return &YAQLError{Kind: kind, Class: ye.Class, Message: ye.Msg, Detail: ye.Detail, Start: ye.Pos, End: ye.End}
	}
	var ve *value.Exception
	if errors.As(err, &ve) {
		return &YAQLError{Kind: "runtime", Class: ve.Class, Message: ve.Message, Start: -1, End: -1}
	}
	return &YAQLError{Kind: "runtime", Class: "Error", Message: err.Error(), Start: -1, End: -1}
}
