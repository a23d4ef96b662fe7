package verify

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"
)

// ErrBadCheckpoint is wrapped by OpenCheckpoint's error when the checkpoint is not validly signed by
// the given key or is not a tree head: it was forged, altered, or signed by someone else.
var ErrBadCheckpoint = errors.New("checkpoint does not verify")

// ParseVerifier takes a verifier key, or the name of a file holding one.
func ParseVerifier(keyOrFile string) (note.Verifier, error) {
	text := strings.TrimSpace(keyOrFile)
	if v, err := note.NewVerifier(text); err == nil {
		return v, nil
	}
	b, err := os.ReadFile(keyOrFile)
	if err != nil {
		return nil, fmt.Errorf("%q is neither a verifier key nor a readable file: pass the key printed by sbxgate audit keygen", keyOrFile)
	}
	v, err := note.NewVerifier(strings.TrimSpace(string(b)))
	if err != nil {
		return nil, fmt.Errorf("%s: not a verifier key: %v", keyOrFile, err)
	}
	return v, nil
}

// OpenCheckpoint checks the signature on a checkpoint and returns its tree. A checkpoint that does
// not verify yields an error wrapping ErrBadCheckpoint.
func OpenCheckpoint(signed []byte, v note.Verifier) (tlog.Tree, error) {
	n, err := note.Open(signed, note.VerifierList(v))
	if err != nil {
		return tlog.Tree{}, fmt.Errorf("%w: %v: pass the checkpoint written by sbxgate audit checkpoint and its key", ErrBadCheckpoint, err)
	}
	tree, err := tlog.ParseTree([]byte(n.Text))
	if err != nil {
		return tlog.Tree{}, fmt.Errorf("%w: %v", ErrBadCheckpoint, err)
	}
	return tree, nil
}
