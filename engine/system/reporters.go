// This file defines io.murano.system.StatusReporter (the deployment log)
// and io.murano.system.InstanceNotifier (the inventory).

package system

import (
	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// environmentOf is the id of an environment given as an object or an id.
func environmentOf(nc *dsl.NativeCall) string {
	for _, kw := range nc.Kwargs {
		if kw.Name != "environment" {
			continue
		}
		if o, ok := kw.Value.(*dsl.Object); ok {
			return o.ID()
		}
		if !value.IsNull(kw.Value) {
			return value.Str(kw.Value)
		}
	}
	return ""
}

// notifierInit is the constructor of both classes: the environment's id,
// and the id of the notifier's publisher, which the reference draws from
// the same source as object ids.
func notifierInit(nc *dsl.NativeCall) (value.Value, error) {
	*nc.State(func() any { return new(string) }).(*string) = environmentOf(nc)
	nc.Executor().NewID()
	return value.Null, nil
}

func environmentID(nc *dsl.NativeCall) string {
	return *nc.State(func() any { return new(string) }).(*string)
}

// entityID is the id of the object reported on, or the environment's.
func entityID(nc *dsl.NativeCall, v value.Value) string {
	if o, ok := v.(*dsl.Object); ok {
		return o.ID()
	}
	return environmentID(nc)
}

func statusReporterClass(h *Host) *dsl.NativeClass {
	report := func(name, level string) dsl.NativeMethodSpec {
		return dsl.NativeMethodSpec{Name: name, Params: []yaql.Param{yaql.P("instance", yaql.Any), yaql.P("msg", yaql.Any)}, Impl: func(nc *dsl.NativeCall) (value.Value, error) {
			h.Report(Report{Level: level, Text: value.Str(nc.Arg(1)), Entity: entityID(nc, nc.Arg(0))})
			return value.Null, nil
		}}
	}
	return &dsl.NativeClass{
		Name:       "io.murano.system.StatusReporter",
		InitParams: []string{"environment"},
		Init:       notifierInit,
		Methods:    []dsl.NativeMethodSpec{report("report", "info"), report("reportError", "error"), report("report_error", "error")},
	}
}

func instanceNotifierClass(h *Host) *dsl.NativeClass {
	track := func(name string, typ int, tracking bool, params ...yaql.Param) dsl.NativeMethodSpec {
		return dsl.NativeMethodSpec{Name: name, Params: append([]yaql.Param{yaql.P("instance", yaql.Any)}, params...), Impl: func(nc *dsl.NativeCall) (value.Value, error) {
			o, ok := nc.Arg(0).(*dsl.Object)
			if !ok {
				return nil, dsl.PyErr("AttributeError", "'"+pyType(nc.Arg(0))+"' object has no attribute 'id'")
			}
			e := InstanceEvent{Event: "untrack_instance", Instance: o.ID(), Type: typ}
			if tracking {
				e.Event, e.TypeName = "track_instance", o.Real().Class().Name
				e.Title, e.UnitCount = value.Null, value.Int(1)
				if typ == ApplicationInstance {
					e.Title, e.UnitCount = nc.Arg(1), nc.Arg(2)
				}
			}
			h.Track(e)
			return value.Null, nil
		}}
	}
	return &dsl.NativeClass{
		Name:       "io.murano.system.InstanceNotifier",
		InitParams: []string{"environment"},
		Init:       notifierInit,
		Methods: []dsl.NativeMethodSpec{
			track("trackApplication", ApplicationInstance, true, yaql.Opt("title", yaql.Any, value.Null), yaql.Opt("unitCount", yaql.Any, value.Null)),
			track("untrackApplication", ApplicationInstance, false),
			track("trackCloudInstance", CloudInstance, true),
			track("untrackCloudInstance", CloudInstance, false),
		},
	}
}
