package main

// Inputs of check and fmt: file names and directories, standard input, the compression found
// from the first bytes (gzip, bzip2, zstd; xz refused with a hint), and input that is not PGN
// text at all, refused as a whole with one error instead of thousands of syntax errors.

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/zstd"
)

// zstdMaxWindow is the largest zstd window decoded: 1 GiB, frames written with up to
// `zstd --long=30`. A frame's window is held in memory while it is decoded, so a --long=27
// frame costs about 128 MB and a default one (level 3: 2 MB, level 19: 8 MB) a few MB.
const zstdMaxWindow = 1 << 30

// sniffSize is how much of the input (decompressed) is looked at to decide whether it is text.
const sniffSize = 4 << 10

// pgnSuffixes are the names a directory argument is searched for.
var pgnSuffixes = []string{".pgn", ".pgn.gz", ".pgn.bz2", ".pgn.zst"}

// inputError is a problem of a whole input, not of one game: it cannot be opened, it is not
// PGN text, it is compressed in a format not supported, or reading it failed. Offset is the
// offset in the input where it happened (of the decompressed text for a read error), or -1.
type inputError struct {
	File    string
	Offset  int64
	Kind    string // "open error", "not PGN", "unsupported compression", "I/O error"
	Message string
}

func (e *inputError) Error() string {
	if e.Offset >= 0 && e.Kind == "I/O error" {
		return fmt.Sprintf("%s: read error at offset %d: %s", e.File, e.Offset, e.Message)
	}
	return e.File + ": " + e.Message
}

// magic is a format recognised by its first bytes.
type magic struct {
	offset int
	prefix string
	name   string // what the input looks like, in words
}

// compressions are the formats decompressed or refused with a hint; every other known magic
// means the input is not PGN.
var (
	gzipMagic  = magic{0, "\x1f\x8b", "gzip"}
	bzip2Magic = magic{0, "BZh", "bzip2"}
	zstdMagic  = magic{0, "\x28\xb5\x2f\xfd", "zstd"}
	xzMagic    = magic{0, "\xfd7zXZ\x00", "xz"}
	notPGN     = []magic{
		{0, "PK\x03\x04", "a zip archive"},
		{0, "PK\x05\x06", "an empty zip archive"},
		{0, "7z\xbc\xaf\x27\x1c", "a 7-Zip archive"},
		{0, "Rar!\x1a\x07", "a RAR archive"},
		{257, "ustar", "a tar archive"},
		{0, "\x04\x22\x4d\x18", "lz4-compressed data"},
		{0, "\x89LZO", "lzop-compressed data"},
		{0, "\x1f\x9d", "compress (.Z) data"},
		{0, "LZIP", "lzip-compressed data"},
		{0, "\x7fELF", "an ELF executable"},
		{0, "MZ", "a Windows executable"},
		{0, "\xcf\xfa\xed\xfe", "a Mach-O executable"},
		{0, "\xca\xfe\xba\xbe", "a Mach-O or Java class file"},
		{0, "%PDF-", "a PDF document"},
		{0, "\x89PNG\r\n\x1a\n", "a PNG image"},
		{0, "\xff\xd8\xff", "a JPEG image"},
		{0, "GIF8", "a GIF image"},
		{0, "SQLite format 3\x00", "an SQLite database"},
		{0, "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an MS Office document"},
		{0, "!<arch>\n", "an ar archive or Debian package"},
	}
)

func (m magic) matches(head []byte) bool {
	return len(head) >= m.offset+len(m.prefix) && string(head[m.offset:m.offset+len(m.prefix)]) == m.prefix
}

// compression returns the compression that head starts with, or "" for none.
func compression(head []byte) string {
	for _, m := range []magic{gzipMagic, bzip2Magic, zstdMagic, xzMagic} {
		if m.matches(head) {
			return m.name
		}
	}
	if zstdSkippable(head) {
		return zstdMagic.name
	}
	return ""
}

// zstdSkippable reports whether head starts with a zstd skippable frame (RFC 8878 §3.1.2:
// magic 0x184D2A50 to 0x184D2A5F, little-endian), which pzstd writes at the start of its files.
func zstdSkippable(head []byte) bool {
	return len(head) >= 4 && head[0]&0xf0 == 0x50 && string(head[1:4]) == "\x2a\x4d\x18"
}

