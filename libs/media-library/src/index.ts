// Public face of @merchant/media-library (React-free; components live in '@merchant/media-library/react').
export * from './constants';
export * from './errors';
export * from './i18n/messages';
export * from './hashing/md5';
export * from './hashing/md5-worker';
export * from './watermark/watermark';
export * from './validation/file-rules';
export * from './validation/video-duration';
export * from './picker/selection';
export * from './upload/upload-queue';
export * from './upload/pipeline';
export * from './upload/endpoints';
export * from './upload/catalog-names';
export * from './upload/policy-upload';
