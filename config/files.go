package config

import "fmt"

// Files bounds the files a run takes in and gives back. Zero fields take the defaults below, so a
// config written before the key existed keeps working.
type Files struct {
	// In bounds the input files placed in the workspace before the program starts.
	In FileLimits `yaml:"in"`
	// Out bounds what comes back from the workspace's out/: MaxCount files, MaxFileBytes of
	// content each and MaxBytes in all; a file past these comes back without (all of) its content.
	Out FileLimits `yaml:"out"`
}

// FileLimits are a count and two byte sizes.
type FileLimits struct {
	MaxCount     int      `yaml:"max_count"`
	MaxBytes     ByteSize `yaml:"max_bytes"`      // all files together
	MaxFileBytes ByteSize `yaml:"max_file_bytes"` // one file
}

// Defaults of files.in and files.out.
var (
	DefaultFilesIn  = FileLimits{MaxCount: 32, MaxBytes: 16 << 20, MaxFileBytes: 8 << 20}
	DefaultFilesOut = FileLimits{MaxCount: 32, MaxBytes: 16 << 20, MaxFileBytes: 8 << 20}
)

// Upper bounds: a file travels through the sandbox's standard input or output and is held in
// memory on both sides.
const (
	maxFilesCount = 1024
	maxFilesBytes = 1 << 30
)

// InLimits returns files.in with the defaults filled in.
func (f Files) InLimits() FileLimits { return f.In.withDefaults(DefaultFilesIn) }

// OutLimits returns files.out with the defaults filled in.
func (f Files) OutLimits() FileLimits { return f.Out.withDefaults(DefaultFilesOut) }

func (l FileLimits) withDefaults(d FileLimits) FileLimits {
	if l.MaxCount == 0 {
		l.MaxCount = d.MaxCount
	}
	if l.MaxBytes == 0 {
		l.MaxBytes = d.MaxBytes
	}
	if l.MaxFileBytes == 0 {
		l.MaxFileBytes = d.MaxFileBytes
	}
	return l
}

func (l FileLimits) validate(key string) error {
	switch {
	case l.MaxCount < 0 || l.MaxCount > maxFilesCount:
		return fmt.Errorf("files.%s.max_count %d is out of range: use 1 to %d (0 for the default)", key, l.MaxCount, maxFilesCount)
	case l.MaxBytes < 0 || l.MaxBytes > maxFilesBytes:
		return fmt.Errorf("files.%s.max_bytes %d is out of range: use at most 1GiB (0 for the default)", key, int64(l.MaxBytes))
	case l.MaxFileBytes < 0 || l.MaxFileBytes > maxFilesBytes:
		return fmt.Errorf("files.%s.max_file_bytes %d is out of range: use at most 1GiB (0 for the default)", key, int64(l.MaxFileBytes))
	}
	return nil
}
