// This file sets up YAQL as the dashboard uses it: the engine, the
// contexts of §10.2 of the specification and the functions the dashboard
// registers (generateHostname, repeat, ref, name, encryptData).

package dynui

import (
	"context"
	"errors"
	"strings"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/std"
	"murano.dev/playground/engine/yaql/syntax"
	"murano.dev/playground/formgen/pyrand"
)

// dashEngine is yaql.YaqlFactory().create() with the dashboard's limits.
var dashEngine = yaql.NewEngine(syntax.Dialect{}, yaql.Options{
	LimitIterators: 10000, MemoryQuota: 1000000, ConvertTuplesToLists: true, ConvertSetsToLists: true,
	MaxSteps: 5_000_000,
})

// legacyRoot is yaql.legacy.create_context(): the standard library with
// the yaql 0.2 compatibility layer.
var legacyRoot = func() *yaql.Context {
	_, c, err := std.NewFlavor(std.TestsLegacyNew, std.Setup{})
	if err != nil {
		panic(err)
	}
	return c
}()

// generator holds what the dashboard's random helpers draw from: the
// seeded uuid4 generator, Python's global random (generateHostname) and
// generateHostname's counter. One generator lives as long as a wizard.
type generator struct {
	ids, hostnames *pyrand.Rand
	counter        int
	// clockMillis is int(time.time()*1000) of the fixed clock.
	clockMillis int64
}

func newGenerator(seed int64) *generator {
	return &generator{ids: pyrand.New(seed), hostnames: pyrand.New(seed), clockMillis: 1500000000000}
}

func (g *generator) uuid() string { return g.ids.UUID4() }

func (g *generator) hostname(pattern string, number value.Value) string {
	if pattern != "" {
		return strings.ReplaceAll(pattern, "#", pyStr(number))
	}
	counter := g.counter
	if counter == 0 {
		counter = 1
	}
	var b strings.Builder
	for range 5 {
		b.WriteByte(g.hostnames.Choice("abcdefghijklmnopqrstuvwxyz"))
	}
	ts := int2base(g.clockMillis, 36)
	if len(ts) > 8 {
		ts = ts[:8]
	}
	b.WriteString(ts)
	b.WriteString(int2base(int64(counter), 36))
	g.counter = (counter + 1) % 1296
	return b.String()
}

func int2base(x int64, base int64) string {
	const digits = "0123456789abcdefghijklmnopqrstuvwxyz"
	if x == 0 {
		return "0"
	}
	neg := x < 0
	if neg {
		x = -x
	}
	var out []byte
	for x > 0 {
		out = append([]byte{digits[x%base]}, out...)
		x /= base
	}
	if neg {
		return "-" + string(out)
	}
	return string(out)
}

// service is the state the dashboard's Service object holds during one
// request: the evaluated parameters, the ref() cache and the templates.
type service struct {
	def       *Definition
	gen       *generator
	params    map[string]value.Value
	refs      map[string]value.Value
	templates map[string]value.Value
	ctx       *yaql.Context // legacy + dashboard functions + parameters
}

// dashboardFuncs returns the functions of yaql_functions.register; ref
// works only with a service.
func dashboardFuncs(g *generator, svc *service) []*yaql.Func {
	return []*yaql.Func{
		yaql.Fn("repeat", func(c *yaql.Call) (value.Value, error) {
			times, _ := value.ToInt64(c.Args[1])
			var out []value.Value
			for i := int64(0); i < times; i++ {
				c.Ctx.Set("index", value.Int(i+1))
				v, err := resolve(c.Args[0], c.Ctx)
				if err != nil {
					return nil, err
				}
				out = append(out, v)
			}
			return value.NewPyList(out), nil
		}, yaql.P("template", yaql.Any), yaql.P("times", yaql.Integer)),
		yaql.Fn("generateHostname", func(c *yaql.Call) (value.Value, error) {
			return value.String(g.hostname(string(c.Args[0].(value.String)), c.Args[1])), nil
		}, yaql.P("pattern", yaql.String), yaql.P("number", yaql.Integer)),
		yaql.Fn("name", func(c *yaql.Call) (value.Value, error) {
			return nil, yaql.Raise("TypeError", "'method' object is not subscriptable")
		}),
		yaql.Fn("ref", func(c *yaql.Call) (value.Value, error) {
			if svc == nil {
				return nil, yaql.Raise("AttributeError", "'NoneType' object has no attribute 'parameters'")
			}
			return svc.ref(c)
		}, yaql.P("templateName", yaql.String), yaql.Opt("parameterName", yaql.String.OrNull(), value.Null),
			yaql.Opt("idOnly", yaql.Boolean.OrNull(), value.Null)),
		yaql.Fn("encryptData", func(c *yaql.Call) (value.Value, error) {
			return nil, yaql.Raise("KeyManagerError", "Could not find valid key manager credentials in the murano-dashboard config. encryptData yaql function not available")
		}, yaql.P("data", yaql.String)),
	}
}

