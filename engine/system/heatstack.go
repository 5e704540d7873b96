// This file defines io.murano.system.HeatStack: a Heat stack as the core
// library builds it up — the template read back from Heat, merged with
// fragments, pushed when it changed — with the reference's waits on the
// stack's status.

package system

import (
	"errors"
	"slices"
	"strings"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// templateVersion is the only heat_template_version updateTemplate takes.
const templateVersion = "2013-05-23"

// Seconds HeatStack waits on the virtual clock: between two polls of a
// stack in progress, and before retrying an operation Heat refused with a
// conflict.
const (
	pollInterval  = 2
	conflictPause = 3
	// asyncPushDelay is how long an asynchronous push waits to start.
	asyncPushDelay = 1
)

// heatStack is the native state of a HeatStack object.
type heatStack struct {
	host                      *Host
	name, description, region string
	// template is nil until read from Heat or set.
	template          *value.Dict
	parameters, files *value.Dict
	environment       value.Value
	applied           bool
	tags              string
	created, updated  string
	timestamped       bool // created/updated hold the last stack seen
	// pending is set while an asynchronous push waits to run.
	pending bool
}

func heatStackClass(h *Host) *dsl.NativeClass {
	method := func(name string, impl func(*heatStack, *dsl.NativeCall) (value.Value, error), params ...yaql.Param) dsl.NativeMethodSpec {
		return dsl.NativeMethodSpec{Name: name, Params: params, Impl: func(nc *dsl.NativeCall) (value.Value, error) {
			return impl(stackOf(nc, h), nc)
		}}
	}
	return &dsl.NativeClass{
		Name:       "io.murano.system.HeatStack",
		InitParams: []string{"name", "description", "regionName"},
		Init: func(nc *dsl.NativeCall) (value.Value, error) {
			s := stackOf(nc, h)
			for _, kw := range nc.Kwargs {
				switch kw.Name {
				case "name":
					s.name = value.Str(kw.Value)
				case "description":
					if !value.IsNull(kw.Value) {
						s.description = value.Str(kw.Value)
					}
				case "regionName":
					if !value.IsNull(kw.Value) {
						s.region = value.Str(kw.Value)
					}
				}
			}
			return value.Null, nil
		},
		Methods: []dsl.NativeMethodSpec{
			method("current", (*heatStack).current),
			method("parameters", func(s *heatStack, nc *dsl.NativeCall) (value.Value, error) {
				if _, err := s.current(nc); err != nil {
					return nil, err
				}
				return s.parameters.Copy(), nil
			}),
			method("reload", func(s *heatStack, nc *dsl.NativeCall) (value.Value, error) {
				s.template = nil
				s.parameters = value.NewDict(0)
				return s.current(nc)
			}),
			method("setTemplate", func(s *heatStack, nc *dsl.NativeCall) (value.Value, error) {
				t, err := dictArg(nc, 0)
				if err != nil {
					return nil, err
				}
				s.template, s.parameters, s.applied = t, value.NewDict(0), false
				return value.Null, nil
			}, yaql.P("template", yaql.Any)),
			method("setParameters", func(s *heatStack, nc *dsl.NativeCall) (value.Value, error) {
				p, err := dictArg(nc, 0)
				s.parameters, s.applied = p, false
				return value.Null, err
			}, yaql.P("parameters", yaql.Any)),
			method("setFiles", func(s *heatStack, nc *dsl.NativeCall) (value.Value, error) {
				f, err := dictArg(nc, 0)
				s.files, s.applied = f, false
				return value.Null, err
			}, yaql.P("files", yaql.Any)),
			method("setHotEnvironment", func(s *heatStack, nc *dsl.NativeCall) (value.Value, error) {
				s.environment, s.applied = nc.Arg(0), false
				return value.Null, nil
			}, yaql.P("hotEnvironment", yaql.Any)),
			method("updateTemplate", (*heatStack).updateTemplate, yaql.P("template", yaql.Any)),
			method("output", func(s *heatStack, nc *dsl.NativeCall) (value.Value, error) {
				if s.pending {
					if err := nc.Sleep(asyncPushDelay); err != nil {
						return nil, err
					}
					if err := s.pushNow(nc.Sleep); err != nil {
						return nil, err
					}
				}
				return s.waitState(nc.Sleep, func(string) bool { return true }, false)
			}),
			method("push", (*heatStack).push, pushParams(h)...),
			method("delete", func(s *heatStack, nc *dsl.NativeCall) (value.Value, error) {
				s.cancelPush()
				return value.Null, s.delete(nc.Sleep)
			}),
		},
	}
}

func stackOf(nc *dsl.NativeCall, h *Host) *heatStack {
	return nc.State(func() any {
		return &heatStack{host: h, parameters: value.NewDict(0), files: value.NewDict(0), environment: value.NewDict(0), applied: true}
	}).(*heatStack)
}

// dictArg returns the i-th argument, which must be a dictionary.
func dictArg(nc *dsl.NativeCall, i int) (*value.Dict, error) {
	d, ok := nc.Arg(i).(*value.Dict)
	if !ok {
		return nil, dsl.PyErr("AttributeError", "'"+pyType(nc.Arg(i))+"' object has no attribute 'get'")
	}
	return d, nil
}

// current returns the template, read from Heat the first time: the
// stack's template and parameters (less Heat's own), or {} when there
// is no stack.
func (s *heatStack) current(*dsl.NativeCall) (value.Value, error) {
	if s.template != nil {
		return s.template, nil
	}
	info, err := s.host.Heat.Get(s.name)
	if isNotFound(err) {
		s.applied, s.template, s.parameters = true, value.NewDict(0), value.NewDict(0)
		return value.NewDict(0), nil
	}
	if err != nil {
		return nil, heatError(err)
	}
	t, err := s.host.Heat.Template(s.name)
	if err != nil {
		return nil, heatError(err)
	}
	s.template = t
	for i, k := range info.Parameters.Keys() {
		if !strings.HasPrefix(value.Str(k), "OS::") {
			s.parameters.SetString(value.Str(k), info.Parameters.Values()[i])
		}
	}
	s.applied = true
	return t.Copy(), nil
}

func (s *heatStack) updateTemplate(nc *dsl.NativeCall) (value.Value, error) {
	t, err := dictArg(nc, 0)
	if err != nil {
		return nil, err
	}
	if v, ok := t.GetString("heat_template_version"); ok && !value.Equal(v, value.String(templateVersion)) {
		return nil, &dsl.PyError{Module: "murano.engine.system.heat_stack", Class: "HeatStackError",
			Msg: "Currently only heat_template_version " + templateVersion + " is supported."}
	}
	cur, err := s.current(nc)
	if err != nil {
		return nil, err
	}
	merged, err := mergeDicts(s.template, t)
	if err != nil {
		return nil, err
	}
	s.template = merged
	s.applied = s.applied && value.Equal(merged, cur)
	return value.Null, nil
}

func (s *heatStack) push(nc *dsl.NativeCall) (value.Value, error) {
	if s.applied || s.template == nil {
		return value.Null, nil
	}
	s.tags = strings.Join(s.host.StackTags, ",")
	if _, ok := s.template.GetString("heat_template_version"); !ok {
		s.template.SetString("heat_template_version", value.String(templateVersion))
	}
	if _, ok := s.template.GetString("description"); !ok && s.description != "" {
		s.template.SetString("description", value.String(s.description))
	}
	s.cancelPush()
	if value.Truth(nc.Arg(0)) || s.host.FixAsyncPush && value.Truth(nc.Arg(1)) {
		s.pending = true
		s.host.pendingPushes = append(s.host.pendingPushes, s)
		return value.Null, nil
	}
	return value.Null, s.pushNow(nc.Sleep)
}

// pushNow pushes the template and waits until Heat is done, retrying
// while Heat reports a conflict.
func (s *heatStack) pushNow(sleep func(float64) error) error {
	s.pending = false
	// What the push sends stays as it is: merges build new dictionaries
	// and MuranoPL data does not change, so only the top level, which
	// push itself completes, is copied.
	template := s.template.Copy()
	for {
		err := s.pushOnce(sleep, template)
		if isConflict(err) {
			if err := sleep(conflictPause); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return err
		}
		break
	}
	s.applied = value.Equal(s.template, template)
	return nil
}

// cancelPush forgets the asynchronous push that has not run yet.
func (s *heatStack) cancelPush() {
	if !s.pending {
		return
	}
	s.pending = false
	s.host.pendingPushes = slices.DeleteFunc(s.host.pendingPushes, func(p *heatStack) bool { return p == s })
}

// pushParams are push's parameters: isAsync, and with the fix of
// murano's asynchronous push the core library's async.
func pushParams(h *Host) []yaql.Param {
	params := []yaql.Param{yaql.Opt("isAsync", yaql.Any, value.Bool(false))}
	if h.FixAsyncPush {
		params = append(params, yaql.Opt("async", yaql.Any, value.Bool(false)))
	}
	return params
}

// FinishSession runs what the end of an execution session waits for:
// the asynchronous pushes, which start a second after they were asked
// for, in the order they were.
func (h *Host) FinishSession(sleep func(float64) error) error {
	if len(h.pendingPushes) == 0 {
		return nil
	}
	if err := sleep(asyncPushDelay); err != nil {
		return err
	}
	for len(h.pendingPushes) > 0 {
		s := h.pendingPushes[0]
		h.pendingPushes = h.pendingPushes[1:]
		if s.pending {
			if err := s.pushNow(sleep); err != nil {
				return err
			}
		}
	}
	return nil
}

// pushOnce creates, updates or deletes the stack to match template and
// waits until Heat is done.
func (s *heatStack) pushOnce(sleep func(float64) error, template *value.Dict) error {
	status := ""
	if _, err := s.waitState(sleep, func(st string) bool { status = st; return true }, false); err != nil {
		return err
	}
	resources, _ := template.GetString("Resources")
	if resources == nil || !value.Truth(resources) {
		resources, _ = template.GetString("resources")
	}
	if resources == nil || value.IsNull(resources) {
		if status == "NOT_FOUND" {
			return nil
		}
		return s.delete(sleep)
	}
	req := StackRequest{Template: template, Parameters: s.parameters, Files: s.files, Environment: s.environment, Tags: s.tags}
	if status == "NOT_FOUND" {
		if err := s.host.Heat.Create(s.name, req); err != nil {
			return heatError(err)
		}
		_, err := s.waitState(sleep, func(st string) bool { return st == "CREATE_COMPLETE" }, false)
		return err
	}
	if err := s.host.Heat.Update(s.name, req); err != nil {
		return heatError(err)
	}
	_, err := s.waitState(sleep, func(st string) bool { return st == "UPDATE_COMPLETE" }, true)
	return err
}

// delete deletes the stack, if there is one, and waits until it is gone.
func (s *heatStack) delete(sleep func(float64) error) error {
	for {
		cur, err := s.current(nil)
		if err != nil {
			return err
		}
		if cur.(*value.Dict).Len() == 0 {
			return nil
		}
		err = s.deleteOnce(sleep)
		if isNotFound(err) {
			break
		}
		if isConflict(err) {
			if err := sleep(conflictPause); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return err
		}
		break
	}
	s.template, s.applied = value.NewDict(0), true
	return nil
}

func (s *heatStack) deleteOnce(sleep func(float64) error) error {
	if _, err := s.waitState(sleep, func(string) bool { return true }, false); err != nil {
		return err
	}
	if err := s.host.Heat.Delete(s.name); err != nil {
		return heatError(err)
	}
	_, err := s.waitState(sleep, func(st string) bool { return st == "DELETE_COMPLETE" || st == "NOT_FOUND" }, true)
	return err
}

// waitState polls the stack until it is not in progress (and, with
// progress, until its timestamps changed since the last poll), checks
// its status with accept and returns its outputs ({} without a stack).
// Errors other than a missing stack are retried 4 times, waiting 2, 4
// and 8 seconds.
func (s *heatStack) waitState(sleep func(float64) error, accept func(status string) bool, progress bool) (value.Value, error) {
	tries, delay := 4, 1.0
	for {
		info, err := s.host.Heat.Get(s.name)
		status := "NOT_FOUND"
		switch {
		case isNotFound(err):
			info = nil
		case err != nil:
			tries--
			delay *= 2
			if tries == 0 {
				return nil, heatError(err)
			}
			if err := sleep(delay); err != nil {
				return nil, err
			}
			continue
		default:
			status = info.Status
			tries, delay = 4, 1
		}
		if strings.Contains(status, "IN_PROGRESS") {
			if err := sleep(pollInterval); err != nil {
				return nil, err
			}
			continue
		}
		lastCreated, lastUpdated, lastSeen := s.created, s.updated, s.timestamped
		s.created, s.updated, s.timestamped = "", "", info != nil
		if info != nil {
			s.created, s.updated = info.Created, info.Updated
		}
		if progress && lastSeen && s.timestamped && lastCreated == s.created && lastUpdated == s.updated {
			if err := sleep(pollInterval); err != nil {
				return nil, err
			}
			continue
		}
		if !accept(status) {
			reason := ""
			if info != nil {
				reason = ": " + info.Reason
			}
			return nil, dsl.PyErr("OSError", "Unexpected stack state "+status+reason)
		}
		if info == nil || info.Outputs == nil {
			return value.NewDict(0), nil
		}
		if outputs := info.Outputs(); outputs != nil {
			return outputs, nil
		}
		return value.NewDict(0), nil
	}
}

func isNotFound(err error) bool { return heatCode(err) == 404 }

func isConflict(err error) bool { return heatCode(err) == 409 }

// heatCode is the HTTP status of an error of Heat, as Heat gave it or as
// heatclient raised it; 0 for other errors.
func heatCode(err error) int {
	var he *HeatError
	if errors.As(err, &he) {
		return he.Code
	}
	var pe *dsl.PyError
	if errors.As(err, &pe) && pe.Module == "heatclient.exc" {
		for code, class := range heatClasses {
			if class == pe.Class {
				return code
			}
		}
	}
	return 0
}

// heatClasses are heatclient's exceptions by HTTP status.
var heatClasses = map[int]string{400: "HTTPBadRequest", 403: "HTTPForbidden", 404: "HTTPNotFound", 409: "HTTPConflict"}

// heatError is the exception heatclient raises for an error of Heat.
func heatError(err error) error {
	var he *HeatError
	if !errors.As(err, &he) {
		return err
	}
	class := heatClasses[he.Code]
	if class == "" {
		class = "HTTPException"
	}
	return &dsl.PyError{Module: "heatclient.exc", Class: class, Msg: he.Error()}
}
