import { ImError, ImErrorName } from '../errors';
import { fileExtension } from './upload-rules';

// Document conversion and listing rules of im-client-spec §5 "Files" and §9 "Upload" (issue 13).

/** §9: "Document types: ppt 1, pptx 2, pdf 3, doc 6, docx 7". */
export const DOCUMENT_TYPES = { ppt: 1, pptx: 2, pdf: 3, doc: 6, docx: 7 } as const;
export type DocumentExtension = keyof typeof DOCUMENT_TYPES;

/** §9: "Transcode type: 11 for png, otherwise 10". */
export type TranscodeImageType = 'png' | 'jpg';
export const transcodeType = (imageType: TranscodeImageType | undefined): 10 | 11 => (imageType === 'png' ? 11 : 10);

/** §9: document list default 10, at most 30. */
export const DOCUMENT_LIST_DEFAULT_LIMIT = 10;
export const DOCUMENT_LIST_MAX_LIMIT = 30;

const FORMAT_MESSAGE = `please upload a file of correct format [${Object.keys(DOCUMENT_TYPES).join(', ')}]`;

function paramError(message: string): ImError {
  return new ImError(ImErrorName.Param_Error, message, { code: 414 });
}

/** A file to convert: a File/Blob with a name, or a file input's chosen file. */
export interface DocumentFileNode {
  name?: string;
}

/**
 * §5: a missing file node gives "please upload a correct file node"; any extension other than
 * ppt, pptx, pdf, doc, docx gives "please upload a file of correct format [ppt, pptx, pdf, doc, docx]".
 * Returns the document type number of §9.
 */
export function documentTypeOf(file: DocumentFileNode | null | undefined): (typeof DOCUMENT_TYPES)[DocumentExtension] {
  if (!file || typeof file !== 'object' || typeof file.name !== 'string' || file.name === '') throw paramError('please upload a correct file node');
  const extension = fileExtension(file.name);
  if (!(extension in DOCUMENT_TYPES)) throw paramError(FORMAT_MESSAGE);
  return DOCUMENT_TYPES[extension as DocumentExtension];
}

/**
 * §5 "Document list limit above 30 appends 'document count exceeds limit: 30' to the error"; the
 * default is 10. A limit that is not a positive integer is a Param_Error of its own.
 */
export function documentListLimit(limit: unknown): number {
  if (limit === undefined) return DOCUMENT_LIST_DEFAULT_LIMIT;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) throw paramError('limit must be a positive integer');
  if (limit > DOCUMENT_LIST_MAX_LIMIT) {
    throw paramError(`limit must be at most ${DOCUMENT_LIST_MAX_LIMIT}; document count exceeds limit: ${DOCUMENT_LIST_MAX_LIMIT}`);
  }
  return limit;
}

/** fetchFile / removeFile need a docId. */
export function checkDocId(docId: unknown): string {
  if (typeof docId !== 'string' || docId.trim() === '') throw paramError('docId must be a non-empty string');
  return docId;
}
