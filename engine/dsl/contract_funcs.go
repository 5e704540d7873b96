// This file defines the contract functions: string(), int(), bool(),
// notNull(), check(), class(), template(), owned() and notOwned(), each
// doing what the running contract mode asks (transform, validate, check
// the type, finalize).

package dsl

import (
	"math"
	"math/big"
	"strconv"
	"strings"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// objRef is a forward reference to an object not loaded yet (an id met
// by class() during the first pass of a model load).
type objRef struct{ id string }

func (*objRef) Type() string { return "ObjRef" }

// contractContext returns the root context of contract expressions.
func (ex *Executor) contractContext(v decl.Version) *yaql.Context {
	if ex.contractCtxs == nil {
		ex.contractCtxs = map[decl.Version]*yaql.Context{}
	}
	if c, ok := ex.contractCtxs[v]; ok {
		return c
	}
	c := ex.rootContext(v).Child()
	self := yaql.P("self", yaql.Any)
	c.Register(
		yaql.Meth("string", contractFunc(stringContract()), self),
		yaql.Meth("bool", contractFunc(boolContract()), self),
		yaql.Meth("int", contractFunc(intContract()), self),
		yaql.Meth("notNull", contractFunc(notNullContract()), self),
		yaql.Meth("check", contractFunc(checkContract()), self, yaql.P("predicate", yaql.ExpressionType{}), yaql.Opt("msg", nullableString, value.Null)),
		yaql.Meth("class", contractFunc(classContract()), self, yaql.P("name", typeOrName), yaql.Opt("defaultName", nullableTypeOrName, value.Null), yaql.Opt("versionSpec", nullableString, value.Null)),
		yaql.Meth("template", contractFunc(templateContract()), self, yaql.P("type", typeOrName), yaql.Opt("defaultType", nullableTypeOrName, value.Null), yaql.Opt("versionSpec", nullableString, value.Null), yaql.Opt("excludeProperties", &yaql.PyType{Name: "sequence", Nullable: true, Pred: func(v value.Value, _ *yaql.Runtime) bool { return value.IsSequence(v) }}, value.Null)),
		yaql.Meth("owned", contractFunc(ownedContract()), self),
		yaql.Meth("notOwned", contractFunc(notOwnedContract()), self),
	)
	ex.contractCtxs[v] = c
	return c
}

// contractCall is one application of a contract function.
type contractCall struct {
	env   *contractEnv
	call  *yaql.Call
	value value.Value
}

// contractOps implements one contract function for every mode.
type contractOps struct {
	transform, validate func(*contractCall) (value.Value, error)
	checkType, finalize func(*contractCall) (value.Value, error)
}

func contractFunc(ops contractOps) func(*yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		ev, _ := c.Ctx.Get("?contract")
		env, _ := ev.(*contractEnv)
		if env == nil {
			return nil, builtinError("KeyError", "'?contract'")
		}
		cc := &contractCall{env: env, call: c, value: c.Args[0]}
		finalize := ops.finalize
		if finalize == nil {
			finalize = func(cc *contractCall) (value.Value, error) { return cc.value, nil }
		}
		checkType := ops.checkType
		if checkType == nil {
			checkType = ops.validate
		}
		switch env.mode {
		case modeTransform:
			v, err := ops.transform(cc)
			if err != nil {
				return nil, err
			}
			cc.value = v
			return finalize(cc)
		case modeTransformOnly:
			return ops.transform(cc)
		case modeValidate:
			return ops.validate(cc)
		case modeCheckType:
			return checkType(cc)
		}
		return finalize(cc)
	}
}

var emptyViolation = func() error { return contractViolation("") }

func stringContract() contractOps {
	return contractOps{
		transform: func(cc *contractCall) (value.Value, error) {
			switch x := cc.value.(type) {
			case value.NullType, value.String:
				return x, nil
			case value.Int, value.BigInt:
				return value.String(value.Str(x)), nil
			case value.Bool:
				if x {
					return value.String("True"), nil
				}
				return value.String("False"), nil
			case *Object:
				return value.String(x.id), nil
			}
			return nil, contractViolation("Value %s violates string() contract", formatScalar(cc.value))
		},
		validate: func(cc *contractCall) (value.Value, error) {
			switch cc.value.(type) {
			case value.NullType, value.String:
				return cc.value, nil
			}
			return nil, emptyViolation()
		},
	}
}

