package dsl

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"reflect"
	"testing"

	"murano.dev/playground/engine/enginetest"
)

// remapPackages against the reference's MuranoClass._remap_package (run
// on stand-ins with the same versions and specs), when murano is
// installed. Each use is a version and the spec it was reached by; uses
// of one version are one package.
func TestRemapPackagesMatchesReference(t *testing.T) {
	const ref = "/usr/lib/python3/dist-packages/murano/dsl/murano_type.py"
	enginetest.Reference(t, ref)
	cases := [][][2]string{
		// Seed 000: X requires Z 1.2.0, Y requires Z 1.3.0: no remapping.
		{{"1.2.0", "1.2.0"}, {"1.3.0", "1.3.0"}},
		// ... but with Y requiring "1", 1.3 is replaced by 1.2, which
		// satisfies both.
		{{"1.2.0", "1.2.0"}, {"1.3.0", "1"}},
		{{"1.2.0", "1"}, {"1.3.0", "1.3.0"}},
		{{"1.0.0", ">=1"}, {"1.5.0", ">=1.1"}, {"2.0.0", "<3"}, {"3.0.0", "==3.0.0"}},
		{{"0.1.0", "0"}, {"0.2.0", "0"}, {"0.3.0", "==0.3.0"}, {"1.0.0", "1"}},
		{{"2.0.0", "<2"}, {"1.0.0", ">=2"}},
		// One version reached with two specs is replaced by itself.
		{{"1.0.0", ">=1"}, {"1.0.0", "1"}},
		{{"1.0.0", "1"}, {"1.1.0", ">=1.1"}},
	}
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	script := `
import json, sys
from murano.common import config
config.CONF([], project='murano')
from murano.dsl import helpers, murano_type
class P:
    def __init__(self, v): self.version = helpers.parse_version(v)
out = []
for uses in json.load(sys.stdin):
    pkgs = {}
    pairs = set()
    for v, s in uses:
        p = pkgs.setdefault(v, P(v))
        pairs.add((p, helpers.parse_version_spec(s)))
    res = murano_type.MuranoClass._remap_package(pairs)
    out.append({str(k.version): str(v.version) for k, v in res.items()})
print(json.dumps(out))
`
	cmd := exec.Command("/usr/bin/python3", "-W", "ignore", "-c", script)
	cmd.Stdin = bytes.NewReader(in)
	raw, err := cmd.Output()
	if err != nil {
		t.Fatalf("reference: %v", err) // run it by hand to see the traceback
	}
	var want []map[string]string
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(want[1], map[string]string{"1.3.0": "1.2.0"}) || len(want[6]) != 1 {
		t.Fatalf("the reference's results are not the expected ones: %v", want)
	}
	for i, c := range cases {
		pkgs := map[string]*LoadedPackage{}
		var uses []packageUse
		for _, u := range c {
			p := pkgs[u[0]]
			if p == nil {
				p = &LoadedPackage{Name: "p", Version: u[0]}
				pkgs[u[0]] = p
			}
			spec, err := ParseVersionSpec(u[1])
			if err != nil {
				t.Fatal(err)
			}
			uses = append(uses, packageUse{p, spec})
		}
		got := map[string]string{}
		for from, to := range remapPackages(uses) {
			got[from.Version] = to.Version
		}
		if !reflect.DeepEqual(got, want[i]) {
			t.Errorf("remapPackages(%v) = %v; reference %v", c, got, want[i])
		}
	}
}
