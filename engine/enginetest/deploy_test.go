package enginetest

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// agentConfig is a base64 run as the core library puts an agent's
// configuration into a VM's user data.
func agentConfig(queue string) string {
	return base64.StdEncoding.EncodeToString([]byte("[rabbitmq]\ninput_queue = " + queue + "\nhost = localhost\n"))
}

func TestCompareDeploy(t *testing.T) {
	const (
		env1 = "17def27b51d9c7f57e88bdef6a67d2e2"
		env2 = "0a1b2c3d4e5f60718293a4b5c6d7e8f9"
		net1 = "e97a20cab98146b8ae449ce69be88034"
		net2 = "5f5f5f5f5f5f4f5f8f5f5f5f5f5f5f5f"
		vm1  = "3f2b6c1e-8a0d-4c55-9b7e-2d41f0a9c002"
		vm2  = "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee"
	)
	// a document written with the names of the first run
	doc := func(env, net, vm, stack, ip, fip, mac string) string {
		b, _ := json.Marshal(map[string]any{
			"agent": []any{map[string]any{"queue": "e" + env + "-h" + vm, "plan": map[string]any{"Stamp": 17040672000000}}},
			"heat": []any{map[string]any{"op": "create", "stack": "murano--" + stack, "template": map[string]any{
				"description": "environment demo (ID: " + env + ")",
				"resources": map[string]any{
					"network-" + net:   map[string]any{"type": "OS::Neutron::Net"},
					"subnet-" + net:    map[string]any{"properties": map[string]any{"cidr": ip[:strings.LastIndex(ip, ".")] + ".0/24"}},
					"boot_script-vm":   map[string]any{"properties": map[string]any{"config": "conf='" + agentConfig("e"+env+"-h"+vm) + "'"}},
					"rule":             map[string]any{"remote_ip_prefix": "0.0.0.0/0"},
					"port-" + net + "": map[string]any{"mac": mac},
				}}}},
			"reports":   []any{map[string]any{"text": "Done at ('" + ip + "', '" + fip + "')", "entity": vm}},
			"instances": []any{map[string]any{"instance": vm, "version": "1.0.0"}},
		})
		return string(b)
	}
	first := doc(env1, net1, vm1, "esovslqu5m2o01", "10.0.85.3", "172.24.4.4", "fa:16:3e:00:00:07")
	tests := []struct {
		name      string
		want, got []string
		diffs     []string // substrings of the first differences, in order; none: equal
		more      bool     // more differences follow
	}{
		{"the same", []string{first}, []string{first}, nil, false},
		{"renamed consistently", []string{first},
			[]string{doc(env2, net2, vm2, "qwertlqu5m2o01", "10.0.12.3", "172.24.4.9", "fa:16:3e:00:00:01")}, nil, false},
		{"an address where the other side has two", []string{first},
			[]string{doc(env2, net2, vm2, "qwertlqu5m2o01", "10.0.12.3", "10.0.12.3", "fa:16:3e:00:00:01")},
			[]string{`step 1: $.reports[0].text: got "Done at ('<ip:2>', '<ip:2>')", want "Done at ('<ip:2>', '<ip:3>')"`}, false},
		{"one id where the other side has two", []string{first},
			[]string{strings.Replace(doc(env2, net2, vm2, "qwertlqu5m2o01", "10.0.12.3", "172.24.4.9", "fa:16:3e:00:00:01"), "(ID: "+env2, "(ID: "+env1, 1)},
			[]string{`description: got "environment demo (ID: <id:2>)", want "environment demo (ID: <id:1>)"`,
				`step 1: $.heat[0].template.resources["network-<id:2>"]: missing, want {"type":"OS::Neutron::Net"}`}, true},
		{"a real difference", []string{first},
			[]string{strings.Replace(first, `"version":"1.0.0"`, `"version":"1.0.1"`, 1)},
			[]string{`step 1: $.instances[0].version: got "1.0.1", want "1.0.0"`}, false},
		{"the any address is not renamed", []string{first},
			[]string{strings.Replace(first, "0.0.0.0/0", "10.0.0.0/0", 1)},
			[]string{`$.heat[0].template.resources.rule.remote_ip_prefix: got "<ip:1>/0", want "0.0.0.0/0"`}, true},
		{"the agent configuration names another queue", []string{first},
			[]string{strings.Replace(first, agentConfig("e"+env1+"-h"+vm1), agentConfig("e"+env1+"-h"+vm2), 1)},
			[]string{`.boot_script-vm.properties.config: got "conf='`}, false},
		{"a stamp is not renamed", []string{first},
			[]string{strings.Replace(first, "17040672000000", "17040672000001", 1)},
			[]string{`step 1: $.agent[0].plan.Stamp: got 17040672000001, want 17040672000000`}, false},
		{"1 is not 1.0", []string{`{"n": 1}`}, []string{`{"n": 1.0}`}, []string{`step 1: $.n: got 1.0, want 1`}, false},
		{"members missing and unexpected", []string{`{"a": 1, "b": [1, 2]}`}, []string{`{"c": 1, "b": [1]}`},
			[]string{`step 1: $.a: missing, want 1`, `step 1: $.b: 1 items, want 2`, `step 1: $.c: unexpected 1`}, false},
		{"a stack name kept across steps", []string{`{"stack": "murano--abcdelqu5m2o01"}`, `{"stack": "murano--abcdelqu5m2o01"}`},
			[]string{`{"stack": "murano--zyxwvlqu5m2o01"}`, `{"stack": "murano--zyxwvlqu5m2o01"}`}, nil, false},
		{"a stack name changed between steps", []string{`{"stack": "murano--abcdelqu5m2o01"}`, `{"stack": "murano--abcdelqu5m2o01"}`},
			[]string{`{"stack": "murano--zyxwvlqu5m2o01"}`, `{"stack": "murano--qqqqqlqu5m2o02"}`},
			[]string{`step 2: $.stack: got "murano--<name:2>", want "murano--<name:1>"`}, false},
		{"a word is not a random name", []string{`{"w": "abcdefghijklmn"}`}, []string{`{"w": "abcdefghijklmo"}`},
			[]string{`step 1: $.w: got "abcdefghijklmo", want "abcdefghijklmn"`}, false},
		{"a version is not an address", []string{`{"v": "1.0.0"}`}, []string{`{"v": "1.0.1"}`},
			[]string{`step 1: $.v: got "1.0.1", want "1.0.0"`}, false},
		{"steps missing", []string{`{}`, `{}`}, []string{`{}`}, []string{"1 steps, want 2"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := make([][]byte, len(tt.want))
			for i, w := range tt.want {
				want[i] = []byte(w)
			}
			got := make([][]byte, len(tt.got))
			for i, g := range tt.got {
				got[i] = []byte(g)
			}
			diffs, err := CompareDeploy(want, got)
			if err != nil {
				t.Fatal(err)
			}
			if len(diffs) < len(tt.diffs) || len(diffs) > len(tt.diffs) && !tt.more {
				t.Fatalf("differences:\n  %s\nwant %d: %q", strings.Join(diffs, "\n  "), len(tt.diffs), tt.diffs)
			}
			for i, d := range diffs[:len(tt.diffs)] {
				if !strings.Contains(d, tt.diffs[i]) {
					t.Errorf("difference %d = %s\nwant it to hold %s", i, d, tt.diffs[i])
				}
			}
		})
	}
	if _, err := CompareDeploy([][]byte{[]byte(`{`)}, [][]byte{[]byte(`{}`)}); err == nil {
		t.Error("CompareDeploy of a broken want: no error")
	}
}

