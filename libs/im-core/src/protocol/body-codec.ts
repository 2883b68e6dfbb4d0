import { ProtocolError } from '../errors/im-error';
import { CompiledElement, FieldKind, FieldKindValue, ProtocolRecord, RecordFields, RecordSchema, WireType } from './schema';
import { MAX_FRAME_BYTES, MAX_NESTING_DEPTH, MAX_WIRE_INT } from './constants';
import { CodecPrimitives, GeneratedCodec, generateCodec } from './codegen';

/*
 * TLV body codec (docs/protocol.md, "Body"). Each field is varint key (tag * 4 + wire type) then
 * a varint (int, bool), 8 bytes little-endian (float) or varint length + bytes (string, bytes,
 * record, array). Unknown tags are skipped by wire type.
 *
 * The writer and reader keep their state in module variables: encoding and decoding are
 * synchronous and never re-entered, and this is measurably faster than an object per call
 * (bench/im-protocol).
 */

const PACK = 998 as const;
const textEncoder = new TextEncoder();
const textDecoder = new TextDecoder();
/**
 * Strings longer than this go through TextEncoder/TextDecoder, whose per-call cost only pays off
 * above it; shorter ones are looped by hand (measured with bench/im-protocol on Node 20).
 */
const SHORT_STRING_CHARS = 16;

// ---------------------------------------------------------------- writer
/*
 * Frames are written into an arena and handed out as views of it (no copy); the next frame starts
 * after the last one, and a full arena is replaced, never reused, so a returned frame is never
 * overwritten. Copying every frame out (slice) allocated an off-heap buffer per frame and cost
 * more than the whole encoding.
 */
const ARENA_BYTES = 64 * 1024;
let out = new Uint8Array(ARENA_BYTES);
let outView = new DataView(out.buffer);
let frameStart = 0;
let pos = 0;

function ensure(extra: number): void {
  const needed = pos + extra;
  if (needed <= out.length) return;
  if (needed - frameStart > MAX_FRAME_BYTES * 4) throw new ProtocolError(`frame exceeds ${MAX_FRAME_BYTES} bytes`, PACK);
  // Copy the frame written so far into a bigger arena at the same offset, so offsets that
  // callers hold (reserved length bytes) stay valid.
  let size = ARENA_BYTES;
  while (size < needed) size *= 2;
  const fresh = new Uint8Array(size);
  fresh.set(out.subarray(frameStart, pos), frameStart);
  out = fresh;
  outView = new DataView(out.buffer);
}

/** Starts a new frame; `headerBytes` are reserved at its start (see frameStartOffset). */
export function beginWrite(headerBytes: number): void {
  frameStart = pos = (pos + 7) & ~7; // 8-byte aligned starts keep later DataView reads cheap
  if (out.length - pos < 1024) {
    out = new Uint8Array(ARENA_BYTES);
    outView = new DataView(out.buffer);
    frameStart = pos = 0;
  }
  ensure(headerBytes);
  pos += headerBytes;
}

export function writerBuffer(): Uint8Array {
  return out;
}

/** Offset of the current frame in writerBuffer(); valid until the next write. */
export function frameStartOffset(): number {
  return frameStart;
}

/** The finished frame: a view of the arena that later frames never touch. */
export function finishWrite(): Uint8Array {
  const length = pos - frameStart;
  if (length > MAX_FRAME_BYTES) {
    pos = frameStart;
    throw new ProtocolError(`frame of ${length} bytes exceeds ${MAX_FRAME_BYTES}`, PACK);
  }
  return out.subarray(frameStart, pos);
}

function writeVarint(n: number): void {
  const buffer = out;
  let cursor = pos;
  if (n < 0x80) {
    buffer[cursor++] = n;
  } else if (n < 0x10000000) {
    while (n > 0x7f) {
      buffer[cursor++] = (n & 0x7f) | 0x80;
      n >>>= 7;
    }
    buffer[cursor++] = n;
  } else {
    while (n > 0x7f) {
      buffer[cursor++] = (n % 128) | 0x80;
      n = Math.floor(n / 128);
    }
    buffer[cursor++] = n;
  }
  pos = cursor;
}

function varintSize(n: number): number {
  let size = 1;
  while (n >= 0x80) {
    n = Math.floor(n / 128);
    size++;
  }
  return size;
}

/** Writes the varint length of the bytes written since `start + 1`, where one byte was reserved. */
function patchLength(start: number): void {
  const length = pos - start - 1;
  if (length < 0x80) {
    out[start] = length;
    return;
  }
  const size = varintSize(length);
  ensure(size - 1);
  out.copyWithin(start + size, start + 1, pos);
  pos += size - 1;
  const end = pos;
  pos = start;
  writeVarint(length);
  pos = end;
}

