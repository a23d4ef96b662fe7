package audit_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/sbxgate/sbxgate/audit"
	"github.com/sbxgate/sbxgate/policy"
)

// A decision is logged before a run and its result after, linked by DecisionID; Verify checks the
// chain and the Merkle tree of the whole file.
func Example() {
	dir, _ := os.MkdirTemp("", "audit-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "audit.log")

	l, err := audit.Open(path, audit.WithStoreCode(audit.StoreOnDeny))
	if err != nil {
		log.Fatal(err)
	}
	code := "print('hi')\n"
	dec, err := l.Append(context.Background(), audit.Record{
		Kind: audit.KindDecision, Principal: "alice", Code: &code,
		Decision: &policy.Decision{Allow: true, Tier: "standard"},
	})
	if err != nil {
		log.Fatal(err)
	}
	if _, err := l.Append(context.Background(), audit.Record{Kind: audit.KindResult, Principal: "alice", DecisionID: dec.ID}); err != nil {
		log.Fatal(err)
	}
	l.Close()

	s, err := audit.Verify(path, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("records:", s.Records, "code kept:", dec.Code != nil, "code size:", dec.CodeSize)
	// Output: records: 2 code kept: false code size: 12
}