func boolContract() contractOps {
	return contractOps{
		transform: func(cc *contractCall) (value.Value, error) {
			if value.IsNull(cc.value) {
				return value.Null, nil
			}
			return value.Bool(value.Truth(cc.value)), nil
		},
		validate: func(cc *contractCall) (value.Value, error) {
			switch cc.value.(type) {
			case value.NullType, value.Bool:
				return cc.value, nil
			}
			return nil, emptyViolation()
		},
	}
}

func intContract() contractOps {
	return contractOps{
		transform: func(cc *contractCall) (value.Value, error) {
			if value.IsNull(cc.value) {
				return value.Null, nil
			}
			if v, ok := pyInt(cc.value); ok {
				return v, nil
			}
			return nil, contractViolation("Value %s violates int() contract", formatScalar(cc.value))
		},
		validate: func(cc *contractCall) (value.Value, error) {
			switch cc.value.(type) {
			case value.NullType, value.Int, value.BigInt:
				return cc.value, nil
			}
			return nil, emptyViolation()
		},
	}
}

// pyInt is Python's int(v) for the values it accepts.
func pyInt(v value.Value) (value.Value, bool) {
	switch x := v.(type) {
	case value.Int, value.BigInt:
		return x, true
	case value.Bool:
		if x {
			return value.Int(1), true
		}
		return value.Int(0), true
	case value.Float:
		f := float64(x)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, false
		}
		t := math.Trunc(f)
		if math.Abs(t) < 1<<62 {
			return value.Int(int64(t)), true
		}
		b, _ := new(big.Float).SetFloat64(t).Int(nil)
		return value.NewInt(b), true
	case value.String:
		s := strings.TrimSpace(string(x))
		s = strings.ReplaceAll(s, "_", "")
		if s == "" || strings.Contains(string(x), "__") {
			return nil, false
		}
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return value.Int(n), true
		}
		if b, ok := new(big.Int).SetString(s, 10); ok {
			return value.NewInt(b), true
		}
	}
	return nil, false
}

func notNullContract() contractOps {
	return contractOps{
		transform: func(cc *contractCall) (value.Value, error) { return notNullCheck(cc) },
		validate:  func(cc *contractCall) (value.Value, error) { return notNullCheck(cc) },
	}
}

func notNullCheck(cc *contractCall) (value.Value, error) {
	if value.IsNull(cc.value) {
		return nil, contractViolation("null value violates notNull() contract")
	}
	return cc.value, nil
}

func checkContract() contractOps {
	return contractOps{
		transform: checkPredicate,
		validate:  checkPredicate,
	}
}

func checkPredicate(cc *contractCall) (value.Value, error) {
	if _, ok := cc.value.(*objRef); ok {
		return cc.value, nil
	}
	pred := cc.call.Args[1].(*yaql.Expression)
	ctx := cc.env.root.ctx.Child()
	ctx.Set("$", cc.value)
	ok, err := cc.call.RT.Eval(pred.Node, yaql.NoValue, ctx)
	if err != nil {
		return nil, err
	}
	if value.Truth(ok) {
		return cc.value, nil
	}
	if msg, ok := cc.call.Args[2].(value.String); ok && msg != "" {
		return nil, contractViolation("%s", string(msg))
	}
	return nil, contractViolation("Value %s doesn't match predicate", formatScalar(cc.value))
}

func (cc *contractCall) classArgs() (t, def *Class, spec value.Value) {
	t = cc.call.Args[1].(*TypeRef).Class
	def = t
	if r, ok := cc.call.Args[2].(*TypeRef); ok {
		def = r.Class
	}
	return t, def, cc.call.Args[3]
}