function writeInt(value: unknown, name: string): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value > MAX_WIRE_INT || value < -MAX_WIRE_INT) {
    throw new ProtocolError(`${name}: expected an integer within ±(2^52 - 1), got ${describe(value)}`, PACK);
  }
  writeVarint(value >= 0 ? value * 2 : -value * 2 - 1);
}

function writeStringBody(s: string): void {
  const length = s.length;
  if (length < 0x80) {
    // Most strings are short ASCII: the byte length is the character count, known up front.
    // Locals, not the module variables, in the loop: V8 keeps them in registers.
    ensure(length + 1);
    const buffer = out;
    let cursor = pos;
    buffer[cursor++] = length;
    let i = 0;
    for (; i < length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) break;
      buffer[cursor++] = c;
    }
    if (i === length) {
      pos = cursor;
      return;
    }
  }
  writeUtf8String(s); // not ASCII after all
}

function writeUtf8String(s: string): void {
  const length = s.length;
  if (length > MAX_FRAME_BYTES) throw new ProtocolError(`string of ${length} characters exceeds the frame size`, PACK);
  ensure(length * 3 + 5);
  const start = pos;
  pos++;
  if (length > SHORT_STRING_CHARS) {
    const written = textEncoder.encodeInto(s, out.subarray(pos)).written;
    pos += written;
  } else {
    for (let i = 0; i < length; i++) {
      let c = s.charCodeAt(i);
      if (c < 0x80) {
        out[pos++] = c;
      } else if (c < 0x800) {
        out[pos++] = 0xc0 | (c >> 6);
        out[pos++] = 0x80 | (c & 0x3f);
      } else {
        if (c >= 0xd800 && c <= 0xdfff) {
          const next = i + 1 < length ? s.charCodeAt(i + 1) : 0;
          if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
            const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
            i++;
            out[pos++] = 0xf0 | (cp >> 18);
            out[pos++] = 0x80 | ((cp >> 12) & 0x3f);
            out[pos++] = 0x80 | ((cp >> 6) & 0x3f);
            out[pos++] = 0x80 | (cp & 0x3f);
            continue;
          }
          c = 0xfffd; // lone surrogate, as TextEncoder does
        }
        out[pos++] = 0xe0 | (c >> 12);
        out[pos++] = 0x80 | ((c >> 6) & 0x3f);
        out[pos++] = 0x80 | (c & 0x3f);
      }
    }
  }
  patchLength(start);
}

function writeBytesBody(bytes: Uint8Array): void {
  if (bytes.length > MAX_FRAME_BYTES) throw new ProtocolError(`${bytes.length} bytes exceed the frame size`, PACK);
  ensure(bytes.length + 5);
  writeVarint(bytes.length);
  out.set(bytes, pos);
  pos += bytes.length;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Writes one value without a key (array elements, and field values after their key). */
function writeValue(kind: FieldKindValue, value: unknown, record: RecordSchema<RecordFields> | undefined, element: CompiledElement | undefined, name: string, depth: number): void {
  switch (kind) {
    case FieldKind.INT:
      writeInt(value, name);
      return;
    case FieldKind.BOOL:
      if (typeof value !== 'boolean') throw new ProtocolError(`${name}: expected a boolean, got ${describe(value)}`, PACK);
      out[pos++] = value ? 1 : 0;
      return;
    case FieldKind.STRING:
      if (typeof value !== 'string') throw new ProtocolError(`${name}: expected a string, got ${describe(value)}`, PACK);
      writeStringBody(value);
      return;
    case FieldKind.FLOAT:
      if (typeof value !== 'number') throw new ProtocolError(`${name}: expected a number, got ${describe(value)}`, PACK);
      ensure(8);
      outView.setFloat64(pos, value, true);
      pos += 8;
      return;
    case FieldKind.BYTES:
      if (!(value instanceof Uint8Array)) throw new ProtocolError(`${name}: expected bytes, got ${describe(value)}`, PACK);
      writeBytesBody(value);
      return;
    case FieldKind.RECORD: {
      if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Uint8Array) {
        throw new ProtocolError(`${name}: expected a record, got ${describe(value)}`, PACK);
      }
      const start = pos;
      pos++;
      writeFields(record as RecordSchema<RecordFields>, value as ProtocolRecord, depth + 1);
      patchLength(start);
      return;
    }
    case FieldKind.ARRAY: {
      if (!Array.isArray(value)) throw new ProtocolError(`${name}: expected an array, got ${describe(value)}`, PACK);
      const inner = element as CompiledElement;
      const start = pos;
      pos++;
      ensure(5);
      writeVarint(value.length);
      for (let i = 0; i < value.length; i++) {
        ensure(10);
        writeValue(inner.kind, value[i], inner.record, inner.element, name, depth + 1);
      }
      patchLength(start);
      return;
    }
  }
}

