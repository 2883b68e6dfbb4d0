import fc from 'fast-check';
import { ProtocolError } from '../errors/im-error';
import { decodeUtf8, setCodegenAllowed } from './body-codec';
import {
  COMMANDS, CommandName, decodeFrame, encodeFrame, FrameFlag, MessageRecord, MAX_WIRE_INT, ProtocolRecord, ProtocolValue,
  RecordFields, RecordSchema, FieldKind, CompiledElement, decodeBody, defineRecord,
} from './index';

/**
 * Decoder fuzzing: whatever bytes arrive, decodeFrame returns a frame or throws ProtocolError,
 * never anything else. FUZZ_RUNS (e.g. 2000000) scales the run for the long fuzz job; the normal
 * test run makes 110k cases in all.
 */
const total = Number(process.env.FUZZ_RUNS ?? 110_000);
const runs = (share: number) => Math.max(1, Math.round(total * share));
jest.setTimeout(Math.max(60_000, total / 5));

function decodesOrThrowsProtocolError(bytes: Uint8Array): boolean {
  try {
    decodeFrame(bytes);
    return true;
  } catch (error) {
    return error instanceof ProtocolError;
  }
}

/** Lone surrogates become U+FFFD on the wire, as with TextEncoder; compare against that. */
const wellFormed = (s: string) => new TextDecoder().decode(new TextEncoder().encode(s));

const names = Object.keys(COMMANDS) as CommandName[];

/** Arbitrary for a value of one schema element, so round trips cover every field kind. */
function valueArb(element: CompiledElement, depth: number): fc.Arbitrary<ProtocolValue> {
  switch (element.kind) {
    case FieldKind.INT:
      return fc.integer({ min: -MAX_WIRE_INT, max: MAX_WIRE_INT }).chain((n) => fc.constantFrom(n, n % 1000, Math.trunc(n / 3))).map((n) => n + 0); // ints have no -0
    case FieldKind.FLOAT:
      return fc.double({ noNaN: true });
    case FieldKind.BOOL:
      return fc.boolean();
    case FieldKind.STRING:
      return fc.oneof(fc.string({ maxLength: 20 }), fc.string({ unit: 'grapheme', maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 8 }).map((s) => wellFormed(s)));
    case FieldKind.BYTES:
      return fc.uint8Array({ maxLength: 40 });
    case FieldKind.RECORD:
      return recordArb(element.record as RecordSchema<RecordFields>, depth + 1);
    case FieldKind.ARRAY:
      return fc.array(valueArb(element.element as CompiledElement, depth + 1), { maxLength: depth > 1 ? 1 : 3 });
  }
  throw new Error('unreachable');
}

function recordArb(schema: RecordSchema<RecordFields>, depth = 0): fc.Arbitrary<ProtocolRecord> {
  const fields = depth > 2 ? schema.compiled.filter((f) => f.kind !== FieldKind.RECORD && f.kind !== FieldKind.ARRAY) : schema.compiled;
  const model: Record<string, fc.Arbitrary<ProtocolValue>> = {};
  for (const field of fields) model[field.name] = valueArb(field, depth);
  return fc.record(model, { requiredKeys: [] }) as fc.Arbitrary<ProtocolRecord>;
}

const validFrameArb = fc
  .tuple(fc.constantFrom(...names), fc.integer({ min: 0, max: 32767 }), fc.boolean())
  .chain(([name, serialId, fromServer]) => {
    const command = COMMANDS[name];
    const schema = (fromServer ? command.response : command.request) as unknown as RecordSchema<RecordFields>;
    return recordArb(schema).map((body) => ({ name, serialId, body, flags: fromServer ? FrameFlag.RESPONSE : 0, code: fromServer ? 200 : 0 }));
  });

