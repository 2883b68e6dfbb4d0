// React components of @merchant/media-library (MUI); the main entry stays React-free.
export * from './UploadDialog';
export * from './use-upload-flow';
export * from './PendingFileRow';
export * from './FileTypeIcon';
export * from './DirectoryCascader';
export * from './Picker';
export * from './MediaPicker';
export * from './SelectImageDialog';
export * from './MediaPreviewDialog';
export * from './use-media-text';