// looksLike returns what head looks like when it is not PGN text: a known format, or binary
// data (a NUL byte, or more than one byte in 10 a control character other than white space);
// "" for text. PGN is text (PGN Standard §2: printing ASCII and white space, with Latin-1 or
// UTF-8 in strings and comments), so none of these is a PGN file.
func looksLike(head []byte) string {
	if c := compression(head); c != "" {
		return c + "-compressed data"
	}
	for _, m := range notPGN {
		if m.matches(head) {
			return m.name
		}
	}
	if i := bytes.IndexByte(head, 0); i >= 0 {
		return fmt.Sprintf("binary data (a NUL byte at offset %d)", i)
	}
	control := 0
	for _, c := range head {
		if c < ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v' || c == 0x7f {
			control++
		}
	}
	if control > len(head)/10 {
		return fmt.Sprintf("binary data (%d control characters in the first %d bytes)", control, len(head))
	}
	return ""
}

// suffixCompression returns the compression that the file name's suffix promises.
func suffixCompression(name string) string {
	switch {
	case strings.HasSuffix(name, ".gz"):
		return "gzip"
	case strings.HasSuffix(name, ".bz2"):
		return "bzip2"
	case strings.HasSuffix(name, ".zst"):
		return "zstd"
	case strings.HasSuffix(name, ".xz"):
		return "xz"
	}
	return ""
}

// input is an opened input: its PGN text, after decompression.
type input struct {
	name        string
	text        io.Reader       // the PGN text
	raw         *countingReader // the bytes read from the file or stdin
	textCount   *countingReader // the bytes of text read
	size        int64           // the file's size on disk, or -1
	compression string          // "", "gzip", "bzip2" or "zstd"
	regular     bool            // a regular file
	mismatch    string          // a warning when the name's suffix promises another format
	closers     []func()
}

// Close closes the file and the decompressor.
func (in *input) Close() {
	for i := len(in.closers) - 1; i >= 0; i-- {
		in.closers[i]()
	}
	in.closers = nil
}

// openInput opens name ("-" is stdin) and returns its PGN text, decompressed by the format its
// first bytes show. The error is an *inputError: the file cannot be opened (Kind "open error"),
// is xz (not supported), or is not PGN text; or reading its first bytes failed.
func openInput(name string, stdin io.Reader) (*input, error) {
	in := &input{name: name, size: -1}
	var f io.Reader = stdin
	if name != "-" {
		file, err := os.Open(name)
		if err != nil {
			return nil, &inputError{name, -1, "open error", errorText(err, name)}
		}
		in.closers = append(in.closers, func() { file.Close() })
		fi, err := file.Stat()
		if err != nil {
			in.Close()
			return nil, &inputError{name, -1, "open error", err.Error()}
		}
		if fi.IsDir() {
			in.Close()
			return nil, &inputError{name, -1, "open error", "is a directory"}
		}
		in.size, in.regular = fi.Size(), fi.Mode().IsRegular()
		f = pathlessReader{file}
	}
	in.raw = &countingReader{r: f}
	br := bufio.NewReaderSize(in.raw, 64<<10)
	head, err := br.Peek(sniffSize)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		in.Close()
		return nil, &inputError{name, int64(len(head)), "I/O error", err.Error()}
	}
	in.compression = compression(head)
	if want := suffixCompression(name); want != in.compression && want != "" {
		got := in.compression
		if got == "" {
			got = "plain text"
		} else {
			got += " data"
		}
		in.mismatch = fmt.Sprintf("named %s but holds %s: read as such", filepath.Ext(name), got)
	}
	var text io.Reader = br
	switch in.compression {
	case "gzip":
		z, err := gzip.NewReader(br)
		if err != nil {
			in.Close()
			return nil, &inputError{name, 0, "I/O error", "gzip: " + err.Error()}
		}
		z.Multistream(false)
		ahead, stop := readAhead(decompressor{"gzip", &gzipMembers{z: z, br: br, raw: in.raw}})
		in.closers = append(in.closers, stop)
		text = ahead
	case "bzip2":
		ahead, stop := readAhead(decompressor{"bzip2", bzip2.NewReader(br)})
		in.closers = append(in.closers, stop)
		text = ahead
	case "zstd":
		z, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(zstdMaxWindow), zstd.WithDecoderMaxMemory(zstdMaxWindow))
		if err != nil {
			in.Close()
			return nil, &inputError{name, 0, "I/O error", "zstd: " + err.Error()}
		}
		in.closers = append(in.closers, z.Close)
		ahead, stop := readAhead(decompressor{"zstd", z})
		in.closers = append(in.closers, stop)
		text = ahead
	case "xz":
		in.Close()
		return nil, &inputError{name, -1, "unsupported compression", "xz-compressed data: not supported, decompress it with xz -d (or read it from xz -dc " + shellQuote(name) + " | chess ...)"}
	}
	if in.compression != "" {
		in.textCount = &countingReader{r: text}
		tb := bufio.NewReaderSize(in.textCount, 64<<10)
		head, err = tb.Peek(sniffSize)
		if err != nil && err != io.EOF && err != bufio.ErrBufferFull && len(head) == 0 {
			in.Close()
			return nil, &inputError{name, 0, "I/O error", err.Error()}
		}
		text = tb
	}
	if like := looksLike(head); like != "" {
		in.Close()
		if in.compression != "" {
			like += " inside " + in.compression
		}
		return nil, &inputError{name, -1, "not PGN", "not PGN text: it looks like " + like}
	}
	in.text = text
	return in, nil
}

