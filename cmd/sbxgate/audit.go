package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/sbxgate/sbxgate/audit"
	"github.com/sbxgate/sbxgate/audit/verify"
	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/pipeline/record"
	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"
)

func init() {
	register(command{Name: "audit", Summary: "verify, read, checkpoint and prove the audit log", Run: cmdAudit})
}

const auditUsage = `usage: sbxgate audit SUBCOMMAND [flags]

  verify [--audit FILE] [--checkpoint FILE] [--vkey KEY] [--full]
                                                        check the chain, tree and checkpoint (0 intact, 1 broken);
                                                        with --vkey, only the records after the last verified
                                                        signed checkpoint (--full: all of them)
  list   [filters] [--format text|json|csv]             one line per record
  show   ID|SEQ [--format json|text]                    one record in full
  export [filters] [--format json|csv|text]             records as JSON lines (exact log lines) or CSV
  repair [--audit FILE]                                 set a torn last line (left by a crash) aside and log it
  keygen --out FILE [--name NAME]                       new checkpoint signing key; prints the verifier key
  checkpoint [--key FILE] [--out FILE]                  sign the log's current tree
  prove  ID|SEQ [--checkpoint FILE --vkey KEY]          a record and its inclusion proof, as JSON
  verify-proof --checkpoint FILE --vkey KEY PROOF.json  check a proof without the log (0 valid, 1 not)
  reindex [--audit FILE]                                rebuild the log's index (FILE.idx-*) from the log

filters: --since/--until RFC3339, --principal NAME, --decision allow|deny, --rule SBXnnn, --sha256 HEX, --kind KIND,
         --violations (runs that tried what their decision did not grant), --violation CAPABILITY
every subcommand takes --audit FILE and --config FILE (the log defaults to the config's audit.path)`

func cmdAudit(ctx context.Context, e *Env, args []string) int {
	if len(args) == 0 {
		fmt.Fprintln(e.Stderr, auditUsage)
		return 2
	}
	sub, rest := args[0], args[1:]
	switch sub {
	case "verify":
		return auditVerify(e, rest)
	case "list":
		return auditRead(e, "list", "text", rest)
	case "export":
		return auditRead(e, "export", "json", rest)
	case "show":
		return auditShow(e, rest)
	case "repair":
		return auditRepair(e, rest)
	case "keygen":
		return auditKeygen(e, rest)
	case "checkpoint":
		return auditCheckpoint(e, rest)
	case "prove":
		return auditProve(e, rest)
	case "verify-proof":
		return auditVerifyProof(e, rest)
	case "reindex":
		return auditReindex(e, rest)
	case "-h", "--help", "help":
		fmt.Fprintln(e.Stdout, auditUsage)
		return 0
	}
	e.Errorf("audit: unknown subcommand %q: run sbxgate audit help", sub)
	return 2
}

// logFlags are the flags every audit subcommand takes.
type logFlags struct {
	audit  string
	config string
}

func (l *logFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&l.audit, "audit", "", "audit log file (default: the config's audit.path)")
	fs.StringVar(&l.config, "config", "", "sandbox.yaml (default: the embedded config)")
}

// resolve returns the log path and the config.
func (l *logFlags) resolve() (string, *config.Config, error) {
	cfg, err := config.Load(l.config)
	if err != nil {
		return "", nil, err
	}
	path := l.audit
	if path == "" {
		path = cfg.Audit.Path
	}
	if path == "" {
		return "", nil, errors.New("no audit log: pass --audit FILE or set audit.path in the config")
	}
	return path, cfg, nil
}