// instanceCheck is the validate of class() and template().
func (cc *contractCall) instanceCheck(t *Class, spec value.Value) (value.Value, error) {
	if value.IsNull(cc.value) {
		return cc.value, nil
	}
	var pov any = cc.env.root.namesScope
	if s, ok := spec.(value.String); ok {
		pov = string(s)
	}
	if isInstanceOf(cc.value, t.Name, pov) {
		return cc.value, nil
	}
	o, ok := cc.value.(*Object)
	if !ok {
		return nil, contractViolation("Value is not an object")
	}
	return nil, contractViolation("Object of type %s is not compatible with requested type %s", o.class.Repr(), t.Repr())
}

func classContract() contractOps {
	return contractOps{
		transform: func(cc *contractCall) (value.Value, error) {
			t, def, spec := cc.classArgs()
			v := cc.value
			if r, ok := v.(*objRef); ok {
				v = value.String(r.id)
			}
			ex := cc.env.ex
			switch x := v.(type) {
			case value.NullType:
				return value.Null, nil
			case *Object:
			case *value.Dict:
				o, err := ex.loadObject(x, cc.env.owner, def, cc.env.root, cc.env.calling, false)
				if err != nil {
					return nil, err
				}
				v = o
			case value.String:
				store := ex.current()
				o := store.get(string(x), true)
				if o == nil {
					if !store.initializing {
						return nil, engineError("NoObjectFoundError", "Object \"%s\" is not found in object store", string(x))
					}
					return &objRef{id: string(x)}, nil
				}
				v = o
			default:
				return nil, contractViolation("Value %s cannot be represented as class %s", formatScalar(v), t.Repr())
			}
			cc.value = v
			return cc.instanceCheck(t, spec)
		},
		validate: func(cc *contractCall) (value.Value, error) {
			t, _, spec := cc.classArgs()
			return cc.instanceCheck(t, spec)
		},
	}
}

func templateContract() contractOps {
	exclude := func(cc *contractCall) []value.Value {
		items, _ := value.Slice(cc.call.Args[4])
		return items
	}
	return contractOps{
		transform: func(cc *contractCall) (value.Value, error) {
			t, def, spec := cc.classArgs()
			switch x := cc.value.(type) {
			case value.NullType:
				return value.Null, nil
			case *Object:
			case *value.Dict:
				o, err := cc.loadTemplate(x, def, exclude(cc))
				if err != nil {
					return nil, err
				}
				cc.value = o
			default:
				return nil, contractViolation("Value %s cannot be represented as class %s", formatScalar(x), t.Repr())
			}
			return cc.instanceCheck(t, spec)
		},
		finalize: func(cc *contractCall) (value.Value, error) { return cc.finalizeTemplate(exclude(cc)) },
		validate: func(cc *contractCall) (value.Value, error) {
			t, _, spec := cc.classArgs()
			return cc.instanceCheck(t, spec)
		},
		checkType: func(cc *contractCall) (value.Value, error) {
			if _, ok := cc.value.(*value.Dict); ok {
				return cc.value, nil
			}
			t, _, spec := cc.classArgs()
			return cc.instanceCheck(t, spec)
		},
	}
}

func ownership(cc *contractCall, wantOwned bool) (value.Value, error) {
	switch x := cc.value.(type) {
	case value.NullType, *objRef:
		return cc.value, nil
	case *Object:
		owned := x.findOwner(func(p *Object) bool { return p == cc.env.this }) != nil
		if owned != wantOwned {
			name := "owned"
			if !wantOwned {
				name = "notOwned"
			}
			return nil, contractViolation("Object %s violates %s() contract", x.Repr(), name)
		}
		return x, nil
	}
	return nil, contractViolation("Value %s is not an object", value.Str(cc.value))
}

func ownedContract() contractOps {
	return contractOps{
		transform: func(cc *contractCall) (value.Value, error) { return ownership(cc, true) },
		validate:  func(cc *contractCall) (value.Value, error) { return ownership(cc, true) },
	}
}

func notOwnedContract() contractOps {
	return contractOps{
		transform: func(cc *contractCall) (value.Value, error) { return ownership(cc, false) },
		validate:  func(cc *contractCall) (value.Value, error) { return ownership(cc, false) },
	}
}
