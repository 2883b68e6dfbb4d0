// A streaming reader of multipart/form-data bodies (RFC 7578) for the simple upload (docs/im-upload.md
// "Simple upload"): the form's small fields come first as text, then the file, which is handed on while it
// arrives, so a 100 MB upload is never held in memory. Parts after the file are left unread.

/** A malformed body; the route answers it 400. */
export class MultipartError extends Error {}

/** A part's headers may take at most this much; a field's value at most FIELD_LIMIT. */
const HEADER_LIMIT = 16 * 1024;
const FIELD_LIMIT = 16 * 1024;

export interface FilePart {
  /** The form field's name. */
  name: string;
  fileName?: string;
}

/** The boundary of a multipart/form-data content type, or undefined for any other type. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : undefined;
}

/**
 * Reads the form in order: each field before the file goes to `onField`; the first part with a file name is
 * handed to `onFile` as a stream, and its answer is this function's. Undefined when the form has no file.
 */
export async function readMultipart<T>(
  source: AsyncIterable<Uint8Array>,
  boundary: string,
  onField: (name: string, value: string) => void,
  onFile: (part: FilePart, body: AsyncIterable<Uint8Array>) => Promise<T>,
): Promise<T | undefined> {
  const reader = new Reader(source[Symbol.asyncIterator]());
  // Seen from a leading CRLF, the first boundary looks like every later one.
  reader.buffer = Buffer.from('\r\n');
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  if ((await reader.find(delimiter, HEADER_LIMIT)) < 0) throw new MultipartError('the body has no multipart boundary');
  reader.skip(reader.buffer.indexOf(delimiter) + delimiter.length);
  for (;;) {
    if (!(await reader.fill(2))) throw new MultipartError('the body ended after a boundary');
    if (reader.buffer[0] === 0x2d && reader.buffer[1] === 0x2d) return undefined; // "--": the last boundary
    const headersEnd = await reader.find(Buffer.from('\r\n\r\n'), HEADER_LIMIT);
    if (headersEnd < 0) throw new MultipartError('a part\'s headers are missing or too long');
    const part = partOf(reader.buffer.subarray(0, headersEnd).toString('utf8'));
    reader.skip(headersEnd + 4);
    const body = reader.until(delimiter);
    if (part.fileName !== undefined) return onFile(part, body);
    const pieces: Uint8Array[] = [];
    let length = 0;
    for await (const piece of body) {
      length += piece.length;
      if (length > FIELD_LIMIT) throw new MultipartError(`the form field ${part.name} is longer than ${FIELD_LIMIT} bytes`);
      pieces.push(piece);
    }
    onField(part.name, Buffer.concat(pieces).toString('utf8'));
  }
}

/** The name and file name of a part, from its Content-Disposition. */
function partOf(headers: string): FilePart {
  const disposition = headers.split('\r\n').find((line) => /^content-disposition\s*:/i.test(line.trimStart()));
  const name = disposition && /;\s*name="([^"]*)"/i.exec(disposition);
  if (!disposition || !name) throw new MultipartError('a part has no Content-Disposition name');
  const fileName = /;\s*filename="([^"]*)"/i.exec(disposition);
  return { name: name[1], ...(fileName ? { fileName: fileName[1] } : {}) };
}

class Reader {
  buffer = Buffer.alloc(0);
  private ended = false;

  constructor(private readonly source: AsyncIterator<Uint8Array>) {}

  /** One more piece of the body into the buffer; false at its end. */
  async pull(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.source.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    this.buffer = this.buffer.length === 0 ? Buffer.from(next.value) : Buffer.concat([this.buffer, next.value]);
    return true;
  }

  async fill(length: number): Promise<boolean> {
    while (this.buffer.length < length) if (!(await this.pull())) return false;
    return true;
  }

  /** Where `needle` starts in the buffer, reading on for it within `limit` bytes; -1 when it is not there. */
  async find(needle: Buffer, limit: number): Promise<number> {
    for (;;) {
      const at = this.buffer.indexOf(needle);
      if (at >= 0) return at;
      if (this.buffer.length > limit || !(await this.pull())) return -1;
    }
  }

  skip(length: number): void {
    this.buffer = this.buffer.subarray(length);
  }

  /** The bytes up to `delimiter`, as they arrive; the delimiter itself is consumed. */
  async *until(delimiter: Buffer): AsyncGenerator<Uint8Array> {
    for (;;) {
      const at = this.buffer.indexOf(delimiter);
      if (at >= 0) {
        if (at > 0) yield this.buffer.subarray(0, at);
        this.skip(at + delimiter.length);
        return;
      }
      // Keep what could be the start of a delimiter cut between two pieces.
      const safe = this.buffer.length - (delimiter.length - 1);
      if (safe > 0) {
        const out = this.buffer.subarray(0, safe);
        this.skip(safe);
        yield out;
      }
      if (!(await this.pull())) throw new MultipartError('the body ended inside a part');
    }
  }
}
