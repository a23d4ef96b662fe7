package policy

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/sbxgate/sbxgate/analyzer"
)

// ParseInput reads a policy input from JSON: either a whole Input ({"request": ..., "report": ...})
// or a bare analyzer report (one element of `check --format json` results, which also carries a
// decision that is ignored), whose request is then empty. Unknown fields are errors, so a misspelt
// key is reported instead of silently deciding a different document.
func ParseInput(b []byte) (Input, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(b, &top); err != nil || top == nil {
		return Input{}, errors.New("input is not a JSON object: pass a policy input {request, report} or an analyzer report")
	}
	if _, ok := top["report"]; ok {
		var in Input
		if err := strictDecode(b, &in); err != nil {
			return Input{}, fmt.Errorf("input: %v", err)
		}
		if in.Report == nil {
			return Input{}, errors.New("input: report is null: pass the analyzer's report")
		}
		return in, nil
	}
	if _, ok := top["request"]; ok {
		return Input{}, errors.New("input has a request but no report: add the analyzer's report")
	}
	// A `check --format json` result carries its decision next to the report fields.
	delete(top, "decision")
	rb, err := json.Marshal(top)
	if err != nil {
		return Input{}, err
	}
	var r analyzer.Report
	if err := strictDecode(rb, &r); err != nil {
		return Input{}, fmt.Errorf("report: %v", err)
	}
	return Input{Report: &r}, nil
}

func strictDecode(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("trailing data after the JSON document")
	}
	return nil
}