func newFlagSet(e *Env, name string) *flag.FlagSet {
	fs := flag.NewFlagSet("sbxgate audit "+name, flag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	return fs
}

// parseArgs parses flags wherever they appear among the arguments and returns the positional ones,
// so `audit show ID --format text` works as users type it.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// exitFor maps an audit error to an exit status: 1 for a broken log or a checkpoint or proof that
// does not verify, 2 for anything else.
func exitFor(err error) int {
	var broken *audit.BrokenError
	if errors.As(err, &broken) || errors.Is(err, audit.ErrBadCheckpoint) || errors.Is(err, audit.ErrBadProof) {
		return 1
	}
	return 2
}

func auditVerify(e *Env, args []string) int {
	fs := newFlagSet(e, "verify")
	var lf logFlags
	lf.register(fs)
	cpFile := fs.String("checkpoint", "", "signed checkpoint the log must still extend (needs --vkey)")
	vkey := fs.String("vkey", "", "verifier key of the checkpoints, or a file holding it: also lets verify start after the last verified checkpoint")
	full := fs.Bool("full", false, "read every record, even after a verified checkpoint")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) > 0 {
		e.Errorf("audit verify: unexpected argument %q: pass the log with --audit FILE", pos[0])
		return 2
	}
	path, _, err := lf.resolve()
	if err != nil {
		e.Errorf("audit verify: %v", err)
		return 2
	}
	if *cpFile != "" && *vkey == "" {
		e.Errorf("audit verify: --checkpoint and --vkey go together: pass the checkpoint's key with --vkey")
		return 2
	}
	o := audit.VerifyOptions{Schema: record.Schema, Full: *full}
	if *vkey != "" {
		if o.Verifier, err = audit.ParseVerifier(*vkey); err != nil {
			e.Errorf("audit verify: %v", err)
			return 2
		}
	}
	if *cpFile != "" {
		if o.Checkpoint, err = os.ReadFile(*cpFile); err != nil {
			e.Errorf("audit verify: %v: pass a checkpoint written by sbxgate audit checkpoint", err)
			return 2
		}
	}
	rep, err := audit.VerifyLog(path, o)
	if err != nil {
		e.Errorf("audit verify: %s: %v", path, err)
		return exitFor(err)
	}
	fmt.Fprintf(e.Stdout, "%s: intact: %d records, tree hash %s\n", path, rep.Records, rep.Root)
	if rep.Incremental {
		since := "given with --checkpoint"
		if !rep.Since.IsZero() {
			since = "verified " + rep.Since.Format(time.RFC3339)
		}
		fmt.Fprintf(e.Stdout, "%s: verified incrementally: read seq %d to %d after the signed checkpoint of %d records (%s), which stands for the records before it; --full reads them too\n",
			path, rep.From, rep.Records-1, rep.From, since)
	} else {
		fmt.Fprintf(e.Stdout, "%s: verified in full: read every record\n", path)
	}
	if rep.Repairs > 0 {
		fmt.Fprintf(e.Stdout, "%s: %d torn tails were set aside after crashes: sbxgate audit list --kind repair\n", path, rep.Repairs)
	}
	if rep.Checkpoint != nil {
		fmt.Fprintf(e.Stdout, "%s: extends the checkpoint of %d records (%s)\n", path, rep.Checkpoint.N, rep.Checkpoint.Hash)
	}
	if rep.Unanchored {
		e.Errorf("audit verify: warning: %s: no signed checkpoint anchored this verification (%s.verified is absent or signed by another key): the chain is whole, but the log could have been cut or rewritten as a whole; pass --checkpoint FILE, kept apart from the log", path, path)
	}
	if rep.Index != nil {
		e.Errorf("audit verify: warning: %s: %v: the log is intact; run sbxgate audit reindex --audit %s", path, rep.Index, path)
	}
	return 0
}

// warnContradiction says on standard error that the reader found the log contradicting its index,
// so that what it read from the log alone is not taken as vouched for.
func warnContradiction(e *Env, cmd, path string, rd *audit.Reader) {
	if err := rd.Contradiction(); err != nil {
		e.Errorf("audit %s: warning: %s contradicts its index (%v): this is the log's record, which the index and any checkpoint of it do not vouch for; run sbxgate audit verify --full --audit %s", cmd, path, err, path)
	}
}

// checkpoint is a signed checkpoint read from a file, with its key and tree.
type checkpoint struct {
	tlog.Tree
	signed []byte
	key    note.Verifier
}

// loadCheckpoint opens a signed checkpoint file; both or neither of file and vkey must be given. A
// checkpoint that does not verify with the key is an error wrapping audit.ErrBadCheckpoint.
func loadCheckpoint(file, vkey string) (*checkpoint, error) {
	if file == "" && vkey == "" {
		return nil, nil
	}
	if file == "" || vkey == "" {
		return nil, errors.New("--checkpoint and --vkey go together: pass both")
	}
	v, err := audit.ParseVerifier(vkey)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("%w: pass a checkpoint written by sbxgate audit checkpoint", err)
	}
	t, err := audit.OpenCheckpoint(data, v)
	if err != nil {
		return nil, err
	}
	return &checkpoint{Tree: t, signed: data, key: v}, nil
}

