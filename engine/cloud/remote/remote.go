// Package remote carries the simulated cloud's service (cloud.Service)
// across a boundary that only JSON crosses: a [Server] holds clouds and
// answers calls by method name, a [Client] is a cloud.Service that makes
// those calls. The browser runs the cloud as a WebAssembly module of its
// own beside the engine's, so that the engine's module stays small; the
// two talk through this protocol.
//
// A call is a method name and a JSON object of parameters; the answer is
// {"ok": true, "result": …} or {"ok": false, "error": {"kind", "status",
// "message"}}: kind "heat" and "neutron" for the errors of those APIs,
// which the caller handles, "error" for a call the server could not
// answer, which ends the client.
// "open" makes a cloud (new, or from a saved state) and names its handle;
// every other call names the handle and the time of the engine's clock.
package remote

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"murano.dev/playground/engine/cloud"
	"murano.dev/playground/engine/cloud/agent"
)

// OpenParams are the parameters of "open".
type OpenParams struct {
	Seed    int64          `json:"seed"`
	Faults  []cloud.Fault  `json:"faults"`
	Scripts agent.Strategy `json:"scripts"`
	// State is a state that Save wrote; absent or null: a new cloud.
	State json.RawMessage `json:"state"`
	// Now is the time when the cloud opens, in microseconds since 1970.
	Now int64 `json:"now"`
	// Durations makes the cloud's work take virtual time.
	Durations bool `json:"durations"`
}

// opened is the result of "open": the handle, and what a cloud says of
// itself without being asked again.
type opened struct {
	Cloud                 string         `json:"cloud"`
	Catalog               *cloud.Catalog `json:"catalog"`
	AgentDisabled         bool           `json:"agentDisabled"`
	RouterCreationAllowed bool           `json:"routerCreationAllowed"`
}

// callError is the error of an answer.
type callError struct {
	Kind    string `json:"kind"`
	Status  int    `json:"status,omitempty"`
	Message string `json:"message"`
}

func errorOf(err error) *callError {
	var he *cloud.HeatError
	var ne *cloud.NeutronError
	switch {
	case errors.As(err, &he):
		return &callError{Kind: "heat", Status: he.Status, Message: he.Message}
	case errors.As(err, &ne):
		return &callError{Kind: "neutron", Status: ne.Status, Message: ne.Message}
	}
	return &callError{Kind: "error", Message: err.Error()}
}

func (e *callError) Error() string { return e.Message }

func (e *callError) err() error {
	switch e.Kind {
	case "heat":
		return &cloud.HeatError{Status: e.Status, Message: e.Message}
	case "neutron":
		return &cloud.NeutronError{Status: e.Status, Message: e.Message}
	}
	return errors.New(e.Message)
}

// Server holds the clouds opened through it, by handle.
type Server struct {
	mu     sync.Mutex
	next   int
	clouds map[string]*hosted
}

// hosted is a cloud and the time its clock reads: the time of the call
// being answered.
type hosted struct {
	c   *cloud.Cloud
	now time.Time
}

// NewServer returns a server holding no cloud.
func NewServer() *Server { return &Server{clouds: map[string]*hosted{}} }

// answerPrefix starts every answer that has a result; the client reads
// the result that follows without decoding the answer around it.
const answerPrefix = `{"ok":true,"result":`

// Call answers one call. It never fails: errors are in the answer.
func (s *Server) Call(method string, params []byte) []byte {
	result, err := s.call(method, params)
	if err == nil {
		out := []byte(answerPrefix)
		if out, err = appendResult(out, result); err == nil {
			return append(out, '}')
		}
	}
	out, _ := json.Marshal(struct {
		OK    bool       `json:"ok"`
		Error *callError `json:"error"`
	}{false, errorOf(err)})
	return out
}