/** Writes the fields of `value` that the schema knows; undefined and null fields are left out. */
export function writeFields(schema: RecordSchema<RecordFields>, value: ProtocolRecord, depth = 0): void {
  const generated = generatedCodecOf(schema);
  if (generated) return generated.write(value, depth);
  if (depth > MAX_NESTING_DEPTH) throw new ProtocolError(`records nested deeper than ${MAX_NESTING_DEPTH}`, PACK);
  const fields = schema.compiled;
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i];
    const fieldValue = value[field.name];
    if (fieldValue === undefined || fieldValue === null) continue;
    ensure(16);
    writeVarint(field.key);
    writeValue(field.kind, fieldValue, field.record, field.element, field.name, depth);
  }
}

// ---------------------------------------------------------------- reader
let src: Uint8Array = new Uint8Array(0);
/** Created on the first float of a frame only: most frames have none. */
let srcView: DataView | undefined;
let at = 0;

function malformed(message: string): ProtocolError {
  return new ProtocolError(`malformed frame at byte ${at}: ${message}`);
}

function readVarint(end: number): number {
  const bytes = src;
  let i = at;
  if (i >= end) throw malformed('truncated varint');
  let byte = bytes[i++];
  if (byte < 0x80) {
    at = i;
    return byte;
  }
  let result = byte & 0x7f;
  let multiplier = 128;
  for (let count = 1; ; count++) {
    if (i >= end) throw malformed('truncated varint');
    if (count >= 8) throw malformed('varint longer than 8 bytes');
    byte = bytes[i++];
    result += (byte & 0x7f) * multiplier;
    if (byte < 0x80) break;
    multiplier *= 128;
  }
  at = i;
  if (result > Number.MAX_SAFE_INTEGER) throw malformed('varint beyond 2^53');
  return result;
}

function readLength(end: number): number {
  const length = readVarint(end);
  if (length > end - at) throw malformed(`length ${length} runs past the end`);
  return length;
}

function readString(length: number): string {
  const end = at + length;
  if (length > SHORT_STRING_CHARS) return readStringWithTextDecoder(end);
  const units: number[] = new Array(length);
  const bytes = currentSource();
  let count = 0;
  let i = at;
  while (i < end) {
    const byte = bytes[i++];
    if (byte < 0x80) {
      units[count++] = byte;
    } else if (byte >= 0xc2 && byte < 0xe0 && i < end && (bytes[i] & 0xc0) === 0x80) {
      units[count++] = ((byte & 0x1f) << 6) | (bytes[i++] & 0x3f);
    } else if (byte >= 0xe0 && byte < 0xf0 && i + 1 < end && (bytes[i] & 0xc0) === 0x80 && (bytes[i + 1] & 0xc0) === 0x80) {
      const unit = ((byte & 0x0f) << 12) | ((bytes[i] & 0x3f) << 6) | (bytes[i + 1] & 0x3f);
      if (unit < 0x800 || (unit >= 0xd800 && unit <= 0xdfff)) return readStringWithTextDecoder(end); // overlong or surrogate
      units[count++] = unit;
      i += 2;
    } else if (byte >= 0xf0 && byte < 0xf5 && i + 2 < end && (bytes[i] & 0xc0) === 0x80 && (bytes[i + 1] & 0xc0) === 0x80 && (bytes[i + 2] & 0xc0) === 0x80) {
      const point = ((byte & 0x07) << 18) | ((bytes[i] & 0x3f) << 12) | ((bytes[i + 1] & 0x3f) << 6) | (bytes[i + 2] & 0x3f);
      if (point < 0x10000 || point > 0x10ffff) return readStringWithTextDecoder(end);
      units[count++] = 0xd800 + ((point - 0x10000) >> 10);
      units[count++] = 0xdc00 + ((point - 0x10000) & 0x3ff);
      i += 3;
    } else {
      return readStringWithTextDecoder(end); // invalid UTF-8: let TextDecoder place U+FFFD exactly as it does
    }
  }
  at = end;
  units.length = count;
  return String.fromCharCode.apply(null, units);
}

function currentSource(): Uint8Array {
  return src;
}

