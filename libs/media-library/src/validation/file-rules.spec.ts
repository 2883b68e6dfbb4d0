import { ALLOWED_UPLOAD_SUFFIXES, IMAGE_SUFFIXES, MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES, VIDEO_SUFFIXES, mediaLibraryPaths } from '../constants';
import { mediaText, noticeText } from '../i18n/messages';
import { checkCandidateFile, checkUploadableFile, fileKindOf, fileSuffix, isUploadSuccessStatus, planFileBatch } from './file-rules';

const MB = 1024 * 1024;
const en = (notice: ReturnType<typeof checkCandidateFile>) => (notice ? noticeText(notice, 'en-US') : null);

describe('suffix lists (§5)', () => {
  it('lists the spec suffixes', () => {
    expect(IMAGE_SUFFIXES).toEqual(['png', 'jpg', 'jpeg', 'gif', 'tiff', 'raw', 'bmp', 'jfif', 'webp']);
    expect(VIDEO_SUFFIXES).toEqual(['mp4', 'avi', 'wmv', 'mpg', 'mpeg', 'mov', 'rm', 'ram', 'swf', 'flv']);
  });
  it('reads suffixes case-insensitively and picks row icons', () => {
    expect(fileSuffix('A.B.JPG')).toBe('jpg');
    expect(fileSuffix('README')).toBe('');
    expect(fileKindOf('photo.webp')).toBe('image');
    expect(fileKindOf('clip.MOV')).toBe('video');
    expect(fileKindOf('sheet.csv')).toBe('spreadsheet');
    expect(fileKindOf('deck.pptx')).toBe('presentation');
    expect(fileKindOf('song.flac')).toBe('audio');
    expect(fileKindOf('a.zip')).toBe('archive');
    expect(fileKindOf('a.pdf')).toBe('pdf');
    expect(fileKindOf('a.exe')).toBe('other');
  });
});

describe('video rules (§5)', () => {
  it('rejects videos over 30MB', () => {
    expect(en(checkCandidateFile({ name: 'a.mp4', size: 30 * MB }))).toBeNull();
    expect(en(checkCandidateFile({ name: 'a.mp4', size: 30 * MB + 1 }))).toBe('cannot upload video files over 30MB');
  });
  it.each([
    [5.9, false],
    [6, true],
    [120, true],
    [120.5, false],
  ])('duration %p s accepted = %p', (seconds, ok) => {
    const notice = checkCandidateFile({ name: 'a.mov', size: MB }, { videoDurationSeconds: seconds });
    expect(en(notice)).toBe(ok ? null : 'uploaded video length must not be under 6 seconds and not over 120 seconds');
  });
});

describe('imgSize rule (§5, both messages)', () => {
  it('accepts images within the limit and any image without a limit', () => {
    expect(checkCandidateFile({ name: 'a.webp', size: 2 * MB }, { imgSize: 2 })).toBeNull();
    expect(checkCandidateFile({ name: 'a.png', size: 30 * MB })).toBeNull();
  });
  it('names the limit for a size-limited format', () => {
    expect(en(checkCandidateFile({ name: 'a.PNG', size: 3 * MB }, { imgSize: 2, imgText: 'cover image' }))).toBe(
      'cover image cannot exceed 2M',
    );
    expect(en(checkCandidateFile({ name: 'a.jpg', size: 3 * MB }, { imgSize: 2, locale: 'en-US' }))).toBe('image cannot exceed 2M');
  });
  it('asks for another format when an over-size file is not one of them', () => {
    expect(en(checkCandidateFile({ name: 'a.webp', size: 3 * MB }, { imgSize: 2 }))).toBe(
      'image format must be png,jpg,jpeg,gif,tiff,bmp,jfif',
    );
  });
});