func (s *service) ref(c *yaql.Call) (value.Value, error) {
	name := string(c.Args[0].(value.String))
	param := name
	if p, ok := c.Args[1].(value.String); ok && p != "" {
		param = string(p)
	}
	key := "#" + param
	data, ok := s.refs[key]
	if !ok {
		tmpl, found := s.templates[name]
		if !found {
			return value.Null, nil
		}
		v, err := resolve(tmpl, c.Ctx)
		if err != nil {
			return nil, err
		}
		data = v
		s.refs[key] = data
	}
	d, isDict := data.(*value.Dict)
	if !isDict {
		return value.Null, nil
	}
	idOnly := c.Args[2]
	header, _ := d.GetString("?")
	hd, _ := header.(*value.Dict)
	var id value.Value
	if hd != nil {
		id, _ = hd.GetString("id")
	}
	if _, isID := id.(*objectID); !isID {
		if hd == nil {
			hd = value.NewDict(1)
			d.SetString("?", hd)
		}
		hd.SetString("id", &objectID{s.gen.uuid()})
		if value.IsNull(idOnly) {
			idOnly = value.Bool(false)
		}
	} else if value.IsNull(idOnly) {
		idOnly = value.Bool(true)
	}
	if value.Truth(idOnly) {
		v, _ := hd.GetString("id")
		return v, nil
	}
	return d, nil
}

// resolve is the dashboard's helpers.evaluate: every unevaluated
// expression in v is evaluated in ctx, and its result resolved again;
// dictionaries (keys included) and lists are walked.
func resolve(v value.Value, ctx *yaql.Context) (value.Value, error) {
	switch x := v.(type) {
	case *rawExpr:
		r, err := x.stmt.Evaluate(context.Background(), ctx, nil)
		if err != nil {
			return nil, &evalError{expr: x, err: err}
		}
		return resolve(r, ctx)
	case *value.Dict:
		out := value.NewDict(x.Len())
		for i, k := range x.Keys() {
			rk, err := resolve(k, ctx)
			if err != nil {
				return nil, err
			}
			rv, err := resolve(x.Values()[i], ctx)
			if err != nil {
				return nil, err
			}
			if err := out.Set(rk, rv); err != nil {
				return nil, err
			}
		}
		return out, nil
	case *value.List:
		items := make([]value.Value, len(x.Items))
		for i, it := range x.Items {
			r, err := resolve(it, ctx)
			if err != nil {
				return nil, err
			}
			items[i] = r
		}
		return &value.List{Items: items, Mutable: x.Mutable}, nil
	}
	return v, nil
}

// evalError is a YAQL failure of an expression written in ui.yaml.
type evalError struct {
	expr *rawExpr
	err  error
}

func (e *evalError) Error() string { return e.err.Error() }
func (e *evalError) Unwrap() error { return e.err }

// asError converts an evaluation failure into the exception the
// dashboard would raise, positioned at the expression.
func asError(err error) *Error {
	var de *Error
	if errors.As(err, &de) {
		return de
	}
	out := &Error{Type: "Exception", Message: err.Error()}
	var ee *evalError
	if errors.As(err, &ee) {
		out.Pos = ee.expr.node.Span
	}
	var ye *yaql.Error
	var se *syntax.Error
	switch {
	case errors.As(err, &ye):
		out.Type, out.Message = ye.Class, ye.Msg
	case errors.As(err, &se):
		out.Type, out.Message = se.Class, se.Msg
	}
	return out
}