func auditRead(e *Env, name, defFormat string, args []string) int {
	fs := newFlagSet(e, name)
	var lf logFlags
	lf.register(fs)
	format := fs.String("format", defFormat, "output format: text, json or csv")
	var f record.Filter
	since := fs.String("since", "", "only records at or after this time (RFC 3339)")
	until := fs.String("until", "", "only records before this time (RFC 3339)")
	fs.StringVar(&f.Principal, "principal", "", "only records of this principal")
	fs.StringVar(&f.Decision, "decision", "", "only decisions that were: allow or deny")
	fs.StringVar(&f.Rule, "rule", "", "only records naming this rule (SBXnnn)")
	fs.StringVar(&f.SHA256, "sha256", "", "only records of code with this SHA-256 (or a prefix of 8+ hex digits)")
	fs.StringVar(&f.Kind, "kind", "", "only records of this kind: "+strings.Join(record.Kinds, ", "))
	fs.BoolVar(&f.Violations, "violations", false, "only results of runs that tried what their decision did not grant")
	fs.StringVar(&f.Violation, "violation", "", "only results with a run-time violation of this capability (e.g. network)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) > 0 {
		e.Errorf("audit %s: unexpected argument %q: filters are flags, e.g. --principal NAME", name, pos[0])
		return 2
	}
	for _, t := range []struct {
		flag string
		in   string
		out  *time.Time
	}{{"since", *since, &f.Since}, {"until", *until, &f.Until}} {
		if t.in == "" {
			continue
		}
		if *t.out, err = time.Parse(time.RFC3339, t.in); err != nil {
			e.Errorf("audit %s: --%s %q is not an RFC 3339 time: use e.g. 2026-01-02T15:04:05Z", name, t.flag, t.in)
			return 2
		}
	}
	if err := f.Validate(); err != nil {
		e.Errorf("audit %s: --%v", name, err)
		return 2
	}
	w, err := record.NewWriter(*format, e.Stdout)
	if err != nil {
		e.Errorf("audit %s: --%v", name, err)
		return 2
	}
	path, _, err := lf.resolve()
	if err != nil {
		e.Errorf("audit %s: %v", name, err)
		return 2
	}
	err = record.Each(context.Background(), path, &f, w.Write)
	if ferr := w.Flush(); err == nil || errors.Is(err, audit.ErrTorn) && ferr != nil {
		err = ferr
	}
	if errors.Is(err, audit.ErrTorn) {
		// Every record was read; the torn line is a crash artifact, not a record.
		e.Errorf("audit %s: warning: %v", name, err)
		return 0
	}
	if err != nil {
		e.Errorf("audit %s: %v", name, err)
		return 2
	}
	return 0
}

func auditShow(e *Env, args []string) int {
	fs := newFlagSet(e, "show")
	var lf logFlags
	lf.register(fs)
	format := fs.String("format", "json", "output format: json (the record, indented) or text")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) != 1 {
		e.Errorf("audit show: want one record id or seq, got %d arguments: see sbxgate audit list", len(pos))
		return 2
	}
	if *format != "json" && *format != "text" {
		e.Errorf("audit show: --format %q: use json or text", *format)
		return 2
	}
	path, _, err := lf.resolve()
	if err != nil {
		e.Errorf("audit show: %v", err)
		return 2
	}
	rd, err := audit.OpenReader(path)
	if err != nil {
		e.Errorf("audit show: %v", err)
		return 2
	}
	defer rd.Close()
	_, line, err := rd.Find(pos[0])
	var rec *record.Record
	if err == nil {
		rec, err = record.Decode(line)
	}
	if err != nil {
		e.Errorf("audit show: %v: list ids with sbxgate audit list", err)
		return 2
	}
	warnContradiction(e, "show", path, rd)
	if *format == "text" {
		w, err := record.NewWriter("text", e.Stdout)
		if err == nil {
			err = w.Write(rec, line)
		}
		if ferr := w.Flush(); err == nil {
			err = ferr
		}
		if err != nil {
			e.Errorf("audit show: %v", err)
			return 2
		}
		return 0
	}
	// Indent the line's own bytes: decoding and re-encoding could alter numbers.
	var out bytes.Buffer
	if err := json.Indent(&out, line, "", "  "); err != nil {
		e.Errorf("audit show: %v", err)
		return 2
	}
	out.WriteByte('\n')
	e.Stdout.Write(out.Bytes())
	return 0
}

