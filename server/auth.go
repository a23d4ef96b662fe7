package server

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/sbxgate/sbxgate/config"
)

// RoleAuditor lets a token read every principal's audit records.
const RoleAuditor = "auditor"

// MinTokenBytes is the shortest token HashToken accepts: shorter ones can be guessed.
const MinTokenBytes = 16

// tokenPrefix marks sbxgate tokens so secret scanners and people can tell what leaked.
const tokenPrefix = "sbxg_"

// HashToken returns the hex SHA-256 of token, the form server.tokens[].sha256 stores.
func HashToken(token string) (string, error) {
	switch {
	case token == "":
		return "", errors.New("token is empty: pass the token on standard input or use --new")
	case strings.ContainsAny(token, " \t\r\n"):
		return "", errors.New("token contains whitespace: a bearer token is one word")
	case len(token) < MinTokenBytes:
		return "", fmt.Errorf("token is %d bytes: use at least %d random bytes (sbxgate token hash --new makes one)", len(token), MinTokenBytes)
	}
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:]), nil
}

// NewToken returns a fresh random token: 32 bytes from crypto/rand, base64url, with a prefix.
func NewToken() string {
	var b [32]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	return tokenPrefix + base64.RawURLEncoding.EncodeToString(b[:])
}

// principal is who a request acts for, as the token table says.
type principal struct {
	Name    string
	Auditor bool
}

type tokenEntry struct {
	sum [sha256.Size]byte
	p   principal
}

// tokenTable maps the SHA-256 of bearer tokens to principals.
type tokenTable []tokenEntry

func newTokenTable(tokens []config.Token) (tokenTable, error) {
	if len(tokens) == 0 {
		return nil, errors.New("server.tokens is empty: add a token (sbxgate token hash --new prints one and its sha256)")
	}
	seen := map[string]bool{}
	t := make(tokenTable, 0, len(tokens))
	for i, tok := range tokens {
		raw, err := hex.DecodeString(tok.SHA256)
		if err != nil || len(raw) != sha256.Size {
			return nil, fmt.Errorf("server.tokens[%d].sha256 is not 64 hex digits: store sha256(token)", i)
		}
		if seen[tok.SHA256] {
			return nil, fmt.Errorf("server.tokens[%d]: the same token hash appears twice: give each principal its own token", i)
		}
		seen[tok.SHA256] = true
		if tok.Principal == "" {
			return nil, fmt.Errorf("server.tokens[%d].principal is empty: name who the token acts for", i)
		}
		var e tokenEntry
		copy(e.sum[:], raw)
		e.p = principal{Name: tok.Principal, Auditor: slices.Contains(tok.Roles, RoleAuditor)}
		t = append(t, e)
	}
	return t, nil
}

// lookup finds the principal for a presented token. It hashes the token and compares against every
// entry in constant time, so neither the match position nor a prefix match shows in the timing.
func (t tokenTable) lookup(token string) (principal, bool) {
	sum := sha256.Sum256([]byte(token))
	found := -1
	for i := range t {
		if subtle.ConstantTimeCompare(sum[:], t[i].sum[:]) == 1 {
			found = i
		}
	}
	if found < 0 {
		return principal{}, false
	}
	return t[found].p, true
}

// errTwoAuthorizations refuses a request that authenticates twice: a proxy or library in front of
// the gate may honour the other header, and so act for another principal than the gate did.
var errTwoAuthorizations = errors.New("more than one Authorization header: send exactly one, Authorization: Bearer <token>")

// bearer extracts the token of an "Authorization: Bearer <token>" header.
func bearer(r *http.Request) (string, error) {
	hs := r.Header.Values("Authorization")
	if len(hs) > 1 {
		return "", errTwoAuthorizations
	}
	if len(hs) == 0 || hs[0] == "" {
		return "", errors.New("missing Authorization header: send Authorization: Bearer <token>")
	}
	h := hs[0]
	scheme, tok, ok := strings.Cut(h, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", errors.New("the Authorization header is not a bearer token: send Authorization: Bearer <token>")
	}
	tok = strings.TrimSpace(tok)
	if tok == "" {
		return "", errors.New("empty bearer token: send Authorization: Bearer <token>")
	}
	return tok, nil
}
