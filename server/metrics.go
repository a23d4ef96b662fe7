package server

import (
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	dto "github.com/prometheus/client_model/go"

	"github.com/sbxgate/sbxgate/audit"
	"github.com/sbxgate/sbxgate/pipeline"
)

// metrics live in the Server's own registry, so several servers (tests) never collide.
type metrics struct {
	reg          *prometheus.Registry
	handler      http.Handler // every series: for a token with the auditor role
	public       http.Handler // without the series labelled by principal
	requests     *prometheus.CounterVec
	latency      *prometheus.HistogramVec
	decisions    *prometheus.CounterVec
	runDuration  prometheus.Histogram
	runsInFlight prometheus.Gauge
	queueWait    *prometheus.HistogramVec
	connsRefused *prometheus.CounterVec
}

// auditStats is what the audit log reports of its group commits (*audit.Log has it).
type auditStats interface{ Stats() audit.Stats }

func newMetrics(lg pipeline.Log) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sbxgate_http_requests_total",
			Help: "HTTP requests answered, by route and status code.",
		}, []string{"route", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "sbxgate_http_request_duration_seconds",
			Help:    "Time to answer an HTTP request, by route.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 120},
		}, []string{"route"}),
		decisions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sbxgate_decisions_total",
			Help: "Policy decisions, by endpoint (check, run) and outcome (allow, deny).",
		}, []string{"endpoint", "decision"}),
		runDuration: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "sbxgate_run_duration_seconds",
			Help:    "Wall time of runs that executed code: analysis, decision, logging, container and result.",
			Buckets: []float64{.05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 120},
		}),
		runsInFlight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "sbxgate_runs_in_flight",
			Help: "Runs in progress (holding a run slot).",
		}),
		queueWait: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "sbxgate_queue_wait_seconds",
			Help:    "Time a request waited in a fair queue, by queue (memory: room for its body among the bytes in flight; work: its turn to decode, analyze and decide) and principal.",
			Buckets: []float64{0, .0001, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"queue", "principal"}),
		connsRefused: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sbxgate_http_connections_refused_total",
			Help: "Connections reset as they were accepted, by the limit they were past (total: server.max_connections; address: server.max_connections_per_address).",
		}, []string{"limit"}),
	}
	m.reg.MustRegister(m.requests, m.latency, m.decisions, m.runDuration, m.runsInFlight, m.queueWait, m.connsRefused,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if st, ok := lg.(auditStats); ok {
		counter := func(name, help string, v func(audit.Stats) float64) prometheus.Collector {
			return prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help}, func() float64 { return v(st.Stats()) })
		}
		m.reg.MustRegister(
			counter("sbxgate_audit_commits_total", "Group commits of the audit log: one write and one fdatasync each.",
				func(s audit.Stats) float64 { return float64(s.Commits) }),
			counter("sbxgate_audit_committed_records_total", "Records the audit log's group commits carried.",
				func(s audit.Stats) float64 { return float64(s.Records) }),
			counter("sbxgate_audit_commit_seconds_total", "Wall time in the audit log's group commits (writer lock, write, fdatasync).",
				func(s audit.Stats) float64 { return s.CommitTime.Seconds() }),
			counter("sbxgate_audit_fsync_seconds_total", "Wall time in the audit log's fdatasync calls.",
				func(s audit.Stats) float64 { return s.SyncTime.Seconds() }),
		)
	}
	m.handler = promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
	m.public = promhttp.HandlerFor(withoutLabel(m.reg, principalLabel), promhttp.HandlerOpts{})
	return m
}

// principalLabel names who a series is about: which principals there are and what each does is not
// for everyone who can reach /metrics.
const principalLabel = "principal"

// withoutLabel gathers g's metrics without those that carry the label name.
func withoutLabel(g prometheus.Gatherer, name string) prometheus.Gatherer {
	return prometheus.GathererFunc(func() ([]*dto.MetricFamily, error) {
		mfs, err := g.Gather()
		out := mfs[:0]
		for _, mf := range mfs {
			kept := mf.Metric[:0]
			for _, m := range mf.Metric {
				if !slices.ContainsFunc(m.GetLabel(), func(l *dto.LabelPair) bool { return l.GetName() == name }) {
					kept = append(kept, m)
				}
			}
			if len(kept) > 0 {
				mf.Metric = kept
				out = append(out, mf)
			}
		}
		return out, err
	})
}

func (m *metrics) observeRequest(route string, code int, d time.Duration) {
	m.requests.WithLabelValues(route, strconv.Itoa(code)).Inc()
	m.latency.WithLabelValues(route).Observe(d.Seconds())
}

func (m *metrics) observeDecision(endpoint string, allow bool) {
	d := "deny"
	if allow {
		d = "allow"
	}
	m.decisions.WithLabelValues(endpoint, d).Inc()
}
