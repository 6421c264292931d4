package chess

import (
	"bytes"
	"io"
	"sync"
)

// pgnSplit is what the splitting goroutine remembers of the game it is reading: where it
// started, and its text once it is known.
type pgnSplit struct {
	start   int // index in the scanner's buffer
	offset  int64
	line    int
	lineOff int64
	raw     []byte
	over    bool // the game ended at the byte budget
}

// capture copies the game's text, up to the scanner's position, before the buffer moves on.
func (sp *pgnSplit) capture(s *pgnScanner) {
	if sp.raw != nil {
		return
	}
	sp.raw = bytes.Clone(s.buf[sp.start:s.pos])
	if sp.raw == nil {
		sp.raw = []byte{}
	}
	sp.over = s.over
}

// pgnJob is one game's text on its way to a worker, and the worker's answer.
type pgnJob struct {
	split pgnSplit
	index int // games before this one
	ioErr error
	done  chan pgnResult
}

type pgnResult struct {
	g   *PGNGame
	err error
}

type pgnParallel struct {
	order chan *pgnJob // jobs in input order, for Read
	stop  chan struct{}
	once  sync.Once
	err   error // io.EOF or the I/O error that ended the input; set before order closes
}

// Close stops the goroutines of a reader with Workers > 1 that is abandoned before the end of
// its input. It is safe to call more than once, and a no-op otherwise.
func (r *PGNReader) Close() error {
	if r.par != nil {
		r.par.once.Do(func() { close(r.par.stop) })
	}
	return nil
}

func (r *PGNReader) startParallel() {
	n := r.Workers
	par := &pgnParallel{order: make(chan *pgnJob, 8*n), stop: make(chan struct{})}
	r.par = par
	jobs := make(chan *pgnJob, 2*n)
	splitter := *r // the policy and the scanner; the splitter owns the scanner from now on
	splitter.Workers, splitter.par = 0, nil
	splitter.split = &pgnSplit{}
	go func() {
		defer close(par.order)
		defer close(jobs)
		for {
			g, _ := splitter.readGame()
			if g == nil {
				par.err = io.EOF
				if splitter.s.err != nil {
					par.err = splitter.s.err
				}
				return
			}
			job := &pgnJob{split: *splitter.split, index: g.Index - 1, ioErr: splitter.s.err, done: make(chan pgnResult, 1)}
			select {
			case jobs <- job:
			case <-par.stop:
				return
			}
			select {
			case par.order <- job:
			case <-par.stop:
				return
			}
		}
	}()
	for i := 0; i < n; i++ {
		go func() {
			sub := &PGNReader{StrictSAN: r.StrictSAN, NoTree: r.NoTree, SkipVariations: r.SkipVariations, TagsOnly: r.TagsOnly,
				MaxGameBytes: r.MaxGameBytes, MaxTokens: r.MaxTokens, MaxDepth: r.MaxDepth, MaxErrors: r.MaxErrors}
			for job := range jobs {
				job.done <- sub.replay(job)
			}
		}()
	}
}

// replay reads one game's text, in sub (a worker's own reader), exactly as the sequential
// reader read it: same positions, same budgets (the byte budget ends the text where it ended
// the game), same errors.
func (sub *PGNReader) replay(job *pgnJob) pgnResult {
	sp := &job.split
	sub.s = pgnScanner{buf: sp.raw, eof: true, overEnd: sp.over, base: sp.offset, line: sp.line, lineOff: sp.lineOff, err: job.ioErr}
	sub.games = job.index
	g, errs := sub.readGame()
	if g == nil {
		return pgnResult{} // cannot happen: the splitter saw a game in this text
	}
	if len(errs) > 0 {
		return pgnResult{g, errs}
	}
	return pgnResult{g, nil}
}

func (r *PGNReader) readParallel() (*PGNGame, error) {
	if r.err != nil {
		return nil, r.err
	}
	if r.par == nil {
		r.startParallel()
	}
	for {
		job, ok := <-r.par.order
		if !ok {
			r.err = r.par.err
			return nil, r.err
		}
		res := <-job.done
		if job.ioErr != nil {
			r.err = job.ioErr
		}
		if res.g != nil {
			return res.g, res.err
		}
	}
}