// pathlessReader returns a file's read errors without the "read FILE:" of *fs.PathError,
// since every message about the input names the file already.
type pathlessReader struct{ f *os.File }

func (r pathlessReader) Read(p []byte) (int, error) {
	n, err := r.f.Read(p)
	if err != nil && err != io.EOF {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
	}
	return n, err
}

// decompressor names the format in the errors of a decompressor, which often say nothing of
// their origin ("unexpected EOF" for data cut short).
type decompressor struct {
	format string
	r      io.Reader
}

func (d decompressor) Read(p []byte) (int, error) {
	n, err := d.r.Read(p)
	switch {
	case err == nil || err == io.EOF:
	case errors.Is(err, io.ErrUnexpectedEOF):
		err = fmt.Errorf("%s: the compressed data is cut short: %w", d.format, err)
	case !strings.HasPrefix(err.Error(), d.format):
		err = fmt.Errorf("%s: %w", d.format, err)
	}
	return n, err
}

// gzipMembers reads the members of a gzip file one after the other (RFC 1952 §2.2), so that
// bytes after the last one that do not start another are reported as trailing data at their
// offset in the file, instead of as a header cut short or a bad one.
type gzipMembers struct {
	z   *gzip.Reader
	br  *bufio.Reader   // the file's bytes, which z reads from without reading ahead
	raw *countingReader // the bytes read from the file into br
}

func (g *gzipMembers) Read(p []byte) (int, error) {
	n, err := g.z.Read(p)
	if err != io.EOF {
		return n, err
	}
	end := g.raw.n.Load() - int64(g.br.Buffered()) // where the member ended in the file
	next, perr := g.br.Peek(len(gzipMagic.prefix))
	switch {
	case len(next) == 0 && perr == io.EOF:
		return n, io.EOF
	case len(next) == 0:
		return n, perr
	case string(next) != gzipMagic.prefix:
		return n, fmt.Errorf("gzip: trailing data after the gzip stream at file offset %d", end)
	}
	if err := g.z.Reset(g.br); err != nil {
		return n, fmt.Errorf("gzip: the member at file offset %d: %w", end, err)
	}
	g.z.Multistream(false)
	return n, nil
}

// textOffset returns the number of bytes of text read from the input, for the offset of an I/O error.
func (in *input) textOffset() int64 {
	if in.textCount != nil {
		return in.textCount.n.Load()
	}
	return in.raw.n.Load()
}

