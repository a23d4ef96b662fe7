package audit_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/sbxgate/sbxgate/audit"
)

// A record is a kind and a JSON body the log does not read, except for decision_id, which links it
// to an earlier record. Append returns once it is durable; VerifyLog checks the chain and the Merkle
// tree; a Reader finds a record and the records linked to it through the log's index.
func Example() {
	dir, _ := os.MkdirTemp("", "audit-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "audit.log")

	l, err := audit.Open(path)
	if err != nil {
		log.Fatal(err)
	}
	body, _ := json.Marshal(map[string]any{"principal": "alice", "allow": true})
	dec, err := l.Append(context.Background(), audit.Entry{Kind: "decision", Body: body})
	if err != nil {
		log.Fatal(err)
	}
	body, _ = json.Marshal(map[string]any{"decision_id": dec.ID, "exit_code": 0})
	if _, err := l.Append(context.Background(), audit.Entry{Kind: "result", Body: body}); err != nil {
		log.Fatal(err)
	}
	if err := l.Close(); err != nil {
		log.Fatal(err)
	}

	rep, err := audit.VerifyLog(path, audit.VerifyOptions{})
	if err != nil {
		log.Fatal(err)
	}
	r, err := audit.OpenReader(path)
	if err != nil {
		log.Fatal(err)
	}
	defer r.Close()
	lines, err := r.Linked(context.Background(), dec.ID)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("records:", rep.Records, "linked to the decision:", len(lines)-1)
	// Output: records: 2 linked to the decision: 1
}