/**
 * Node's Buffer#utf8Slice decodes exactly like TextDecoder (checked by decoder.fuzz.spec.ts) at
 * about 1.5× its speed and works on any Uint8Array; browsers have no Buffer and use TextDecoder.
 */
const nodeUtf8Slice: ((this: Uint8Array, start: number, end: number) => string) | undefined =
  typeof Buffer === 'function' ? (Buffer.prototype as unknown as { utf8Slice?: (this: Uint8Array, start: number, end: number) => string }).utf8Slice : undefined;

/** Decodes UTF-8 the way every peer must: TextDecoder semantics (invalid bytes become U+FFFD). */
export function decodeUtf8(bytes: Uint8Array, start: number, end: number): string {
  return nodeUtf8Slice ? nodeUtf8Slice.call(bytes, start, end) : textDecoder.decode(bytes.subarray(start, end));
}

function readStringWithTextDecoder(end: number): string {
  const text = decodeUtf8(src, at, end);
  at = end;
  return text;
}

function readValue(kind: FieldKindValue, record: RecordSchema<RecordFields> | undefined, element: CompiledElement | undefined, end: number, depth: number): unknown {
  switch (kind) {
    case FieldKind.INT: {
      const zigzag = readVarint(end);
      return zigzag % 2 === 0 ? zigzag / 2 : -(zigzag + 1) / 2;
    }
    case FieldKind.BOOL:
      return readVarint(end) !== 0;
    case FieldKind.STRING:
      return readString(readLength(end));
    case FieldKind.FLOAT: {
      if (end - at < 8) throw malformed('truncated float');
      srcView ??= new DataView(src.buffer, src.byteOffset, src.byteLength);
      const value = srcView.getFloat64(at, true);
      at += 8;
      return value;
    }
    case FieldKind.BYTES: {
      const length = readLength(end);
      const bytes = src.slice(at, at + length);
      at += length;
      return bytes;
    }
    case FieldKind.RECORD: {
      const length = readLength(end);
      return readFields(record as RecordSchema<RecordFields>, at + length, depth + 1);
    }
    case FieldKind.ARRAY: {
      const length = readLength(end);
      const arrayEnd = at + length;
      const count = readVarint(arrayEnd);
      // Every element takes at least one byte, so this bounds allocation by the input size.
      if (count > arrayEnd - at) throw malformed(`array count ${count} exceeds its ${arrayEnd - at} bytes`);
      if (depth >= MAX_NESTING_DEPTH) throw malformed(`nested deeper than ${MAX_NESTING_DEPTH}`);
      const inner = element as CompiledElement;
      const items: unknown[] = new Array(count);
      for (let i = 0; i < count; i++) items[i] = readValue(inner.kind, inner.record, inner.element, arrayEnd, depth + 1);
      if (at !== arrayEnd) throw malformed('array length does not match its elements');
      return items;
    }
  }
  throw malformed(`unknown field kind ${kind}`);
}

function skipField(wireType: number, end: number): void {
  if (wireType === WireType.VARINT) readVarint(end);
  else if (wireType === WireType.FLOAT64) {
    if (end - at < 8) throw malformed('truncated float');
    at += 8;
  } else if (wireType === WireType.LENGTH) {
    const length = readLength(end); // read first: `at += f()` would use the old `at`
    at += length;
  } else throw malformed(`unknown wire type ${wireType}`);
}

function readFields(schema: RecordSchema<RecordFields>, end: number, depth: number): ProtocolRecord {
  const generated = generatedCodecOf(schema);
  if (generated) return generated.read(end, depth);
  if (depth > MAX_NESTING_DEPTH) throw malformed(`nested deeper than ${MAX_NESTING_DEPTH}`);
  const result: ProtocolRecord = {};
  const byTag = schema.byTag;
  while (at < end) {
    const key = readVarint(end);
    const wireType = key % 4;
    const tag = (key - wireType) / 4;
    const field = byTag[tag];
    if (field === undefined) {
      skipField(wireType, end); // a newer peer's field: forward compatibility
      continue;
    }
    if (field.wireType !== wireType) throw malformed(`${schema.name}.${field.name} has wire type ${wireType}, expected ${field.wireType}`);
    result[field.name] = readValue(field.kind, field.record, field.element, end, depth) as ProtocolRecord[string];
  }
  if (at !== end) throw malformed(`${schema.name} overruns its length`);
  return result;
}

/** Decodes `bytes[start..end)` as a record of `schema`. Throws only ProtocolError. */
export function decodeBody(schema: RecordSchema<RecordFields>, bytes: Uint8Array, start = 0, end = bytes.length): ProtocolRecord {
  src = bytes;
  srcView = undefined;
  at = start;
  try {
    return readFields(schema, end, 0);
  } finally {
    src = EMPTY; // don't keep the caller's buffer alive
    srcView = undefined;
  }
}
const EMPTY = new Uint8Array(0);

