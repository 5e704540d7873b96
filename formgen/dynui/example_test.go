package dynui_test

import (
	"encoding/json"
	"fmt"

	"murano.dev/playground/formgen/dynui"
)

// The flow of the playground's form preview: load, render a step,
// validate a field as the user types, post the steps, finish. The object
// model is the Dynamic UI oracle's for the same answers (seed 42).
func Example() {
	def, err := dynui.Load("UI/ui.yaml", []byte(`Version: 2.2
Application:
  ?:
    type: com.example.Small
  greeting: $.main.greeting
  count: $.main.count
Forms:
  - main:
      fields:
        - name: greeting
          type: string
          initial: hello
        - name: count
          type: integer
          minValue: 1
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	w := dynui.NewWizard(def, dynui.Options{PackageName: "Small App"})
	step, _ := w.Describe(0)
	fmt.Println(step.Form, step.Fields[0].Name, step.Fields[0].Initial)

	msgs, _ := w.ValidateField(0, "count", map[string]string{"count": "0"})
	fmt.Println(msgs)

	res, _ := w.Submit(0, map[string]string{"greeting": "hello", "count": "3"})
	fmt.Println(res.Valid)
	res, _ = w.Submit(1, map[string]string{"application_name": "Small"})
	fmt.Println(res.Valid)

	model, failure, err := w.Finish()
	if err != nil || failure != nil {
		fmt.Println(err, failure)
		return
	}
	out, _ := json.Marshal(dynui.JSONable(model))
	fmt.Println(string(out))
	// Output:
	// main greeting hello
	// [Ensure this value is greater than or equal to 1.]
	// true
	// true
	// {"?":{"_26411a1861294160833743e45d0eaad9":{"name":"Small App"},"id":"bdd640fb-0667-4ad1-9c80-317fa3b1799d","name":"Small","resourceUsages":{"RegionOne":{"instances":0,"ram":0,"vcpus":0}},"type":"com.example.Small"},"count":3,"greeting":"hello"}
}
