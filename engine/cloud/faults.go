// This file defines the fault catalog: faults a run is started with, and
// what each one makes the cloud do.

package cloud

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// The kinds of fault.
const (
	// FaultQuota makes creating a resource of a type (default
	// OS::Nova::Server; Name: a regexp on the resource name) fail with
	// Heat's quota message (Message overrides it).
	FaultQuota = "quota"
	// FaultImageWithoutAgent: servers of the image (all images when
	// Image is "") run no murano agent.
	FaultImageWithoutAgent = "image-without-agent"
	// FaultScriptExit: a script whose name or entry file name equals or
	// matches Script (and whose body matches Body) exits with Code.
	FaultScriptExit = "script-exit"
	// FaultNoRouter: the default router does not exist; Create tells
	// whether murano may create it.
	FaultNoRouter = "no-router"
	// FaultRouterWithoutGateway: the default router has no gateway.
	FaultRouterWithoutGateway = "router-without-gateway"
	// FaultNoSecurityGroups: Neutron lacks the security-group extension.
	FaultNoSecurityGroups = "no-security-groups"
	// FaultHeatValidation: Heat rejects templates holding a resource of
	// the type (any when "") whose name matches Name.
	FaultHeatValidation = "heat-validation"
	// FaultAgentDisabled: the engine's configuration disables the agent.
	FaultAgentDisabled = "agent-disabled"
)

var faultKinds = []string{FaultQuota, FaultImageWithoutAgent, FaultScriptExit, FaultNoRouter,
	FaultRouterWithoutGateway, FaultNoSecurityGroups, FaultHeatValidation, FaultAgentDisabled}

// Fault is one entry of a fault list. Fields a kind does not use are
// ignored; Code is 1 when absent.
type Fault struct {
	Kind     string  `json:"kind"`
	Resource string  `json:"resource,omitempty"`
	Name     string  `json:"name,omitempty"`
	Message  string  `json:"message,omitempty"`
	Image    string  `json:"image,omitempty"`
	Script   *string `json:"script,omitempty"`
	Code     *int    `json:"code,omitempty"`
	Stdout   *string `json:"stdout,omitempty"`
	Stderr   *string `json:"stderr,omitempty"`
	Body     string  `json:"body,omitempty"`
	Create   bool    `json:"create,omitempty"`
}

// ParseFaults reads a fault list (the --faults file).
func ParseFaults(data []byte) ([]Fault, error) {
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("faults: not a JSON list: %v", err)
	}
	out := make([]Fault, 0, len(raw))
	for i, r := range raw {
		var f Fault
		dec := json.NewDecoder(bytes.NewReader(r))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&f); err != nil || !slices.Contains(faultKinds, f.Kind) {
			return nil, fmt.Errorf("faults: entry %d: unknown fault %s (kinds: %s)", i+1, r, strings.Join(faultKinds, ", "))
		}
		out = append(out, f)
	}
	return out, nil
}

// Heat's messages for an exceeded quota by resource type ({name}: the
// resource's name).
var quotaMessages = map[string]string{
	"OS::Nova::Server":           "Forbidden: resources.{name}: Quota exceeded for instances: Requested 1, but already used 10 of 10 instances (HTTP 403)",
	"OS::Neutron::FloatingIP":    "OverQuotaClient: resources.{name}: Quota exceeded for resources: ['floatingip'].",
	"OS::Neutron::Port":          "OverQuotaClient: resources.{name}: Quota exceeded for resources: ['port'].",
	"OS::Neutron::Net":           "OverQuotaClient: resources.{name}: Quota exceeded for resources: ['network'].",
	"OS::Neutron::Subnet":        "OverQuotaClient: resources.{name}: Quota exceeded for resources: ['subnet'].",
	"OS::Neutron::SecurityGroup": "OverQuotaClient: resources.{name}: Quota exceeded for resources: ['security_group'].",
	"OS::Cinder::Volume":         "OverLimit: resources.{name}: VolumeLimitExceeded: Maximum number of volumes allowed (10) exceeded for quota 'volumes'. (HTTP 413)",
}

const quotaDefault = "Forbidden: resources.{name}: Quota exceeded (HTTP 403)"

type faults []Fault

func (fs faults) has(kind string) bool {
	return slices.ContainsFunc(fs, func(f Fault) bool { return f.Kind == kind })
}

func (fs faults) first(kind string) (Fault, bool) {
	for _, f := range fs {
		if f.Kind == kind {
			return f, true
		}
	}
	return Fault{}, false
}

// search reports whether the pattern matches somewhere in text; a bad
// pattern matches nothing.
func search(pattern, text string) bool {
	re, err := regexp.Compile(pattern)
	return err == nil && re.MatchString(text)
}

// quota returns the failure of creating a resource, "" when none.
func (fs faults) quota(rtype, name string) string {
	for _, f := range fs {
		if f.Kind != FaultQuota {
			continue
		}
		res := f.Resource
		if res == "" {
			res = "OS::Nova::Server"
		}
		if res != rtype || f.Name != "" && !search(f.Name, name) {
			continue
		}
		msg := f.Message
		if msg == "" {
			msg = quotaMessages[rtype]
		}
		if msg == "" {
			msg = quotaDefault
		}
		return strings.ReplaceAll(msg, "{name}", name)
	}
	return ""
}

// imageWithoutAgent reports whether servers of the image run no agent.
func (fs faults) imageWithoutAgent(im Image) bool {
	return slices.ContainsFunc(fs, func(f Fault) bool {
		return f.Kind == FaultImageWithoutAgent && (f.Image == "" || f.Image == im.ID || f.Image == im.Name)
	})
}

// scriptExit returns the fault a script call meets.
func (fs faults) scriptExit(scriptName, fileName, body string) (Fault, bool) {
	for _, f := range fs {
		if f.Kind != FaultScriptExit {
			continue
		}
		if f.Script != nil {
			hit := false
			for _, n := range []string{scriptName, fileName} {
				if n != "" && (n == *f.Script || search(*f.Script, n)) {
					hit = true
				}
			}
			if !hit {
				continue
			}
		}
		if f.Body != "" && !search(f.Body, body) {
			continue
		}
		return f, true
	}
	return Fault{}, false
}

// heatValidation returns the message Heat rejects a resource with.
func (fs faults) heatValidation(rtype, name string) string {
	for _, f := range fs {
		if f.Kind != FaultHeatValidation || f.Resource != "" && f.Resource != rtype || f.Name != "" && !search(f.Name, name) {
			continue
		}
		if f.Message != "" {
			return f.Message
		}
		return fmt.Sprintf("Property error: : resources.%s: : simulated validation error", name)
	}
	return ""
}

// AgentDisabled reports whether the agent-disabled fault is active: the
// engine then refuses to use the murano agent.
func (c *Cloud) AgentDisabled() bool { return c.faults.has(FaultAgentDisabled) }

// RouterCreationAllowed reports whether murano may create the default
// router: the no-router fault forbids it unless its Create is set.
func (c *Cloud) RouterCreationAllowed() bool {
	f, ok := c.faults.first(FaultNoRouter)
	return !ok || f.Create
}
