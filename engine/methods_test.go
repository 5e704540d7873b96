package engine

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"murano.dev/playground/engine/value"
)

// MethodsOf lists a package's classes with their methods and arguments;
// RunMuranoPL calls one on opened packages, with the system classes of a
// run without a cloud (System), the package's methods without a Scope
// exposed (ExposeAll), its logger records heard as they come (Logged).
func TestMethodsAndOpenedRun(t *testing.T) {
	p, err := OpenPackage(FilesFS(map[string][]byte{
		"manifest.yaml": []byte("Format: 1.4\nType: Library\nFullName: org.example.Run\nName: Run\nClasses:\n  org.example.Greeter: Greeter.yaml\n"),
		"Classes/Greeter.yaml": []byte(`Namespaces:
  =: org.example
  sys: io.murano.system
Name: Greeter
Methods:
  greet:
    Usage: Static
    Scope: Public
    Arguments:
      - name:
          Contract: $.string().notNull()
          Default: world
    Body:
      - logger('greeter').info('greeting {0}', $name)
      - Return: format('hello {0}', $name)
  resource:
    Body:
      - Return: new(sys:Resources).string('hello.txt')
`),
		"Resources/hello.txt": []byte("hello from a file"),
	}))
	if err != nil {
		t.Fatal(err)
	}
	classes, err := MethodsOf(context.Background(), []*Package{p}, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(classes)
	want := `[{"class":"org.example.Greeter","methods":[{"name":"greet","static":true,"public":true,` +
		`"args":[{"name":"name","contract":"$.string().notNull()","default":"world","kind":"string"}]},` +
		`{"name":"resource","static":false,"public":false,"args":[]}],"error":""}]`
	if string(got) != want {
		t.Errorf("MethodsOf:\n%s\nwant\n%s", got, want)
	}

	var heard []LogRecord
	res, err := RunMuranoPL(context.Background(), RunRequest{Opened: []*Package{p}, Class: "org.example.Greeter", Static: true, Method: "greet",
		Logged: func(r LogRecord) { heard = append(heard, r) }})
	if err != nil || !res.OK || res.Result != value.String("hello world") || len(heard) != 1 || heard[0].Message != "greeting world" {
		t.Errorf("greet: %+v %v, heard %v", res, err, heard)
	}
	for _, tt := range []struct {
		system, expose bool
		want           string
	}{
		{false, true, `"NoMethodRegisteredException"`},
		{true, false, `"MethodNotExposed"`},
		{true, true, `"result": "hello from a file"`},
	} {
		res, err := RunMuranoPL(context.Background(), RunRequest{Opened: []*Package{p}, Class: "org.example.Greeter", Method: "resource", System: tt.system, ExposeAll: tt.expose})
		if err != nil {
			t.Fatal(err)
		}
		out, _ := res.MarshalJSON()
		if !strings.Contains(string(out), tt.want) {
			t.Errorf("resource, system %v, expose %v: %s, want %s", tt.system, tt.expose, out, tt.want)
		}
	}
}
