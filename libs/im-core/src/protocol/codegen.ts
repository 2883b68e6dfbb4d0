import { CompiledElement, FieldKind, ProtocolRecord, RecordFields, RecordSchema } from './schema';
import { MAX_NESTING_DEPTH } from './constants';

/**
 * Per-schema encoder/decoder functions generated from the field table. The generated code reads
 * and writes each field by its literal name, so V8 sees fixed property accesses instead of the
 * megamorphic keyed accesses of the table walk (bench/im-protocol: the difference is about 2×).
 * Where code generation is forbidden (a CSP without 'unsafe-eval'), body-codec.ts falls back to
 * the table walk, which gives identical bytes (checked by decoder.fuzz.spec.ts).
 */

/** Primitive steps the generated code calls; body-codec.ts implements them over its buffers. */
export interface CodecPrimitives {
  key(key: number): void;
  /** Key and value in one step, for the commonest kinds. */
  keyStr(key: number, value: unknown, name: string): void;
  keyInt(key: number, value: unknown, name: string): void;
  keyBool(key: number, value: unknown, name: string): void;
  /** A nested record whose generated codec is known. */
  nested(codec: GeneratedCodec, value: unknown, name: string, depth: number): void;
  rNested(codec: GeneratedCodec, end: number, depth: number): ProtocolRecord;
  /** Generated codec of a nested schema, or null where code generation is not allowed. */
  codecOf(schema: RecordSchema<RecordFields>): GeneratedCodec | null;
  int(value: unknown, name: string): void;
  bool(value: unknown, name: string): void;
  str(value: unknown, name: string): void;
  float(value: unknown, name: string): void;
  bytes(value: unknown, name: string): void;
  record(schema: RecordSchema<RecordFields>, value: unknown, name: string, depth: number): void;
  array(element: CompiledElement, value: unknown, name: string, depth: number): void;
  tooDeep(): never;
  more(end: number): boolean;
  varint(end: number): number;
  rInt(end: number): number;
  rBool(end: number): boolean;
  rStr(end: number): string;
  rFloat(end: number): number;
  rBytes(end: number): Uint8Array;
  rRecord(schema: RecordSchema<RecordFields>, end: number, depth: number): ProtocolRecord;
  rArray(element: CompiledElement, end: number, depth: number): unknown[];
  skip(key: number, end: number, schema: RecordSchema<RecordFields>): void;
  done(end: number, schema: RecordSchema<RecordFields>): void;
}

export interface GeneratedCodec {
  write(value: ProtocolRecord, depth: number): void;
  read(end: number, depth: number): ProtocolRecord;
}

const WRITE_STEP: Record<number, string> = {
  [FieldKind.INT]: 'int',
  [FieldKind.BOOL]: 'bool',
  [FieldKind.STRING]: 'str',
  [FieldKind.FLOAT]: 'float',
  [FieldKind.BYTES]: 'bytes',
};
const FUSED_WRITE: Record<number, string | undefined> = {
  [FieldKind.INT]: 'keyInt',
  [FieldKind.BOOL]: 'keyBool',
  [FieldKind.STRING]: 'keyStr',
};
const READ_STEP: Record<number, string> = {
  [FieldKind.INT]: 'rInt',
  [FieldKind.BOOL]: 'rBool',
  [FieldKind.STRING]: 'rStr',
  [FieldKind.FLOAT]: 'rFloat',
  [FieldKind.BYTES]: 'rBytes',
};

/** Builds the codec of one schema; throws where `new Function` is not allowed. */
export function generateCodec(schema: RecordSchema<RecordFields>, p: CodecPrimitives): GeneratedCodec {
  const refs: unknown[] = []; // nested schemas and array elements, referenced by index
  const ref = (value: unknown) => refs.push(value) - 1;
  const writes: string[] = [];
  const reads: string[] = [];
  for (const field of schema.compiled) {
    const name = JSON.stringify(field.name);
    let write: string;
    let read: string;
    const child = field.kind === FieldKind.RECORD ? p.codecOf(field.record as RecordSchema<RecordFields>) : null;
    const fused = FUSED_WRITE[field.kind];
    if (child) {
      const i = ref(child);
      writes.push(`x = v[${name}]; if (x !== undefined && x !== null) { p.key(${field.key}); p.nested(R[${i}], x, ${name}, depth); }`);
      reads.push(`case ${field.key}: o[${name}] = p.rNested(R[${i}], end, depth); break;`);
      continue;
    }
    if (fused) {
      writes.push(`x = v[${name}]; if (x !== undefined && x !== null) p.${fused}(${field.key}, x, ${name});`);
      reads.push(`case ${field.key}: o[${name}] = p.${READ_STEP[field.kind]}(end); break;`);
      continue;
    }
    if (field.kind === FieldKind.RECORD) {
      const i = ref(field.record);
      write = `p.record(R[${i}], x, ${name}, depth)`;
      read = `p.rRecord(R[${i}], end, depth)`;
    } else if (field.kind === FieldKind.ARRAY) {
      const i = ref(field.element);
      write = `p.array(R[${i}], x, ${name}, depth)`;
      read = `p.rArray(R[${i}], end, depth)`;
    } else {
      write = `p.${WRITE_STEP[field.kind]}(x, ${name})`;
      read = `p.${READ_STEP[field.kind]}(end)`;
    }
    writes.push(`x = v[${name}]; if (x !== undefined && x !== null) { p.key(${field.key}); ${write}; }`);
    reads.push(`case ${field.key}: o[${name}] = ${read}; break;`);
  }
  const source = `
    return {
      write: function (v, depth) {
        if (depth > ${MAX_NESTING_DEPTH}) p.tooDeep();
        let x;
        ${writes.join('\n        ')}
      },
      read: function (end, depth) {
        if (depth > ${MAX_NESTING_DEPTH}) p.tooDeep();
        const o = {};
        while (p.more(end)) {
          const k = p.varint(end);
          switch (k) {
            ${reads.join('\n            ')}
            default: p.skip(k, end, S);
          }
        }
        p.done(end, S);
        return o;
      },
    };`;
  return new Function('p', 'R', 'S', source)(p, refs, schema) as GeneratedCodec;
}
