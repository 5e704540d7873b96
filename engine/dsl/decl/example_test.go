package decl_test

import (
	"fmt"

	"murano.dev/playground/engine/diag"
	"murano.dev/playground/engine/dsl/decl"
)

func ExampleDecodeFile() {
	src := `Namespaces:
  =: com.example
Name: Greeter
Properties:
  greeting:
    Contract: $.string().notNull()
    Default: Hello
Methods:
  greet:
    Arguments:
      - rest: {Contract: $, Usage: VarArgs}
      - name: {Contract: $.string()}
    Body:
      - Return: format('{0}, {1}!', $.greeting, $name)
`
	f, errs := decl.DecodeFile("Greeter.yaml", []byte(src), decl.V1_4)
	c := f.Classes[0]
	fmt.Println(c.FullName, c.Properties[0].Name, c.Properties[0].Contract.Expr.Source)
	for _, e := range errs {
		fmt.Println(diag.Format(e, f.Source))
	}
	// Output:
	// com.example.Greeter greeting $.string().notNull()
	// Greeter.yaml:12:9: DslSyntaxError: Invalid argument order in method greet
	//  |       - name: {Contract: $.string()}
	//  | ........^^^^^^^^^^^^^^^^^^^^^^^^^^^^
}