describe('decoder fuzzing', () => {
  it('random bytes after a valid header prefix decode or throw ProtocolError', () => {
    const headerArb = fc.constantFrom(...names).map((name) => encodeFrame({ name, serialId: 1, flags: FrameFlag.RESPONSE }).subarray(0, 8));
    fc.assert(
      fc.property(headerArb, fc.uint8Array({ maxLength: 64 }), (header, tail) => {
        const bytes = new Uint8Array(header.length + tail.length);
        bytes.set(header);
        bytes.set(tail, header.length);
        return decodesOrThrowsProtocolError(bytes);
      }),
      { numRuns: runs(0.55) },
    );
  });

  it('fully random bytes decode or throw ProtocolError', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 48 }), decodesOrThrowsProtocolError), { numRuns: runs(0.25) });
  });

  it('mutated valid frames (flips, truncation, insertion) decode or throw ProtocolError', () => {
    fc.assert(
      fc.property(validFrameArb, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 }), fc.constantFrom('flip', 'cut', 'insert')), { minLength: 1, maxLength: 4 }), (frame, edits) => {
        let bytes = Array.from(encodeFrame(frame));
        for (const [where, value, edit] of edits) {
          const at = where % (bytes.length + 1);
          if (edit === 'flip' && at < bytes.length) bytes[at] ^= value || 1;
          else if (edit === 'cut') bytes = bytes.slice(0, at);
          else bytes.splice(at, 0, value);
        }
        return decodesOrThrowsProtocolError(Uint8Array.from(bytes));
      }),
      { numRuns: runs(0.12) },
    );
  });

  it('every command body round-trips exactly', () => {
    fc.assert(
      fc.property(validFrameArb, (frame) => {
        const decoded = decodeFrame(encodeFrame(frame));
        expect(decoded.name).toBe(frame.name);
        expect(decoded.serialId).toBe(frame.serialId);
        expect(decoded.body).toEqual(frame.body);
      }),
      { numRuns: runs(0.05) },
    );
  });

  it('messages with every §3 field round-trip exactly', () => {
    fc.assert(
      fc.property(recordArb(MessageRecord as unknown as RecordSchema<RecordFields>), (msg) => {
        const decoded = decodeFrame(encodeFrame({ name: 'sendMsg', serialId: 9, body: { msg } }));
        expect(decoded.body).toEqual({ msg });
      }),
      { numRuns: runs(0.03) },
    );
  });

  it('the table walk (CSP fallback) and the generated codecs give identical bytes and values', () => {
    const decodeOrError = (bytes: Uint8Array) => {
      try {
        return decodeFrame(bytes);
      } catch (error) {
        return (error as ProtocolError).code;
      }
    };
    try {
      fc.assert(
        fc.property(validFrameArb, fc.uint8Array({ maxLength: 12 }), (frame, noise) => {
          setCodegenAllowed(true);
          const generated = Uint8Array.from(encodeFrame(frame));
          const corrupted = Uint8Array.from([...generated.subarray(0, generated.length - noise.length), ...noise]);
          const fromGenerated = [decodeFrame(generated), decodeOrError(corrupted)];
          setCodegenAllowed(false);
          const walked = Uint8Array.from(encodeFrame(frame));
          expect(walked).toEqual(generated);
          expect([decodeFrame(walked), decodeOrError(corrupted)]).toEqual(fromGenerated);
        }),
        { numRuns: runs(0.02) },
      );
    } finally {
      setCodegenAllowed(true);
    }
  });
});

describe('UTF-8 decoding', () => {
  it('the Node fast path and the manual decoder match TextDecoder on any bytes', () => {
    const reference = new TextDecoder();
    const stringSchema = defineRecord('S', { s: [1, 'string'] });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        expect(decodeUtf8(bytes, 0, bytes.length)).toBe(reference.decode(bytes));
        // Through the body decoder too: short strings take the hand-written path.
        const body = Uint8Array.from([0x06, bytes.length, ...bytes]);
        expect(decodeBody(stringSchema, body).s).toBe(reference.decode(bytes));
      }),
      { numRuns: runs(0.03) },
    );
  });
});
