// This file draws a form example's wizard as static HTML, with the
// classes of the playground's wizard (web/src/forms), so that the page
// shows the form before (and without) its script: the steps reached, each
// field with its label, widget, initial value and help text, and the
// descriptions beside them.

package main

import (
	"encoding/json"
	"fmt"
	"html"
	"strings"

	"murano.dev/playground/formgen"
)

func renderForm(b *strings.Builder, res *formgen.Result) {
	if len(res.Forms) == 0 {
		return
	}
	b.WriteString("<div class=\"wizard mpl-static-form\">\n<ol class=\"wizard-steps\" aria-label=\"Steps\">")
	for i, f := range res.Forms {
		state := "done"
		if i == 0 {
			state = "current"
		}
		title := f.Title
		if title == "" {
			title = f.Form
		}
		fmt.Fprintf(b, "<li class=\"wizard-step\" data-state=\"%s\"><span class=\"wizard-step-number\">%d</span>%s</li>",
			state, f.Step+1, html.EscapeString(title))
	}
	b.WriteString("</ol>\n")
	for i, f := range res.Forms {
		hidden := ""
		if i > 0 {
			hidden = " mpl-later-step"
		}
		fmt.Fprintf(b, "<div class=\"wizard-body%s\" data-step=\"%d\"><div class=\"wizard-form\">\n", hidden, f.Step+1)
		var side strings.Builder
		for _, fd := range f.Fields {
			if fd.InputKind == "hidden" {
				continue
			}
			label := html.EscapeString(labelText(fd.Label))
			initial := labelText(fd.Initial)
			req := ""
			if fd.Required && fd.InputKind != "checkbox" {
				req = "<span class=\"required\"> *</span>"
			}
			help := ""
			if fd.HelpText != "" {
				help = "<p class=\"help-text\">" + html.EscapeString(fd.HelpText) + "</p>"
			}
			var widget string
			switch fd.InputKind {
			case "checkbox":
				checked := ""
				if v, ok := fd.Initial.(bool); ok && v {
					checked = " checked"
				}
				fmt.Fprintf(b, "<div class=\"form-row form-row-check\"><div class=\"check\"><input type=\"checkbox\" class=\"checkbox\" disabled%s><label class=\"form-label\">%s</label></div>%s</div>\n",
					checked, label, help)
				continue
			case "select":
				widget = "<select class=\"input\" disabled>" + choiceOptions(fd.Choices, initial) + "</select>"
			case "textarea":
				widget = "<textarea class=\"input\" rows=\"3\" disabled>" + html.EscapeString(initial) + "</textarea>"
			default:
				kind := "text"
				if fd.InputKind == "number" || fd.InputKind == "password" {
					kind = fd.InputKind
				}
				if kind == "password" {
					initial = ""
				}
				widget = fmt.Sprintf("<input class=\"input\" type=\"%s\" value=\"%s\" disabled>", kind, html.EscapeString(initial))
			}
			if fd.ErrorMessage != "" {
				widget = "<p class=\"widget-error\">" + html.EscapeString(fd.ErrorMessage) + "</p>"
			}
			fmt.Fprintf(b, "<div class=\"form-row\"><label class=\"form-label\">%s%s</label>%s%s</div>\n", label, req, widget, help)
			if d := labelText(fd.Description); d != "" {
				title := fd.DescriptionTitle
				if title == "" {
					title = labelText(fd.Label)
				}
				fmt.Fprintf(&side, "<p><strong>%s</strong></p><p>%s</p>\n", html.EscapeString(title), html.EscapeString(d))
			}
		}
		b.WriteString("</div>")
		if side.Len() > 0 {
			b.WriteString("<aside class=\"wizard-side\">" + side.String() + "</aside>")
		}
		b.WriteString("</div>\n")
	}
	b.WriteString("</div>\n")
}

// choiceOptions renders a select's choices ([value, label, disabled] or [group,
// [[value, label, disabled]…]]), the initial one selected.
func choiceOptions(choices any, initial string) string {
	data, _ := json.Marshal(choices)
	var list [][]json.RawMessage
	json.Unmarshal(data, &list)
	var b strings.Builder
	for _, c := range list {
		if len(c) < 2 {
			continue
		}
		var group [][]json.RawMessage
		if json.Unmarshal(c[1], &group) == nil {
			var label string
			json.Unmarshal(c[0], &label)
			b.WriteString("<optgroup label=\"" + html.EscapeString(label) + "\">")
			for _, o := range group {
				b.WriteString(option(o, initial))
			}
			b.WriteString("</optgroup>")
			continue
		}
		b.WriteString(option(c, initial))
	}
	return b.String()
}

func option(o []json.RawMessage, initial string) string {
	if len(o) < 2 {
		return ""
	}
	var value, label string
	json.Unmarshal(o[0], &value)
	json.Unmarshal(o[1], &label)
	sel := ""
	if value == initial {
		sel = " selected"
	}
	return fmt.Sprintf("<option value=\"%s\"%s>%s</option>", html.EscapeString(value), sel, html.EscapeString(label))
}
