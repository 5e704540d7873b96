package dynui

import (
	"fmt"
	"strings"
	"testing"
)

// bigForm is a 4-step definition with 10 fields per step, of the common
// types and with YAQL attributes and validators.
func bigForm() []byte {
	var b strings.Builder
	b.WriteString("Version: 2.4\nParameters:\n  sizes:\n    small: Small\n    large: Large\nApplication:\n  ?:\n    type: com.example.Big\n")
	for s := 0; s < 4; s++ {
		fmt.Fprintf(&b, "  step%d: $.step%d\n", s, s)
	}
	b.WriteString("Forms:\n")
	for s := 0; s < 4; s++ {
		fmt.Fprintf(&b, "  - step%d:\n      fields:\n", s)
		for i := 0; i < 10; i++ {
			name := fmt.Sprintf("f%d_%d", s, i)
			switch i {
			case 0:
				fmt.Fprintf(&b, "        - {name: %s, type: string, label: Name, initial: 'node-#', regexpValidator: '^[a-z][-a-z0-9#]*$', minLength: 2, maxLength: 30}\n", name)
			case 1:
				fmt.Fprintf(&b, "        - {name: %s, type: integer, initial: 3, minValue: 1, maxValue: 10}\n", name)
			case 2:
				fmt.Fprintf(&b, "        - name: %s\n          type: password\n          label: Password\n", name)
			case 3:
				fmt.Fprintf(&b, "        - {name: %s, type: choice, choices: $sizes, initial: large}\n", name)
			case 4:
				fmt.Fprintf(&b, "        - {name: %s, type: boolean, initial: true}\n", name)
			case 5:
				fmt.Fprintf(&b, "        - {name: %s, type: flavor, requirements: {min_vcpus: 2}}\n", name)
			case 6:
				fmt.Fprintf(&b, "        - {name: %s, type: image, imageType: linux}\n", name)
			case 7:
				fmt.Fprintf(&b, "        - {name: %s, type: network}\n", name)
			case 8:
				fmt.Fprintf(&b, "        - {name: %s, type: text, required: false, maxLength: 200}\n", name)
			case 9:
				fmt.Fprintf(&b, "        - name: %s\n          type: string\n          initial: abc\n          validators:\n            - expr: $.len() > 2\n              message: Too short\n", name)
			}
		}
	}
	return []byte(b.String())
}

func BenchmarkValidateField(b *testing.B) {
	def, err := Load("big.yaml", bigForm())
	if err != nil {
		b.Fatal(err)
	}
	w := NewWizard(def, Options{})
	post := map[string]string{"f2_0": "web-#", "f2_9": "abcd"}
	b.ResetTimer()
	for b.Loop() {
		msgs, err := w.ValidateField(2, "f2_0", post)
		if err != nil || len(msgs) != 0 {
			b.Fatal(err, msgs)
		}
	}
}

func BenchmarkBuildAndDescribe(b *testing.B) {
	src := bigForm()
	for b.Loop() {
		def, err := Load("big.yaml", src)
		if err != nil {
			b.Fatal(err)
		}
		w := NewWizard(def, Options{})
		for step := 0; step < 5; step++ {
			if _, err := w.Describe(step); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func TestBigFormRuns(t *testing.T) {
	def, err := Load("big.yaml", bigForm())
	if err != nil {
		t.Fatal(err)
	}
	in, _ := ParseInput([]byte(`{"step0": {"f0_2": "Secret1!", "f0_6": "img-ubuntu"}, "step1": {"f1_2": "Secret1!", "f1_6": "img-ubuntu"}, "step2": {"f2_2": "Secret1!", "f2_6": "img-ubuntu"}, "step3": {"f3_2": "Secret1!", "f3_6": "img-ubuntu", "f3_1": 11}}`))
	res := Run(def, in, Options{}, false)
	want := []string{"Ensure this value is less than or equal to 10."}
	if res.ExitCode() != 1 || res.Step != 3 || fmt.Sprint(res.Errors["f3_1"]) != fmt.Sprint(want) {
		t.Errorf("got %+v", res.JSON())
	}
}
