package main

// fmt -w: a file rewritten in place as gofmt -w does, so that no failure loses the original.

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"syscall"
)

// temps are the temporary files of the run, removed when a signal ends it.
var temps struct {
	sync.Mutex
	names map[string]bool
}

// wrapTemp wraps the writer of a temporary file; tests make it fail.
var wrapTemp = func(w io.Writer) io.Writer { return w }

// catchSignals removes the temporary files when SIGINT, SIGTERM or SIGHUP ends the run, and
// returns the function that stops catching them.
func catchSignals() (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			temps.Lock() // held to the end: no rename happens after the removal
			for name := range temps.names {
				os.Remove(name)
			}
			fmt.Fprintf(os.Stderr, "chess fmt: %v: stopped, the files not yet rewritten are unchanged\n", sig)
			os.Exit(128 + int(sig.(syscall.Signal)))
		case <-done:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}

// rewriteFile formats the file that name points to and puts the result in its place, and
// returns the exit status: exitOK, exitProblems for a file with errors (rewritten only with
// -force), or exitUsage for a file that could not be read or rewritten, the original intact.
func rewriteFile(name string, stderr io.Writer, opt *fmtOptions) int {
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "chess fmt: "+format+"\n", a...)
		return exitUsage
	}
	if name == "-" {
		return fail("-w cannot rewrite standard input")
	}
	// os.Stat says why a name cannot be resolved (ENOENT, ELOOP) better than EvalSymlinks
	fi, err := os.Stat(name)
	if err != nil {
		return fail("%s: %s", name, errorText(err, name))
	}
	target, err := filepath.EvalSymlinks(name)
	if err != nil {
		return fail("%s: %v", name, err)
	}
	switch {
	case !fi.Mode().IsRegular():
		return fail("%s: not rewritten: not a regular file (%v)", name, fi.Mode().Type())
	case fi.Mode().Perm()&0o222 == 0:
		return fail("%s: not rewritten: it has no write permission (mode %v)", name, fi.Mode().Perm())
	}
	in, err := openInput(target, nil)
	if err != nil {
		return fail("%v", err)
	}
	defer in.Close()
	if in.compression != "" {
		return fail("%s: not rewritten: -w cannot rewrite %s-compressed files", name, in.compression)
	}

	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".chess-fmt-*")
	if err != nil {
		return fail("%s: not rewritten: %v", name, err)
	}
	temps.Lock()
	if temps.names == nil {
		temps.names = map[string]bool{}
	}
	temps.names[tmp.Name()] = true
	temps.Unlock()
	removeTemp := func() {
		temps.Lock()
		tmp.Close()
		os.Remove(tmp.Name())
		delete(temps.names, tmp.Name())
		temps.Unlock()
	}

	w := bufio.NewWriterSize(wrapTemp(tmp), 64<<10)
	bad, readErr, writeErr := formatGames(name, in, w, stderr, opt)
	if readErr != nil {
		removeTemp()
		return fail("%s: not rewritten: it could not be read whole", name)
	}
	if bad && !opt.force {
		removeTemp()
		fmt.Fprintf(stderr, "chess fmt: %s has errors: not rewritten (use -force)\n", name)
		return exitProblems
	}
	if writeErr == nil {
		writeErr = w.Flush()
	}
	if writeErr == nil {
		writeErr = keepModeAndOwner(tmp, fi)
	}
	if writeErr == nil {
		writeErr = tmp.Sync()
	}
	if err := tmp.Close(); writeErr == nil {
		writeErr = err
	}
	if writeErr != nil {
		removeTemp()
		return fail("%s: not rewritten: %v", name, writeErr)
	}
	temps.Lock()
	err = os.Rename(tmp.Name(), target)
	delete(temps.names, tmp.Name())
	temps.Unlock()
	if err != nil {
		os.Remove(tmp.Name())
		return fail("%s: not rewritten: %v", name, err)
	}
	if bad {
		return exitProblems
	}
	return exitOK
}

// keepModeAndOwner gives the temporary file the original's permission bits (setuid, setgid and
// sticky included) and, where they differ from its own, the original's owner and group.
func keepModeAndOwner(tmp *os.File, orig os.FileInfo) error {
	if err := tmp.Chmod(orig.Mode() & (os.ModePerm | os.ModeSetuid | os.ModeSetgid | os.ModeSticky)); err != nil {
		return err
	}
	want, ok := orig.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	tfi, err := tmp.Stat()
	if err != nil {
		return err
	}
	if have, ok := tfi.Sys().(*syscall.Stat_t); ok && (have.Uid != want.Uid || have.Gid != want.Gid) {
		if err := tmp.Chown(int(want.Uid), int(want.Gid)); err != nil {
			return fmt.Errorf("cannot keep the owner %d:%d: %w", want.Uid, want.Gid, err)
		}
		// chown clears setuid and setgid: set the mode again
		return tmp.Chmod(orig.Mode() & (os.ModePerm | os.ModeSetuid | os.ModeSetgid | os.ModeSticky))
	}
	return nil
}
