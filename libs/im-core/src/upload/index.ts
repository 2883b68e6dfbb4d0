export * from './file-uploader';
export { resolveUploadSource, type ResolvedSource } from './upload-source';
export { imageInfoUrl, videoInfoUrl, processImageUrl } from './media-urls';
