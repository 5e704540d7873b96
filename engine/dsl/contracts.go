// This file defines contracts: the specs of properties and arguments
// that check and convert values (string(), int(), class(), [], {} …).

package dsl

import (
	"errors"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// Contract is the contract of a property or an argument.
type Contract struct {
	spec  *decl.Node
	class *Class // the declaring class
}

func newContract(spec *decl.Node, c *Class) *Contract { return &Contract{spec: spec, class: c} }

// contractMode is what applying a contract does: the reference's
// transform (with or without finalize), validate, check_type and
// finalize.
type contractMode uint8

const (
	modeTransform contractMode = iota
	modeTransformOnly
	modeValidate
	modeCheckType
	modeFinalize
)

// contractEnv is the state of one contract application, seen by the
// contract functions.
type contractEnv struct {
	mode    contractMode
	root    *frame // the object context of the value's owner (root_context)
	this    *Object
	owner   *Object
	calling *Class
	ex      *Executor
	runtime decl.Version
}

func (*contractEnv) Type() string { return "ContractEnv" }

func (ct *Contract) execute(ex *Executor, mode contractMode, data value.Value, root *frame, this, owner *Object, def *decl.Node, calling *Class) (value.Value, error) {
	// Contracts may call methods whose arguments have contracts: they
	// count towards the call depth like method calls.
	ex.depth++
	defer func() { ex.depth-- }()
	if ex.depth > ex.opts.MaxDepth {
		return nil, &FatalError{Class: "CallDepthExceeded", Msg: "maximum MuranoPL call depth exceeded (" + itoa(ex.opts.MaxDepth) + " nested calls)"}
	}
	if data == yaql.NoValue {
		var err error
		if data, err = root.evalData(def, root.ctx); err != nil {
			return nil, err
		}
	}
	if ex.isPasskey(data) {
		return data, nil
	}
	env := &contractEnv{mode: mode, root: root, this: this, owner: owner, calling: calling, ex: ex, runtime: ct.class.Package.Runtime}
	ctx := ex.contractContext(env.runtime).Child()
	ctx.Set("?contract", env)
	ctx.Set("?frame", root)
	if this != nil {
		ctx.Set("this", this)
	}
	return ct.mapValue(env, data, ct.spec, ctx, "")
}

func (ct *Contract) transform(ex *Executor, v value.Value, root *frame, this, owner *Object, def *decl.Node, calling *Class, finalize bool) (value.Value, error) {
	mode := modeTransform
	if !finalize {
		mode = modeTransformOnly
	}
	return ct.execute(ex, mode, v, root, this, owner, def, calling)
}

// checkType reports whether the contract accepts the value (the
// overload check of extension methods).
func (ct *Contract) checkType(ex *Executor, v value.Value, calling *Class) bool {
	if ex.isPasskey(v) {
		return false
	}
	root := ex.objectFrame(ct.class, nil)
	_, err := ct.execute(ex, modeCheckType, v, root, nil, nil, nil, calling)
	return err == nil
}

func (ct *Contract) mapValue(env *contractEnv, data value.Value, spec *decl.Node, ctx *yaql.Context, path string) (value.Value, error) {
	if env.ex.isPasskey(data) {
		return data, nil
	}
	child := ctx.Child()
	switch {
	case spec == nil || spec.Kind == decl.Null:
		return ct.mapScalar(data, spec)
	case spec.Kind == decl.Expr:
		child.Set("$", data)
		v, err := env.root.evalExprIn(spec.Expr, child, false)
		if err != nil {
			var pe *PyError
			if errors.As(err, &pe) && pe.Class == "ContractViolationException" {
				pe.Path = path
			}
			return nil, err
		}
		return v, nil
	case spec.Kind == decl.Map:
		return ct.mapDict(env, data, spec, child, path)
	case spec.Kind == decl.List:
		return ct.mapList(env, data, spec, child, path)
	}
	return ct.mapScalar(data, spec)
}

func (ct *Contract) mapScalar(data value.Value, spec *decl.Node) (value.Value, error) {
	sv := nodeScalar(spec)
	if !value.Equal(data, sv) {
		return nil, contractViolation("Value %s is not equal to %s", formatScalar(data), spec.Text())
	}
	return data, nil
}

func nodeScalar(n *decl.Node) value.Value {
	if n == nil || n.Value == nil {
		return value.Null
	}
	return n.Value
}

func (ct *Contract) mapDict(env *contractEnv, data value.Value, spec *decl.Node, ctx *yaql.Context, path string) (value.Value, error) {
	if data == nil || data == yaql.NoValue || value.IsNull(data) {
		data = value.NewDict(0)
	}
	d, ok := data.(*value.Dict)
	if !ok {
		return nil, contractViolation("Value %s is not of a dictionary type", formatScalar(data))
	}
	if len(spec.Entries) == 0 {
		return d, nil
	}
	result := value.NewDict(len(spec.Entries))
	var exprKey *decl.Entry
	for i, e := range spec.Entries {
		if e.Key.Kind == decl.Expr {
			if exprKey != nil {
				return nil, engineError("DslContractSyntaxError", "Dictionary contract cannot have more than one expression key")
			}
			exprKey = &spec.Entries[i]
			continue
		}
		k := nodeScalar(e.Key)
		dv, _ := d.Get(k)
		if dv == nil {
			dv = value.Null
		}
		v, err := ct.mapValue(env, dv, e.Value, ctx, path+"["+formatScalar(k)+"]")
		if err != nil {
			return nil, err
		}
		if err := result.Set(k, v); err != nil {
			return nil, err
		}
	}
	if exprKey != nil {
		for i, k := range d.Keys() {
			if has, _ := result.Has(k); has {
				continue
			}
			nk, err := ct.mapValue(env, k, exprKey.Key, ctx, path)
			if err != nil {
				return nil, err
			}
			v, err := ct.mapValue(env, d.Values()[i], exprKey.Value, ctx, path+"["+formatScalar(nk)+"]")
			if err != nil {
				return nil, err
			}
			if err := result.Set(nk, v); err != nil {
				return nil, err
			}
		}
	}
	return result, nil
}

func (ct *Contract) mapList(env *contractEnv, data value.Value, spec *decl.Node, ctx *yaql.Context, path string) (value.Value, error) {
	var items []value.Value
	switch x := data.(type) {
	case *value.Iterator:
		var err error
		if items, err = value.Slice(x); err != nil {
			return nil, err
		}
		data = value.NewPyList(items)
	case *value.List:
		items = x.Items
	case *value.Range:
		var err error
		if items, err = value.Slice(x); err != nil {
			return nil, err
		}
	default:
		if data == nil || data == yaql.NoValue || value.IsNull(data) {
			items = nil
		} else {
			items = []value.Value{data}
		}
		data = value.NewPyList(items)
	}
	specs := spec.Items
	if len(specs) == 0 {
		return data, nil
	}
	shift, maxLen, minLen := 0, -1, 0
	if n, ok := nodeInt(specs[len(specs)-1]); ok {
		minLen = n
		shift++
	}
	if len(specs) >= 2 {
		if n, ok := nodeInt(specs[len(specs)-2]); ok {
			maxLen = minLen
			minLen = n
			shift++
		}
	}
	if maxLen >= 0 && !(minLen <= len(items) && len(items) <= maxLen) {
		return nil, contractViolation("Array length %d is not within [%d..%d] range", len(items), minLen, maxLen)
	} else if len(items) < minLen {
		return nil, contractViolation("Array length %d must not be less than %d", len(items), minLen)
	}
	out := make([]value.Value, len(items))
	for i, it := range items {
		var s *decl.Node
		if i >= len(specs)-shift {
			s = specs[len(specs)-1-shift]
		} else {
			s = specs[i]
		}
		v, err := ct.mapValue(env, it, s, ctx, path+"["+itoa(i)+"]")
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return value.NewTuple(out), nil
}

// nodeInt reports a node that is a Python int (booleans included).
func nodeInt(n *decl.Node) (int, bool) {
	if n == nil {
		return 0, false
	}
	switch n.Kind {
	case decl.Int:
		if i, ok := n.Value.(value.Int); ok {
			return int(i), true
		}
	case decl.Bool:
		if n.Value.(value.Bool) {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

// formatScalar is the reference's format_scalar: strings quoted with
// single quotes, everything else as Python's str().
func formatScalar(v value.Value) string {
	if s, ok := v.(value.String); ok {
		return "'" + string(s) + "'"
	}
	if v == nil || v == yaql.NoValue {
		return "<NoValue>"
	}
	return value.Str(v)
}

// prefixViolation puts the property or argument in front of a contract
// violation's message: "[T.p['x']] msg" or "[T::m(a['x'])] msg".
func prefixViolation(err error, head, tail string) error {
	var pe *PyError
	if errors.As(err, &pe) && pe.Class == "ContractViolationException" {
		return engineError("ContractViolationException", "[%s%s%s] %s", head, pe.Path, tail, pe.Msg)
	}
	return err
}