// appendResult writes a result: the cloud's values as the cloud writes
// them, the stack and the record as such values, the rest with
// encoding/json.
func appendResult(b []byte, result any) ([]byte, error) {
	switch x := result.(type) {
	case *cloud.StackInfo:
		outputs := make([]any, len(x.Outputs))
		for i, o := range x.Outputs {
			outputs[i] = o
		}
		return cloud.AppendJSON(b, cloud.NewMap("name", x.Name, "id", x.ID, "status", x.Status, "reason", x.Reason,
			"parameters", x.Parameters, "outputs", outputs, "creationTime", x.CreationTime, "updatedTime", x.UpdatedTime, "tags", x.Tags))
	case *cloud.Record:
		return cloud.AppendJSON(b, recordValue(x))
	case *cloud.Map, []any, nil:
		return cloud.AppendJSON(b, x)
	case []*cloud.Map:
		items := make([]any, len(x))
		for i, m := range x {
			items[i] = m
		}
		return cloud.AppendJSON(b, items)
	case json.RawMessage:
		return append(b, x...), nil
	}
	data, err := json.Marshal(result)
	return append(b, data...), err
}

// recordValue is the record as the server sends it: the Heat calls
// without their templates, which the client has (it sent them).
func recordValue(rec *cloud.Record) *cloud.Map {
	heat := make([]any, len(rec.Heat))
	for i, h := range rec.Heat {
		heat[i] = cloud.NewMap("op", h.Op, "stack", h.Stack)
	}
	agent := make([]any, len(rec.Agent))
	for i, a := range rec.Agent {
		agent[i] = cloud.NewMap("queue", a.Queue, "plan", a.Plan, "result", a.Result, "dropped", a.Dropped)
	}
	reports := make([]any, len(rec.Reports))
	for i, r := range rec.Reports {
		reports[i] = cloud.NewMap("level", r.Level, "text", r.Text, "entity", r.Entity)
	}
	instances := make([]any, len(rec.Instances))
	for i, e := range rec.Instances {
		instances[i] = cloud.NewMap("event", e.Event, "instance", e.Instance, "type", e.Type, "typeName", e.TypeName,
			"title", e.Title, "unitCount", e.UnitCount)
	}
	return cloud.NewMap("heat", heat, "agent", agent, "reports", reports, "instances", instances)
}

func (s *Server) call(method string, params []byte) (any, error) {
	if method == "open" {
		return s.open(params)
	}
	v, err := cloud.DecodeJSON(params)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", method, err)
	}
	p, ok := v.(*cloud.Map)
	if !ok {
		return nil, fmt.Errorf("%s: the parameters are not a JSON object", method)
	}
	handle, _ := p.Value("cloud").(string)
	now, _ := p.Value("now").(int64)
	s.mu.Lock()
	h := s.clouds[handle]
	if method == "close" {
		delete(s.clouds, handle)
	}
	s.mu.Unlock()
	if h == nil {
		return nil, fmt.Errorf("%s: no cloud %q", method, handle)
	}
	h.now = time.UnixMicro(now).UTC()
	return answer(h.c, method, p)
}

func (s *Server) open(params []byte) (any, error) {
	var p OpenParams
	if err := json.Unmarshal(params, &p); err != nil {
		return nil, fmt.Errorf("open: %v", err)
	}
	scripts, err := p.Scripts.Scripts()
	if err != nil {
		return nil, err
	}
	h := &hosted{now: time.UnixMicro(p.Now).UTC()}
	opts := cloud.Options{Seed: p.Seed, Faults: p.Faults, Scripts: scripts, Clock: func() time.Time { return h.now }, Durations: p.Durations}
	if len(p.State) > 0 && string(p.State) != "null" {
		h.c, err = cloud.Load(p.State, opts)
	} else {
		h.c = cloud.New(opts)
	}
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.next++
	handle := "cloud-" + strconv.Itoa(s.next)
	s.clouds[handle] = h
	s.mu.Unlock()
	return opened{Cloud: handle, Catalog: h.c.Catalog(), AgentDisabled: h.c.AgentDisabled(),
		RouterCreationAllowed: h.c.RouterCreationAllowed()}, nil
}

