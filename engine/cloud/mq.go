// This file defines the message queues (RabbitMQ) and the murano agents
// that consume them on the servers.

package cloud

import (
	"encoding/json"
	"slices"

	"murano.dev/playground/engine/cloud/agent"
)

// Message is a message in a queue: its id and its JSON-like body.
type Message struct {
	ID   string `json:"id"`
	Body any    `json:"body"`
	// VisibleAt is when the message can be taken (seconds since 1970; 0:
	// at once).
	VisibleAt float64 `json:"visibleAt,omitempty"`
}

// UnmarshalJSON reads a message keeping the order of its body's keys.
func (m *Message) UnmarshalJSON(data []byte) error {
	var raw struct {
		ID        string          `json:"id"`
		Body      json.RawMessage `json:"body"`
		VisibleAt float64         `json:"visibleAt"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	body, err := decodeRaw(raw.Body)
	m.ID, m.Body, m.VisibleAt = raw.ID, body, raw.VisibleAt
	return err
}

// decodeRaw decodes a JSON value keeping key order; absent is null.
func decodeRaw(raw json.RawMessage) (any, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	return DecodeJSON(raw)
}

// AgentCall is a message sent to an agent queue and the agent's result
// (nil: no answer, yet or ever). Dropped is set when the agent dropped
// the plan for a stale Stamp.
type AgentCall struct {
	Queue   string `json:"queue"`
	Plan    any    `json:"plan"`
	Result  any    `json:"result"`
	Dropped bool   `json:"dropped,omitempty"`
	id      string
}

// DeclareQueue makes a queue exist.
func (c *Cloud) DeclareQueue(name string) {
	if _, ok := c.st.Queues[name]; !ok {
		c.st.Queues[name] = []*Message{}
	}
}

// Publish puts a message into a queue; it waits there until a consumer
// reads it. Messages to a queue are recorded as agent calls.
func (c *Cloud) Publish(queue, id string, body any) {
	body = Normalize(body)
	c.record.Agent = append(c.record.Agent, AgentCall{Queue: queue, Plan: clone(body), id: id})
	c.DeclareQueue(queue)
	c.st.Queues[queue] = append(c.st.Queues[queue], &Message{ID: id, Body: body})
}

// Consume takes the first message of a queue; ok is false when it is
// empty.
func (c *Cloud) Consume(queue string) (msg *Message, ok bool) {
	q := c.st.Queues[queue]
	now := unix(c.Now())
	for i, m := range q {
		if m.VisibleAt <= now {
			c.st.Queues[queue] = append(q[:i:i], q[i+1:]...)
			return m, true
		}
	}
	return nil, false
}

// Due returns how long until the next message of a queue can be taken,
// when one is on its way (a plan's result while the plan runs).
func (c *Cloud) Due(queue string) (seconds float64, ok bool) {
	now := unix(c.Now())
	for _, m := range c.st.Queues[queue] {
		if wait := m.VisibleAt - now; !ok || wait < seconds {
			seconds, ok = max(wait, 0), true
		}
	}
	return seconds, ok
}

// Pending returns the number of messages waiting in a queue.
func (c *Cloud) Pending(queue string) int { return len(c.st.Queues[queue]) }

// RunAgents lets every server's agent process the plans waiting in its
// input queue, one at a time in order, and publish the results to its
// result queue; an agent that stopped (on a plan the reference's agent
// crashes on) reads no more. The engine calls it whenever its own work waits, as the
// agents' threads would then run. It returns the number of plans read.
func (c *Cloud) RunAgents() int {
	n := 0
	for _, srv := range c.st.Servers {
		if srv.Agent == nil || srv.Agent.Stopped {
			continue
		}
		for {
			msg, ok := c.Consume(srv.Agent.Config.InputQueue)
			if !ok {
				break
			}
			n++
			c.handle(srv, msg)
		}
	}
	return n
}

func (c *Cloud) handle(srv *Server, msg *Message) {
	a := srv.Agent
	call := c.agentCall(msg.ID)
	plan, ok := plain(msg.Body).(map[string]any)
	if !ok {
		return
	}
	a.NewID = func() string { return c.newID(false) }
	result := a.HandleMessage(msg.ID, plan, faultScripts{c.scripts, c.faults}, c.Now())
	if result == nil {
		if call != nil && !a.Stopped {
			call.Dropped = true
		}
		return
	}
	res := scriptResultOrder(Normalize(result))
	if call != nil {
		call.Result = clone(res)
	}
	source := str(res.(*Map).Value("SourceID"))
	queue := a.Config.ResultRoutingKey
	c.DeclareQueue(queue)
	answer := &Message{ID: source, Body: res}
	if c.durations {
		answer.VisibleAt = max(unix(c.Now()), srv.Booted, srv.Busy) + planSeconds
		srv.Busy = answer.VisibleAt
	}
	c.st.Queues[queue] = append(c.st.Queues[queue], answer)
}

func (c *Cloud) agentCall(id string) *AgentCall {
	for i := len(c.record.Agent) - 1; i >= 0; i-- {
		if c.record.Agent[i].id == id {
			return &c.record.Agent[i]
		}
	}
	return nil
}

// plain converts a value to the plain Go values the agent reads
// (map[string]any for objects).
func plain(v any) any {
	switch x := v.(type) {
	case *Map:
		if x == nil {
			return nil
		}
		out := make(map[string]any, x.Len())
		for i, k := range x.keys {
			out[k] = plain(x.vals[i])
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = plain(e)
		}
		return out
	}
	return v
}

// faultScripts runs scripts with the script-exit faults applied.
type faultScripts struct {
	next   agent.Scripts
	faults faults
}

func (s faultScripts) Run(call agent.ScriptCall) (agent.ScriptOutput, error) {
	if f, ok := s.faults.scriptExit(call.Name, call.EntryFile, call.Body); ok {
		out := agent.ScriptOutput{ExitCode: 1}
		if f.Code != nil {
			out.ExitCode = *f.Code
		}
		if f.Stdout != nil {
			out.Stdout = *f.Stdout
		}
		if f.Stderr != nil {
			out.Stderr = *f.Stderr
		}
		return out, nil
	}
	if s.next == nil {
		return agent.SuccessStub().Run(call)
	}
	return s.next.Run(call)
}

// MarshalJSON writes the call as the deploy output has it.
func (a AgentCall) MarshalJSON() ([]byte, error) {
	m := NewMap("queue", a.Queue, "plan", a.Plan, "result", a.Result)
	if a.Dropped {
		m.Set("dropped", true)
	}
	return json.Marshal(m)
}

// scriptResultOrder puts the keys of the script results inside an agent's
// result in the order murano-agent's dict has them (exitCode, stdout,
// stderr): MuranoPL sees that order, in the value an agent call returns
// and in the text of an AgentException.
func scriptResultOrder(v any) any {
	switch x := v.(type) {
	case *Map:
		keys := x.Keys()
		if slices.Equal(slices.Sorted(slices.Values(keys)), []string{"exitCode", "stderr", "stdout"}) {
			return NewMap("exitCode", x.Value("exitCode"), "stdout", x.Value("stdout"), "stderr", x.Value("stderr"))
		}
		out := NewMap()
		for _, k := range keys {
			out.Set(k, scriptResultOrder(x.Value(k)))
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = scriptResultOrder(e)
		}
		return out
	}
	return v
}
