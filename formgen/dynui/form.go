// This file builds the forms of one request (the dashboard rebuilds its
// Service and every form class on each request of the wizard) and
// validates a posted step.

package dynui

import (
	"context"
	"regexp"
	"strings"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// ManagementForm is the name of the wizard's last step.
const ManagementForm = "workflowManagement"

// Form is a step of the wizard as rendered in one request.
type Form struct {
	Index  int
	Name   string
	Title  string
	Fields []*Field

	spec       *FormSpec
	validators []*decl.Node
}

// Field returns the field with the name, or nil.
func (f *Form) Field(name string) *Field {
	for _, fl := range f.Fields {
		if fl.Name == name {
			return fl
		}
	}
	return nil
}

// request is one request of the wizard: a fresh Service and its forms,
// seeing the session's cleaned data.
type request struct {
	w     *Wizard
	def   *Definition
	svc   *service
	forms []*Form
}

// newRequest rebuilds the service (parameters, ParametersSource) and all
// forms.
func (w *Wizard) newRequest() (*request, error) {
	r := &request{w: w, def: w.def}
	if err := r.newService(); err != nil {
		return nil, err
	}
	for i, spec := range w.def.Forms {
		f, err := r.buildForm(i, spec)
		if err != nil {
			return nil, err
		}
		r.forms = append(r.forms, f)
	}
	wm, err := r.managementForm(len(r.forms))
	if err != nil {
		return nil, err
	}
	if wm != nil {
		r.forms = append(r.forms, wm)
	}
	return r, nil
}

func (r *request) newService() error {
	d, w := r.def, r.w
	params := value.NewDict(len(d.Parameters))
	for _, p := range d.Parameters {
		_ = params.Set(value.String(p.Name), d.toValue(p.Value))
	}
	if d.ParametersSource != nil {
		call, result := w.callParametersSource()
		w.ParametersSourceCalls = append(w.ParametersSourceCalls, call)
		if res, ok := result.(*value.Dict); ok && res.Len() > 0 {
			for i, k := range res.Keys() {
				_ = params.Set(k, res.Values()[i])
			}
		}
	}
	svc := &service{def: d, gen: w.gen, params: map[string]value.Value{}, refs: map[string]value.Value{}, templates: map[string]value.Value{}}
	for _, t := range d.Templates {
		svc.templates[t.Name] = d.toValue(t.Value)
	}
	svc.ctx = legacyRoot.Child()
	svc.ctx.Register(dashboardFuncs(w.gen, svc)...)
	svc.ctx = svc.ctx.Child()
	for i, k := range params.Keys() {
		name, ok := k.(value.String)
		if !ok || name == "" || !unicode1IsAlpha(string(name)) {
			continue
		}
		v, err := resolve(params.Values()[i], svc.ctx)
		if err != nil {
			return asError(err)
		}
		svc.params[string(name)] = v
		svc.ctx.Set(string(name), v)
	}
	r.svc = svc
	return nil
}

// evalAttr evaluates a YAQL-valued field attribute with the session's
// cleaned data as $.
func (r *request) evalAttr(x *rawExpr) (value.Value, error) {
	if r.def.contextClash != nil {
		return nil, r.def.contextClash
	}
	v, err := x.stmt.Evaluate(context.Background(), r.svc.ctx, value.WithLists(r.w.data, false))
	if err != nil {
		return nil, asError(&evalError{expr: x, err: err})
	}
	return v, nil
}

func (r *request) buildForm(i int, spec *FormSpec) (*Form, error) {
	f := &Form{Index: i, Name: spec.Name, spec: spec, validators: spec.Validators}
	if spec.Title != nil {
		f.Title = spec.Title.Text()
	}
	for _, fs := range spec.Fields {
		fl, err := r.buildField(fs)
		if err != nil {
			return nil, err
		}
		f.Fields = append(f.Fields, fl)
	}
	f.Fields = withClones(f.Fields)
	return f, nil
}

// withClones inserts the confirmation field after each password field
// that asks for one.
func withClones(fields []*Field) []*Field {
	var out []*Field
	for _, fl := range fields {
		out = append(out, fl)
		if fl.Kind == Password && fl.confirmInput && !fl.clone {
			c := *fl
			c.Name = fl.Name + "-clone"
			c.clone = true
			c.label = value.String("Confirm password")
			c.HelpText = "Retype your password"
			c.errorMessages = map[string]string{}
			for k, v := range fl.errorMessages {
				c.errorMessages[k] = v
			}
			c.errorMessages["required"] = "Please confirm your password"
			c.props = map[string]*rawExpr{}
			for k, v := range fl.props {
				if k != "label" {
					c.props[k] = v
				}
			}
			out = append(out, &c)
		}
	}
	return out
}

var managementYAML = []byte(`- name: stay_at_the_catalog
  type: boolean
  initial: false
  required: false
  label: 'Continue application adding'
  description: 'If checked, you will be returned to the Catalog page. If not - to the Environment page, where you can deploy the application.'
`)

// managementForm is the workflowManagement step; nil when the nested
// wizard drops it.
func (r *request) managementForm(i int) (*Form, error) {
	new22 := r.def.atLeast22()
	if r.w.opts.Nested && !new22 {
		return nil, nil
	}
	f := &Form{Index: i, Name: ManagementForm}
	if r.w.management == nil {
		r.w.management = managementSpecs(r.w.opts.FQN)
	}
	specs := r.w.management
	for j, fs := range specs {
		if j == 0 && !new22 {
			continue
		}
		if r.w.opts.Nested && fs.Get("name").Text() == "stay_at_the_catalog" {
			continue
		}
		fl, err := r.buildField(fs)
		if err != nil {
			return nil, err
		}
		f.Fields = append(f.Fields, fl)
	}
	return f, nil
}

func managementSpecs(fqn string) []*decl.Node {
	parts := strings.Split(fqn, ".")
	name := parts[len(parts)-1]
	src := `- name: application_name
  type: string
  description: 'Enter a desired name for the application. Just A-Z, a-z, 0-9, dash and underline are allowed'
  label: 'Application Name'
  regexpValidator: '^[-\w]+$'
  initial: ` + value.QuoteString(name) + "\n" + string(managementYAML)
	src = strings.Replace(src, "initial: '", "initial: !!str '", 1)
	_, docs, _ := decl.DecodeYAML("workflowManagement", []byte(src), yamlRule)
	return docs[0].Items
}

// validators builds a field's validators from its validators argument
// (a list of {expr, message}, or the regexpValidator's).
func (r *request) validators(f *Field, v value.Value, kw kwarg) ([]validator, *Error) {
	list, ok := v.(*value.List)
	if !ok {
		if isEmpty(v) {
			return nil, nil
		}
		return nil, errorf(kw.at, "TypeError", "'%s' object is not iterable", v.Type())
	}
	var out []validator
	for _, item := range list.Items {
		switch x := item.(type) {
		case *regexSpec:
			re, err := r.def.compileRegex(x)
			if err != nil {
				e := asError(err)
				e.Pos = kw.at
				return nil, e
			}
			out = append(out, regexValidator(re))
			msg := f.userMessages["invalid"]
			f.js = append(f.js, jsValidator{Regex: x.pattern, Message: msg})
		case *value.Dict:
			expr, _ := x.GetString("expr")
			msgV, hasMsg := x.GetString("message")
			msg := ""
			if hasMsg {
				msg = pyStr(msgV)
			}
			if spec := nestedRegex(expr); spec != nil {
				re, err := r.def.compileRegex(spec)
				if err != nil {
					e := asError(err)
					e.Pos = kw.at
					return nil, e
				}
				out = append(out, validator{name: "_validator", message: msg, check: func(v value.Value) (bool, map[string]value.Value, error) {
					ok, err := re.search(pyStr(v))
					return ok, nil, err
				}})
				f.js = append(f.js, jsValidator{Regex: spec.pattern, Message: msg})
			} else if ex, ok := expr.(*rawExpr); ok {
				out = append(out, yaqlValidator(ex, msg))
			}
		default:
			return nil, errorf(kw.at, "AttributeError", "'%s' object has no attribute 'get'", item.Type())
		}
	}
	return out, nil
}

// nestedRegex is get_regex_validator: expr['validators'][0] when it is a
// regexpValidator.
func nestedRegex(expr value.Value) *regexSpec {
	d, ok := expr.(*value.Dict)
	if !ok {
		return nil
	}
	vs, _ := d.GetString("validators")
	l, ok := vs.(*value.List)
	if !ok || len(l.Items) == 0 {
		return nil
	}
	spec, _ := l.Items[0].(*regexSpec)
	return spec
}

// yaqlValidator is make_yaql_validator: the expression sees only the
// field's value, in a fresh legacy context without the dashboard's
// functions.
func yaqlValidator(x *rawExpr, msg string) validator {
	return validator{name: "validator_func", message: msg, check: func(v value.Value) (bool, map[string]value.Value, error) {
		res, err := x.stmt.Evaluate(context.Background(), legacyRoot, v)
		if err != nil {
			return false, nil, asError(&evalError{expr: x, err: err})
		}
		return value.Truth(res), nil, nil
	}}
}

var alphaFirst = regexp.MustCompile(`^\pL`)

// unicode1IsAlpha is str.isalpha() of the first character.
func unicode1IsAlpha(s string) bool { return alphaFirst.MatchString(s) }

// formContext is the context of form-level validators: the legacy
// library and the dashboard's functions, without parameters or service.
func (w *Wizard) formContext() *yaql.Context {
	c := legacyRoot.Child()
	c.Register(dashboardFuncs(w.gen, nil)...)
	return c
}

// StepTitle is the title of the step in the wizard's step list: "Step N"
// unless the form's region set one.
func (f *Form) StepTitle() string {
	if f.Title != "" {
		return f.Title
	}
	return "Step " + itoa(f.Index+1)
}
