export * from './file-uploader';
export { resolveUploadSource, type ResolvedSource } from './upload-source';
