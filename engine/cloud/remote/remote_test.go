package remote

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"murano.dev/playground/engine/cloud"
)

func loopback(s *Server) Call {
	return func(method string, params []byte) ([]byte, error) { return s.Call(method, params), nil }
}

var clock = func() time.Time { return cloud.Epoch }

// TestErrorsCrossAsTheirTypes checks that the errors of Heat and Neutron
// reach the client as the cloud's own types, with status and message.
func TestErrorsCrossAsTheirTypes(t *testing.T) {
	c, err := Open(loopback(NewServer()), OpenParams{Seed: 1}, clock)
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.GetStack("nope")
	var he *cloud.HeatError
	if !errors.As(err, &he) || he.Status != 404 || he.Message != "Stack nope could not be found" {
		t.Errorf("GetStack: %#v", err)
	}
	_, err = c.ShowRouter("nope")
	var ne *cloud.NeutronError
	if !errors.As(err, &ne) || ne.Status != 404 {
		t.Errorf("ShowRouter: %#v", err)
	}
	if c.Err() != nil {
		t.Errorf("an API error ended the client: %v", c.Err())
	}
}

// TestStackRoundTrip creates a stack remotely and reads it back with its
// template in order and its outputs resolved.
func TestStackRoundTrip(t *testing.T) {
	c, err := Open(loopback(NewServer()), OpenParams{Seed: 1}, clock)
	if err != nil {
		t.Fatal(err)
	}
	tmpl, err := cloud.DecodeJSON([]byte(`{"heat_template_version": "2013-05-23", "resources": {"z": {"type": "OS::Neutron::Net", "properties": {"name": "n"}}, "a": {"type": "OS::Neutron::Net"}},
		"outputs": {"id": {"value": {"get_resource": "z"}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.CreateStack("s", cloud.StackRequest{Template: tmpl}); err != nil {
		t.Fatal(err)
	}
	got, err := c.StackTemplate("s")
	if err != nil {
		t.Fatal(err)
	}
	if res, _ := got.Value("resources").(*cloud.Map); res == nil || strings.Join(res.Keys(), ",") != "z,a" {
		t.Errorf("template = %v", got)
	}
	info, err := c.GetStack("s")
	if err != nil || info.Status != "CREATE_COMPLETE" || len(info.Outputs) != 1 {
		t.Fatalf("GetStack = %+v, %v", info, err)
	}
	if nets := c.ListNetworks(cloud.Filters{"name": "n"}); len(nets) != 1 || nets[0].Value("id") != info.Outputs[0].Value("output_value") {
		t.Errorf("ListNetworks(name n) = %v, outputs %v", nets, info.Outputs)
	}
	if rec := c.Record(); len(rec.Heat) != 1 || rec.Heat[0].Op != "create" || rec.Heat[0].Stack != "s" {
		t.Errorf("record = %+v", rec.Heat)
	}
	state, err := c.Save()
	if err != nil {
		t.Fatal(err)
	}
	again, err := Open(loopback(NewServer()), OpenParams{State: state}, clock)
	if err != nil {
		t.Fatal(err)
	}
	if stacks := again.Stacks(); len(stacks) != 1 || stacks[0].Name != "s" {
		t.Errorf("the saved state holds %v", stacks)
	}
}

// TestBrokenConnection checks the failures of the protocol itself: they
// end the client with an error naming the call, and answer nothing.
func TestBrokenConnection(t *testing.T) {
	s := NewServer()
	c, err := Open(loopback(s), OpenParams{}, clock)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if nets := c.ListNetworks(nil); len(nets) != 0 || c.Err() == nil || !strings.Contains(c.Err().Error(), `listNetworks: no cloud "cloud-1"`) {
		t.Errorf("after close: %v, %v", nets, c.Err())
	}

	garbled, err := Open(func(method string, params []byte) ([]byte, error) {
		if method == "open" {
			return s.Call(method, params), nil
		}
		return []byte("not json"), nil
	}, OpenParams{}, clock)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := garbled.GetStack("s"); err == nil || garbled.Err() == nil || !strings.Contains(err.Error(), "the simulated cloud: getStack:") {
		t.Errorf("a garbled answer: %v", err)
	}
	if _, err := garbled.StackTemplate("s"); err != garbled.Err() {
		t.Errorf("a call after the failure: %v", err)
	}
}

// TestServerRefuses lists the calls a server refuses, with their
// errors.
func TestServerRefuses(t *testing.T) {
	s := NewServer()
	for _, tt := range []struct{ method, params, want string }{
		{"open", `{"state": {"format": "other"}}`, `cloud state: format \"other\"`},
		{"open", `{"scripts": {"kind": "python"}}`, `unknown script strategy \"python\"`},
		{"open", `[`, `open: unexpected end of JSON input`},
		{"getStack", `{"cloud": "cloud-9"}`, `getStack: no cloud \"cloud-9\"`},
	} {
		got := string(s.Call(tt.method, []byte(tt.params)))
		if !strings.HasPrefix(got, `{"ok":false,"error":{"kind":"error","message":`) || !strings.Contains(got, tt.want) {
			t.Errorf("%s %s = %s, want the error %s", tt.method, tt.params, got, tt.want)
		}
	}
	open := string(s.Call("open", []byte(`{}`)))
	if !strings.Contains(open, `"cloud":"cloud-1"`) {
		t.Fatalf("open = %s", open)
	}
	if got := string(s.Call("reboot", []byte(`{"cloud": "cloud-1"}`))); !strings.Contains(got, `unknown method \"reboot\"`) {
		t.Errorf("an unknown method: %s", got)
	}
}

// FuzzServerCall sends a server any call: it answers with a result or an
// error, and never fails itself.
func FuzzServerCall(f *testing.F) {
	for _, seed := range []struct{ method, params string }{
		{"open", `{"seed": 1}`}, {"createStack", `{"cloud": "cloud-1", "name": "s", "template": {"resources": {"n": {"type": "OS::Neutron::Net"}}}}`},
		{"listPorts", `{"cloud": "cloud-1", "filters": {"network_id": ["a"]}}`}, {"publish", `{"cloud": "cloud-1", "queue": "q", "body": [1]}`},
	} {
		f.Add(seed.method, []byte(seed.params))
	}
	f.Fuzz(func(t *testing.T, method string, params []byte) {
		s := NewServer()
		s.Call("open", []byte(`{}`))
		answer := s.Call(method, params)
		var a struct {
			OK    *bool
			Error *callError
		}
		if err := json.Unmarshal(answer, &a); err != nil || a.OK == nil || !*a.OK && a.Error == nil {
			t.Fatalf("%s %q: the answer %s", method, params, answer)
		}
	})
}
