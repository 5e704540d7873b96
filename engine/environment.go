// This file wraps application object models into the environment model
// that Murano's API hands to the engine when an environment is deployed:
// the environment object with its default network, the applications as
// its "applications" (the API's "services", renamed as the API does for a
// deploy task), an empty attribute store and the project and user of the
// simulated cloud.

package engine

import (
	"encoding/hex"
	"fmt"

	"murano.dev/playground/engine/hashes"
	"murano.dev/playground/engine/value"
)

// EnvironmentOptions name an environment, seed its ids and choose its
// default network.
type EnvironmentOptions struct {
	// Name is the environment's name; "" is "demo-env".
	Name string
	// Seed makes the environment's and its network's ids: the md5 of
	// "env:<seed>:1" and "env:<seed>:2" in hex (the API uses random
	// uuid4 hex strings of the same form).
	Seed int64
	// Network is the default network: "neutron" ("" too), "nova" or
	// "none".
	Network string
}

// The project and user of the simulated cloud, who own every environment.
const (
	ProjectID = "proj-1"
	UserID    = "user-1"
)

var defaultNetworkTypes = map[string]string{
	"":        "io.murano.resources.NeutronNetwork",
	"neutron": "io.murano.resources.NeutronNetwork",
	"nova":    "io.murano.resources.NovaNetwork",
}

// NewEnvironment returns the environment model of apps, each one an
// application object model ({"?": {"type", "id", …}, …properties}) or a
// document holding one under "objectModel" (the output of the forms,
// also inside "output"). Object keys keep their order.
func NewEnvironment(apps []Value, opts EnvironmentOptions) (*Dict, error) {
	name := opts.Name
	if name == "" {
		name = "demo-env"
	}
	models := make([]Value, len(apps))
	for i, doc := range apps {
		m, err := ApplicationModel(doc)
		if err != nil {
			return nil, err
		}
		models[i] = m
	}
	networks := value.NewDict(2)
	if opts.Network == "none" {
		networks.SetString("environment", value.Null)
	} else {
		typ, ok := defaultNetworkTypes[opts.Network]
		if !ok {
			return nil, fmt.Errorf("unknown network %q: neutron, nova or none", opts.Network)
		}
		network := value.NewDict(2)
		network.SetString("?", dict("id", value.String(environmentID(opts.Seed, 2)), "type", value.String(typ)))
		network.SetString("name", value.String(name+"-network"))
		networks.SetString("environment", network)
	}
	networks.SetString("flat", value.Null)

	objects := value.NewDict(4)
	objects.SetString("?", dict(
		"id", value.String(environmentID(opts.Seed, 1)),
		"type", value.String("io.murano.Environment"),
		"metadata", value.NewDict(0)))
	objects.SetString("name", value.String(name))
	objects.SetString("defaultNetworks", networks)
	objects.SetString("applications", value.NewPyList(models))
	return dict(
		"Objects", objects,
		"Attributes", value.NewPyList(nil),
		"project_id", value.String(ProjectID),
		"user_id", value.String(UserID)), nil
}

// ApplicationModel finds the application object model in doc: doc
// itself, or its "objectModel" (also under "output").
func ApplicationModel(doc Value) (*Dict, error) {
	d, _ := doc.(*Dict)
	if d != nil {
		if out, ok := d.GetString("output"); ok {
			if od, ok := out.(*Dict); ok {
				d = od
			}
		}
		if m, ok := d.GetString("objectModel"); ok {
			d, _ = m.(*Dict)
		}
	}
	if d != nil {
		if header, ok := d.GetString("?"); ok {
			if _, ok := header.(*Dict); ok {
				return d, nil
			}
		}
	}
	return nil, fmt.Errorf(`not an application object model (no "?")`)
}

func environmentID(seed int64, n int) string {
	sum := hashes.MD5(fmt.Appendf(nil, "env:%d:%d", seed, n))
	return hex.EncodeToString(sum[:])
}

// dict makes a dictionary of string keys and values, in order.
func dict(kv ...any) *Dict {
	d := value.NewDict(len(kv) / 2)
	for i := 0; i < len(kv); i += 2 {
		d.SetString(kv[i].(string), kv[i+1].(Value))
	}
	return d
}
