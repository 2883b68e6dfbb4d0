import { ImError, ImErrorName } from '../errors';
import type { CheckedUploadOptions, UploadCandidate } from '../validation';

/** What the uploader reads: a Blob (File is one) with the name and type the candidate checks use. */
export interface ResolvedSource {
  blob: Blob;
  candidate: UploadCandidate;
  /** Identifies the same file across a reload (name, size, last change), when the source has them. */
  identity: string | undefined;
}

interface FileLike extends Blob {
  name?: string;
  lastModified?: number;
}

function fromBlob(blob: FileLike, name?: string): ResolvedSource {
  const fileName = name ?? blob.name;
  return {
    blob,
    candidate: { size: blob.size, mimeType: blob.type, name: fileName },
    identity: fileName && blob.lastModified !== undefined ? `${fileName}:${blob.size}:${blob.lastModified}` : undefined,
  };
}

function fromDataUrl(dataUrl: unknown): ResolvedSource {
  const match = typeof dataUrl === 'string' ? /^data:([^;,]*)(;base64)?,(.*)$/s.exec(dataUrl) : null;
  if (!match) throw new ImError(ImErrorName.Param_Error, 'dataURL must be a data: URL', { code: 414 });
  const [, mimeType, base64, payload] = match;
  const bytes = base64 ? Uint8Array.from(atob(payload), (c) => c.charCodeAt(0)) : new TextEncoder().encode(decodeURIComponent(payload));
  return fromBlob(new Blob([bytes], { type: mimeType }));
}

/**
 * §5's sources, read as one Blob. A file input gives its first chosen file (an empty input gives an
 * empty source, which the candidate check turns into No_File_Selected). filePath and wxFilePath name
 * files of the mini-program and Node runtimes, which this build does not read.
 */
export function resolveUploadSource(options: CheckedUploadOptions, raw: Record<string, unknown>): ResolvedSource {
  const value = raw[options.source];
  switch (options.source) {
    case 'dataURL':
      return fromDataUrl(value);
    case 'fileInput': {
      const input = value as { files?: ArrayLike<FileLike> | null } | string | null;
      const element = typeof input === 'string' && typeof document !== 'undefined' ? (document.getElementById(input) as { files?: ArrayLike<FileLike> | null } | null) : input;
      const file = element && typeof element === 'object' ? element.files?.[0] : undefined;
      return file ? fromBlob(file) : { blob: new Blob([]), candidate: { size: 0 }, identity: undefined };
    }
    case 'blob':
    case 'file':
    case 'fileObject':
      if (!(value instanceof Blob)) throw new ImError(ImErrorName.Param_Error, `${options.source} must be a Blob or File`, { code: 414 });
      return fromBlob(value as FileLike, typeof raw.name === 'string' ? raw.name : undefined);
    default:
      throw new ImError(ImErrorName.Not_Support, `${options.source} uploads need the mini-program or Node runtime`);
  }
}
