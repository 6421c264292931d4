package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"syscall"
)

// exitBrokenPipe is the status of a run whose standard output was closed by its reader (as
// `chess check big.pgn | head` does): the status a shell shows for a process ended by SIGPIPE.
// The run ends quietly, with no message.
const exitBrokenPipe = 128 + int(syscall.SIGPIPE)

// stdoutWriter is the run's standard output. It keeps the first write error, after which every
// write fails at once, so that the run can stop and report it (a full disk) or end quietly (a
// closed pipe) instead of going on writing into nothing.
type stdoutWriter struct {
	w      io.Writer
	mu     sync.Mutex
	err    error
	broken atomic.Bool // err is set: failed, asked after every game, takes no lock before
}

func (s *stdoutWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	if err != nil {
		s.err = err
		s.broken.Store(true)
	}
	return n, err
}

// failed returns the first write error, or nil.
func (s *stdoutWriter) failed() error {
	if !s.broken.Load() {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// writeFailure reports a write error on standard output and returns the exit status: quietly
// exitBrokenPipe for a closed pipe, else exitUsage with the OS error on stderr.
func writeFailure(cmd string, err error, stderr io.Writer) int {
	if errors.Is(err, syscall.EPIPE) {
		return exitBrokenPipe
	}
	fmt.Fprintf(stderr, "chess %s: writing standard output: %v\n", cmd, err)
	return exitUsage
}

// jsonFileProblem is a problem of a whole input in -json output: it could not be opened, it is
// not PGN text, it is compressed in a format not supported, its name promises another format
// (a warning), or reading it failed between games or in one (Offset in its text).
type jsonFileProblem struct {
	File    string `json:"file"`
	Kind    string `json:"kind"`
	Message string `json:"message"`
	Offset  *int64 `json:"offset,omitempty"`
	Warning bool   `json:"warning"`
}

// writeJSONFileProblem writes e as one line of -json output.
func writeJSONFileProblem(out io.Writer, e *inputError, warning bool) {
	p := jsonFileProblem{File: e.File, Kind: e.Kind, Message: e.Message, Warning: warning}
	if e.Offset >= 0 {
		p.Offset = &e.Offset
	}
	json.NewEncoder(out).Encode(p)
}
