// This file defines the client: a cloud.Service whose every call goes
// through a call function to a Server.

package remote

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"murano.dev/playground/engine/cloud"
)

// Call sends one call to a server and returns its answer.
type Call func(method string, params []byte) ([]byte, error)

// Client is a cloud opened on a server. A failure of the connection
// itself (an answer that is not the protocol's) ends the client: the
// calls after it answer nothing, and Err says what happened.
type Client struct {
	call    Call
	handle  string
	clock   cloud.Clock
	opened  opened
	failure error
	// heat are the stack calls made, with the templates sent: the
	// record's Heat calls, whose templates the server does not send back.
	heat []cloud.HeatCall
	// notes are notifications not sent yet: they need no answer, and go
	// with the next call (one call for many reports).
	notes []any
}

// Open opens a cloud on the server that call reaches: a new one, or one
// continuing from state (nil: new). clock is the engine's clock, sent
// with every call.
func Open(call Call, p OpenParams, clock cloud.Clock) (*Client, error) {
	c := &Client{call: call, clock: clock}
	p.Now = clock().UnixMicro()
	if err := c.do("open", p, &c.opened); err != nil {
		return nil, err
	}
	c.handle = c.opened.Cloud
	return c, nil
}

// Err returns the failure that ended the client, if any.
func (c *Client) Err() error { return c.failure }

// Close forgets the cloud on the server.
func (c *Client) Close() error { return c.do("close", nil, nil) }

// do makes a call: params are merged with the handle and the time, the
// result is decoded into into (when not nil). An error of the cloud's
// APIs (Heat's, Neutron's) is returned as it is; any other error, or an
// answer that is not the protocol's, ends the client.
func (c *Client) do(method string, params, into any) error {
	if c.failure != nil {
		return c.failure
	}
	if len(c.notes) > 0 && method != "notify" {
		notes := c.notes
		c.notes = nil
		if err := c.do("notify", struct {
			Events []any `json:"events"`
		}{notes}, nil); err != nil {
			return err
		}
	}
	data, err := c.encode(params)
	if err == nil {
		data, err = c.call(method, data)
	}
	var result json.RawMessage
	if err == nil {
		result, err = c.answer(data)
	}
	if err != nil {
		var api *callError
		if errors.As(err, &api) && (api.Kind == "heat" || api.Kind == "neutron") {
			return api.err()
		}
		c.failure = fmt.Errorf("the simulated cloud: %s: %w", method, err)
		return c.failure
	}
	if into != nil && string(result) != "null" {
		if m, ok := into.(*cloud.Map); ok {
			err = m.UnmarshalJSON(result)
		} else if raw, ok := into.(*json.RawMessage); ok {
			*raw = result
		} else {
			err = json.Unmarshal(result, into)
		}
		if err != nil {
			c.failure = fmt.Errorf("the simulated cloud: %s: %w", method, err)
			return c.failure
		}
	}
	return nil
}

// answer returns the result of an answer, or its error.
func (c *Client) answer(data []byte) (json.RawMessage, error) {
	if rest, ok := bytes.CutPrefix(data, []byte(answerPrefix)); ok && len(rest) > 0 && rest[len(rest)-1] == '}' {
		return rest[:len(rest)-1], nil
	}
	var answer struct {
		OK    bool       `json:"ok"`
		Error *callError `json:"error"`
	}
	if err := json.Unmarshal(data, &answer); err != nil {
		return nil, err
	}
	if answer.OK || answer.Error == nil {
		return nil, errors.New("an answer without a result or an error")
	}
	return nil, answer.Error
}

// encode writes params with the handle and the time added.
func (c *Client) encode(params any) ([]byte, error) {
	if c.handle == "" {
		return json.Marshal(params)
	}
	head, err := json.Marshal(request{Cloud: c.handle, Now: c.clock().UnixMicro()})
	if err != nil || params == nil {
		return head, err
	}
	body, ok := params.(rawParams)
	if !ok {
		if body, err = json.Marshal(params); err != nil {
			return nil, err
		}
	}
	if string(body) == "{}" {
		return head, nil
	}
	return append(append(head[:len(head)-1], ','), body[1:]...), nil
}

func (c *Client) GetStack(name string) (*cloud.StackInfo, error) {
	m := cloud.NewMap()
	if err := c.do("getStack", nameParams{name}, m); err != nil {
		return nil, err
	}
	text := func(key string) string { t, _ := m.Value(key).(string); return t }
	info := &cloud.StackInfo{Name: text("name"), ID: text("id"), Status: text("status"), Reason: text("reason"),
		Outputs: objects(m.Value("outputs")), CreationTime: text("creationTime"), UpdatedTime: text("updatedTime"), Tags: text("tags")}
	info.Parameters, _ = m.Value("parameters").(*cloud.Map)
	return info, nil
}

