package config

import (
	"fmt"
	"time"
)

// CodeBudget bounds what the audit log keeps for records whose program did not run (denials, and
// every check), per principal, so that a principal within its request rate cannot fill the log's
// disk with programs it knows are denied. Each principal has a bucket of Bytes that refills evenly
// over Per: a record keeps its code only when the bucket holds that much, and then spends it, and
// its report and reasons past a few KiB spend it too. Bytes are counted as the log writes them,
// JSON-escaped. A record keeps at most MaxRecord of code, and of report and reasons. A record past
// either keeps the code's SHA-256 and size and the first of its report's entries, and says what it
// left out. The code of a run, which store_code always keeps, is never omitted: an auditor needs
// what ran. Zero fields take the defaults below, so a config written before the key existed keeps
// working.
type CodeBudget struct {
	Bytes     ByteSize `yaml:"bytes"`
	Per       Duration `yaml:"per"`
	MaxRecord ByteSize `yaml:"max_record"`
}

// DefaultCodeBudget is audit.code_budget's default: 16 MiB of code an hour per principal (some
// thousands of denied programs of an LLM's size), 256 KiB in one record.
var DefaultCodeBudget = CodeBudget{Bytes: 16 << 20, Per: Duration{time.Hour}, MaxRecord: 256 << 10}

// maxCodeBudget bounds Bytes: the bucket is counted in an int.
const maxCodeBudget = 1 << 40

// WithDefaults returns the budget with its zero fields set to the defaults.
func (b CodeBudget) WithDefaults() CodeBudget {
	if b.Bytes == 0 {
		b.Bytes = DefaultCodeBudget.Bytes
	}
	if b.Per.Duration == 0 {
		b.Per = DefaultCodeBudget.Per
	}
	if b.MaxRecord == 0 {
		b.MaxRecord = min(DefaultCodeBudget.MaxRecord, b.Bytes)
	}
	return b
}

func (b CodeBudget) validate() error {
	switch d := b.WithDefaults(); {
	case b.Bytes < 0 || b.Bytes > maxCodeBudget:
		return fmt.Errorf("audit.code_budget.bytes %d is out of range: use at most 1TiB (0 for the default)", int64(b.Bytes))
	case b.Per.Duration < 0 || b.Per.Duration > 0 && b.Per.Duration < time.Second:
		return fmt.Errorf("audit.code_budget.per %s is out of range: use 1s or more, e.g. 1h (0 for the default)", b.Per.Duration)
	case b.MaxRecord < 0:
		return fmt.Errorf("audit.code_budget.max_record %d must not be negative (0 for the default)", int64(b.MaxRecord))
	case d.MaxRecord > d.Bytes:
		return fmt.Errorf("audit.code_budget.max_record %d is above audit.code_budget.bytes %d: no record could keep that much; lower it or raise bytes", int64(d.MaxRecord), int64(d.Bytes))
	}
	return nil
}