// auditRepair opens the log as a writer does, which sets a torn tail aside and logs a repair record.
func auditRepair(e *Env, args []string) int {
	fs := newFlagSet(e, "repair")
	var lf logFlags
	lf.register(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) > 0 {
		e.Errorf("audit repair: unexpected argument %q: pass the log with --audit FILE", pos[0])
		return 2
	}
	path, _, err := lf.resolve()
	if err != nil {
		e.Errorf("audit repair: %v", err)
		return 2
	}
	l, err := audit.Open(path, audit.WithSchema(record.Schema))
	if err != nil {
		e.Errorf("audit repair: %v", err)
		return 2
	}
	reps := l.Repairs()
	if err := l.Close(); err != nil {
		e.Errorf("audit repair: %v", err)
		return 2
	}
	for _, r := range reps {
		fmt.Fprintf(e.Stdout, "%s: set aside %d torn bytes from offset %d in %s; logged as repair record seq %d (%s)\n",
			path, r.Repair.Bytes, r.Repair.Offset, r.Repair.SavedAs, r.Seq, r.ID)
	}
	if len(reps) == 0 {
		fmt.Fprintf(e.Stdout, "%s: no torn tail\n", path)
	}
	return 0
}

func auditKeygen(e *Env, args []string) int {
	fs := newFlagSet(e, "keygen")
	out := fs.String("out", "", "file to write the signer key to (created 0600; never overwritten)")
	name := fs.String("name", "sbxgate-audit", "key name, shown in signatures")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return 2
	}
	if *out == "" || len(pos) > 0 {
		e.Errorf("audit keygen: pass --out FILE and nothing else")
		return 2
	}
	skey, vkey, err := audit.GenerateKey(*name)
	if err != nil {
		e.Errorf("audit keygen: %v", err)
		return 2
	}
	if err := writeNew(*out, []byte(skey+"\n")); err != nil {
		e.Errorf("audit keygen: %v", err)
		return 2
	}
	fmt.Fprintln(e.Stdout, vkey)
	return 0
}

// writeNew creates file with mode 0600, refusing to replace an existing one, and makes it durable.
func writeNew(file string, data []byte) error {
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		if errors.Is(err, os.ErrExist) {
			return fmt.Errorf("%s exists: choose another --out, or remove it if you mean to replace the key", file)
		}
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// writeReplace writes file atomically: a temporary file in the same directory, then a rename.
func writeReplace(file string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(file), filepath.Base(file)+".tmp-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), file)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

func auditCheckpoint(e *Env, args []string) int {
	fs := newFlagSet(e, "checkpoint")
	var lf logFlags
	lf.register(fs)
	key := fs.String("key", "", "signer key file (default: the config's audit.signing_key)")
	out := fs.String("out", "", "write the checkpoint to this file (default: standard output)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) > 0 {
		e.Errorf("audit checkpoint: unexpected argument %q", pos[0])
		return 2
	}
	path, cfg, err := lf.resolve()
	if err != nil {
		e.Errorf("audit checkpoint: %v", err)
		return 2
	}
	if *key == "" {
		*key = cfg.Audit.SigningKey
	}
	if *key == "" {
		e.Errorf("audit checkpoint: no signing key: pass --key FILE or set audit.signing_key (create one with sbxgate audit keygen)")
		return 2
	}
	signer, err := audit.ReadSigner(*key)
	if err != nil {
		e.Errorf("audit checkpoint: %v", err)
		return 2
	}
	signed, tree, err := audit.Checkpoint(path, record.Schema, signer)
	if err != nil {
		e.Errorf("audit checkpoint: %s: %v", path, err)
		return exitFor(err)
	}
	if *out == "" {
		e.Stdout.Write(signed)
		return 0
	}
	if err := writeReplace(*out, signed); err != nil {
		e.Errorf("audit checkpoint: %v", err)
		return 2
	}
	fmt.Fprintf(e.Stdout, "%s: checkpoint of %d records (%s)\n", *out, tree.N, tree.Hash)
	return 0
}

func auditProve(e *Env, args []string) int {
	fs := newFlagSet(e, "prove")
	var lf logFlags
	lf.register(fs)
	cpFile := fs.String("checkpoint", "", "prove against this checkpoint's tree (default: the log's current tree)")
	vkey := fs.String("vkey", "", "verifier key of the checkpoint, or a file holding it")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) != 1 {
		e.Errorf("audit prove: want one record id or seq, got %d arguments", len(pos))
		return 2
	}
	path, _, err := lf.resolve()
	if err != nil {
		e.Errorf("audit prove: %v", err)
		return 2
	}
	cp, err := loadCheckpoint(*cpFile, *vkey)
	if err != nil {
		e.Errorf("audit prove: %v", err)
		return exitFor(err)
	}
	rd, err := audit.OpenReader(path)
	if err != nil {
		e.Errorf("audit prove: %v", err)
		return 2
	}
	defer rd.Close()
	var size int64
	if cp != nil {
		// A proof against a checkpoint is only worth giving if the log still extends it. The index
		// answers at once; when it disagrees, verifying the whole log says where and why.
		if h, err := rd.TreeHash(cp.N); err != nil || h != cp.Hash {
			if _, err := audit.VerifyLog(path, audit.VerifyOptions{Schema: record.Schema, Checkpoint: cp.signed, Verifier: cp.key, Full: true}); err != nil {
				e.Errorf("audit prove: %s: %v", path, err)
				return exitFor(err)
			}
			e.Errorf("audit prove: %s: the log's index does not give the checkpoint's tree: run sbxgate audit reindex --audit %s", path, path)
			return 2
		}
		size = cp.N
	}
	env, _, err := rd.Find(pos[0])
	if err != nil {
		e.Errorf("audit prove: %v: list ids with sbxgate audit list", err)
		return 2
	}
	p, err := rd.Prove(env.Seq, size)
	if err != nil {
		e.Errorf("audit prove: %v", err)
		return exitFor(err)
	}
	if cp != nil {
		// The check above read the index; the proof is made from the record the log holds now, which
		// the reader takes from the log alone when the index contradicts it. Only a proof that holds
		// in the checkpoint's tree is given; otherwise verifying the log against it names the record.
		if _, err := verify.VerifyProof(p, cp.Tree); err != nil {
			if _, verr := audit.VerifyLog(path, audit.VerifyOptions{Schema: record.Schema, Checkpoint: cp.signed, Verifier: cp.key, Full: true}); verr != nil {
				e.Errorf("audit prove: %s: %v", path, verr)
				return exitFor(verr)
			}
			e.Errorf("audit prove: %s: %v: run sbxgate audit reindex --audit %s", path, err, path)
			return 1
		}
	}
	warnContradiction(e, "prove", path, rd)
	out, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		e.Errorf("audit prove: encode the proof: %v", err)
		return 2
	}
	fmt.Fprintf(e.Stdout, "%s\n", out)
	return 0
}

