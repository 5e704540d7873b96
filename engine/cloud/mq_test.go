package cloud

import (
	"encoding/base64"
	"testing"
)

// vmTemplate is a server whose boot script configures a murano agent
// (the core library's linux-init.sh sets AgentConfigBase64 so).
func vmTemplate(image string) *Map {
	conf := "[DEFAULT]\n[rabbitmq]\ninput_queue = e1-h2\nresult_routing_key = -execution-results-x\n"
	script := "#!/bin/bash\nAgentConfigBase64='" + base64.StdEncoding.EncodeToString([]byte(conf)) + "'\n"
	return NewMap("resources", NewMap(
		"boot", NewMap("type", "OS::Heat::SoftwareConfig", "properties", NewMap("group", "ungrouped", "config", script)),
		"ud", NewMap("type", "OS::Heat::MultipartMime", "properties", NewMap("parts", []any{NewMap("config", NewMap("get_resource", "boot"))})),
		"vm", NewMap("type", "OS::Nova::Server", "properties", NewMap("flavor", "m1.small", "image", image,
			"user_data", NewMap("get_resource", "ud"), "networks", []any{NewMap("network", "net-private")}))))
}

func plan(id string, stamp int64) map[string]any {
	return map[string]any{"FormatVersion": "2.0.0", "ID": id, "Stamp": stamp, "Body": "return runCommand().stdout",
		"Files": map[string]any{"f1": map[string]any{"Name": "run.sh", "BodyType": "Text", "Body": "echo hi"}},
		"Scripts": map[string]any{"runCommand": map[string]any{"Type": "Application", "EntryPoint": "f1",
			"Options": map[string]any{"verifyExitcode": false}}}}
}

// A server booted with an agent configuration runs an agent on its input
// queue: plans wait there until the agents run, results go to the result
// routing key; stale stamps are dropped; a script-exit fault changes the
// script's output; deleting the server kills the agent.
func TestAgentsOnServers(t *testing.T) {
	code := 3
	out := "boom"
	c := New(Options{Seed: 5, Faults: []Fault{{Kind: FaultScriptExit, Script: ptr("run.sh"), Code: &code, Stdout: &out}}})
	c.Publish("e1-h2", "m1", plan("p1", 10))
	if c.RunAgents() != 0 || c.Pending("e1-h2") != 1 {
		t.Fatal("a plan was read before any server booted")
	}
	if _, err := c.CreateStack("s", StackRequest{Template: vmTemplate("img-ubuntu")}); err != nil {
		t.Fatal(err)
	}
	if cfg := c.Servers()[0].Agent; cfg == nil || cfg.Config.InputQueue != "e1-h2" || cfg.Config.ResultRoutingKey != "-execution-results-x" {
		t.Fatalf("agent = %+v", cfg)
	}
	c.Publish("e1-h2", "m2", plan("p2", 5))
	if n := c.RunAgents(); n != 2 {
		t.Fatalf("RunAgents read %d plans", n)
	}
	msg, ok := c.Consume("-execution-results-x")
	if !ok || msg.ID != "p1" {
		t.Fatalf("result %+v %v", msg, ok)
	}
	body := msg.Body.(*Map)
	if body.Value("ErrorCode") != int64(0) || body.Value("Body") != "boom" || body.Value("SourceID") != "p1" ||
		body.Value("Time") != "2024-01-01 00:00:00" {
		t.Errorf("result body %s", pyRepr(body))
	}
	// The result's id is the cloud's next id (the stack, three resources, a port, then this).
	if body.Value("ID") != New(Options{Seed: 5}).idAt(6) {
		t.Errorf("result id %v", body.Value("ID"))
	}
	rec := c.Record().Agent
	if len(rec) != 2 || rec[0].Result == nil || rec[1].Result != nil || !rec[1].Dropped {
		t.Errorf("agent record %+v", rec)
	}
	if err := c.DeleteStack("s"); err != nil {
		t.Fatal(err)
	}
	c.Publish("e1-h2", "m3", plan("p3", 20))
	if c.RunAgents() != 0 || c.Pending("e1-h2") != 1 {
		t.Error("the deleted server's agent read a plan")
	}
}

// Images without the agent, and the image-without-agent fault, boot no
// agent.
func TestServersWithoutAgent(t *testing.T) {
	for _, tt := range []struct {
		image  string
		faults []Fault
	}{
		{"img-cirros", nil},
		{"img-ubuntu", []Fault{{Kind: FaultImageWithoutAgent, Image: "ubuntu-16.04"}}},
		{"img-debian", []Fault{{Kind: FaultImageWithoutAgent}}},
	} {
		c := New(Options{Faults: tt.faults})
		if _, err := c.CreateStack("s", StackRequest{Template: vmTemplate(tt.image)}); err != nil {
			t.Fatal(err)
		}
		if len(c.Servers()) != 1 || c.Servers()[0].Agent != nil {
			t.Errorf("%s %v: agent %+v", tt.image, tt.faults, c.Servers()[0].Agent)
		}
	}
}

func ptr[T any](v T) *T { return &v }

// idAt returns the n-th id the cloud makes, in hex.
func (c *Cloud) idAt(n int64) string {
	c.st.Counter = n - 1
	return c.newID(false)
}
