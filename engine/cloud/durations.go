// This file defines how long things take in the cloud when it is made
// with Durations: a stack stays *_IN_PROGRESS until its changed resources
// are done (each waits for those it depends on), a server's agent starts
// when the server has booted, and a plan's result comes when its scripts
// have run, one plan after another. Without Durations everything is done
// at once, as in the reference harness's fake cloud.

package cloud

import (
	"math"
	"time"
)

// resourceSeconds is how long creating or changing a resource takes, in
// virtual seconds, by type (the durations of the simulated-cloud
// specification; a type not listed takes none).
var resourceSeconds = map[string]float64{
	"OS::Neutron::Net":                    1,
	"OS::Neutron::Subnet":                 1,
	"OS::Neutron::SecurityGroup":          1,
	"AWS::EC2::SecurityGroup":             1,
	"OS::Neutron::RouterInterface":        2,
	"OS::Neutron::Port":                   2,
	"OS::Neutron::FloatingIP":             2,
	"OS::Neutron::FloatingIPAssociation":  1,
	"OS::Nova::Server":                    45,
	"OS::Cinder::Volume":                  10,
	"OS::Cinder::VolumeAttachment":        5,
	"OS::Heat::SoftwareDeployment":        5,
	"OS::Nova::FloatingIPAssociation":     1,
	"AWS::EC2::EIPAssociation":            1,
	"OS::Neutron::FloatingIPAssociation2": 1,
}

// The agent's times: a server's agent starts bootSeconds after the
// server is created, and a plan takes planSeconds to run.
const (
	bootSeconds = 60
	planSeconds = 5
)

// unix is a time as seconds since 1970 (the form the state keeps).
func unix(t time.Time) float64 { return float64(t.UnixMicro()) / 1e6 }

// changeSeconds is how long a stack change takes: the longest chain of
// changed resources, each starting when those it depends on are done.
func changeSeconds(t *Map, order []string, changed map[string]bool) float64 {
	resources := resourcesOf(t)
	done := map[string]float64{}
	longest := 0.0
	for _, n := range order {
		spec, _ := resources.Value(n).(*Map)
		start := 0.0
		for _, d := range deps(spec) {
			start = math.Max(start, done[d])
		}
		end := start
		if changed[n] {
			end += resourceSeconds[rtype(spec)]
		}
		done[n] = end
		longest = math.Max(longest, end)
	}
	return longest
}

// settle ends the stacks' changes whose time has come.
func (c *Cloud) settle() {
	now := unix(c.Now())
	for _, st := range c.st.Stacks {
		if st.ReadyAt > 0 && st.ReadyAt <= now {
			st.ReadyAt = 0
			st.Status, st.Settled = st.Settled, ""
		}
	}
}
