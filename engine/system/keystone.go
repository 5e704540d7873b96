// This file defines io.murano.Project and io.murano.User: the Keystone
// project and user of the task as new objects of those classes.

package system

import (
	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/value"
)

// Account is a Keystone project or user as the system classes see it.
type Account struct {
	ID, Name, Domain string
	// Description (a project's) or Email (a user's).
	Description, Email string
}

// accountClass is Project or User: getCurrent and getEnvironmentOwner
// return a new object of the class with the account's fields.
func accountClass(name, detail string, current, owner func() Account) *dsl.NativeClass {
	static := func(method string, account func() Account) dsl.NativeMethodSpec {
		return dsl.NativeMethodSpec{Name: method, Usage: "Static", Impl: func(nc *dsl.NativeCall) (value.Value, error) {
			a := account()
			props := value.NewDict(5)
			props.SetString("id", value.String(a.ID))
			props.SetString("name", value.String(a.Name))
			props.SetString("domain", value.String(a.Domain))
			if detail == "email" {
				props.SetString("email", value.String(a.Email))
			} else {
				props.SetString("description", value.String(a.Description))
			}
			props.SetString("extra", value.NewDict(0))
			return nc.New(props)
		}}
	}
	return &dsl.NativeClass{Name: name, Methods: []dsl.NativeMethodSpec{static("getCurrent", current), static("getEnvironmentOwner", owner)}}
}
