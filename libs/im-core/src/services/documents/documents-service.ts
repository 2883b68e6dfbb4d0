import { ImError, ImErrorName } from '../../errors';
import type { FileRecord } from '../../protocol/records';
import type { RecordOf } from '../../protocol/schema';
import type { FileUploader, FileUploadOptions, UploadedFile } from '../../upload/file-uploader';
import { checkDocId, documentListLimit, documentTypeOf, transcodeType, type DocumentFileNode, type TranscodeImageType } from '../../validation/document-rules';
import type { ServiceContext } from '../service-context';

/** A document's conversion: converting, then done (pages) or failed (reason). */
export type ImDocumentState = 'converting' | 'done' | 'failed';

/** A document of mine (§3 "Uploaded file result" plus the conversion; docs/im-upload.md "Documents"). */
export interface ImDocument {
  docId: string;
  url: string;
  name: string;
  ext: string;
  size: number;
  md5?: string;
  /** §9: ppt 1, pptx 2, pdf 3, doc 6, docx 7. */
  docType: number;
  /** §9: 11 png, 10 jpg. */
  transcodeType: number;
  state: ImDocumentState;
  pageCount: number;
  /** One image URL per page, in page order, once done. */
  pageUrls: string[];
  /** Why the conversion failed. */
  reason?: string;
  createTime: number;
}

export interface DocumentConvertOptions extends Omit<FileUploadOptions, 'type' | 'document'> {
  /** The file node to convert: a File (or a Blob with a name). */
  file: DocumentFileNode | null | undefined;
  /** The uploader the app wired (createUploadPorts). */
  uploader: FileUploader;
  /** Page images as png (transcode type 11) or jpg (10, the default). */
  imageType?: TranscodeImageType;
}

const toDocument = (file: RecordOf<typeof FileRecord>): ImDocument => ({
  docId: file.docId ?? '',
  url: file.url ?? '',
  name: file.name ?? '',
  ext: file.ext ?? '',
  size: file.size ?? 0,
  ...(file.md5 ? { md5: file.md5 } : {}),
  docType: file.docType ?? 0,
  transcodeType: file.transcodeType ?? 10,
  state: (file.state ?? 'converting') as ImDocumentState,
  pageCount: file.pageCount ?? 0,
  pageUrls: file.pageUrls ?? [],
  ...(file.reason ? { reason: file.reason } : {}),
  createTime: file.createTime ?? 0,
});

/**
 * Documents (issue 13; §5 Files, §7 fetchFile/fetchFileList/removeFile): convert uploads a ppt, pptx,
 * pdf, doc or docx through the app's FileUploader with the document fields, and the server converts it
 * in the background; fetchFile follows its state. Every rule is checked here first (document-rules.ts).
 */
export class DocumentsService {
  /** Only the requester: a multi-tab follower builds one over the leader's `request` ({connection: {request}}). */
  constructor(private readonly context: Pick<ServiceContext, 'connection'>) {}

  /** Uploads the document for conversion; answers the uploaded file with its docId (state: converting). */
  async convert(options: DocumentConvertOptions): Promise<UploadedFile & { docId: string }> {
    const docType = documentTypeOf(options.file);
    if (!options.uploader || typeof options.uploader.upload !== 'function') throw new ImError(ImErrorName.Param_Error, 'uploader is required', { code: 414 });
    const { uploader, imageType, ...rest } = options;
    const uploaded = await uploader.upload({ ...rest, type: 'file', document: { docType, transcodeType: transcodeType(imageType) } });
    if (!uploaded.docId) throw new ImError(ImErrorName.Upload_Failed, 'unknown (the server registered no document)');
    return { ...uploaded, docId: uploaded.docId };
  }

  async fetchFile(docId: string): Promise<ImDocument> {
    const answer = await this.context.connection.request('fetchFile', { docId: checkDocId(docId) });
    return toDocument(answer.file ?? {});
  }

  /** My documents newest first: `limit` 10 by default, at most 30; `fromDocId` the last of the previous page. */
  async fetchFileList(query: { limit?: number; fromDocId?: string } = {}): Promise<{ files: ImDocument[]; total: number }> {
    const limit = documentListLimit(query.limit);
    const fromDocId = query.fromDocId === undefined ? undefined : checkDocId(query.fromDocId);
    const answer = await this.context.connection.request('fetchFileList', { limit, ...(fromDocId ? { fromDocId } : {}) });
    return { files: (answer.files ?? []).map(toDocument), total: answer.total ?? 0 };
  }

  /** Removes my document and its page images (the uploaded file itself stays). */
  async removeFile(docId: string): Promise<void> {
    await this.context.connection.request('removeFile', { docId: checkDocId(docId) });
  }
}