// answer answers a call on an open cloud. It is a switch, not a table of
// handlers, so that a program that only uses the client (the engine's
// module) links none of the cloud.
func answer(c *cloud.Cloud, method string, p *cloud.Map) (any, error) {
	text := func(key string) string { t, _ := p.Value(key).(string); return t }
	object := func(key string) (*cloud.Map, error) {
		switch v := p.Value(key).(type) {
		case nil:
			return nil, nil
		case *cloud.Map:
			return v, nil
		}
		return nil, fmt.Errorf("%s: %s is not a JSON object", method, key)
	}
	stackRequest := func() (cloud.StackRequest, error) {
		req := cloud.StackRequest{Template: p.Value("template"), Parameters: p.Value("parameters"), Environment: p.Value("environment"), Tags: text("tags")}
		if m, ok := req.Template.(*cloud.Map); ok {
			req.Template = cloud.Normalized{Map: m}
		}
		files, err := object("files")
		if err != nil || files == nil {
			return req, err
		}
		req.Files = map[string]string{}
		for _, k := range files.Keys() {
			req.Files[k], _ = files.Value(k).(string)
		}
		return req, nil
	}
	var filters cloud.Filters
	switch method {
	case "listNetworks", "listSubnets", "listPorts", "listRouters":
		f, err := object("filters")
		if err != nil {
			return nil, err
		}
		if f != nil {
			filters = cloud.Filters{}
			for _, k := range f.Keys() {
				filters[k] = f.Value(k)
			}
		}
	}
	switch method {
	case "getStack":
		return c.GetStack(text("name"))
	case "stackTemplate":
		return c.StackTemplate(text("name"))
	case "createStack":
		req, err := stackRequest()
		if err != nil {
			return nil, err
		}
		return c.CreateStack(text("name"), req)
	case "updateStack":
		req, err := stackRequest()
		if err != nil {
			return nil, err
		}
		return nil, c.UpdateStack(text("name"), req)
	case "deleteStack":
		return nil, c.DeleteStack(text("name"))
	case "listNetworks":
		return c.ListNetworks(filters), nil
	case "listSubnets":
		return c.ListSubnets(filters), nil
	case "listPorts":
		return c.ListPorts(filters), nil
	case "listRouters":
		return c.ListRouters(filters), nil
	case "listExtensions":
		return c.ListExtensions(), nil
	case "showNetwork":
		return c.ShowNetwork(text("id"))
	case "showRouter":
		return c.ShowRouter(text("id"))
	case "createRouter":
		body, err := object("body")
		if err != nil {
			return nil, err
		}
		return c.CreateRouter(body), nil
	case "declareQueue":
		c.DeclareQueue(text("name"))
		return nil, nil
	case "publish":
		c.Publish(text("queue"), text("id"), p.Value("body"))
		return nil, nil
	case "notify":
		events, _ := p.Value("events").([]any)
		for _, e := range events {
			if m, ok := e.(*cloud.Map); ok {
				event, _ := m.Value("event").(string)
				c.Notify(event, m.Value("body"))
			}
		}
		return nil, nil
	case "consume":
		if msg, ok := c.Consume(text("queue")); ok {
			return msg, nil
		}
		return nil, nil
	case "due":
		seconds, ok := c.Due(text("queue"))
		return map[string]any{"seconds": seconds, "due": ok}, nil
	case "runAgents":
		return c.RunAgents(), nil
	case "record":
		return c.Record(), nil
	case "stacks":
		return c.Stacks(), nil
	case "save":
		state, err := c.Save()
		return json.RawMessage(state), err
	case "picture":
		state, err := c.Picture()
		return json.RawMessage(state), err
	case "close":
		return nil, nil
	}
	return nil, fmt.Errorf("unknown method %q", method)
}