func (c *Client) StackTemplate(name string) (*cloud.Map, error) {
	t := cloud.NewMap()
	if err := c.do("stackTemplate", nameParams{name}, t); err != nil {
		return nil, err
	}
	return t, nil
}

// stackCall writes the parameters of a create or an update itself, so
// that the template (the largest value the engine sends) is written once
// and not checked again.
func stackCall(name string, req cloud.StackRequest) (rawParams, error) {
	b, _ := json.Marshal(struct {
		Name  string            `json:"name"`
		Files map[string]string `json:"files"`
		Tags  string            `json:"tags"`
	}{name, req.Files, req.Tags})
	b = b[:len(b)-1]
	for _, f := range []struct {
		key string
		v   any
	}{{"template", req.Template}, {"parameters", req.Parameters}, {"environment", req.Environment}} {
		b = append(append(append(b, ',', '"'), f.key...), '"', ':')
		var err error
		if b, err = cloud.AppendJSON(b, f.v); err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

// rawParams are parameters already written as a JSON object.
type rawParams []byte

// logHeat notes a stack call as the cloud's record has it.
func (c *Client) logHeat(op, stack string, req *cloud.StackRequest) {
	call := cloud.HeatCall{Op: op, Stack: stack}
	if req != nil {
		call.Template, _ = cloud.TemplateOf(req.Template)
	}
	c.heat = append(c.heat, call)
}

func (c *Client) CreateStack(name string, req cloud.StackRequest) (string, error) {
	p, err := stackCall(name, req)
	if err != nil {
		return "", err
	}
	c.logHeat("create", name, &req)
	var id string
	err = c.do("createStack", p, &id)
	return id, err
}

func (c *Client) UpdateStack(name string, req cloud.StackRequest) error {
	p, err := stackCall(name, req)
	if err != nil {
		return err
	}
	c.logHeat("update", name, &req)
	return c.do("updateStack", p, nil)
}

func (c *Client) DeleteStack(name string) error {
	c.logHeat("delete", name, nil)
	return c.do("deleteStack", nameParams{name}, nil)
}

func (c *Client) list(method string, f cloud.Filters) []*cloud.Map {
	var filters *cloud.Map
	if f != nil {
		filters = cloud.NewMap()
		for k, v := range f {
			filters.Set(k, v)
		}
	}
	var out []*cloud.Map
	if c.do(method, struct {
		Filters *cloud.Map `json:"filters"`
	}{filters}, &out) != nil || out == nil {
		return []*cloud.Map{}
	}
	return out
}

func (c *Client) ListNetworks(f cloud.Filters) []*cloud.Map { return c.list("listNetworks", f) }
func (c *Client) ListSubnets(f cloud.Filters) []*cloud.Map  { return c.list("listSubnets", f) }
func (c *Client) ListPorts(f cloud.Filters) []*cloud.Map    { return c.list("listPorts", f) }
func (c *Client) ListRouters(f cloud.Filters) []*cloud.Map  { return c.list("listRouters", f) }
func (c *Client) ListExtensions() []*cloud.Map              { return c.list("listExtensions", nil) }

func (c *Client) show(method, id string) (*cloud.Map, error) {
	m := cloud.NewMap()
	if err := c.do(method, idParams{id}, m); err != nil {
		return nil, err
	}
	return m, nil
}

func (c *Client) ShowNetwork(id string) (*cloud.Map, error) { return c.show("showNetwork", id) }
func (c *Client) ShowRouter(id string) (*cloud.Map, error)  { return c.show("showRouter", id) }

func (c *Client) CreateRouter(body *cloud.Map) *cloud.Map {
	m := cloud.NewMap()
	if c.do("createRouter", struct {
		Body *cloud.Map `json:"body"`
	}{body}, m) != nil {
		return cloud.NewMap()
	}
	return m
}

func (c *Client) DeclareQueue(name string) { c.do("declareQueue", nameParams{name}, nil) }

func (c *Client) Publish(queue, id string, body any) {
	c.do("publish", struct {
		Queue string `json:"queue"`
		ID    string `json:"id"`
		Body  any    `json:"body"`
	}{queue, id, body}, nil)
}

func (c *Client) Consume(queue string) (*cloud.Message, bool) {
	var msg *cloud.Message
	if c.do("consume", struct {
		Queue string `json:"queue"`
	}{queue}, &msg) != nil || msg == nil {
		return nil, false
	}
	return msg, true
}

func (c *Client) Due(queue string) (float64, bool) {
	var due struct {
		Seconds float64 `json:"seconds"`
		Due     bool    `json:"due"`
	}
	c.do("due", struct {
		Queue string `json:"queue"`
	}{queue}, &due)
	return due.Seconds, due.Due
}

func (c *Client) RunAgents() int {
	var n int
	c.do("runAgents", nil, &n)
	return n
}

// Notify queues the notification; it reaches the server with the next
// call.
func (c *Client) Notify(event string, body any) {
	c.notes = append(c.notes, struct {
		Event string `json:"event"`
		Body  any    `json:"body"`
	}{event, body})
}

func (c *Client) Catalog() *cloud.Catalog     { return c.opened.Catalog }
func (c *Client) AgentDisabled() bool         { return c.opened.AgentDisabled }
func (c *Client) RouterCreationAllowed() bool { return c.opened.RouterCreationAllowed }

// Record returns the record of the task so far, read from the server.
func (c *Client) Record() *cloud.Record {
	var raw json.RawMessage
	rec := &cloud.Record{}
	if c.do("record", nil, &raw) != nil {
		return rec
	}
	if err := c.decodeRecord(raw, rec); err != nil {
		c.failure = fmt.Errorf("the simulated cloud: record: %w", err)
	}
	return rec
}

func (c *Client) Stacks() []*cloud.Stack {
	var out []*cloud.Stack
	c.do("stacks", nil, &out)
	return out
}

func (c *Client) Save() ([]byte, error) {
	var state json.RawMessage
	if err := c.do("save", nil, &state); err != nil {
		return nil, err
	}
	return state, nil
}

func (c *Client) Picture() ([]byte, error) {
	var state json.RawMessage
	if err := c.do("picture", nil, &state); err != nil {
		return nil, err
	}
	return state, nil
}

var _ cloud.Service = (*Client)(nil)

// decodeRecord reads a record as the server writes it, its values in
// their order and their numbers as the cloud keeps them, and the Heat
// calls' templates from the calls this client made.
func (c *Client) decodeRecord(raw json.RawMessage, rec *cloud.Record) error {
	v, err := cloud.DecodeJSON(raw)
	if err != nil {
		return err
	}
	m, ok := v.(*cloud.Map)
	if !ok {
		return errors.New("not an object")
	}
	text := func(x *cloud.Map, key string) string { s, _ := x.Value(key).(string); return s }
	heat := objects(m.Value("heat"))
	if len(heat) != len(c.heat) {
		return fmt.Errorf("the cloud recorded %d stack calls, the client made %d", len(heat), len(c.heat))
	}
	for i, item := range heat {
		if text(item, "op") != c.heat[i].Op || text(item, "stack") != c.heat[i].Stack {
			return fmt.Errorf("stack call %d: the cloud recorded %s %s, the client made %s %s", i+1,
				text(item, "op"), text(item, "stack"), c.heat[i].Op, c.heat[i].Stack)
		}
	}
	rec.Heat = append(rec.Heat, c.heat...)
	for _, item := range objects(m.Value("agent")) {
		dropped, _ := item.Value("dropped").(bool)
		rec.Agent = append(rec.Agent, cloud.AgentCall{Queue: text(item, "queue"), Plan: item.Value("plan"), Result: item.Value("result"), Dropped: dropped})
	}
	for _, item := range objects(m.Value("reports")) {
		rec.Reports = append(rec.Reports, cloud.Report{Level: item.Value("level"), Text: item.Value("text"), Entity: item.Value("entity")})
	}
	for _, item := range objects(m.Value("instances")) {
		rec.Instances = append(rec.Instances, cloud.InstanceEvent{Event: text(item, "event"), Instance: item.Value("instance"),
			Type: item.Value("type"), TypeName: item.Value("typeName"), Title: item.Value("title"), UnitCount: item.Value("unitCount")})
	}
	return nil
}

func objects(v any) []*cloud.Map {
	list, _ := v.([]any)
	out := make([]*cloud.Map, 0, len(list))
	for _, item := range list {
		if m, ok := item.(*cloud.Map); ok {
			out = append(out, m)
		}
	}
	return out
}

type (
	// request is what every call but "open" carries besides its own
	// parameters.
	request struct {
		Cloud string `json:"cloud"`
		Now   int64  `json:"now"`
	}
	nameParams struct {
		Name string `json:"name"`
	}
	idParams struct {
		ID string `json:"id"`
	}
)