// shellQuote quotes a file name for a command line shown to the user.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+,:@") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// expandArgs replaces each directory among the arguments by the PGN files under it
// (pgnSuffixes), searched recursively in name order, without following links to directories.
// A directory with no such file is an error; so is one that cannot be read.
func expandArgs(args []string) ([]string, []*inputError) {
	var files []string
	var errs []*inputError
	for _, arg := range args {
		fi, err := os.Stat(arg)
		if arg == "-" || err != nil || !fi.IsDir() {
			files = append(files, arg)
			continue
		}
		found := 0
		werr := filepath.WalkDir(arg, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				errs = append(errs, &inputError{path, -1, "open error", errorText(err, path)})
				return nil
			}
			if d.IsDir() || !hasPGNSuffix(d.Name()) {
				return nil
			}
			// only regular files: opening a named pipe with no writer would hang the run
			// (a link that cannot be followed is kept, for open to say why)
			if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() && !fi.IsDir() {
				errs = append(errs, &inputError{path, -1, "open error", "not a regular file (" + fileKind(fi.Mode()) + "): left out"})
				return nil
			}
			files = append(files, path)
			found++
			return nil
		})
		if werr != nil {
			errs = append(errs, &inputError{arg, -1, "open error", werr.Error()})
		} else if found == 0 {
			errs = append(errs, &inputError{arg, -1, "open error", "directory has no " + strings.Join(pgnSuffixes, ", ") + " files"})
		}
	}
	return files, errs
}

// fileKind names the type of a file that is not a regular file.
func fileKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return m.Type().String()
}

func hasPGNSuffix(name string) bool {
	for _, s := range pgnSuffixes {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}

// errorText is the OS error of err without the operation and path that *fs.PathError adds,
// when the message names the path already.
func errorText(err error, path string) string {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path == path {
		return pe.Err.Error()
	}
	return err.Error()
}

// countingReader counts the bytes read through it, for the progress bar and the MB/s.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// inputHelp describes the inputs, for the help of check and fmt.
const inputHelp = `Inputs: the format is found from the first bytes, on files and standard input alike:
gzip, bzip2 and zstd are decompressed (zstd frames with windows up to 1 GiB, zstd --long=30;
a frame's window is held in memory: a few MB for zstd's levels, 128 MB for --long=27),
xz is refused with a hint, and input that is not PGN text (an archive, an executable, binary
data) is refused with one error. A directory stands for the *.pgn, *.pgn.gz, *.pgn.bz2 and
*.pgn.zst files under it, searched recursively in name order.
`

// readAhead runs the decompression of r on its own goroutine, a few chunks ahead of the
// reader, so that decompressing and checking share the machine's cores even with -j 1 (gzip,
// bzip2 and zstd, the last with its decoder's concurrency 1, decode on the caller's
// goroutine: zstd's own asynchronous decoding, more goroutines and no read-ahead of whole
// chunks, left -j 1 on the .zst corpus at 0.37 s against 0.29 s so). stop ends the goroutine.
func readAhead(r io.Reader) (ahead io.Reader, stop func()) {
	const chunk, depth = 256 << 10, 4
	a := &aheadReader{chunks: make(chan aheadChunk, depth), free: make(chan []byte, depth+2), done: make(chan struct{})}
	for i := 0; i < depth+2; i++ {
		a.free <- make([]byte, chunk)
	}
	go func() {
		defer close(a.chunks)
		for {
			var buf []byte
			select {
			case buf = <-a.free:
			case <-a.done:
				return
			}
			n, err := io.ReadFull(r, buf)
			if err == io.ErrUnexpectedEOF {
				err = nil // a short last chunk; the next read says io.EOF
			}
			if n > 0 || err != nil {
				select {
				case a.chunks <- aheadChunk{buf[:n], err}:
				case <-a.done:
					return
				}
			}
			if err != nil {
				return
			}
		}
	}()
	var once sync.Once
	return a, func() { once.Do(func() { close(a.done) }) }
}

type aheadChunk struct {
	data []byte
	err  error
}

type aheadReader struct {
	chunks chan aheadChunk
	free   chan []byte
	done   chan struct{}
	cur    aheadChunk
	off    int
	err    error
}

func (a *aheadReader) Read(p []byte) (int, error) {
	for a.off == len(a.cur.data) {
		if a.cur.data != nil {
			a.free <- a.cur.data[:cap(a.cur.data)]
			a.cur.data, a.off = nil, 0
		}
		if a.cur.err != nil || a.err != nil {
			if a.err == nil {
				a.err = a.cur.err
			}
			return 0, a.err
		}
		c, ok := <-a.chunks
		if !ok {
			return 0, io.EOF
		}
		a.cur, a.off = c, 0
	}
	n := copy(p, a.cur.data[a.off:])
	a.off += n
	return n, nil
}