describe('what the server accepts (api-contracts MEDIA_WIRE_RULES, store-server upload policy)', () => {
  it('refuses a type the server refuses, in both languages', () => {
    const notice = checkCandidateFile({ name: 'notes.exe', size: 10 });
    expect(notice).toEqual({ key: 'fileTypeNotAllowed', values: { suffix: '.exe' } });
    expect(checkUploadableFile({ name: 'notes.EXE', size: 10 })).toEqual(notice);
    expect(en(notice)).toBe(
      'file type .exe cannot be uploaded: only images, videos and common documents (Excel, Word, PowerPoint, audio, zip, rar, txt) are allowed',
    );
    expect(noticeText(notice!, 'zh-CN')).toBe('不支持上传 .exe 类型的文件，仅支持图片、视频和常用文档（Excel、Word、PPT、音频、zip、rar、txt）');
    expect(noticeText(checkCandidateFile({ name: 'README', size: 10 })!, 'zh-CN')).toBe('不能上传没有扩展名的文件');
    expect(en(checkCandidateFile({ name: 'README', size: 10 }))).toBe('files without a type suffix cannot be uploaded');
  });
  it('accepts every suffix of the shared list and nothing else', () => {
    for (const suffix of ALLOWED_UPLOAD_SUFFIXES) expect([suffix, checkUploadableFile({ name: `a.${suffix}`, size: 1 })]).toEqual([suffix, null]);
    for (const suffix of ['exe', 'js', 'html', 'svg', 'pdf']) expect(checkUploadableFile({ name: `a.${suffix}`, size: 1 })?.key).toBe('fileTypeNotAllowed');
  });
  it('refuses any file over the server maximum (even with no imgSize), in both languages', () => {
    expect(checkCandidateFile({ name: 'a.png', size: MAX_UPLOAD_BYTES })).toBeNull();
    const notice = checkCandidateFile({ name: 'a.png', size: MAX_UPLOAD_BYTES + 1 });
    expect(en(notice)).toBe('files over 30MB cannot be uploaded');
    expect(noticeText(notice!, 'zh-CN')).toBe('不能上传超过30MB的文件');
    expect(checkCandidateFile({ name: 'a.zip', size: 31 * MB })?.key).toBe('fileTooLarge');
  });
});

describe('batch limits (§5, §9)', () => {
  it('keeps at most 50 files per upload, dropping extras', () => {
    const chosen = Array.from({ length: 60 }, (_, i) => i);
    expect(MAX_FILES_PER_UPLOAD).toBe(50);
    const plan = planFileBatch(chosen, 0);
    expect(plan.accepted).toHaveLength(50);
    expect(plan.dropped).toEqual(chosen.slice(50));
    expect(planFileBatch(chosen, 48).accepted).toEqual([0, 1]);
    expect(planFileBatch(chosen, 50).accepted).toEqual([]);
  });
  it('treats HTTP 200 to 299 as uploaded', () => {
    expect([199, 200, 204, 299, 300, 301].map(isUploadSuccessStatus)).toEqual([false, true, true, true, false, false]);
  });
});

describe('endpoints and messages (§7, §8)', () => {
  it('builds the media paths under {url}', () => {
    expect(mediaLibraryPaths()).toEqual({
      verifyObjectMd5ByPath: '/v1/store/eshop/resources/file/verifyObjectMd5ByPath',
      callbackResourceFile: '/v1/store/eshop/resources/file/callbackResourceFile',
      queryResourceFileListByPath: '/v1/store/eshop/resources/file/queryResourceFileListByPath',
      queryCatalogListByPath: '/v1/admin/eshop/resources/catalog/queryCatalogListByPath',
      deleteResourceFile: '/v1/store/eshop/resources/file/deleteResourceFile',
      updateResourceFileTags: '/v1/store/eshop/resources/file/updateResourceFileTags',
    });
  });
  it('has zh-CN as default and fills placeholders', () => {
    expect(mediaText('noFileSelected')).toBe('请至少选择一个文件上传！');
    expect(mediaText('uploadPartlyFailed', 'en-US', { list: '2,5' })).toBe('upload finished, file number(s) 2,5 failed');
  });
});
