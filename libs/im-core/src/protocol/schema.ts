/**
 * Table-driven body schemas. A record schema maps field names to (tag, type); the codec in
 * body-codec.ts walks the compiled field list, so adding a field is one line in records.ts.
 * TypeScript types of decoded bodies are inferred from the same definitions.
 */

export type ScalarType = 'int' | 'float' | 'bool' | 'string' | 'bytes';
export type FieldType = ScalarType | RecordSchema<RecordFields> | ArrayType<FieldType>;

export interface ArrayType<E extends FieldType> {
  readonly kind: 'array';
  readonly element: E;
}

export type RecordFields = { readonly [name: string]: readonly [tag: number, type: FieldType] };

/** Wire types: low 2 bits of a field key (docs/protocol.md, "Body"). */
export const WireType = { VARINT: 0, FLOAT64: 1, LENGTH: 2 } as const;
export type WireTypeValue = (typeof WireType)[keyof typeof WireType];

/** Field kinds the codec switches on; numbers keep the hot loop a cheap integer switch. */
export const FieldKind = { INT: 0, FLOAT: 1, BOOL: 2, STRING: 3, BYTES: 4, RECORD: 5, ARRAY: 6 } as const;
export type FieldKindValue = (typeof FieldKind)[keyof typeof FieldKind];

export interface CompiledField {
  readonly name: string;
  readonly tag: number;
  readonly key: number;
  readonly kind: FieldKindValue;
  readonly wireType: WireTypeValue;
  /** For RECORD fields, and for ARRAY fields of records. */
  readonly record: RecordSchema<RecordFields> | undefined;
  /** For ARRAY fields: the element. */
  readonly element: CompiledElement | undefined;
}

export interface CompiledElement {
  readonly kind: FieldKindValue;
  readonly record: RecordSchema<RecordFields> | undefined;
  readonly element: CompiledElement | undefined;
}

/** Largest tag; tags 1–31 take one key byte, so the commonest fields get the low tags. */
export const MAX_FIELD_TAG = 2047;

export interface RecordSchema<F extends RecordFields> {
  readonly kind: 'record';
  readonly name: string;
  readonly fields: F;
  /** Fields in tag order. */
  readonly compiled: readonly CompiledField[];
  /** Index by tag, for decoding. */
  readonly byTag: readonly (CompiledField | undefined)[];
}

export function arrayOf<E extends FieldType>(element: E): ArrayType<E> {
  return { kind: 'array', element };
}

function kindOf(type: FieldType): FieldKindValue {
  if (typeof type === 'string') {
    switch (type) {
      case 'int':
        return FieldKind.INT;
      case 'float':
        return FieldKind.FLOAT;
      case 'bool':
        return FieldKind.BOOL;
      case 'string':
        return FieldKind.STRING;
      case 'bytes':
        return FieldKind.BYTES;
    }
  }
  return type.kind === 'record' ? FieldKind.RECORD : FieldKind.ARRAY;
}

function wireTypeOf(kind: FieldKindValue): WireTypeValue {
  if (kind === FieldKind.INT || kind === FieldKind.BOOL) return WireType.VARINT;
  if (kind === FieldKind.FLOAT) return WireType.FLOAT64;
  return WireType.LENGTH;
}

function compileElement(type: FieldType): CompiledElement {
  const kind = kindOf(type);
  return {
    kind,
    record: typeof type !== 'string' && type.kind === 'record' ? type : undefined,
    element: typeof type !== 'string' && type.kind === 'array' ? compileElement(type.element) : undefined,
  };
}

/** Defines a record schema; throws at module load on duplicate or out-of-range tags. */
export function defineRecord<F extends RecordFields>(name: string, fields: F): RecordSchema<F> {
  const compiled: CompiledField[] = [];
  const byTag: (CompiledField | undefined)[] = [];
  for (const [fieldName, [tag, type]] of Object.entries(fields)) {
    if (!Number.isInteger(tag) || tag < 1 || tag > MAX_FIELD_TAG) throw new Error(`${name}.${fieldName}: bad tag ${tag}`);
    if (byTag[tag]) throw new Error(`${name}.${fieldName}: tag ${tag} already used by ${byTag[tag]?.name}`);
    const element = compileElement(type);
    const field: CompiledField = {
      name: fieldName,
      tag,
      kind: element.kind,
      wireType: wireTypeOf(element.kind),
      key: tag * 4 + wireTypeOf(element.kind),
      record: element.record,
      element: element.element,
    };
    byTag[tag] = field;
    compiled.push(field);
  }
  compiled.sort((a, b) => a.tag - b.tag);
  return { kind: 'record', name, fields, compiled, byTag };
}

/** Adds fields to an existing schema under a new name (e.g. every response's error fields). */
export function extendRecord<F extends RecordFields, G extends RecordFields>(
  name: string,
  base: RecordSchema<F>,
  extra: G,
): RecordSchema<F & G> {
  return defineRecord(name, { ...base.fields, ...extra } as F & G);
}

/** TypeScript value of a field type. */
export type ValueOf<T> = T extends 'int' | 'float'
  ? number
  : T extends 'bool'
    ? boolean
    : T extends 'string'
      ? string
      : T extends 'bytes'
        ? Uint8Array
        : T extends RecordSchema<infer F>
          ? RecordValue<F>
          : T extends ArrayType<infer E>
            ? ValueOf<E>[]
            : never;

/** A decoded record: every field optional, since absent fields are not sent. */
export type RecordValue<F extends RecordFields> = { -readonly [K in keyof F]?: ValueOf<F[K][1]> };

/** Value of a record schema, e.g. `RecordOf<typeof MessageRecord>`. */
export type RecordOf<S> = S extends RecordSchema<infer F> ? RecordValue<F> : never;

/** Any body value the codec accepts, for code that handles bodies generically. */
export type ProtocolValue = number | boolean | string | Uint8Array | ProtocolRecord | ProtocolValue[];
export interface ProtocolRecord {
  [field: string]: ProtocolValue | undefined;
}