/** Encodes a body alone (no frame header). */
export function encodeBody(schema: RecordSchema<RecordFields>, value: ProtocolRecord): Uint8Array {
  beginWrite(0);
  writeFields(schema, value);
  return finishWrite();
}

// ---------------------------------------------------------------- generated codecs

function requireType(ok: boolean, name: string, expected: string, value: unknown): void {
  if (!ok) throw new ProtocolError(`${name}: expected ${expected}, got ${describe(value)}`, PACK);
}

function writeKey(key: number): void {
  ensure(16);
  if (key < 0x80) out[pos++] = key;
  else writeVarint(key);
}

const primitives: CodecPrimitives = {
  key: writeKey,
  keyStr(key, value, name) {
    if (typeof value !== 'string') requireType(false, name, 'a string', value);
    writeKey(key);
    writeStringBody(value as string);
  },
  keyInt(key, value, name) {
    writeKey(key);
    writeInt(value, name);
  },
  keyBool(key, value, name) {
    if (typeof value !== 'boolean') requireType(false, name, 'a boolean', value);
    writeKey(key);
    out[pos++] = value ? 1 : 0;
  },
  nested(codec, value, name, depth) {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Uint8Array) {
      requireType(false, name, 'a record', value);
    }
    const start = pos;
    pos++;
    codec.write(value as ProtocolRecord, depth + 1);
    patchLength(start);
  },
  rNested(codec, end, depth) {
    const length = readLength(end);
    return codec.read(at + length, depth + 1);
  },
  codecOf: (schema) => generatedCodecOf(schema),
  int: writeInt,
  bool(value, name) {
    requireType(typeof value === 'boolean', name, 'a boolean', value);
    out[pos++] = value ? 1 : 0;
  },
  str(value, name) {
    requireType(typeof value === 'string', name, 'a string', value);
    writeStringBody(value as string);
  },
  float: (value, name) => writeValue(FieldKind.FLOAT, value, undefined, undefined, name, 0),
  bytes: (value, name) => writeValue(FieldKind.BYTES, value, undefined, undefined, name, 0),
  record: (schema, value, name, depth) => writeValue(FieldKind.RECORD, value, schema, undefined, name, depth),
  array: (element, value, name, depth) => writeValue(FieldKind.ARRAY, value, undefined, element, name, depth),
  tooDeep() {
    throw new ProtocolError(`records nested deeper than ${MAX_NESTING_DEPTH}`, at > 0 ? 997 : PACK);
  },
  more: (end) => at < end,
  varint: readVarint,
  rInt(end) {
    const zigzag = readVarint(end);
    return zigzag % 2 === 0 ? zigzag / 2 : -(zigzag + 1) / 2;
  },
  rBool: (end) => readVarint(end) !== 0,
  rStr: (end) => readString(readLength(end)),
  rFloat: (end) => readValue(FieldKind.FLOAT, undefined, undefined, end, 0) as number,
  rBytes: (end) => readValue(FieldKind.BYTES, undefined, undefined, end, 0) as Uint8Array,
  rRecord: (schema, end, depth) => readValue(FieldKind.RECORD, schema, undefined, end, depth) as ProtocolRecord,
  rArray: (element, end, depth) => readValue(FieldKind.ARRAY, undefined, element, end, depth) as unknown[],
  skip(key, end, schema) {
    const wireType = key % 4;
    const field = schema.byTag[(key - wireType) / 4];
    if (field) throw malformed(`${schema.name}.${field.name} has wire type ${wireType}, expected ${field.wireType}`);
    skipField(wireType, end);
  },
  done(end, schema) {
    if (at !== end) throw malformed(`${schema.name} overruns its length`);
  },
};

const generatedCodecs = new WeakMap<RecordSchema<RecordFields>, GeneratedCodec | null>();
let codegenAllowed = true;

function generatedCodecOf(schema: RecordSchema<RecordFields>): GeneratedCodec | null {
  if (!codegenAllowed) return null;
  let codec = generatedCodecs.get(schema);
  if (codec === undefined) {
    try {
      codec = generateCodec(schema, primitives);
    } catch {
      codec = null; // code generation forbidden here (CSP): walk the table instead
    }
    generatedCodecs.set(schema, codec);
  }
  return codec;
}

/** Switches generated codecs off (or back on); tests use it to check both paths agree. */
export function setCodegenAllowed(allowed: boolean): void {
  codegenAllowed = allowed;
}