func TestDeployNamesOrder(t *testing.T) {
	// Members are visited in an order that does not depend on the ids:
	// the two documents below list the same resources, whose keys sort
	// differently by their ids.
	a := `{"resources": {"port-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa": {"net": "ffffffffffffffffffffffffffffffff"}, "net-ffffffffffffffffffffffffffffffff": {}}}`
	b := `{"resources": {"port-99999999999999999999999999999999": {"net": "11111111111111111111111111111111"}, "net-11111111111111111111111111111111": {}}}`
	na, err := NewDeployNames().Normalise([]byte(a))
	if err != nil {
		t.Fatal(err)
	}
	nb, err := NewDeployNames().Normalise([]byte(b))
	if err != nil {
		t.Fatal(err)
	}
	if sa, sb := shortJSON(na), shortJSON(nb); sa != sb {
		t.Errorf("normalised differently:\n  %s\n  %s", sa, sb)
	}
	if want := `{"resources":{"net-<id:1>":{},"port-<id:2>":{"net":"<id:1>"}}}`; shortJSON(na) != want {
		t.Errorf("Normalise = %s, want %s", shortJSON(na), want)
	}
}

func TestParseDeployScenario(t *testing.T) {
	const pkg = "-- packages/app/manifest.yaml --\nFormat: 1.4\n"
	parse := func(text string) (*DeployScenario, error) {
		return ParseDeployScenario(&Archive{Path: "s.txtar", Name: "s", Archive: txtar.Parse([]byte(text))})
	}
	s, err := parse("-- steps --\nnote: \"n\"\napplications: true\nstep: {\"action\": \"deploy\", \"env\": \"env.json\", \"seed\": 7, \"faults\": \"f.json\"}\nwant: {\"ok\": true, \"exception\": null}\n" +
		"step: {\"action\": \"abc.restart\", \"args\": {\"delay\": 1}, \"removeApp\": [\"x\"], \"addApp\": [\"app.json\"], \"fix\": [\"async-push\"]}\n" +
		"-- env.json --\n{}\n-- f.json --\n[]\n-- app.json --\n{}\n" + pkg)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Applications || len(s.Steps) != 2 || s.Steps[1].Want != nil {
		t.Fatalf("parsed %+v", s)
	}
	if err := s.Check(); err == nil || !strings.Contains(err.Error(), "step 2 has no want") {
		t.Errorf("Check = %v, want step 2 has no want", err)
	}
	got := strings.Join(s.Steps[0].CommandArgs([]string{"packages", "/lib"}, "", "state-1.json"), " ")
	if want := "--packages packages --packages /lib --env env.json --seed 7 --faults f.json --save-state state-1.json --action deploy"; got != want {
		t.Errorf("CommandArgs = %s\nwant %s", got, want)
	}
	got = strings.Join(s.Steps[1].CommandArgs([]string{"packages"}, "state-1.json", "state-2.json"), " ")
	if want := `--packages packages --state state-1.json --save-state state-2.json --action abc.restart --args {"delay": 1} --add-app app.json --remove-app x --fix async-push`; got != want {
		t.Errorf("CommandArgs = %s\nwant %s", got, want)
	}
	s.SetWants([][]byte{nil, []byte(" {\"ok\": false, \"exception\": {}}\n")})
	if err := s.Check(); err != nil {
		t.Error(err)
	}
	steps, _ := s.File(DeployStepsMember)
	if n := strings.Count(string(steps), "\nwant: "); n != 2 || !strings.HasSuffix(string(steps), "want: {\"ok\": false, \"exception\": {}}\n") {
		t.Errorf("SetWants wrote:\n%s", steps)
	}
	dir := t.TempDir()
	if err := s.Extract(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "packages", "app", "manifest.yaml")); err != nil {
		t.Error(err)
	}
	if _, err := os.Stat(filepath.Join(dir, DeployStepsMember)); err == nil {
		t.Error("Extract wrote the steps")
	}

	for text, want := range map[string]string{
		"-- env.json --\n{}\n" + pkg:                                                                      `no "steps" member`,
		"-- steps --\nnote: \"n\"\n" + pkg:                                                                "no steps",
		"-- steps --\nstep: {\"action\": \"deploy\"}\n" + pkg:                                             "the first step has no env",
		"-- steps --\nstep: {\"action\": \"deploy\", \"env\": \"e.json\"}\n" + pkg:                        `no member "e.json"`,
		"-- steps --\nstep: {\"action\": \"go\", \"env\": \"e\"}\n-- e --\n{}\n" + pkg:                    `action "go"`,
		"-- steps --\nstep: {\"action\": \"deploy\", \"envv\": \"e\"}\n" + pkg:                            `unknown field "envv"`,
		"-- steps --\nwant: {}\n" + pkg:                                                                   "want: before the first step",
		"-- steps --\nstep: {\"action\": \"deploy\", \"env\": \"e\"}\n-- e --\n{}\n":                      "no members under packages/",
		"-- steps --\nstep: {\"action\": \"deploy\", \"env\": \"e\", \"args\": [1]}\n-- e --\n{}\n" + pkg: "want a JSON object",
		"-- steps --\nkind: 1\n" + pkg:                                                                    `unknown key "kind"`,
	} {
		if _, err := parse(text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseDeployScenario(%q): error %v, want %q", text, err, want)
		}
	}
}