func auditVerifyProof(e *Env, args []string) int {
	fs := newFlagSet(e, "verify-proof")
	cpFile := fs.String("checkpoint", "", "signed checkpoint (required)")
	vkey := fs.String("vkey", "", "verifier key of the checkpoint, or a file holding it (required)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) != 1 || *cpFile == "" || *vkey == "" {
		e.Errorf("audit verify-proof: usage: sbxgate audit verify-proof --checkpoint FILE --vkey KEY PROOF.json")
		return 2
	}
	cp, err := loadCheckpoint(*cpFile, *vkey)
	if err != nil {
		e.Errorf("audit verify-proof: %v", err)
		return exitFor(err)
	}
	var data []byte
	if pos[0] == "-" {
		data, err = io.ReadAll(io.LimitReader(e.Stdin, 64<<20))
	} else {
		data, err = os.ReadFile(pos[0])
	}
	if err != nil {
		e.Errorf("audit verify-proof: %v", err)
		return 2
	}
	var p audit.Proof
	if err := json.Unmarshal(data, &p); err != nil {
		e.Errorf("audit verify-proof: %s: not a proof: %v: pass the output of sbxgate audit prove", pos[0], err)
		return 1
	}
	rec, err := verify.VerifyProof(&p, cp.Tree)
	if err != nil {
		e.Errorf("audit verify-proof: %v", err)
		return 1
	}
	fmt.Fprintf(e.Stdout, "proof verifies: record seq %d id %s is in the checkpoint's tree of %d records\n", rec.Seq, rec.ID, cp.N)
	return 0
}

// auditReindex rebuilds the log's index from the log, under the writers' lock.
func auditReindex(e *Env, args []string) int {
	fs := newFlagSet(e, "reindex")
	var lf logFlags
	lf.register(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) > 0 {
		e.Errorf("audit reindex: unexpected argument %q: pass the log with --audit FILE", pos[0])
		return 2
	}
	path, _, err := lf.resolve()
	if err != nil {
		e.Errorf("audit reindex: %v", err)
		return 2
	}
	n, err := audit.Reindex(path)
	if err != nil {
		e.Errorf("audit reindex: %s: %v", path, err)
		return exitFor(err)
	}
	fmt.Fprintf(e.Stdout, "%s: index rebuilt: %d records\n", path, n)
	return 0
}
