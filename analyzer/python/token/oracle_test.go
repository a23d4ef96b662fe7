package token

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"os"
	"os/exec"
	"sync"
	"testing"
)

// oracle is one python3 process answering testdata/oracle.py requests.
type oracle struct {
	mu  sync.Mutex
	in  *json.Encoder
	out *bufio.Scanner
}

var (
	oracleOnce sync.Once
	theOracle  *oracle
	oracleErr  error
)

func pyOracle(t testing.TB) *oracle {
	t.Helper()
	oracleOnce.Do(func() {
		cmd := exec.Command("python3", "testdata/oracle.py")
		cmd.Stderr = os.Stderr
		stdin, err := cmd.StdinPipe()
		if err != nil {
			oracleErr = err
			return
		}
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			oracleErr = err
			return
		}
		if err := cmd.Start(); err != nil {
			oracleErr = err
			return
		}
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 1<<30)
		theOracle = &oracle{in: json.NewEncoder(stdin), out: sc}
	})
	if oracleErr != nil {
		t.Fatalf("python3 oracle: %v (python3 3.11 must be on PATH)", oracleErr)
	}
	return theOracle
}

type oracleAnswer struct {
	OK    bool   `json:"ok"`
	Type  string `json:"type"`
	Msg   string `json:"msg"`
	Kind  string `json:"kind"`
	Hex   string `json:"hex"`
	Codec string `json:"codec"`
	// Module is the encodings module a "codec" lookup resolved to; Text
	// reports a text encoding (rot13 and the bytes codecs are not).
	Module string  `json:"module"`
	Text   bool    `json:"text"`
	Runes  []int   `json:"runes"`
	Toks   [][]any `json:"toks"`
	// OracleError is set when the oracle itself failed on the request.
	OracleError string `json:"oracle_error"`
}

func (o *oracle) ask(t testing.TB, op string, src []byte, name string) oracleAnswer {
	t.Helper()
	o.mu.Lock()
	defer o.mu.Unlock()
	req := map[string]string{"op": op, "src": base64.StdEncoding.EncodeToString(src), "name": name}
	if err := o.in.Encode(req); err != nil {
		t.Fatalf("python3 oracle: %v", err)
	}
	if !o.out.Scan() {
		t.Fatalf("python3 oracle died: %v", o.out.Err())
	}
	var a oracleAnswer
	if err := json.Unmarshal(o.out.Bytes(), &a); err != nil {
		t.Fatalf("python3 oracle answer %q: %v", o.out.Text(), err)
	}
	return a
}
