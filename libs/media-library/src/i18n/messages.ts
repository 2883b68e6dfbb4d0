// Texts the media library shows. en-US is the spec's wording (console-spec §2, §5, §8); zh-CN is the default.
export type MediaLocale = 'zh-CN' | 'en-US';
export const DEFAULT_MEDIA_LOCALE: MediaLocale = 'zh-CN';

const enUS = {
  uploadSucceeded: 'upload succeeded!',
  uploadPartlyFailed: 'upload finished, file number(s) {list} failed',
  uploadFailed: 'upload failed, {msg}',
  noFileSelected: 'at least one file must be selected for upload!',
  videoTooLarge: 'cannot upload video files over 30MB',
  videoDurationOutOfRange: 'uploaded video length must not be under 6 seconds and not over 120 seconds',
  imageFormatInvalid: 'image format must be png,jpg,jpeg,gif,tiff,bmp,jfif',
  imageTooLarge: '{imgText} cannot exceed {imgSize}M',
  fileTypeNotAllowed: 'file type {suffix} cannot be uploaded: only images, videos and common documents (Excel, Word, PowerPoint, audio, zip, rar, txt) are allowed',
  fileTypeMissing: 'files without a type suffix cannot be uploaded',
  fileTooLarge: 'files over {max}MB cannot be uploaded',
  fileRefused: '{name} was not added: {reason}',
  refusedFilesTitle: 'these files were not added and will not be uploaded',
  defaultImageText: 'image',
  onlyImages: 'only images can be selected',
  onlyVideos: 'only videos can be selected',
  selectionOverLimit: 'the number of selected images exceeds the limit, only {limit} can be uploaded',
  uploadFileTitle: 'upload file',
  hintMaxFiles: 'at most {max} images per upload',
  hintNoDuplicates: 'do not select the same image twice',
  hintImageSize: 'keep images under about 500KB',
  uploadToDirectory: 'upload to {path} directory',
  rootDirectory: 'root directory',
  subDirectory: 'sub-directory',
  noWatermarkDirectory: 'No watermark',
  watermarkDirectory: 'Watermark',
  selectFiles: 'select files',
  clear: 'clear',
  cancel: 'cancel',
  uploadToServer: 'upload to server',
  addTag: 'add tag',
  cancelUpload: 'cancel upload',
  hashing: 'computing file checksums',
  uploading: 'uploading',
  selectImage: 'select image',
  clickToUpload: 'click to upload',
  zoomIn: 'zoom in',
  remove: 'remove',
  dragToReorder: 'drag to reorder',
  keyword: 'keyword',
  referenceCount: 'reference count',
  uploadToCurrentDirectory: 'no file you want? click to upload to the current directory',
  fileName: 'file name',
  filePicture: 'file picture',
  createDate: 'creation date',
  tags: 'tags',
  confirm: 'confirm',
  close: 'close',
  imagePreview: 'image preview',
  videoPlayer: 'video player',
  chooseFile: 'choose {name}',
} as const;

export type MediaMessageKey = keyof typeof enUS;
type MediaMessageTable = Record<MediaMessageKey, string>;

const zhCN: MediaMessageTable = {
  uploadSucceeded: '上传成功！',
  uploadPartlyFailed: '上传完成，第 {list} 个文件上传失败',
  uploadFailed: '上传失败，{msg}',
  noFileSelected: '请至少选择一个文件上传！',
  videoTooLarge: '不能上传超过30MB的视频文件',
  videoDurationOutOfRange: '上传视频时长不能少于6秒且不能超过120秒',
  imageFormatInvalid: '图片格式必须为png,jpg,jpeg,gif,tiff,bmp,jfif',
  imageTooLarge: '{imgText}不能超过{imgSize}M',
  fileTypeNotAllowed: '不支持上传 {suffix} 类型的文件，仅支持图片、视频和常用文档（Excel、Word、PPT、音频、zip、rar、txt）',
  fileTypeMissing: '不能上传没有扩展名的文件',
  fileTooLarge: '不能上传超过{max}MB的文件',
  fileRefused: '{name} 未添加：{reason}',
  refusedFilesTitle: '以下文件未添加，不会上传',
  defaultImageText: '图片',
  onlyImages: '只能选择图片',
  onlyVideos: '只能选择视频',
  selectionOverLimit: '选择的图片数量超出限制，只能上传{limit}张',
  uploadFileTitle: '上传文件',
  hintMaxFiles: '每次最多上传{max}张图片',
  hintNoDuplicates: '请勿重复选择同一张图片',
  hintImageSize: '图片大小建议不超过500KB',
  uploadToDirectory: '上传到 {path} 目录',
  rootDirectory: '根目录',
  subDirectory: '子目录',
  noWatermarkDirectory: '无水印',
  watermarkDirectory: '水印',
  selectFiles: '选择文件',
  clear: '清空',
  cancel: '取消',
  uploadToServer: '上传到服务器',
  addTag: '添加标签',
  cancelUpload: '取消上传',
  hashing: '正在计算文件校验值',
  uploading: '正在上传',
  selectImage: '选择图片',
  clickToUpload: '点击上传',
  zoomIn: '放大',
  remove: '移除',
  dragToReorder: '拖动排序',
  keyword: '关键字',
  referenceCount: '引用次数',
  uploadToCurrentDirectory: '没有想要的文件？点击上传到当前目录',
  fileName: '文件名',
  filePicture: '文件图片',
  createDate: '创建日期',
  tags: '标签',
  confirm: '确定',
  close: '关闭',
  imagePreview: '图片预览',
  videoPlayer: '视频播放',
  chooseFile: '选择 {name}',
};

export const mediaMessages: Record<MediaLocale, MediaMessageTable> = { 'zh-CN': zhCN, 'en-US': enUS };

/** Something to tell the user: a message key and the values of its placeholders. */
export interface MediaNotice {
  key: MediaMessageKey;
  values?: Record<string, string | number>;
}

export function mediaText(
  key: MediaMessageKey,
  locale: MediaLocale = DEFAULT_MEDIA_LOCALE,
  values: Record<string, string | number> = {},
): string {
  return mediaMessages[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

export function noticeText(notice: MediaNotice, locale: MediaLocale = DEFAULT_MEDIA_LOCALE): string {
  return mediaText(notice.key, locale, notice.values);
}
