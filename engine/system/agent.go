// This file defines io.murano.system.Agent, the engine's side of the
// murano agent on a virtual machine — execution plans built from
// templates and the package's scripts, sent to the agent's queue, their
// results waited for on the virtual clock and interpreted — and
// io.murano.system.AgentListener, the region's queue of results.

package system

import (
	"encoding/base64"
	"math"
	"strings"
	"time"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// Queues are the message queues between the engine and the agents.
type Queues interface {
	// Declare declares a queue; declaring it again does nothing.
	Declare(queue string)
	// Publish puts a message on a queue.
	Publish(queue, id string, body *value.Dict)
	// Take removes and returns the message of queue whose SourceID (or
	// id) is id, after the agents worked through their queues; nil when
	// none arrived.
	Take(queue, id string) *value.Dict
	// Due tells how long until the next message of queue arrives, when
	// one is on its way (a plan that takes time to run).
	Due(queue string) (seconds float64, ok bool)
}

const (
	agentModule     = "murano.engine.system.agent"
	exceptionModule = "murano.common.exceptions"
	scriptsFolder   = "scripts"
)

func agentDisabled() error {
	return &dsl.PyError{Module: exceptionModule, Class: "PolicyViolationException", Msg: "Use of murano-agent is disallowed by the server configuration"}
}

// agent is the native state of an Agent object.
type agent struct {
	host        *dsl.Object
	queue       string
	lastStamp   int64
	initialized bool
}

func agentClass(h *Host) *dsl.NativeClass {
	method := func(name string, impl func(*agent, *dsl.NativeCall) (value.Value, error), params ...yaql.Param) dsl.NativeMethodSpec {
		return dsl.NativeMethodSpec{Name: name, Params: params, Impl: func(nc *dsl.NativeCall) (value.Value, error) {
			return impl(nc.State(func() any { return &agent{} }).(*agent), nc)
		}}
	}
	timeoutOr := func(v value.Value) value.Value {
		if value.IsNull(v) {
			return value.Int(h.AgentTimeout)
		}
		return v
	}
	return &dsl.NativeClass{
		Name:       "io.murano.system.Agent",
		InitParams: []string{"host"},
		Init: func(nc *dsl.NativeCall) (value.Value, error) {
			a := nc.State(func() any { return &agent{} }).(*agent)
			for _, kw := range nc.Kwargs {
				if o, ok := kw.Value.(*dsl.Object); ok && kw.Name == "host" {
					a.host = o.Real()
				}
			}
			if a.host == nil {
				return nil, dsl.PyErr("AttributeError", "'NoneType' object has no attribute 'find_owner'")
			}
			env := findOwner(a.host, "io.murano.Environment")
			if env == nil {
				return nil, dsl.PyErr("ValueError", "Object is not owned by any instance of type io.murano.Environment")
			}
			a.queue = strings.ToLower("e" + env.ID() + "-h" + a.host.ID())
			return value.Null, nil
		},
		Methods: []dsl.NativeMethodSpec{
			method("queueName", func(a *agent, _ *dsl.NativeCall) (value.Value, error) { return value.String(a.queue), nil }),
			method("signingKey", func(*agent, *dsl.NativeCall) (value.Value, error) { return value.String(""), nil },
				yaql.Opt("linePrefix", yaql.String, value.String(""))),
			method("call", func(a *agent, nc *dsl.NativeCall) (value.Value, error) {
				timeout := timeoutOr(nc.Arg(2))
				if h.AgentDisabled {
					return nil, agentDisabled()
				}
				plan, err := a.buildPlan(nc, nc.Arg(0), nc.Arg(1))
				if err != nil {
					return nil, err
				}
				return a.send(nc, h, plan, true, timeout)
			}, yaql.P("template", yaql.Any), yaql.P("resources", yaql.Any), yaql.Opt("timeout", yaql.Any, value.Null)),
			method("send", func(a *agent, nc *dsl.NativeCall) (value.Value, error) {
				if h.AgentDisabled {
					return nil, agentDisabled()
				}
				plan, err := a.buildPlan(nc, nc.Arg(0), nc.Arg(1))
				if err != nil {
					return nil, err
				}
				return a.send(nc, h, plan, false, value.Int(0))
			}, yaql.P("template", yaql.Any), yaql.P("resources", yaql.Any)),
			method("callRaw", func(a *agent, nc *dsl.NativeCall) (value.Value, error) {
				timeout := timeoutOr(nc.Arg(1))
				if h.AgentDisabled {
					return nil, agentDisabled()
				}
				return a.send(nc, h, nc.Arg(0), true, timeout)
			}, yaql.P("plan", yaql.Any), yaql.Opt("timeout", yaql.Any, value.Null)),
			method("sendRaw", func(a *agent, nc *dsl.NativeCall) (value.Value, error) {
				if h.AgentDisabled {
					return nil, agentDisabled()
				}
				return a.send(nc, h, nc.Arg(0), false, value.Int(0))
			}, yaql.P("plan", yaql.Any)),
			method("waitReady", func(a *agent, nc *dsl.NativeCall) (value.Value, error) {
				_, err := a.waitReady(nc, h, nc.Arg(0))
				return value.Null, err
			}, yaql.Opt("timeout", yaql.Any, value.Int(100))),
			method("isReady", func(a *agent, nc *dsl.NativeCall) (value.Value, error) {
				_, err := a.waitReady(nc, h, nc.Arg(0))
				if pe, ok := err.(*dsl.PyError); ok && pe.Module == exceptionModule && pe.Class == "TimeoutException" {
					return value.Bool(false), nil
				}
				return value.Bool(err == nil), err
			}, yaql.Opt("timeout", yaql.Any, value.Int(100))),
		},
	}
}

func (a *agent) waitReady(nc *dsl.NativeCall, h *Host, timeout value.Value) (value.Value, error) {
	if h.AgentDisabled {
		return nil, agentDisabled()
	}
	plan := value.NewDict(3)
	plan.SetString("Body", value.String("return"))
	plan.SetString("FormatVersion", value.String("2.0.0"))
	plan.SetString("Scripts", value.NewDict(0))
	return a.send(nc, h, plan, true, timeout)
}

// findOwner is the nearest owner of o (o itself excluded) that is an
// instance of the class named name.
func findOwner(o *dsl.Object, name string) *dsl.Object {
	for p := o.Owner(); p != nil; p = p.Owner() {
		if isInstance(p, name) {
			return p
		}
	}
	return nil
}

func isInstance(o *dsl.Object, name string) bool {
	c := o.Real().Class()
	if c.Name == name {
		return true
	}
	for _, a := range c.Ancestors() {
		if a.Name == name {
			return true
		}
	}
	return false
}

// send publishes plan to the agent's queue and, when waiting, returns
// the interpreted result, or raises TimeoutException after timeout
// seconds on the virtual clock.
func (a *agent) send(nc *dsl.NativeCall, h *Host, planValue value.Value, wait bool, timeout value.Value) (value.Value, error) {
	plan, ok := planValue.(*value.Dict)
	if !ok {
		return nil, dsl.PyErr("AttributeError", "'"+pyType(planValue)+"' object has no attribute 'get'")
	}
	region, err := nc.CallMethod(a.host, "getRegion", nil, nil)
	if err != nil {
		return nil, err
	}
	if !a.initialized {
		h.Queues.Declare(a.queue)
		a.initialized = true
	}
	id := nc.Executor().NewID()
	if v, ok := plan.GetString("ID"); ok {
		id = value.Str(v)
	}
	var listener *dsl.Object
	if wait {
		regionObj, ok := region.(*dsl.Object)
		if !ok {
			return nil, dsl.PyErr("TypeError", "'NoneType' object is not subscriptable")
		}
		l, err := nc.Property(regionObj, "agentListener")
		if err != nil {
			return nil, err
		}
		if listener, ok = l.(*dsl.Object); !ok {
			return nil, dsl.PyErr("TypeError", "'NoneType' object is not callable")
		}
		if _, err := nc.CallMethod(listener, "subscribe", []value.Value{value.String(id), value.Null}, nil); err != nil {
			return nil, err
		}
	}
	h.Queues.Publish(a.queue, id, plan)
	if !wait {
		return value.Null, nil
	}
	results, err := nc.CallMethod(listener, "queueName", nil, nil)
	if err != nil {
		return nil, err
	}
	h.Queues.Declare(value.Str(results))
	if err := nc.Sleep(0); err != nil {
		return nil, err
	}
	result := h.Queues.Take(value.Str(results), id)
	seconds, _ := value.ToFloat(timeout)
	for result == nil {
		wait, due := h.Queues.Due(value.Str(results))
		if !due || wait > seconds {
			break
		}
		if err := nc.Sleep(wait); err != nil {
			return nil, err
		}
		seconds -= wait
		result = h.Queues.Take(value.Str(results), id)
	}
	if result == nil {
		if err := nc.Sleep(seconds); err != nil {
			return nil, err
		}
		if _, err := nc.CallMethod(listener, "unsubscribe", []value.Value{value.String(id)}, nil); err != nil {
			return nil, err
		}
		return nil, &dsl.PyError{Module: exceptionModule, Class: "TimeoutException",
			Msg: "The murano-agent did not respond within " + value.Str(timeout) + " seconds"}
	}
	format := "1.0.0"
	if v, ok := result.GetString("FormatVersion"); ok {
		format = value.Str(v)
	}
	if strings.HasPrefix(format, "1.") {
		return resultV1(nc, result)
	}
	return resultV2(result)
}

// resultV2 is the value of a version 2 result: its Body, or an
// AgentException describing the error.
func resultV2(result *value.Dict) (value.Value, error) {
	code, _ := result.GetString("ErrorCode")
	if code == nil || !value.Truth(code) {
		body, _ := result.GetString("Body")
		if body == nil {
			body = value.Null
		}
		return body, nil
	}
	body, _ := result.GetString("Body")
	bd, _ := body.(*value.Dict)
	if bd == nil || bd.Len() == 0 {
		bd = value.NewDict(0)
	}
	get := func(d *value.Dict, k string) value.Value {
		if v, ok := d.GetString(k); ok {
			return v
		}
		return value.Null
	}
	err := value.NewDict(5)
	err.SetString("message", get(bd, "Message"))
	err.SetString("details", get(bd, "AdditionalInfo"))
	err.SetString("errorCode", code)
	err.SetString("time", get(result, "Time"))
	extra, _ := bd.Delete(value.String("Message"), value.String("AdditionalInfo"))
	if extra == nil || extra.Len() == 0 {
		err.SetString("extra", value.Null)
	} else {
		err.SetString("extra", extra)
	}
	return nil, agentException(err)
}

// resultV1 is the value of a version 1 (Windows) result: the result of
// its last command, or an AgentException.
func resultV1(nc *dsl.NativeCall, result *value.Dict) (value.Value, error) {
	if v, _ := result.GetString("IsException"); v != nil && value.Truth(v) {
		r, _ := result.GetString("Result")
		return nil, agentException(exceptionInfo(nc, r, "execution_plan"))
	}
	r, _ := result.GetString("Result")
	items, _ := value.Slice(r)
	if len(items) == 0 {
		return nil, dsl.PyErr("IndexError", "list index out of range")
	}
	last, _ := items[len(items)-1].(*value.Dict)
	if last == nil {
		return nil, dsl.PyErr("TypeError", "'"+pyType(items[len(items)-1])+"' object is not subscriptable")
	}
	if v, _ := last.GetString("IsException"); v != nil && value.Truth(v) {
		lr, _ := last.GetString("Result")
		return nil, agentException(exceptionInfo(nc, lr, "command"))
	}
	v, _ := last.GetString("Result")
	if v == nil {
		v = value.Null
	}
	return v, nil
}

func exceptionInfo(nc *dsl.NativeCall, data value.Value, source string) *value.Dict {
	items, _ := value.Slice(data)
	item := func(i int) value.Value {
		if i < len(items) {
			return items[i]
		}
		return value.Null
	}
	info := value.NewDict(6)
	for i, k := range []string{"type", "message", "command", "details"} {
		info.SetString(k, item(i))
	}
	info.SetString("timestamp", value.String(isoTime(nc.Executor().Now())))
	info.SetString("source", value.String(source))
	return info
}

// isoTime is Python's datetime.isoformat() of a time in seconds since
// the Unix epoch, in UTC.
func isoTime(seconds float64) string {
	t := time.Unix(0, int64(math.Round(seconds*1e6))*1000).UTC()
	if t.Nanosecond() == 0 {
		return t.Format("2006-01-02T15:04:05")
	}
	return t.Format("2006-01-02T15:04:05.000000")
}

func agentException(info *value.Dict) error {
	return &dsl.PyError{Module: agentModule, Class: "AgentException", Msg: value.Repr(info)}
}

// buildPlan builds the execution plan of template with the scripts and
// files of resources' package.
func (a *agent) buildPlan(nc *dsl.NativeCall, templateValue, resourcesValue value.Value) (*value.Dict, error) {
	template, ok := templateValue.(*value.Dict)
	if !ok {
		return nil, dsl.PyErr("ValueError", "Incorrect execution plan ")
	}
	template = value.DeepCopy(template).(*value.Dict)
	resources, _ := resourcesValue.(*dsl.Object)
	if resources == nil || !isInstance(resources, "io.murano.system.Resources") {
		return nil, &dsl.PyError{Module: "murano.dsl.exceptions", Class: "ContractViolationException", Msg: "Value " + value.Repr(resourcesValue) + " cannot be represented as class io.murano.system.Resources"}
	}
	format, _ := template.GetString("FormatVersion")
	if format == nil || !value.Truth(format) || strings.HasPrefix(value.Str(format), "1.") {
		return a.buildPlanV1(nc, template, resources)
	}
	return a.buildPlanV2(nc, template, resources)
}

// stamp is the plan's Stamp: the virtual time in 1/10000 s, strictly
// increasing for the agent.
func (a *agent) stamp(nc *dsl.NativeCall) value.Value {
	s := int64(math.Floor(nc.Executor().Now() * 10000))
	if s <= a.lastStamp {
		s = a.lastStamp + 1
	}
	a.lastStamp = s
	return value.Int(s)
}

func (a *agent) buildPlanV1(nc *dsl.NativeCall, template *value.Dict, resources *dsl.Object) (*value.Dict, error) {
	scripts, _ := template.GetString("Scripts")
	names, _ := value.Slice(scripts)
	encoded := make([]value.Value, 0, len(names))
	for _, name := range names {
		body, err := nc.CallMethod(resources, "string", []value.Value{value.String(scriptsFolder + "/" + value.Str(name))}, []yaql.KeywordArg{{Name: "binary", Value: value.Bool(true)}})
		if err != nil {
			return nil, err
		}
		text, err := base64Text(body)
		if err != nil {
			return nil, err
		}
		encoded = append(encoded, value.String(text))
	}
	template.SetString("Scripts", value.NewPyList(encoded))
	template.SetString("Stamp", a.stamp(nc))
	return template, nil
}

func (a *agent) buildPlanV2(nc *dsl.NativeCall, template *value.Dict, resources *dsl.Object) (*value.Dict, error) {
	template.SetString("ID", value.String(nc.Executor().NewID()))
	template.SetString("Stamp", a.stamp(nc))
	if _, ok := template.GetString("Action"); !ok {
		template.SetString("Action", value.String("Execute"))
	}
	if _, ok := template.GetString("Files"); !ok {
		template.SetString("Files", value.NewDict(0))
	}
	filesValue, _ := template.GetString("Files")
	planFiles, ok := filesValue.(*value.Dict)
	if !ok {
		return nil, dsl.PyErr("AttributeError", "'"+pyType(filesValue)+"' object has no attribute 'items'")
	}
	placed := map[string]string{}
	for i, id := range planFiles.Keys() {
		d, ok := planFiles.Values()[i].(*value.Dict)
		if !ok {
			return nil, dsl.PyErr("TypeError", "string indices must be integers")
		}
		name, ok := d.GetString("Name")
		if !ok {
			return nil, dsl.PyErr("KeyError", "'Name'")
		}
		placed[value.Str(name)] = value.Str(id)
	}
	p := &planBuilder{nc: nc, template: template, files: planFiles, placed: placed, resources: resources}
	scriptsValue, _ := template.GetString("Scripts")
	scripts, _ := scriptsValue.(*value.Dict)
	if scripts == nil {
		return template, nil
	}
	for i, nameValue := range scripts.Keys() {
		name := value.Str(nameValue)
		script, ok := scripts.Values()[i].(*value.Dict)
		if !ok {
			return nil, dsl.PyErr("TypeError", "argument of type '"+pyType(scripts.Values()[i])+"' is not iterable")
		}
		entry, ok := script.GetString("EntryPoint")
		if !ok {
			return nil, dsl.PyErr("ValueError", "No entry point in script "+name)
		}
		typ, ok := script.GetString("Type")
		if !ok {
			return nil, dsl.PyErr("KeyError", "'Type'")
		}
		if value.Equal(typ, value.String("Application")) {
			if id, ok := placed[value.Str(entry)]; ok {
				script.SetString("EntryPoint", value.String(id))
			} else {
				id, err := p.place(entry)
				if err != nil {
					return nil, err
				}
				script.SetString("EntryPoint", value.String(id))
			}
		}
		if filesValue, ok := script.GetString("Files"); ok {
			list, _ := value.Slice(filesValue)
			out := make([]value.Value, len(list))
			for j, f := range list {
				name, err := fileName(f)
				if err != nil {
					return nil, err
				}
				if _, ok := placed[name]; !ok {
					id, err := p.place(f)
					if err != nil {
						return nil, err
					}
					out[j] = value.String(id)
					continue
				}
				s, ok := f.(value.String)
				if !ok {
					return nil, dsl.PyErr("TypeError", "unhashable type: '"+pyType(f)+"'")
				}
				out[j] = value.String(placed[string(s)])
			}
			script.SetString("Files", value.NewPyList(out))
		}
	}
	return template, nil
}

// planBuilder places the files of a plan being built.
type planBuilder struct {
	nc        *dsl.NativeCall
	template  *value.Dict
	files     *value.Dict
	placed    map[string]string
	resources *dsl.Object
}

// place adds file (a name in the package's Resources/scripts, "<name>"
// for its base64 form, or {name: URL}) to the plan's Files under a new
// id.
func (p *planBuilder) place(file value.Value) (string, error) {
	fv := fileValue(file)
	name, err := fileName(file)
	if err != nil {
		return "", err
	}
	id := p.nc.Executor().NewID()
	d := value.NewDict(3)
	if isURL(value.Str(fv)) {
		d.SetString("Name", value.String(name))
		d.SetString("URL", fv)
		d.SetString("Type", value.String("Downloadable"))
	} else {
		body, bodyType, err := p.body(value.Str(fv))
		if err != nil {
			return "", err
		}
		d.SetString("Name", value.String(name))
		d.SetString("BodyType", value.String(bodyType))
		d.SetString("Body", body)
	}
	p.files.SetString(id, d)
	p.placed[name] = id
	return id, nil
}

func (p *planBuilder) body(file string) (value.Value, string, error) {
	if inner, ok := base64Name(file); ok {
		raw, err := p.nc.CallMethod(p.resources, "string", []value.Value{value.String(scriptsFolder + "/" + inner)}, []yaql.KeywordArg{{Name: "binary", Value: value.Bool(true)}})
		if err != nil {
			return nil, "", err
		}
		text, err := base64Text(raw)
		if err != nil {
			return nil, "", err
		}
		return value.String(text + "\n"), "Base64", nil
	}
	text, err := p.nc.CallMethod(p.resources, "string", []value.Value{value.String(scriptsFolder + "/" + file)}, nil)
	return text, "Text", err
}

// base64Text encodes a file read as bytes. The reference's Resources
// hands MuranoPL a list of numbers for bytes, which base64 then refuses
// (a bug of murano 14.0.0 the engine keeps).
func base64Text(v value.Value) (string, error) {
	if s, ok := v.(value.String); ok {
		return base64.StdEncoding.EncodeToString([]byte(s)), nil
	}
	return "", dsl.PyErr("TypeError", "a bytes-like object is required, not '"+pyType(v)+"'")
}

func base64Name(file string) (string, bool) {
	if len(file) >= 2 && strings.HasPrefix(file, "<") && strings.HasSuffix(file, ">") {
		return file[1 : len(file)-1], true
	}
	return "", false
}

// fileValue is a file entry's value: the URL of {name: URL}, else the
// entry.
func fileValue(file value.Value) value.Value {
	if d, ok := file.(*value.Dict); ok && d.Len() > 0 {
		return d.Values()[0]
	}
	return file
}

// fileName is the name a file entry gets in the plan.
func fileName(file value.Value) (string, error) {
	name := file
	if d, ok := file.(*value.Dict); ok {
		if d.Len() == 0 {
			return "", dsl.PyErr("IndexError", "list index out of range")
		}
		name = d.Keys()[0]
	}
	s := value.Str(name)
	if isURL(s) {
		return s[strings.LastIndex(s, "/")+1:], nil
	}
	if inner, ok := base64Name(s); ok {
		return inner, nil
	}
	return s, nil
}

// isURL is Python's urlsplit finding a scheme and a network location.
func isURL(s string) bool {
	colon := strings.IndexByte(s, ':')
	if colon <= 0 {
		return false
	}
	for i, r := range s[:colon] {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !letter && (i == 0 || !(r >= '0' && r <= '9' || r == '+' || r == '-' || r == '.')) {
			return false
		}
	}
	rest := s[colon+1:]
	if !strings.HasPrefix(rest, "//") {
		return false
	}
	host := rest[2:]
	if end := strings.IndexAny(host, "/?#"); end >= 0 {
		host = host[:end]
	}
	return host != ""
}

func agentListenerClass(h *Host) *dsl.NativeClass {
	type listener struct{ queue string }
	state := func(nc *dsl.NativeCall) *listener {
		return nc.State(func() any { return &listener{} }).(*listener)
	}
	checked := func(name string, params ...yaql.Param) dsl.NativeMethodSpec {
		return dsl.NativeMethodSpec{Name: name, Params: params, Impl: func(*dsl.NativeCall) (value.Value, error) {
			if h.AgentDisabled {
				return nil, agentDisabled()
			}
			return value.Null, nil
		}}
	}
	noop := func(name string) dsl.NativeMethodSpec {
		return dsl.NativeMethodSpec{Name: name, Impl: func(*dsl.NativeCall) (value.Value, error) { return value.Null, nil }}
	}
	return &dsl.NativeClass{
		Name:       "io.murano.system.AgentListener",
		InitParams: []string{"name"},
		Init: func(nc *dsl.NativeCall) (value.Value, error) {
			for _, kw := range nc.Kwargs {
				if kw.Name == "name" {
					state(nc).queue = "-execution-results-" + strings.ToLower(value.Str(kw.Value))
				}
			}
			return value.Null, nil
		},
		Methods: []dsl.NativeMethodSpec{
			{Name: "queueName", Impl: func(nc *dsl.NativeCall) (value.Value, error) { return value.String(state(nc).queue), nil }},
			noop("start"),
			noop("stop"),
			checked("subscribe", yaql.P("messageId", yaql.Any), yaql.P("event", yaql.Any)),
			checked("unsubscribe", yaql.P("messageId", yaql.Any)),
		},
	}
}
