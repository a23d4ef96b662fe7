package pipeline

import (
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/pipeline/record"
)

// CodeBudget bounds the code the audit log keeps for records whose program did not run, and their
// analysis past a floor, per principal (config audit.code_budget): a token bucket of bytes for
// each principal, and a cap on one record. Without it, a principal within its request rate filled
// the log's disk with 1 MiB programs it knew were denied, at some 840 MB a minute. It is safe for
// concurrent use.
type CodeBudget struct {
	limit     rate.Limit
	burst     int
	maxRecord int
	now       func() time.Time

	mu      sync.Mutex
	buckets map[string]*rate.Limiter
}

// sweepAt is how many principals' buckets are held before the full ones are dropped: a full
// bucket is what a principal without one gets, so the map stays as large as the principals that
// spent some of theirs recently, whatever names a caller passes.
const sweepAt = 1024

// NewCodeBudget makes the budget of b (its zero fields take the defaults).
func NewCodeBudget(b config.CodeBudget) *CodeBudget {
	b = b.WithDefaults()
	return &CodeBudget{
		limit:     rate.Limit(float64(b.Bytes) / b.Per.Seconds()),
		burst:     int(b.Bytes),
		maxRecord: int(b.MaxRecord),
		now:       time.Now,
		buckets:   map[string]*rate.Limiter{},
	}
}

// For returns the limit of principal's records: the cap of one record, then its bucket, which a
// record that keeps its code spends.
func (c *CodeBudget) For(principal string) record.CodeLimit {
	if c == nil {
		return nil
	}
	return func(n int) string {
		if n > c.maxRecord {
			return record.OmittedSize
		}
		if !c.take(principal, n) {
			return record.OmittedBudget
		}
		return ""
	}
}

// analysisFloor is how much report and reasons a record keeps without spending its principal's
// budget, and what a cut record keeps: a denial's first few findings and their reasons. It is small
// because it is free: past their budget, a principal's records are this, its code's hash, and its
// request (whose labels are bounded), at the rate it may send.
const analysisFloor = 4 << 10

// LimitAnalysis bounds the report and the decision's reasons of r, a record whose program does not
// run: a program can make them larger than itself (120,000 names in one from-import were 1.3 MB
// of report for a program of 0.96 MB). Up to analysisFloor they are free; past it, they are kept
// whole only when they are within the cap of one record and the principal's bucket holds the
// excess, which they then spend. Otherwise the record keeps the first of them, up to
// analysisFloor, and says what it left out (record.CutAnalysis).
func (c *CodeBudget) LimitAnalysis(r *record.Record) {
	if c == nil {
		return
	}
	if record.AnalysisBound(r) <= analysisFloor {
		return // most records: known without encoding them
	}
	switch n := record.AnalysisLen(r); {
	case n <= analysisFloor:
	case n > c.maxRecord:
		record.CutAnalysis(r, analysisFloor, record.OmittedSize)
	case !c.take(r.Principal, n-analysisFloor):
		record.CutAnalysis(r, analysisFloor, record.OmittedBudget)
	}
}

// take spends n bytes of principal's bucket, or says it does not hold them.
func (c *CodeBudget) take(principal string, n int) bool {
	now := c.now()
	c.mu.Lock()
	defer c.mu.Unlock()
	b := c.buckets[principal]
	if b == nil {
		if len(c.buckets) >= sweepAt {
			c.sweep(now)
		}
		b = rate.NewLimiter(c.limit, c.burst)
		c.buckets[principal] = b
	}
	return b.AllowN(now, n)
}

// sweep drops the buckets that are full again.
func (c *CodeBudget) sweep(now time.Time) {
	for p, b := range c.buckets {
		if b.TokensAt(now) >= float64(c.burst) {
			delete(c.buckets, p)
		}
	}
}

// requestFloor is how much of a request's labels and input files' list a record keeps without
// spending its principal's budget: an honest request's few labels, a run's few files.
const requestFloor = 1 << 10

// LimitRequest bounds the labels and the input files' list of r, a record whose program does not
// run: a client chooses them, up to 32 labels of 320 bytes and 32 files of 255-byte names, which
// the log writes escaped (made of "<", 32 labels took 64 KB a record). Up to requestFloor they are
// free; past it, they are kept only when the principal's bucket holds the excess, which they then
// spend. Otherwise the record keeps their number and digest (record.CutRequest).
func (c *CodeBudget) LimitRequest(r *record.Record) {
	if c == nil || record.RequestBound(r) <= requestFloor {
		return
	}
	switch n := record.RequestLen(r); {
	case n <= requestFloor:
	case n > c.maxRecord:
		record.CutRequest(r, record.OmittedSize)
	case !c.take(r.Principal, n-requestFloor):
		record.CutRequest(r, record.OmittedBudget)
	}
}
