package mcpserver

import (
	"bytes"
	"encoding/base64"
	"image/png"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// plotProgram draws a 3x2 PNG with zlib and struct (the base image has no PIL), the way a program
// saves a plot to out/, and reads its input files.
const plotProgram = `
import struct, zlib
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
w, h = 3, 2
rows = b"".join(b"\x00" + bytes([200, 30, 30]) * w for _ in range(h))
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
with open("out/plot.png", "wb") as f:
    f.write(png)
values = [float(x) for x in open("values.txt")]
with open("out/summary.csv", "w") as f:
    f.write("n,total\n%d,%g\n" % (len(values), sum(values)))
with open("out/raw.bin", "wb") as f:
    f.write(open("in/raw.bin", "rb").read()[::-1])
print("done")
`

// Through the official SDK's client: run_python takes files as text and as base64, and the
// answer carries the PNG the program wrote as image content, a CSV as a text resource, and bytes
// as a blob resource; the structured answer lists them without their content.
func TestRunPythonFilesAndImages(t *testing.T) {
	s := connect(t, true)
	res, text := s.call(t, "run_python", map[string]any{"code": plotProgram, "files": []map[string]any{
		{"name": "values.txt", "content": "1.5\n2.5\n"},
		{"name": "in/raw.bin", "content_base64": base64.StdEncoding.EncodeToString([]byte{0, 1, 2, 0xff})},
	}})
	out := structured[RunOutput](t, res)
	if res.IsError || out.Result == nil || out.Result.ExitCode != 0 || !strings.Contains(text, "done") {
		t.Fatalf("IsError %v result %+v\n%s", res.IsError, out.Result, text)
	}
	if !strings.Contains(text, "plot.png (image/png") || len(out.Result.Artifacts) != 3 {
		t.Fatalf("artifacts %+v\n%s", out.Result.Artifacts, text)
	}
	var images, texts, blobs int
	for _, c := range res.Content {
		switch c := c.(type) {
		case *mcp.ImageContent:
			images++
			img, err := png.Decode(bytes.NewReader(c.Data))
			if err != nil || c.MIMEType != "image/png" || img.Bounds().Dx() != 3 || img.Bounds().Dy() != 2 {
				t.Fatalf("image content %s: %v", c.MIMEType, err)
			}
			if r, g, _, _ := img.At(1, 1).RGBA(); r>>8 != 200 || g>>8 != 30 {
				t.Errorf("pixel (1,1) is %d,%d, want 200,30", r>>8, g>>8)
			}
		case *mcp.EmbeddedResource:
			switch rc := c.Resource; {
			case strings.HasSuffix(rc.URI, "/out/summary.csv"):
				texts++
				if rc.MIMEType != "text/csv" || rc.Text != "n,total\n2,4\n" {
					t.Errorf("summary.csv: %s %q", rc.MIMEType, rc.Text)
				}
			case strings.HasSuffix(rc.URI, "/out/raw.bin"):
				blobs++
				if !bytes.Equal(rc.Blob, []byte{0xff, 2, 1, 0}) {
					t.Errorf("raw.bin: %v", rc.Blob)
				}
			default:
				t.Errorf("unexpected resource %s", rc.URI)
			}
		}
	}
	if images != 1 || texts != 1 || blobs != 1 {
		t.Fatalf("%d images, %d text and %d blob resources, want one of each", images, texts, blobs)
	}
	recs := s.records(t)
	if res := recs[len(recs)-1].Result; res == nil || len(res.Artifacts) != 3 || res.Artifacts[0].Content != nil {
		t.Fatalf("the result record: %+v", res)
	}
}

func TestRunPythonFilesRefused(t *testing.T) {
	s := connect(t, false)
	for _, tc := range []struct {
		files []map[string]any
		want  string
	}{
		{[]map[string]any{{"name": "../up.txt", "content": "x"}}, `".." part`},
		{[]map[string]any{{"name": "a", "content": "x", "content_base64": "eA=="}}, "both content and content_base64"},
		{[]map[string]any{{"name": "a", "content_base64": "%%"}}, "not base64"},
		{[]map[string]any{{"name": "a", "content": strings.Repeat("x", 9<<20)}}, "over the limit"},
	} {
		res, text := s.call(t, "run_python", map[string]any{"code": allowedCode, "files": tc.files})
		if !res.IsError || !strings.Contains(text, tc.want) {
			t.Errorf("files %.80v: IsError %v %q, want %q", tc.files, res.IsError, text, tc.want)
		}
	}
}
